import Foundation
import QuartzCore

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

    /// About 100 glyphs of mixed text for layer `i`.
    static func text(_ i: Int) -> String {
        var s = ""
        var k = i
        while s.unicodeScalars.count < 100 { s += samples[k % samples.count]; k += 1 }
        return String(s.prefix(100))
    }

    static func layers() -> [CATextLayer] {
        (0..<100).map { i in
            let t = CATextLayer()
            t.bounds = CGRect(x: 0, y: 0, width: 360, height: 120)
            t.string = text(i)
            t.fontSize = 15
            t.isWrapped = true
            t.contentsScale = 2
            t.foregroundColor = CGColor(gray: 0.1, alpha: 1)
            return t
        }
    }

    static func run() {
        let glyphs = (0..<100).reduce(0) { n, i in
            n + CTLineGetGlyphCount(CTLineCreateWithAttributedString(NSAttributedString(string: text(i))))
        }
        print("text: 100 layers, \(glyphs) glyphs of mixed text, 360x120 pt at 2x, one core")
        CATransaction.setDisableActions(true)
        let clock = ContinuousClock()
        func time(_ body: () -> Void) -> Double {
            let start = clock.now
            body()
            let d = clock.now - start
            return (Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18) * 1e6
        }
        var first: [Double] = [], repeated: [Double] = []
        for _ in 0..<7 {
            let ls = layers()
            first.append(time { for l in ls { l.display() } })
            repeated.append(time { for l in ls { l.display() } })
        }
        let firstBest = first.min()!, repeatBest = repeated.min()!
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        print("text first frame (layout + draw)".padding(toLength: 44, withPad: " ", startingAt: 0)
              + String(format: "%9.0f us/frame (median %.0f)", firstBest, median(first)))
        print("text repeat frame (cached layout, draw)".padding(toLength: 44, withPad: " ", startingAt: 0)
              + String(format: "%9.0f us/frame (median %.0f)", repeatBest, median(repeated)))
    }
}
