import Foundation
@_spi(Lamina) import QuartzCore
import UIKit

/// A long run that looks for leaks and growth (issue 16): the gallery's animated scenes are
/// built, played and dropped again and again, and while each plays, layers with animations,
/// masks, delegates and sublayers are added and removed every frame. Resident memory is sampled
/// once a minute; after a warm-up it must stay flat.
public struct Soak: Sendable {
    /// One sample: intervals since the start, resident memory, and the work done so far.
    public struct Sample: Sendable, Equatable {
        public var minute: Int
        public var residentBytes: Int
        public var passes: Int
        public var frames: Int
        public var layersMade: Int
    }

    /// Frames per second the scenes play at (fewer than the gallery's: the point is repetition).
    public var framesPerSecond: Double = 10
    /// Pixels per point.
    public var scale: CGFloat = 1
    /// Layers added (and removed a frame later) each frame.
    public var churnPerFrame = 40
    /// How much resident memory may grow after the warm-up minute: the larger of these.
    public var allowedGrowthBytes = 16 << 20
    public var allowedGrowthFraction = 0.05
    /// Seconds between samples (a minute).
    public var sampleInterval: Double = 60
    /// The gallery entries to play (empty: every animated one).
    public var only: [String] = []

    public init() {}

    /// Resident memory now, from /proc/self/statm (0 when it cannot be read).
    public static func residentBytes() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = s.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Runs for `minutes`, calling `report` with each minute's sample; returns all samples.
    @MainActor public func run(minutes: Double, report: (Sample) -> Void) throws -> [Sample] {
        let entries = Gallery.entries.filter {
            if case .animation = $0.output { only.isEmpty || only.contains($0.id) } else { false }
        }
        let start = Date()
        var samples: [Sample] = []
        var passes = 0, frames = 0, made = 0
        var nextMinute = 1
        let renderer = GalleryRenderer(scale: scale, framesPerSecond: framesPerSecond, hold: 0)
        while Date().timeIntervalSince(start) < minutes * 60 {
            for entry in entries {
                var churn: [CALayer] = []
                var step = 0
                _ = try renderer.frames(of: entry) { window, _, _ in
                    frames += 1
                    step += 1
                    window.run {
                        for l in churn { l.removeFromSuperlayer() }
                        churn = (0..<self.churnPerFrame).map { k in Soak.churnLayer(k, step: step) }
                        for l in churn { window.layer.addSublayer(l) }
                    }
                    made += churnPerFrame * 3
                }
                passes += 1
                let elapsed = Date().timeIntervalSince(start)
                if elapsed >= Double(nextMinute) * sampleInterval {
                    let sample = Sample(minute: nextMinute, residentBytes: Soak.residentBytes(), passes: passes,
                                        frames: frames, layersMade: made)
                    samples.append(sample)
                    report(sample)
                    nextMinute += 1
                }
                if elapsed >= minutes * 60 { break }
            }
        }
        return samples
    }

    /// Whether memory stayed flat: the last sample within the allowed growth of the first
    /// (the warm-up minute). Nil with fewer than two samples.
    public func isFlat(_ samples: [Sample]) -> Bool? {
        guard let first = samples.first, let last = samples.last, samples.count > 1 else { return nil }
        let allowed = max(allowedGrowthBytes, Int(Double(first.residentBytes) * allowedGrowthFraction))
        return last.residentBytes - first.residentBytes <= allowed
    }

    /// A small layer with a sublayer, a mask, a delegate that draws and an animation whose
    /// delegate is that same object: the shapes of retain cycles to look for.
    static func churnLayer(_ k: Int, step: Int) -> CALayer {
        let l = CALayer()
        l.frame = CGRect(x: k % 20 * 6, y: k / 20 * 6, width: 5, height: 5)
        let helper = ChurnDelegate()
        l.delegate = helper
        l.setValue(helper, forKey: "soakHelper")        // the layer keeps its delegate alive
        l.setNeedsDisplay()
        let mask = CALayer()
        mask.frame = l.bounds
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        mask.cornerRadius = 2
        l.mask = mask
        let sub = CALayer()
        sub.frame = CGRect(x: 1, y: 1, width: 3, height: 3)
        sub.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 1)
        l.addSublayer(sub)
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0.2; a.toValue = 1
        a.duration = (step + k) % 3 == 0 ? 0.05 : 10         // some finish, some are removed with the layer
        a.delegate = helper
        l.add(a, forKey: "pulse")
        return l
    }
}

/// Draws a churned layer and hears about its animation.
final class ChurnDelegate: NSObject, CALayerDelegate, CAAnimationDelegate, @unchecked Sendable {
    var stops = 0
    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.setFillColor(CGColor(gray: 0.5, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 3, height: 3))
    }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops += 1 }
}
