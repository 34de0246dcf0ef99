import Foundation
import QuartzCore
import LaminaRender

/// `lamina-bench compositor`: an iPhone-sized screen (393x852 pt at 3x, 1179x2556 pixels) of
/// about 500 layers: rounded bordered cards with gradient headers, two text layers, an image
/// thumbnail (some masked round), a badge with text, a few shadows, inside a clipping list.
/// Reports the first frame (text drawn into backing stores), a full re-render with everything
/// cached, and the next frame after one small layer changed, redrawn through damage tracking.
enum CompositorBenchmark {
    static func screen() -> (root: CALayer, badges: [CALayer], layerCount: Int) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 393, height: 852)
        root.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        let list = CALayer()
        list.frame = CGRect(x: 0, y: 60, width: 393, height: 792)
        list.masksToBounds = true
        root.addSublayer(list)
        let bar = CAGradientLayer()
        bar.frame = CGRect(x: 0, y: 0, width: 393, height: 60)
        bar.colors = [CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1), CGColor(red: 0.4, green: 0.2, blue: 0.8, alpha: 1)]
        bar.startPoint = CGPoint(x: 0, y: 0.5); bar.endPoint = CGPoint(x: 1, y: 0.5)
        root.addSublayer(bar)
        let thumb = CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 256,
                              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        for i in 0..<8 {
            thumb.setFillColor(red: CGFloat(i) / 8, green: 0.5, blue: 1 - CGFloat(i) / 8, alpha: 1)
            thumb.fill(CGRect(x: i * 8, y: 0, width: 8, height: 64))
        }
        let image = thumb.makeImage()!
        var badges: [CALayer] = []
        var count = 3
        for i in 0..<60 {
            let card = CALayer()
            card.frame = CGRect(x: i % 2 == 0 ? 8 : 200.5, y: 8 + CGFloat(i / 2) * 92, width: 184.5, height: 84)
            card.backgroundColor = CGColor(gray: 1, alpha: 1)
            card.cornerRadius = 12
            card.borderWidth = 1
            card.borderColor = CGColor(gray: 0.85, alpha: 1)
            if i % 5 == 0 { card.shadowOpacity = 0.25; card.shadowRadius = 4; card.shadowOffset = CGSize(width: 0, height: 2) }
            let header = CAGradientLayer()
            header.frame = CGRect(x: 0, y: 0, width: 184.5, height: 20)
            header.colors = [CGColor(red: 1, green: 0.6, blue: 0.3, alpha: 1), CGColor(red: 1, green: 0.3, blue: 0.5, alpha: 1)]
            header.cornerRadius = 12
            header.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            let title = CATextLayer()
            title.frame = CGRect(x: 56, y: 26, width: 120, height: 20)
            title.string = "Card \(i + 1)"
            title.fontSize = 15
            title.foregroundColor = CGColor(gray: 0.1, alpha: 1)
            title.contentsScale = 3
            let subtitle = CATextLayer()
            subtitle.frame = CGRect(x: 56, y: 48, width: 120, height: 30)
            subtitle.string = "A layer tree rendered on Linux"
            subtitle.fontSize = 11
            subtitle.isWrapped = true
            subtitle.foregroundColor = CGColor(gray: 0.4, alpha: 1)
            subtitle.contentsScale = 3
            let pic = CALayer()
            pic.frame = CGRect(x: 8, y: 28, width: 40, height: 40)
            pic.contents = image
            pic.contentsGravity = .resizeAspectFill
            pic.masksToBounds = true
            pic.cornerRadius = 8
            if i % 7 == 0 {
                let m = CAShapeLayer()
                m.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
                pic.mask = m
            }
            let badge = CALayer()
            badge.frame = CGRect(x: 156, y: 26, width: 20, height: 20)
            badge.cornerRadius = 10
            badge.backgroundColor = CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1)
            let badgeText = CATextLayer()
            badgeText.frame = badge.bounds.insetBy(dx: 0, dy: 3)
            badgeText.string = "\(i % 9 + 1)"
            badgeText.fontSize = 11
            badgeText.alignmentMode = .center
            badgeText.contentsScale = 3
            badge.addSublayer(badgeText)
            let divider = CALayer()
            divider.frame = CGRect(x: 8, y: 76, width: 168.5, height: 0.5)
            divider.backgroundColor = CGColor(gray: 0.9, alpha: 1)
            for l in [header, title, subtitle, pic, badge, divider] { card.addSublayer(l) }
            list.addSublayer(card)
            badges.append(badge)
            count += 9 + (i % 7 == 0 ? 1 : 0)
        }
        return (root, badges, count)
    }

    static func seconds(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        body()
        let d = clock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    static func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }

    /// Many damage-tracked frames, each after one badge changed, for profilers.
    static func damageProfile() {
        let (root, badges, _) = screen()
        let renderer = CARenderer(layer: root, scale: 3)
        renderer.threads = Int(ProcessInfo.processInfo.environment["THREADS"] ?? "") ?? 1
        _ = renderer.nextFrame()
        let frames = Int(ProcessInfo.processInfo.environment["FRAMES"] ?? "") ?? 200
        let t = seconds {
            for k in 0..<frames {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                badges[3].backgroundColor = k % 2 == 0 ? CGColor(red: 0.2, green: 0.6, blue: 0.2, alpha: 1) : CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1)
                CATransaction.commit()
                _ = renderer.nextFrame()
            }
        }
        print(String(format: "%.3f ms per change and frame", t * 1000 / Double(frames)))
    }

    /// Many commits of one badge's change (no frames drawn), for profilers.
    static func commitProfile() {
        let (root, badges, _) = screen()
        let renderer = CARenderer(layer: root, scale: 3)
        if let threads = Int(ProcessInfo.processInfo.environment["THREADS"] ?? "") { renderer.threads = threads }
        _ = renderer.nextFrame()
        let commits = Int(ProcessInfo.processInfo.environment["COMMITS"] ?? "") ?? 200_000
        // FRAMES=1: a damage-tracked frame after each commit (not timed), as `run` measures.
        let frames = ProcessInfo.processInfo.environment["FRAMES"] == "1"
        // CLOBBER=1: 32 MB written between commits instead (the caches emptied, nothing else).
        var clobber = ProcessInfo.processInfo.environment["CLOBBER"] == "1" ? [UInt8](repeating: 0, count: 32 << 20) : nil
        // SLEEP=us: the thread sleeps that long between commits instead (as a display loop waits).
        let pause = UInt32(ProcessInfo.processInfo.environment["SLEEP"] ?? "")
        var t = 0.0
        for k in 0..<commits {
            t += seconds {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                badges[3].backgroundColor = k % 2 == 0 ? CGColor(red: 0.2, green: 0.6, blue: 0.2, alpha: 1) : CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1)
                CATransaction.commit()
            }
            if frames { _ = renderer.nextFrame() }
            if let pause { usleep(pause) }
            if clobber != nil { clobber!.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: UInt8(truncatingIfNeeded: k)) } }
        }
        print(String(format: "%.2f us per commit", t * 1e6 / Double(commits)))
    }

    /// Many full frames of the screen on one thread (caches warm), for profilers.
    static func profile() {
        let (root, _, _) = screen()
        let renderer = CARenderer(layer: root, scale: 3)
        renderer.threads = Int(ProcessInfo.processInfo.environment["THREADS"] ?? "") ?? 1
        _ = renderer.image()
        let frames = Int(ProcessInfo.processInfo.environment["FRAMES"] ?? "") ?? 20
        let t = seconds { for _ in 0..<frames { _ = renderer.image() } }
        print(String(format: "%.2f ms per full frame", t * 1000 / Double(frames)))
    }

    static func run() {
        let (root, badges, layers) = screen()
        let renderer = CARenderer(layer: root, scale: 3)
        let cold = seconds { _ = renderer.nextFrame() }
        print("screen: 1179x2556 pixels, \(layers) layers (bands of \(FrameRenderer.bandHeight) rows)")
        print(String(format: "first frame (text drawn into backing stores): %8.2f ms", cold * 1000))
        // Full frames from one renderer (its caches warm), at several thread counts.
        let before = renderer.cacheStatistics
        for threads in [1, 2, 4] {
            renderer.threads = threads
            var full: [Double] = []
            for _ in 0..<5 { full.append(seconds { _ = renderer.image() }) }
            print(String(format: "full frame, contents cached, %d thread%@ (median of 5): %8.2f ms", threads,
                         threads == 1 ? " " : "s", median(full) * 1000))
        }
        let after = renderer.cacheStatistics
        print("caches over those 15 frames: shadows \(after.shadows.since(before.shadows)); shape and gradient content \(after.content.since(before.content))")
        renderer.threads = WorkerPool.processorCount
        _ = renderer.nextFrame()
        var incremental: [Double] = []
        var commits: [Double] = []
        var damage = CGRect.null
        for k in 0..<21 {
            // A plain change (no implicit animation): one badge recoloured.
            let colour = k % 2 == 0 ? CGColor(red: 0.2, green: 0.6, blue: 0.2, alpha: 1) : CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1)
            commits.append(seconds {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                badges[3].backgroundColor = colour
                CATransaction.commit()
            })
            incremental.append(seconds { _ = renderer.nextFrame() })
            damage = renderer.lastDamage
        }
        print(String(format: "next frame after one badge changed (median of 21, damage-tracked): %8.3f ms", median(incremental) * 1000))
        print("damage of that frame: \(Int(damage.width))x\(Int(damage.height)) pixels of 1179x2556 (\(String(format: "%.3f", damage.width * damage.height / (1179 * 2556) * 100))%); only those pixels redrawn")
        print(String(format: "commit of that change (begin, set, commit: encoded and applied; median of 21): %8.1f us",
                     median(commits) * 1e6))
        blur(root, renderer)
    }

    /// A blur material over the screen (UIVisualEffectView's backdrop: blur 20 pt, saturation
    /// 1.8, a tint): the whole 393x852 pt screen, and a navigation bar's 393x100 pt.
    static func blur(_ root: CALayer, _ renderer: CARenderer) {
        for (name, height) in [("full-screen", 852.0), ("bar-sized (393x100 pt)", 100.0)] {
            let material = CALayer()
            material.frame = CGRect(x: 0, y: 0, width: 393, height: height)
            material.backgroundFilters = [LaminaBackdropFilter(blurRadius: 20, saturation: 1.8)]
            let tint = CALayer()
            tint.frame = material.bounds
            tint.backgroundColor = CGColor(gray: 1, alpha: 0.7)
            material.addSublayer(tint)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            root.addSublayer(material)
            CATransaction.commit()
            for threads in [1, 2] {
                renderer.threads = threads
                var full: [Double] = []
                for _ in 0..<5 { full.append(seconds { _ = renderer.image() }) }
                print(String(format: "full frame with a %@ blur material, %d thread%@ (median of 5): %8.2f ms", name, threads,
                             threads == 1 ? " " : "s", median(full) * 1000))
            }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            material.removeFromSuperlayer()
            CATransaction.commit()
        }
        renderer.threads = WorkerPool.processorCount
    }
}
