import CoreGraphics
import Foundation

/// `lamina-bench raster SCENES_DIR OUT_DIR`: the contract of ../shared/bench/README.md.
/// For every scene: build the paths and colours (untimed), draw all ops on a 512x600 premultiplied
/// RGBA context until a trial lasts 0.2 s, keep the best of 3 trials, write the scene drawn once on
/// opaque white as a PNG, and print one JSON line.
enum RasterBenchmark {
    struct Scene: Decodable {
        let name: String
        let canvas: [Int]
        let kind: String
        let style: String
        let ops: [Op]
        let fill_rule: String?
        let line_width: Double?
    }
    struct Op: Decodable {
        let x: Double?, y: Double?, w: Double?, h: Double?, angle: Double?, r: Double?
        let pts: [[Double]]?
        let color: [Double]
        let stops: [[Double]]?
    }

    /// One op ready to draw (a class, so the timed loop takes one reference per op rather than
    /// copying three: harness work, not drawing).
    final class Prepared {
        let path: CGPath
        let color: CGColor
        /// Rotation about the canvas centre, applied through the CTM.
        let angle: CGFloat
        /// For linear scenes: the gradient and its end points.
        let gradient: (CGGradient, CGPoint, CGPoint)?

        init(path: CGPath, color: CGColor, angle: CGFloat, gradient: (CGGradient, CGPoint, CGPoint)?) {
            self.path = path; self.color = color; self.angle = angle; self.gradient = gradient
        }
    }

    static func run(scenesDirectory: String, outputDirectory: String) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        let files = try fm.contentsOfDirectory(atPath: scenesDirectory).filter { $0.hasSuffix(".json") }.sorted()
        for file in files {
            let url = URL(fileURLWithPath: scenesDirectory).appendingPathComponent(file)
            let scene = try JSONDecoder().decode(Scene.self, from: Data(contentsOf: url))
            guard scene.style == "solid" || scene.style == "linear" else {
                emit(["engine": "lamina", "scene": scene.name, "error": "style \(scene.style) is not supported"])
                continue
            }
            let ops = scene.ops.map { prepare($0, kind: scene.kind) }
            let w = scene.canvas[0], h = scene.canvas[1]
            let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            // Scenes are y-down with the origin at the top left.
            ctx.translateBy(x: 0, y: CGFloat(h))
            ctx.scaleBy(x: 1, y: -1)
            let stroke = scene.kind.hasPrefix("stroke")
            ctx.setLineWidth(CGFloat(scene.line_width ?? 1))
            ctx.setMiterLimit(10)
            let evenOdd = scene.fill_rule == "evenodd"
            let center = CGPoint(x: CGFloat(w) / 2, y: CGFloat(h) / 2)
            func drawAll() {
                for op in ops {
                    if op.angle != 0 {
                        ctx.saveGState()
                        ctx.translateBy(x: center.x, y: center.y)
                        ctx.rotate(by: op.angle)
                        ctx.translateBy(x: -center.x, y: -center.y)
                    }
                    ctx.addPath(op.path)
                    if let (g, start, end) = op.gradient {
                        // Apple's idiom for a gradient-filled shape: clip to it, draw the gradient.
                        ctx.saveGState()
                        if evenOdd { ctx.clip(using: .evenOdd) } else { ctx.clip() }
                        ctx.drawLinearGradient(g, start: start, end: end,
                                               options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
                        ctx.restoreGState()
                    } else if stroke {
                        ctx.setStrokeColor(op.color)
                        ctx.strokePath()
                    } else {
                        ctx.setFillColor(op.color)
                        ctx.fillPath(using: evenOdd ? .evenOdd : .winding)
                    }
                    if op.angle != 0 { ctx.restoreGState() }
                }
            }
            let clock = ContinuousClock()
            var best = Double.infinity
            // LAMINA_BENCH_REPS=N: draw the scene exactly N times in one trial (for instruction
            // counts under callgrind, where a timed loop would run a varying number of times).
            if let reps = ProcessInfo.processInfo.environment["LAMINA_BENCH_REPS"].flatMap(Int.init), reps > 0 {
                let start = clock.now
                for _ in 0..<reps { drawAll() }
                let elapsed = clock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
                best = seconds * 1e9 / Double(reps * max(1, ops.count))
            }
            for _ in 0..<(best.isFinite ? 0 : 3) {
                var reps = 0
                let start = clock.now
                var elapsed = Duration.zero
                repeat { drawAll(); reps += 1; elapsed = clock.now - start } while elapsed < .milliseconds(200)
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
                best = min(best, seconds * 1e9 / Double(reps * ops.count))
            }
            // The image: once, on opaque white.
            ctx.saveGState()
            ctx.setBlendMode(.copy)
            ctx.setFillColor(gray: 1, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: w, height: h))
            ctx.restoreGState()
            drawAll()
            let png = URL(fileURLWithPath: outputDirectory)
                .appendingPathComponent("lamina_" + scene.name.replacingOccurrences(of: "/", with: "_") + ".png")
            try ctx.makeImage()!.pngData().write(to: png)
            emit(["engine": "lamina", "scene": scene.name, "ops": ops.count, "ns_per_op": best,
                  "overhead_ns_per_op": 0, "net_ns_per_op": best, "png": png.path])
        }
    }

    static func prepare(_ op: Op, kind: String) -> Prepared {
        let c = op.color
        let color = CGColor(red: c[0] / 255, green: c[1] / 255, blue: c[2] / 255, alpha: c[3] / 255)
        let path = CGMutablePath()
        switch kind {
        case "fill_polygon", "stroke_polygon":
            let pts = (op.pts ?? []).map { CGPoint(x: $0[0], y: $0[1]) }
            path.addLines(between: pts)
            path.closeSubpath()
        case "fill_round_rect":
            let r = CGRect(x: op.x ?? 0, y: op.y ?? 0, width: op.w ?? 0, height: op.h ?? 0)
            path.addRoundedRect(in: r, cornerWidth: CGFloat(op.r ?? 0), cornerHeight: CGFloat(op.r ?? 0))
        default:
            path.addRect(CGRect(x: op.x ?? 0, y: op.y ?? 0, width: op.w ?? 0, height: op.h ?? 0))
        }
        var gradient: (CGGradient, CGPoint, CGPoint)?
        if let stops = op.stops {
            let colors = stops.map { CGColor(red: $0[0] / 255, green: $0[1] / 255, blue: $0[2] / 255, alpha: $0[3] / 255) }
            var locations: [CGFloat] = [0, 0.5, 1]
            let box = path.boundingBox
            if let g = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors as CFArray, locations: &locations) {
                gradient = (g, CGPoint(x: box.minX + 0.2 * box.width, y: box.minY + 0.2 * box.height),
                            CGPoint(x: box.minX + 0.8 * box.width, y: box.minY + 0.8 * box.height))
            }
        }
        return Prepared(path: path, color: color, angle: CGFloat(op.angle ?? 0), gradient: gradient)
    }

    static func emit(_ fields: [String: Any]) {
        let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }
}
