import Foundation
import UIKit
@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import CoreText

/// `lamina-bench text-runs OUT.json`: the glyph runs of `lamina-bench text`'s 100 layers, laid
/// out by Lamina, written to OUT.json (each glyph's font file, face index, size, position and
/// colour, in pixels at 2x) so other engines draw exactly the same glyphs
/// (`Benchmarks/text/skia_text_bench.py`), with the paragraphs themselves and the faces Lamina
/// chose for them in order of first use (so other engines shape and break the same text with
/// the same font files); and Lamina's own times, one core, median of 21:
/// - shaping and line breaking the 100 paragraphs (360 pt wide, 15 pt);
/// - drawing the laid-out glyphs: each layer's glyphs into one reused 720 × 240 bitmap,
///   cleared first, glyph masks warm;
/// - a first frame: laying out and drawing each paragraph with no glyph mask kept, glyph
///   positions as laid out and quantized (`setShouldSubpixelQuantizeFonts(true)`);
/// - sizing the 1,000 labels of `lamina-bench labels` of one line and of three lines, each once
///   (`UILabel.sizeThatFits`, no layout kept), their texts and face also written to OUT.json.
@MainActor enum TextRunsBenchmark {
    static let scale: CGFloat = 2

    static func layouts() -> [TextLayout] {
        let font = CTFontDefaults.helvetica!
        return (0..<100).map { i in
            TextLayout(runs: [LaminaTextRun(text: TextBenchmark.texts[i], font: font, size: 15, color: CGColor(gray: 0.1, alpha: 1))],
                       width: 360, height: 120, wraps: true, alignment: .natural, truncation: nil)
        }
    }

    static func run(writingTo path: String?) {
        // LAYOUT_PROFILE=1: the paragraphs laid out over and over, for profilers.
        if ProcessInfo.processInfo.environment["LAYOUT_PROFILE"] == "1" {
            let t = TextBenchmark.time { for _ in 0..<200 { _ = layouts() } }
            print(String(format: "%.2f ms per layout of the 100 paragraphs", t / 1000 / 200))
            return
        }
        let all = layouts()
        if let path { write(all, to: path) }
        let ctx = CGContext(data: nil, width: 720, height: 240, bitsPerComponent: 8, bytesPerRow: 720 * 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        var quantized = false
        func draw(_ layout: TextLayout) {
            ctx.resetGState()
            ctx.setShouldSubpixelQuantizeFonts(quantized)
            ctx.clear(CGRect(x: 0, y: 0, width: 720, height: 240))
            ctx.translateBy(x: 0, y: 240)
            ctx.scaleBy(x: scale, y: -scale)
            layout.draw(in: ctx, at: .zero)
        }
        let glyphs = all.reduce(0) { $0 + $1.glyphs.count }
        func report(_ what: String, _ body: () -> Void) {
            for _ in 0..<3 { body() }
            var times: [Double] = []
            for _ in 0..<21 { times.append(TextBenchmark.time(body)) }
            times.sort()
            print("lamina: \(what), 100 paragraphs, \(glyphs) glyphs: "
                  + String(format: "median %.0f us/frame, best %.0f", times[10], times[0]))
        }
        // Each report line is parsed by scripts/bench-text-peers.sh: keep "lamina: NAME," and
        // "median N us".
        // Each frame starts with no word kept from the last (the peers keep nothing either):
        // words met again within the frame come from the word cache.
        report("shape and break lines") {
            WordShapeCache.removeAll()
            _ = layouts()
        }
        report("draw glyph runs") { for layout in all { draw(layout) } }
        report("first frame") {
            GlyphMaskCache.removeAll()
            WordShapeCache.removeAll()
            for layout in layouts() { draw(layout) }
        }
        // With positions quantized (thirds of a pixel across, whole pixels down): at most three
        // masks per glyph and size.
        quantized = true
        report("first frame quantized") {
            GlyphMaskCache.removeAll()
            WordShapeCache.removeAll()
            for layout in layouts() { draw(layout) }
        }
        for (name, lines) in [("one line", 1), ("three lines", 3)] {
            let (median, best) = LabelSizingBenchmark.sizedOnce(lines: lines)
            print("lamina: size labels of \(name), 1000 labels: " + String(format: "median %.0f us, best %.0f", median, best))
        }
    }

    /// The runs as JSON: per layer, runs of glyphs sharing a face, size and colour.
    static func write(_ layouts: [TextLayout], to path: String) {
        var layers: [[[String: Any]]] = []
        for layout in layouts {
            var runs: [[String: Any]] = []
            for g in layout.glyphs {
                guard let file = g.font.sourceFile, let hash = file.lastIndex(of: "#") else { continue }
                let c = g.color.components ?? [0, 1]
                let rgba = c.count >= 4 ? Array(c[0..<4]) : [c[0], c[0], c[0], c.last ?? 1]
                let key: [String: Any] = ["path": String(file[..<hash]), "index": Int(file[file.index(after: hash)...]) ?? 0,
                                          "size": Double(g.size * scale), "color": rgba.map { Double($0) }]
                let position = [Double(g.x * scale), Double((g.baseline - g.rise) * scale)]
                if var last = runs.last, last["path"] as? String == key["path"] as? String,
                   last["index"] as? Int == key["index"] as? Int, last["size"] as? Double == key["size"] as? Double {
                    last["glyphs"] = (last["glyphs"] as! [Int]) + [Int(g.glyph)]
                    last["positions"] = (last["positions"] as! [[Double]]) + [position]
                    runs[runs.count - 1] = last
                } else {
                    var run = key
                    run["glyphs"] = [Int(g.glyph)]
                    run["positions"] = [position]
                    runs.append(run)
                }
            }
            layers.append(runs)
        }
        // The faces in order of first use, the primary font first: other engines are given
        // these files as the family list to fall back through.
        var faces: [[String: Any]] = []
        var seen = Set<String>()
        for font in [CTFontDefaults.helvetica].compactMap({ $0 }) + layouts.flatMap({ $0.glyphs.map(\.font) }) {
            guard let file = font.sourceFile, let hash = file.lastIndex(of: "#"), seen.insert(file).inserted else { continue }
            faces.append(["path": String(file[..<hash]), "index": Int(file[file.index(after: hash)...]) ?? 0,
                          "family": font.familyName])
        }
        let paragraphs: [[String: Any]] = (0..<100).map {
            ["text": TextBenchmark.texts[$0], "size": 15.0, "width": 360.0, "height": 120.0, "scale": Double(scale)]
        }
        // The labels' texts and face (the system font at their size).
        var labels: [String: Any] = ["size": Double(LabelSizingBenchmark.size), "width": Double(LabelSizingBenchmark.width),
                                     "one": LabelSizingBenchmark.texts(lines: 1), "three": LabelSizingBenchmark.texts(lines: 3)]
        let system = CTFontCopyGraphicsFont(UIFont.systemFont(ofSize: LabelSizingBenchmark.size), nil)
        if let file = system.sourceFile, let hash = file.lastIndex(of: "#") {
            labels["face"] = ["path": String(file[..<hash]), "index": Int(file[file.index(after: hash)...]) ?? 0, "family": system.familyName]
        }
        let json = try! JSONSerialization.data(withJSONObject: ["width": 720, "height": 240, "layers": layers,
                                                                "faces": faces, "paragraphs": paragraphs,
                                                                "labels": labels["face"] == nil ? [:] : labels])
        try! json.write(to: URL(fileURLWithPath: path))
    }
}
