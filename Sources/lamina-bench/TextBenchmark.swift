import Foundation
import QuartzCore
@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import CoreText

/// `lamina-bench text`: 100 text layers holding about 10,000 glyphs of mixed text (Latin with
/// kerning and ligatures, Arabic, Hebrew, Devanagari, CJK, emoji), wrapped, on one core. A first
/// frame lays out and draws every layer; a repeat frame redraws the same unchanged text, which
/// reuses each layer's cached layout and only draws.
enum TextBenchmark {
    static let samples = [
        "The quick brown fox jumps over the lazy dog; office affinity, AVATAR Wave. ",
        "مرحبا بالعالم، هذا نص عربي مع أرقام 2026 ",
        "שלום עולם, טקסט עברי עם מספרים 3.14 ",
        "नमस्ते दुनिया, क्षत्रिय किताब हिन्दी ",
        "图层是核心动画的基础，文字会按字符自动换行。",
        "Emoji 👍🏽 👨‍👩‍👧 🇫🇷 ❤️ in text. ",
    ]

    /// About 100 glyphs of mixed text for each of the 100 layers, a text of its own: the samples
    /// in turn, starting 5 characters further each layer (every sample is in about 40 of the
    /// texts). Made once, so the figures are Lamina's work, not the benchmark's.
    static let texts: [String] = (0..<100).map { i in
        let all = String(repeating: samples.joined(), count: 3)
        var s = ""
        var scalars = 0
        for c in all.dropFirst(i * 5) {
            s.append(c)
            scalars += c.unicodeScalars.count
            if scalars >= 100 { break }
        }
        return s
    }

    static func layers(quantized: Bool = false) -> [CATextLayer] {
        (0..<100).map { i in
            let t = CATextLayer()
            t.allowsFontSubpixelQuantization = quantized
            t.bounds = CGRect(x: 0, y: 0, width: 360, height: 120)
            t.string = texts[i]
            t.fontSize = 15
            t.isWrapped = true
            t.contentsScale = 2
            t.foregroundColor = CGColor(gray: 0.1, alpha: 1)
            return t
        }
    }

    static func run() {
        let glyphs = (0..<100).reduce(0) { n, i in
            n + CTLineGetGlyphCount(CTLineCreateWithAttributedString(NSAttributedString(string: texts[i])))
        }
        print("text: 100 layers, \(glyphs) glyphs of mixed text, 360x120 pt at 2x, one core")
        CATransaction.setDisableActions(true)
        // Cold: no glyph mask or layout kept (a process's first text: every paragraph shaped
        // and broken into lines, every glyph rasterized); warm: new layers of the same text
        // (the process's kept layouts and masks reused); redraw: `display()` again, every
        // glyph drawn again.
        var cold: [Double] = [], coldQuantized: [Double] = [], warm: [Double] = [], redraw: [Double] = []
        for _ in 0..<7 {
            // The same with `allowsFontSubpixelQuantization` (glyph positions on thirds of a
            // pixel: at most three masks per glyph and size).
            let qs = layers(quantized: true)
            GlyphMaskCache.removeAll()
            SharedTextLayouts.removeAll()
            WordShapeCache.removeAll()
            coldQuantized.append(time { for l in qs { l.display() } })
            CATransaction.flush()
            let ls = layers()
            GlyphMaskCache.removeAll()
            SharedTextLayouts.removeAll()
            WordShapeCache.removeAll()
            cold.append(time { for l in ls { l.display() } })
            // Each frame's transaction committed, as a run loop would (the implicit transaction
            // otherwise keeps every layer it touched, and their pixels, alive).
            CATransaction.flush()
            let again = layers()
            warm.append(time { for l in again { l.display() } })
            CATransaction.flush()
            redraw.append(time { for l in again { l.display() } })
            CATransaction.flush()
        }
        let stats = GlyphMaskCache.statistics
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        func line(_ name: String, _ v: [Double]) {
            print(name.padding(toLength: 48, withPad: " ", startingAt: 0)
                  + String(format: "%9.0f us/frame (median %.0f)", v.min()!, median(v)))
        }
        line("text first frame, caches cold", cold)
        line("text first frame, caches cold, quantized", coldQuantized)
        line("text first frame, new layers, caches warm", warm)
        line("text redraw (layout kept, glyphs drawn)", redraw)
        print("glyph masks over the last run: \(stats.hits) hits, \(stats.misses) misses, \(stats.count) kept (\(stats.bytes / 1024) KiB), \(stats.evictions) evicted")
        repeatFrame()
    }

