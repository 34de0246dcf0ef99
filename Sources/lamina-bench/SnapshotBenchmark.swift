import Foundation
import UIKit
import CLaminaRaster

/// `lamina-bench snapshot`: what one snapshot test of a typical iOS screen costs. Five screens
/// at 3x on an iPhone 13 (390 x 844 pt, its safe area): a settings list, a feed of text and
/// images, a form, a detail page with a large title, an alert over a sheet. Each snapshot makes
/// the screen's controllers, puts them in a window, lays out, draws the window, and compares it
/// with the reference as a snapshot test that passes does (the reference PNG, the first
/// snapshot's, decoded, then the pixels compared; a passing test encodes no PNG): median of 15
/// after one warm-up, milliseconds. A `snapshot-cached` line gives the same with the reference
/// known to LaminaSnapshotTesting's reference cache (the new pixels hashed instead of the
/// reference decoded), and a `phases` line the median of each step. A second line per screen gives the PNG encoding a recording
/// (or a failing) snapshot adds. Run it on one core
/// (`taskset -c 0`) for the per-core figure; `swift run lamina-bench snapshot` measures a debug
/// build, as `swift test` builds one. `SNAPSHOT_OUT=DIR` writes each screen's PNG there;
/// `SNAPSHOT_ONLY=NAME` measures one screen.
@MainActor enum SnapshotBenchmark {
    static let screen = CGSize(width: 390, height: 844)
    static let insets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)

    static func run() {
        let screens = SnapshotScreens.all
        let only = ProcessInfo.processInfo.environment["SNAPSHOT_ONLY"]
        for (name, make) in screens where only == nil || only == name {
            var reference: Data?
            var times: [Double] = [], encodings: [Double] = []
            var phases: [[Double]] = [[], [], [], [], []]
            var matched = true
            for round in 0..<16 {
                var image: CGImage?
                var split = [0.0, 0, 0, 0, 0]
                let t = CompositorBenchmark.seconds {
                    var window: UIWindow?
                    split[0] = CompositorBenchmark.seconds { window = host(make()) }
                    split[1] = CompositorBenchmark.seconds { image = draw(window!) }
                    if let reference, let image {
                        var decoded: CGImage?
                        split[2] = CompositorBenchmark.seconds { decoded = try? CGImage.decodePNG(reference) }
                        split[3] = CompositorBenchmark.seconds { matched = matched && same(image, decoded) }
                    }
                }
                // With the reference known to the snapshot cache: the new pixels hashed instead.
                if let image { split[4] = CompositorBenchmark.seconds { _ = pixelHash(image) } }
                var png = Data()
                let e = CompositorBenchmark.seconds { png = image.flatMap { UIImage(cgImage: $0).pngData() } ?? Data() }
                if round == 0 {
                    reference = png
                } else {
                    times.append(t * 1000); encodings.append(e * 1000)
                    for k in 0..<5 { phases[k].append(split[k] * 1000) }
                }
            }
            if let dir = ProcessInfo.processInfo.environment["SNAPSHOT_OUT"], let reference {
                try? reference.write(to: URL(fileURLWithPath: dir).appendingPathComponent("\(name).png"))
            }
            func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
            let cachedTimes = (0..<phases[0].count).map { phases[0][$0] + phases[1][$0] + phases[4][$0] }
            print(String(format: "snapshot %@ median %.1f ms per snapshot", name, median(times)))
            print(String(format: "snapshot-cached %@ median %.1f ms per snapshot", name, median(cachedTimes)))
            print(String(format: "  phases %@: build and lay out %.1f ms, draw %.1f ms, decode the reference %.1f ms, compare %.1f ms, hash (cached reference) %.1f ms",
                         name, median(phases[0]), median(phases[1]), median(phases[2]), median(phases[3]), median(phases[4])))
            print(String(format: "png-encode %@ median %.1f ms (%d bytes)", name, median(encodings), reference?.count ?? 0))
            if !matched { FileHandle.standardError.write(Data("check: \(name) did not match its reference\n".utf8)) }
        }
    }

    /// The screen's controllers in a window of the device's size, laid out, as a snapshot
    /// strategy hosts them.
    @inline(never) static func host(_ root: UIViewController) -> UIWindow {
        let window = UIWindow(screen: UIScreen(size: screen, scale: 3, safeAreaInsets: insets))
        window.rootViewController = root
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        return window
    }

    /// The window drawn, as a snapshot strategy does.
    @inline(never) static func draw(_ window: UIWindow) -> CGImage? {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        let image = UIGraphicsImageRenderer(size: screen, format: format).image { _ in
            _ = window.drawHierarchy(in: CGRect(origin: .zero, size: screen), afterScreenUpdates: true)
        }
        window.isHidden = true
        return image.cgImage
    }

    /// The new image's pixels hashed, as the snapshot strategy checks them against a reference
    /// its cache knows (premultiplied RGBA rows, read in place).
    static func pixelHash(_ image: CGImage) -> UInt64 {
        guard let data = image.dataProvider?.data else { return 0 }
        var out: [UInt64] = [0, 0]
        data.withUnsafeBytes { (src: UnsafeRawBufferPointer) in
            guard let s = src.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            lamina_hash128(s, min(src.count, image.width * image.height * 4), &out)
        }
        return out[0] ^ out[1]
    }

    /// The new image compared byte for byte with the decoded reference, as the snapshot
    /// strategy compares them (both premultiplied RGBA rows).
    static func same(_ image: CGImage, _ reference: CGImage?) -> Bool {
        guard let b = reference, image.width == b.width, image.height == b.height,
              let da = image.dataProvider?.data, let db = b.dataProvider?.data else { return false }
        if image.bitmapInfo == b.bitmapInfo, image.bytesPerRow == b.bytesPerRow { return da == db }
        guard let sa = try? image.straightRGBA8(), let sb = try? b.straightRGBA8() else { return false }
        return sa == sb
    }
}
