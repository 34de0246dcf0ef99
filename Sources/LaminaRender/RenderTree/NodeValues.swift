@_spi(Lamina) import CoreGraphics

/// A colour as the renderer uses it: non-premultiplied sRGB components (what `CGColor.rgba`
/// gives, so a fill set from them paints exactly as the colour itself would).
package struct RGBA: Equatable, Hashable, Sendable {
    package var r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat
    package init(r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) { self.r = r; self.g = g; self.b = b; self.a = a }
    package init(_ c: CGColor) { let v = c.rgba; r = v.red; g = v.green; b = v.blue; a = v.alpha }
    package static let black = RGBA(r: 0, g: 0, b: 0, a: 1)
    package static let white = RGBA(r: 1, g: 1, b: 1, a: 1)
    package var tuple: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { (r, g, b, a) }
    /// The colour with its alpha multiplied by `k`.
    package func fading(_ k: CGFloat) -> RGBA { RGBA(r: r, g: g, b: b, a: a * k) }
}

/// Something that can stand as a layer's `contents` by providing a `CGImage` (UIKit's images).
public protocol ContentsImageProviding {
    /// The image drawn as contents.
    var cgImageForContents: CGImage? { get }
}

/// The image a `contents` value shows (a `CGImage`, or an object providing one), if any.
package func contentsImage(_ contents: Any?) -> CGImage? {
    contents as? CGImage ?? (contents as? ContentsImageProviding)?.cgImageForContents
}

/// What a layer's `contents` shows: nothing, an image, or a cross-fade between two in progress.
package enum RenderContents: Equatable, @unchecked Sendable {
    case none
    case image(CGImage)
    case crossfade(from: CGImage?, to: CGImage?, fraction: Double)

    /// The contents for a model value (a `CGImage`, an image provider, or a cross-fade).
    package init(_ value: Any?) {
        if let x = value as? CrossfadeContents {
            self = .crossfade(from: contentsImage(x.from), to: contentsImage(x.to), fraction: x.fraction)
        } else if let image = contentsImage(value) {
            self = .image(image)
        } else {
            self = .none
        }
    }

    /// The image when the contents are a plain image.
    package var image: CGImage? { if case .image(let i) = self { return i }; return nil }

    package static func == (l: RenderContents, r: RenderContents) -> Bool {
        switch (l, r) {
        case (.none, .none): return true
        case let (.image(a), .image(b)): return a === b
        case let (.crossfade(a0, a1, af), .crossfade(b0, b1, bf)): return a0 === b0 && a1 === b1 && af == bf
        default: return false
        }
    }
}

/// The kinds of layer the renderer draws differently.
package enum NodeKind: UInt8, Sendable {
    case plain, shape, gradient, replicator, emitter
    /// A `CATransformLayer`: its sublayers keep their depth; it draws nothing itself.
    case transformLayer
}

/// A node's Boolean properties.
package struct NodeFlags: OptionSet, Hashable, Sendable {
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }
    package static let hidden = NodeFlags(rawValue: 1 << 0)
    package static let doubleSided = NodeFlags(rawValue: 1 << 1)
    package static let masksToBounds = NodeFlags(rawValue: 1 << 2)
    package static let geometryFlipped = NodeFlags(rawValue: 1 << 3)
    package static let allowsGroupOpacity = NodeFlags(rawValue: 1 << 4)
    /// The node is its parent's `mask`, not one of its sublayers.
    package static let isMask = NodeFlags(rawValue: 1 << 5)
    /// Sublayers keep their depth (transform layers, replicators with `preservesDepth`).
    package static let preservesDepth = NodeFlags(rawValue: 1 << 6)
    /// Rounded corners use the continuous curve.
    package static let continuousCorners = NodeFlags(rawValue: 1 << 7)
    /// The node has timing of its own (`beginTime`, `speed`…): its local time is not its
    /// parent's.
    package static let timed = NodeFlags(rawValue: 1 << 8)
}

/// A node's properties that are read as a group and rarely animated.
package struct NodeStyle: Equatable, Sendable {
    package var kind: NodeKind = .plain
    package var maskedCorners: UInt = 0xF
    /// The `contentsGravity` name.
    package var contentsGravity: String = "resize"
    package var minificationFilter: CGImageFilter = .linear
    package var magnificationFilter: CGImageFilter = .linear
    /// The blend mode `compositingFilter` names, if any.
    package var blendMode: CGBlendMode?
    /// What is behind the layer, blurred and saturated, drawn as its first content (a
    /// backdrop filter in `backgroundFilters`), if any.
    package var backdrop: BackdropEffect?
    package init() {}
}

/// A backdrop: what lies behind a layer within its bounds, blurred by a Gaussian of
/// `blurRadius` points' standard deviation and saturated by `saturation` (1 leaves colours).
package struct BackdropEffect: Equatable, Sendable {
    package var blurRadius: CGFloat
    package var saturation: CGFloat
    package init(blurRadius: CGFloat, saturation: CGFloat) {
        self.blurRadius = blurRadius
        self.saturation = saturation
    }
}

/// A shape layer's drawing.
package struct ShapeContent: Equatable, @unchecked Sendable {
    package var path: CGPath?
    package var fillColor: RGBA? = .black
    package var evenOdd = false
    package var strokeColor: RGBA?
    package var strokeStart: CGFloat = 0
    package var strokeEnd: CGFloat = 1
    package var lineWidth: CGFloat = 1
    package var miterLimit: CGFloat = 10
    package var lineCap: CGLineCap = .butt
    package var lineJoin: CGLineJoin = .miter
    package var lineDashPhase: CGFloat = 0
    package var lineDashPattern: [CGFloat]?
    package init() {}

    package static func == (l: ShapeContent, r: ShapeContent) -> Bool {
        l.path === r.path && l.fillColor == r.fillColor && l.evenOdd == r.evenOdd && l.strokeColor == r.strokeColor
            && l.strokeStart == r.strokeStart && l.strokeEnd == r.strokeEnd && l.lineWidth == r.lineWidth
            && l.miterLimit == r.miterLimit && l.lineCap == r.lineCap && l.lineJoin == r.lineJoin
            && l.lineDashPhase == r.lineDashPhase && l.lineDashPattern == r.lineDashPattern
    }
}

