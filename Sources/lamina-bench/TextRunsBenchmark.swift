import Foundation
@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import CoreText

/// `lamina-bench text-runs OUT.json`: the glyph runs of `lamina-bench text`'s 100 layers, laid
/// out by Lamina, written to OUT.json (each glyph's font file, face index, size, position and
/// colour, in pixels at 2x) so other engines draw exactly the same glyphs
/// (`Benchmarks/text/skia_text_bench.py`), and Lamina's own time to draw them: each layer's
/// glyphs into one reused 720 × 240 bitmap, cleared first, one core, glyph masks warm.
enum TextRunsBenchmark {
    static let scale: CGFloat = 2

    static func layouts() -> [TextLayout] {
        let font = CTFontDefaults.helvetica!
        return (0..<100).map { i in
            TextLayout(runs: [LaminaTextRun(text: TextBenchmark.text(i), font: font, size: 15, color: CGColor(gray: 0.1, alpha: 1))],
                       width: 360, height: 120, wraps: true, alignment: .natural, truncation: nil)
        }
    }

    static func run(writingTo path: String?) {
        let all = layouts()
        if let path { write(all, to: path) }
        let ctx = CGContext(data: nil, width: 720, height: 240, bitsPerComponent: 8, bytesPerRow: 720 * 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        func frame() {
            for layout in all {
                ctx.resetGState()
                ctx.clear(CGRect(x: 0, y: 0, width: 720, height: 240))
                ctx.translateBy(x: 0, y: 240)
                ctx.scaleBy(x: scale, y: -scale)
                layout.draw(in: ctx, at: .zero)
            }
        }
        for _ in 0..<3 { frame() }
        var times: [Double] = []
        for _ in 0..<21 { times.append(TextBenchmark.time(frame)) }
        times.sort()
        let glyphs = all.reduce(0) { $0 + $1.glyphs.count }
        print("lamina: draw glyph runs, 100 layers, \(glyphs) glyphs, 720x240 px each, cleared: "
              + String(format: "median %.0f us/frame, best %.0f", times[10], times[0]))
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
        let json = try! JSONSerialization.data(withJSONObject: ["width": 720, "height": 240, "layers": layers])
        try! json.write(to: URL(fileURLWithPath: path))
    }
}