    /// Many redraws of the 100 layers (layout kept), or first frames, for profilers.
    static func profile() {
        let ls = layers()
        for l in ls { l.display() }
        let frames = Int(ProcessInfo.processInfo.environment["FRAMES"] ?? "") ?? 50
        // FIRST=1: new layers every frame (layout made again), else the same ones redrawn.
        let first = ProcessInfo.processInfo.environment["FIRST"] == "1"
        // COLD=1 (with FIRST=1): no layout or glyph mask kept from the frame before either.
        let cold = ProcessInfo.processInfo.environment["COLD"] == "1"
        var t = 0.0
        for _ in 0..<frames {
            if cold {
                GlyphMaskCache.removeAll()
                SharedTextLayouts.removeAll()
                WordShapeCache.removeAll()
            }
            let frame = first ? layers() : ls
            t += time { for l in frame { l.display() } }
            CATransaction.flush()
        }
        let stats = GlyphMaskCache.statistics
        let shared = SharedTextLayouts.statistics
        print(String(format: "%.2f ms per frame; ", t / 1000 / Double(frames)) + "glyph masks: \(stats.hits) hits, \(stats.misses) misses; "
              + "layouts: \(shared.hits) hits, \(shared.misses) misses, font catalog changes \(FontCatalog.shared.changeCount)")
    }

    /// The layers on a screen: after a change that leaves the text alone (the backdrop's colour),
    /// the next full frame composites the text layers' kept contents without drawing text; after
    /// a badge over the text changes, damage tracking redraws only the badge's pixels.
    static func repeatFrame() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 720, height: 6000)
        root.anchorPoint = .zero
        for (i, l) in layers().enumerated() {
            l.position = CGPoint(x: CGFloat(i % 2) * 360 + 180, y: CGFloat(i / 2) * 120 + 60)
            root.addSublayer(l)
        }
        // A small badge over the text, changed in the second measurement.
        let badge = CALayer()
        badge.frame = CGRect(x: 330, y: 10, width: 20, height: 20)
        badge.backgroundColor = CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1)
        root.addSublayer(badge)
        let renderer = CARenderer(layer: root, scale: 2)
        renderer.threads = 1
        _ = renderer.nextFrame()
        let textLayers = root.sublayers!.filter { $0 is CATextLayer }
        let drawn = textLayers.map { $0.contents as AnyObject? }
        var frames: [Double] = []
        for k in 0..<21 {
            frames.append(time {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                root.backgroundColor = CGColor(gray: k % 2 == 0 ? 1 : 0.98, alpha: 1)
                CATransaction.commit()
                _ = renderer.nextFrame()
            })
        }
        var kept = zip(textLayers, drawn).allSatisfy { $0.contents as AnyObject? === $1 }
        frames.sort()
        print("text repeat frame (text unchanged, composited)".padding(toLength: 48, withPad: " ", startingAt: 0)
              + String(format: "%9.0f us/frame (median %.0f); 1440x12000 px; contents kept: %@", frames[0], frames[10],
                       kept ? "yes" : "no"))
        // The same screen after a change elsewhere (the badge recoloured): damage tracking
        // redraws the badge's pixels, the text is neither drawn nor composited again.
        _ = renderer.nextFrame()
        var small: [Double] = []
        var damage = CGRect.null
        for k in 0..<21 {
            small.append(time {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                badge.backgroundColor = k % 2 == 0 ? CGColor(red: 0.2, green: 0.6, blue: 0.2, alpha: 1)
                    : CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1)
                CATransaction.commit()
                _ = renderer.nextFrame()
            })
            damage = renderer.lastDamage
        }
        kept = kept && zip(textLayers, drawn).allSatisfy { $0.contents as AnyObject? === $1 }
        small.sort()
        print("text repeat frame (one badge changed)".padding(toLength: 48, withPad: " ", startingAt: 0)
              + String(format: "%9.0f us/frame (median %.0f); damage-tracked, %.0fx%.0f px redrawn; contents kept: %@", small[0], small[10],
                       damage.width, damage.height, kept ? "yes" : "no"))
    }

    static let clock = ContinuousClock()
    static func time(_ body: () -> Void) -> Double {
        let start = clock.now
        body()
        let d = clock.now - start
        return (Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18) * 1e6
    }
}