/// A gradient layer's gradient. The colours stay `CGColor`s: a gradient interpolates them in
/// its own colour space, converted from each colour's.
package struct GradientContent: Equatable, @unchecked Sendable {
    package enum Geometry: Sendable { case axial, radial, conic }
    package var colors: [CGColor] = []
    package var locations: [CGFloat]?
    package var startPoint = CGPoint(x: 0.5, y: 0)
    package var endPoint = CGPoint(x: 0.5, y: 1)
    package var geometry: Geometry = .axial
    package init() {}

    package static func == (l: GradientContent, r: GradientContent) -> Bool {
        l.colors.count == r.colors.count && zip(l.colors, r.colors).allSatisfy { $0 === $1 || $0 == $1 }
            && l.locations == r.locations && l.startPoint == r.startPoint && l.endPoint == r.endPoint && l.geometry == r.geometry
    }
}

/// A replicator's copies.
package struct ReplicatorContent: Equatable, Sendable {
    package var instanceCount = 1
    package var instanceDelay: Double = 0
    package var instanceTransform = CATransform3DIdentity
    package var instanceColor: RGBA? = .white
    package var redOffset: Float = 0, greenOffset: Float = 0, blueOffset: Float = 0, alphaOffset: Float = 0
    package init() {}
}

/// One kind of particle (a `CAEmitterCell`) as values.
package struct EmitterCellContent: Equatable, @unchecked Sendable {
    package var isEnabled = true
    package var birthRate: Float = 0, lifetime: Float = 0, lifetimeRange: Float = 0
    package var emissionLongitude: CGFloat = 0, emissionRange: CGFloat = 0
    package var velocity: CGFloat = 0, velocityRange: CGFloat = 0
    package var xAcceleration: CGFloat = 0, yAcceleration: CGFloat = 0
    package var scale: CGFloat = 1, scaleRange: CGFloat = 0, scaleSpeed: CGFloat = 0
    package var spin: CGFloat = 0, spinRange: CGFloat = 0
    package var color: RGBA = .white
    package var redRange: Float = 0, greenRange: Float = 0, blueRange: Float = 0, alphaRange: Float = 0
    package var redSpeed: Float = 0, greenSpeed: Float = 0, blueSpeed: Float = 0, alphaSpeed: Float = 0
    package var contents: CGImage?
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsScale: CGFloat = 1
    package var beginTime: Double = 0, duration: Double = 0
    package var cells: [EmitterCellContent] = []
    package init() {}

    package static func == (l: EmitterCellContent, r: EmitterCellContent) -> Bool {
        l.isEnabled == r.isEnabled && l.birthRate == r.birthRate && l.lifetime == r.lifetime && l.lifetimeRange == r.lifetimeRange
            && l.emissionLongitude == r.emissionLongitude && l.emissionRange == r.emissionRange && l.velocity == r.velocity
            && l.velocityRange == r.velocityRange && l.xAcceleration == r.xAcceleration && l.yAcceleration == r.yAcceleration
            && l.scale == r.scale && l.scaleRange == r.scaleRange && l.scaleSpeed == r.scaleSpeed && l.spin == r.spin
            && l.spinRange == r.spinRange && l.color == r.color && l.redRange == r.redRange && l.greenRange == r.greenRange
            && l.blueRange == r.blueRange && l.alphaRange == r.alphaRange && l.redSpeed == r.redSpeed
            && l.greenSpeed == r.greenSpeed && l.blueSpeed == r.blueSpeed && l.alphaSpeed == r.alphaSpeed
            && l.contents === r.contents && l.contentsRect == r.contentsRect && l.contentsScale == r.contentsScale
            && l.beginTime == r.beginTime && l.duration == r.duration && l.cells == r.cells
    }
}

/// An emitter layer's particles as values.
package struct EmitterContent: Equatable, Sendable {
    package var cells: [EmitterCellContent] = []
    package var birthRate: Float = 1, lifetime: Float = 1, velocity: Float = 1, scale: Float = 1, spin: Float = 1
    package var emitterPosition: CGPoint = .zero
    package var emitterZPosition: CGFloat = 0
    package var emitterSize: CGSize = .zero
    package var emitterDepth: CGFloat = 0
    package var emitterShape = "point"
    package var emitterMode = "volume"
    package var renderMode = "unordered"
    package var seed: UInt32 = 0
    /// The emitter layer's `beginTime`: particles are born from then on.
    package var beginTime: Double = 0
    package init() {}
}

/// What a subclass draws itself, between its contents and its sublayers (or above its border,
/// for particles).
package enum NodeContent: Equatable, Sendable {
    case none
    case shape(ShapeContent)
    case gradient(GradientContent)
    case replicator(ReplicatorContent)
    case emitter(EmitterContent)

    package var shape: ShapeContent? { if case .shape(let s) = self { return s }; return nil }
    package var gradient: GradientContent? { if case .gradient(let g) = self { return g }; return nil }
    package var replicator: ReplicatorContent? { if case .replicator(let r) = self { return r }; return nil }
    package var emitter: EmitterContent? { if case .emitter(let e) = self { return e }; return nil }
}
