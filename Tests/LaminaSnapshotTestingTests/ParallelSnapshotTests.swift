import Foundation
import Testing
import SnapshotTesting
import LaminaSnapshotTesting
import UIKit
import QuartzCore

/// Snapshots drawn at once give the bytes they give one at a time: 200 snapshots of views, view
/// controllers with traits, layer trees with text, gradients and shadows, and paths, drawn from
/// concurrent tasks (views hop to the main actor; layers and paths draw on the task's thread),
/// then again one after another. Also run under ThreadSanitizer (scripts/test-threads.sh).
@Suite struct ParallelSnapshotTests {
    static let count = 200

    /// A view or controller made on the main actor, carried to a task that hands it back to
    /// the strategy (which draws it on the main actor).
    struct Carried<T>: @unchecked Sendable { let value: T }

    @MainActor static func card(_ i: Int) -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 90 + CGFloat(i % 7) * 3, height: 44))
        view.backgroundColor = [UIColor.systemBlue, .systemGreen, .systemOrange, .secondarySystemBackground][i % 4]
        view.layer.cornerRadius = CGFloat(i % 5) * 3
        let label = UILabel(frame: CGRect(x: 8, y: 8, width: 80, height: 28))
        label.text = "Row \(i)"
        label.font = .preferredFont(forTextStyle: i % 2 == 0 ? .body : .headline)
        view.addSubview(label)
        return view
    }

    @MainActor static func screen(_ i: Int) -> UIViewController {
        let controller = UIViewController()
        controller.view.backgroundColor = .systemBackground
        let title = UILabel(frame: CGRect(x: 16, y: 20, width: 200, height: 30))
        title.text = "Settings \(i)"
        title.textColor = .label
        let toggle = UISwitch(frame: CGRect(x: 150, y: 60, width: 51, height: 31))
        toggle.isOn = i % 2 == 0
        let button = UIButton(configuration: .filled())
        button.configuration?.title = "Save"
        button.frame = CGRect(x: 16, y: 100, width: 120, height: 44)
        [title, toggle, button].forEach(controller.view.addSubview)
        return controller
    }

    static func layerTree(_ i: Int) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
        root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 6, y: 6, width: 40, height: 30)
        gradient.colors = [CGColor(red: 1, green: 0.3, blue: 0, alpha: 1), CGColor(red: 0.2, green: 0, blue: CGFloat(i % 10) / 10, alpha: 1)]
        gradient.cornerRadius = 6
        gradient.shadowOpacity = 0.4
        gradient.shadowRadius = 3
        let text = CATextLayer()
        text.frame = CGRect(x: 6, y: 38, width: 70, height: 18)
        text.string = "Layer \(i)"
        text.fontSize = 12
        text.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        text.contentsScale = 2
        root.addSublayer(gradient)
        root.addSublayer(text)
        return root
    }

    static func path(_ i: Int) -> UIBezierPath {
        let path = UIBezierPath(roundedRect: CGRect(x: 2, y: 2, width: 40 + CGFloat(i % 9), height: 30), cornerRadius: 8)
        path.append(UIBezierPath(ovalIn: CGRect(x: 10, y: 8, width: 14, height: 14)))
        return path
    }

    /// The PNG a test would record for case `i`.
    static func png(_ i: Int) async -> Data {
        let image: UIImage
        switch i % 4 {
        case 0:
            let view = await MainActor.run { Carried(value: card(i)) }
            image = await take(Snapshotting<UIView, UIImage>.image(traits: .init(userInterfaceStyle: i % 8 == 0 ? .dark : .light)), view.value)
        case 1:
            let controller = await MainActor.run { Carried(value: screen(i)) }
            image = await take(Snapshotting<UIViewController, UIImage>.image(
                size: CGSize(width: 240, height: 160),
                traits: .init(traitsFrom: [.init(userInterfaceStyle: i % 3 == 0 ? .dark : .light),
                                           .init(preferredContentSizeCategory: i % 2 == 0 ? .large : .extraExtraLarge)])), controller.value)
        case 2:
            image = await take(Snapshotting<CALayer, UIImage>.image(traits: .init(displayScale: 2)), layerTree(i))
        default:
            image = await take(Snapshotting<UIBezierPath, UIImage>.image(scale: 2), path(i))
        }
        return image.pngData() ?? Data()
    }

    static func take<V>(_ strategy: Snapshotting<V, UIImage>, _ value: V) async -> UIImage {
        let carried = Carried(value: value)
        let image: Carried<UIImage> = await withCheckedContinuation { done in
            strategy.snapshot(carried.value).run { done.resume(returning: Carried(value: $0)) }
        }
        return image.value
    }

    @Test func twoHundredSnapshotsAtOnceGiveTheBytesOfASerialRun() async throws {
        let parallel: [Int: Data] = await withTaskGroup(of: (Int, Data).self) { group in
            for i in 0..<Self.count { group.addTask { (i, await Self.png(i)) } }
            var all: [Int: Data] = [:]
            for await (i, data) in group { all[i] = data }
            return all
        }
        #expect(parallel.count == Self.count)
        var differing: [Int] = []
        for i in 0..<Self.count {
            let serial = await Self.png(i)
            if parallel[i] != serial { differing.append(i) }
            // Never blank: every picture has more than one colour.
            let cg = try #require(UIImage(data: serial)?.cgImage, "case \(i)")
            #expect(cg.width > 0 && Self.colourCount(cg) > 1, "case \(i) is blank")
        }
        #expect(differing.isEmpty, "cases drawn differently at once than alone: \(differing)")
    }

    /// How many distinct pixels (up to 2) an image has.
    static func colourCount(_ image: CGImage) -> Int {
        let width = image.width, height = image.height
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBytes { raw in
            let ctx = CGContext(data: raw.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            ctx?.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
        }
        let first = bytes[0..<4]
        var i = 4
        while i < bytes.count { if bytes[i..<i + 4] != first { return 2 }; i += 4 }
        return 1
    }
}
