import CoreGraphics

/// Test support shared by Lamina's suites (not a product).

/// Apple's reference images (copied into Tests/Fidelity/apple with their origin and licence, so
/// the tests need nothing outside the repository) and the comparison rule of their README.
public enum Fidelity {
    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    public static let appleDirectory = packageRoot.appendingPathComponent("Tests/Fidelity/apple")
    public static let outputDirectory = packageRoot.appendingPathComponent(".build/fidelity-output")

    public static func reference(_ name: String) throws -> CGImage {
        try CGImage.decodePNG(Data(contentsOf: appleDirectory.appendingPathComponent(name)))
    }

    public struct Result: CustomStringConvertible, Sendable {
        public var meanAbsoluteDifference: Double   // per channel, in 0...255
        public var fractionOver16: Double
        public var passes: Bool { meanAbsoluteDifference <= 2 && fractionOver16 <= 0.01 }
        public var description: String {
            String(format: "mean |Δ| %.3f/255 per channel, %.3f%% of pixels differ by more than 16", meanAbsoluteDifference,
                   fractionOver16 * 100)
        }
    }

    /// Compares premultiplied RGBA per pixel. On failure writes ours and a difference image to
    /// `.build/fidelity-output/`.
    public static func compare(_ ours: CGImage, _ reference: CGImage, name: String) throws -> Result {
        guard ours.width == reference.width && ours.height == reference.height else {
            return Result(meanAbsoluteDifference: 255, fractionOver16: 1)
        }
        let a = premultiplied(try ours.straightRGBA8()), b = premultiplied(try reference.straightRGBA8())
        var sum = 0, over = 0
        var diff = [UInt8](repeating: 255, count: a.count)
        for p in stride(from: 0, to: min(a.count, b.count), by: 4) {
            var worst = 0
            for c in 0..<4 {
                let d = abs(Int(a[p + c]) - Int(b[p + c]))
                sum += d; worst = max(worst, d)
            }
            if worst > 16 { over += 1 }
            let v = UInt8(min(255, worst * 4))
            diff[p] = v; diff[p + 1] = 0; diff[p + 2] = 0; diff[p + 3] = v == 0 ? 0 : 255
        }
        let pixels = max(1, a.count / 4)
        let result = Result(meanAbsoluteDifference: Double(sum) / Double(pixels * 4), fractionOver16: Double(over) / Double(pixels))
        if !result.passes {
            try? FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
            try? ours.pngData().write(to: outputDirectory.appendingPathComponent("\(name)-lamina.png"))
            if let provider = CGDataProvider(data: Data(diff)),
               let d = CGImage(width: ours.width, height: ours.height, bitsPerComponent: 8, bitsPerPixel: 32,
                               bytesPerRow: ours.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                               bitmapInfo: CGBitmapInfo(alphaInfo: .last), provider: provider, decode: nil,
                               shouldInterpolate: false, intent: .defaultIntent) {
                try? d.pngData().write(to: outputDirectory.appendingPathComponent("\(name)-diff.png"))
            }
        }
        return result
    }

    public static func premultiplied(_ rgba: [UInt8]) -> [UInt8] {
        var out = rgba
        for p in stride(from: 0, to: out.count, by: 4) {
            let a = Int(out[p + 3])
            for c in 0..<3 { out[p + c] = UInt8((Int(out[p + c]) * a + 127) / 255) }
        }
        return out
    }
}

/// A premultiplied RGBA context, zeroed.
public func rgbaContext(_ w: Int, _ h: Int) -> CGContext {
    CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
}

/// The heart of Tests/Fidelity/README.md (s = 30).
public func heartPath() -> CGMutablePath {
    let s: CGFloat = 30
    let p = CGMutablePath()
    p.move(to: CGPoint(x: 0, y: 0))
    p.addLine(to: CGPoint(x: 0, y: 2 * s))
    p.addQuadCurve(to: CGPoint(x: s, y: 3 * s), control: CGPoint(x: 0.125 * s, y: 2.875 * s))
    p.addQuadCurve(to: CGPoint(x: 2 * s, y: 2 * s), control: CGPoint(x: 1.875 * s, y: 2.875 * s))
    p.addCurve(to: CGPoint(x: 3 * s, y: s), control1: CGPoint(x: 2.5 * s, y: 2 * s), control2: CGPoint(x: 3 * s, y: 1.5 * s))
    p.addCurve(to: CGPoint(x: 2 * s, y: 0), control1: CGPoint(x: 3 * s, y: 0.5 * s), control2: CGPoint(x: 2.5 * s, y: 0))
    p.addLine(to: CGPoint(x: 0, y: 0))
    p.closeSubpath()
    p.addEllipse(in: CGRect(x: 2 * s, y: 2 * s, width: s, height: s))
    return p
}

/// Lamina's own reference images: scenes compared by the rule of Tests/Fidelity/README.md
/// against PNGs a person looked at before they were committed. A missing reference fails the
/// test and leaves a candidate in .build/reference-candidates/ to look at and copy in.
public struct Golden: Sendable {
    public let directory: URL
    public init(directory: URL) { self.directory = directory }
    static let candidates = Fidelity.packageRoot.appendingPathComponent(".build/reference-candidates")

    /// Compares `render()` with the reference `name`.png; returns a failure message or nil.
    public func check(_ name: String, _ render: () throws -> CGImage) throws -> String? {
        let ours = try render()
        let url = directory.appendingPathComponent(name + ".png")
        guard let data = try? Data(contentsOf: url) else {
            try FileManager.default.createDirectory(at: Golden.candidates, withIntermediateDirectories: true)
            try ours.pngData().write(to: Golden.candidates.appendingPathComponent(name + ".png"))
            return "no reference image \(name).png; a candidate was written to .build/reference-candidates/"
        }
        let result = try Fidelity.compare(ours, CGImage.decodePNG(data), name: name)
        return result.passes ? nil : "\(name): \(result)"
    }

    /// A white canvas, y-down like UIKit.
    public func canvas(_ w: Int, _ h: Int) -> CGContext {
        let ctx = rgbaContext(w, h)
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: w, height: h))
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: 1, y: -1)
        return ctx
    }
}
