import Foundation
import Testing
import QuartzCore

// Layer subclasses exactly as iOS code writes them when they declare initializers of their own:
// a designated initializer with arguments, `override init(layer:)` copying the subclass's state,
// `required init?(coder:)` that traps, and no `init()`. They compile unchanged.

/// How an animation engine writes its layers: state set by its own initializer, copied by
/// `init(layer:)` for presentation copies.
final class EngineLayer: CALayer {
    let animationName: String
    var frames: [Int]
    var progress: CGFloat = 0

    init(animationName: String, frames: [Int]) {
        self.animationName = animationName
        self.frames = frames
        super.init()
        bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    }

    override init(layer: Any) {
        guard let other = layer as? EngineLayer else { fatalError("init(layer:) incorrectly called with \(type(of: layer))") }
        animationName = other.animationName
        frames = other.frames
        progress = other.progress
        super.init(layer: other)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// A subclass of a subclass with its own initializer again.
final class TintedEngineLayer: CALayer {
    let tint: CGColor
    init(tint: CGColor) {
        self.tint = tint
        super.init()
        backgroundColor = tint
    }
    override init(layer: Any) {
        tint = (layer as! TintedEngineLayer).tint
        super.init(layer: layer)
    }
    required init?(coder: NSCoder) { nil }
}

/// Declares an initializer but does not override `init(layer:)`: fine until a presentation copy
/// of it is needed, where Apple stops ("Use of unimplemented initializer 'init(layer:)'").
final class NoCopyLayer: CALayer {
    let label: String
    init(label: String) {
        self.label = label
        super.init()
    }
    required init?(coder: NSCoder) { fatalError() }
}

@Suite("Subclasses with initializers of their own")
struct AppleStyleSubclassTests {
    @Test func presentationCopiesAreOfTheSubclassThroughItsInitLayer() throws {
        let clock = MediaClock(manualAt: 0)
        try clock.run {
            let layer = EngineLayer(animationName: "spin", frames: [1, 2, 3])
            layer.progress = 0.25
            CATransaction.flush()
            let copy = try #require(layer.presentation())
            #expect(type(of: copy) == EngineLayer.self)
            #expect(copy.animationName == "spin" && copy.frames == [1, 2, 3] && copy.progress == 0.25)
            #expect(copy.model() === layer && copy !== layer)
        }
    }

    @Test func sublayersOfThePresentationAreTheirSubclassesToo() throws {
        let clock = MediaClock(manualAt: 0)
        try clock.run {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            let tinted = TintedEngineLayer(tint: CGColor(red: 0, green: 1, blue: 0, alpha: 1))
            tinted.frame = root.bounds
            root.addSublayer(tinted)
            CATransaction.flush()
            let copy = try #require(root.presentation())
            let sub = try #require(copy.sublayers?.first as? TintedEngineLayer)
            #expect(sub.tint == tinted.tint && sub.superlayer === copy)
        }
    }

    @Test func aSubclassWithoutInitLayerIsFineUntilItIsCopied() throws {
        let clock = MediaClock(manualAt: 0)
        try clock.run {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            root.addSublayer(NoCopyLayer(label: "x"))
            CATransaction.flush()
            // The root's presentation copies only the root: its sublayers are copied when asked for.
            let copy = try #require(root.presentation())
            #expect(copy.bounds.width == 10)
            // Drawing the model tree needs no copies.
            let ctx = CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            root.render(in: ctx)
        }
    }

    @Test func copyingASubclassWithoutInitLayerStopsAsOnApple() async {
        await #expect(processExitsWith: .failure) {
            let clock = MediaClock(manualAt: 0)
            clock.run {
                let layer = NoCopyLayer(label: "x")
                layer.opacity = 0.5
                CATransaction.flush()
                _ = layer.presentation()
            }
        }
    }

    @Test func layersOfAClassGivenAsAValueAreMadeThroughItsInit() {
        final class Plain: CAShapeLayer {
            var made = true
        }
        let made = CALayer.make(Plain.self)
        #expect(type(of: made) == Plain.self && (made as? Plain)?.made == true)
    }
}
