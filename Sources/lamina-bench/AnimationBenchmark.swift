import Foundation
import QuartzCore

/// `lamina-bench animation`: layers each running two animations (a spring on `position`, a
/// keyframe animation on `opacity`); the time to produce the presentation tree for one frame,
/// for several layer counts.
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
        for (i, l) in (root.sublayers ?? []).enumerated() {
            let spring = CASpringAnimation(keyPath: "position")
            spring.fromValue = CGPoint(x: l.position.x, y: l.position.y - 40)
            spring.toValue = l.position
            spring.damping = 8
            spring.duration = spring.settlingDuration
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

    /// A long run of one size, for profilers.
    static func profile() {
        let clock = MediaClock(manualAt: 0)
        clock.run {
            let root = tree(10_000)
            CATransaction.flush()
            animate(root)
            CATransaction.flush()
            let renderer = CARenderer(layer: root)
            // Many frames, so the set-up is a small part of a profile.
            let frames = 600
            let t = CompositorBenchmark.seconds {
                for f in 0..<frames {
                    clock.set(0.05 + Double(f) / 60)
                    _ = renderer.withPresentationTree { $0 }
                }
            }
            print(String(format: "%.3f ms per frame", t * 1000 / Double(frames)))
        }
    }

    static func run() {
        print("presentation of one frame (CARenderer.withPresentationTree: layers × 2 running animations,")
        print("applied in place and restored; median of 41 frames, one core)")
        for n in [1_000, 2_500, 5_000, 10_000, 20_000] {
            let clock = MediaClock(manualAt: 0)
            clock.run {
                let root = tree(n)
                CATransaction.flush()
                animate(root)
                CATransaction.flush()
                var times: [Double] = []
                var checksum = 0.0
                let renderer = CARenderer(layer: root)
                for f in 0..<41 {
                    clock.set(0.05 + Double(f) / 60)
                    let t = CompositorBenchmark.seconds {
                        renderer.withPresentationTree { tree in checksum += Double(tree.sublayers![n / 2].opacity) }
                    }
                    times.append(t)
                }
                let median = times.sorted()[times.count / 2]
                print(String(format: "%6d layers: %8.3f ms  (%5.0f ns per layer)   [checksum %.3f]", n, median * 1000,
                             median / Double(n) * 1e9, checksum))
            }
        }
    }
}
