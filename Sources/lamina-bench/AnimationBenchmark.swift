import Foundation
import QuartzCore
import LaminaRender

/// `lamina-bench animation`: layers each running two animations (a spring on `position`, a
/// keyframe animation on `opacity`); the time the renderer takes to evaluate one frame of them
/// from its render tree, for several layer counts, on one core.
enum AnimationBenchmark {
    static func tree(_ n: Int) -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
        for i in 0..<n {
            let l = CALayer()
            l.frame = CGRect(x: Double(i % 100) * 10, y: Double(i / 100 % 100) * 10, width: 8, height: 8)
            l.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
            root.addSublayer(l)
        }
        return root
    }

    static func animate(_ root: CALayer) {
        let settle: CFTimeInterval = {
            let s = CASpringAnimation()
            s.damping = 8
            return s.settlingDuration
        }()
        for (i, l) in (root.sublayers ?? []).enumerated() {
            let spring = CASpringAnimation(keyPath: "position")
            spring.fromValue = CGPoint(x: l.position.x, y: l.position.y - 40)
            spring.toValue = l.position
            spring.damping = 8
            spring.duration = settle
            spring.beginTime = Double(i % 10) * 0.01
            l.add(spring, forKey: "drop")
            let blink = CAKeyframeAnimation(keyPath: "opacity")
            blink.values = [1, 0.3, 0.8, 1]
            blink.keyTimes = [0, 0.3, 0.7, 1]
            blink.duration = 1.5
            blink.repeatCount = .infinity
            l.add(blink, forKey: "blink")
        }
    }

    /// A committed tree of `n` animated layers and the render tree holding it.
    static func committed(_ n: Int, clock: MediaClock) -> (root: CALayer, tree: RenderTree) {
        clock.run {
            let root = tree(n)
            CATransaction.flush()
            animate(root)
            CATransaction.flush()
            return (root, RenderStore.shared.snapshot())
        }
    }

    /// A long run of one size, for profilers.
    static func profile() {
        let clock = MediaClock(manualAt: 0)
        let (root, snapshot) = committed(10_000, clock: clock)
        let frames = Int(ProcessInfo.processInfo.environment["FRAMES"] ?? "") ?? 600
        var checksum: Float = 0
        // WHOLE=1: whole frames (evaluation and extents), as `run` measures them.
        let whole = ProcessInfo.processInfo.environment["WHOLE"] == "1"
        let t = CompositorBenchmark.seconds {
            for f in 0..<frames {
                if whole {
                    let frame = FrameEvaluator.frame(snapshot, root: root.renderSlot, time: 0.05 + Double(f) / 60)
                    checksum += frame.values.opacity[Int(root.sublayers![5_000].renderSlot)]
                    continue
                }
                var values = snapshot.columns
                var transitions: [Int32: [FrameTransition]] = [:]
                FrameEvaluator.evaluate(snapshot, root: root.renderSlot, parentTime: 0.05 + Double(f) / 60, into: &values,
                                        transitions: &transitions)
                checksum += values.opacity[Int(root.sublayers![5_000].renderSlot)]
            }
        }
        print(String(format: "%.3f ms per frame (%@)   [checksum %.3f]", t * 1000 / Double(frames), whole ? "whole frame" : "evaluation only",
                     checksum))
        withExtendedLifetime(root) {}
    }

    static func run() {
        print("one frame of animations, evaluated by the renderer from its render tree (layers × 2 running")
        print("animations: a spring on position, a keyframe animation on opacity; median of 41 consecutive frames,")
        print("one core). evaluation: the animations applied into the frame's columns; frame: the frame the")
        print("compositor draws (also every node's visible extent)")
        let sizes = ProcessInfo.processInfo.environment["SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } } ?? [1_000, 2_500, 5_000, 10_000, 20_000]
        for n in sizes {
            let clock = MediaClock(manualAt: 0)
            let (root, snapshot) = committed(n, clock: clock)
            let slot = root.renderSlot, probe = Int(root.sublayers![n / 2].renderSlot)
            var evaluation: [Double] = [], whole: [Double] = []
            var checksum = 0.0
            // Each measured as a renderer runs it: frame after frame.
            for f in 0..<41 {
                let t = 0.05 + Double(f) / 60
                evaluation.append(CompositorBenchmark.seconds {
                    var values = snapshot.columns
                    var transitions: [Int32: [FrameTransition]] = [:]
                    FrameEvaluator.evaluate(snapshot, root: slot, parentTime: t, into: &values, transitions: &transitions)
                    checksum += Double(values.opacity[probe])
                })
            }
            for f in 0..<41 {
                let t = 0.05 + Double(f) / 60
                whole.append(CompositorBenchmark.seconds {
                    let frame = FrameEvaluator.frame(snapshot, root: slot, time: t)
                    checksum += Double(frame.values.opacity[probe])
                })
            }
            func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
            print(String(format: "%6d layers: evaluation %7.3f ms (%4.0f ns per layer), frame %7.3f ms   [checksum %.2f]", n,
                         median(evaluation) * 1000, median(evaluation) / Double(n) * 1e9, median(whole) * 1000, checksum))
            withExtendedLifetime(root) {}
        }
    }
}
