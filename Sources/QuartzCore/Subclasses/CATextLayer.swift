@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import CoreText
/// How a text layer truncates text that does not fit.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = Self(rawValue: "none")
    public static let start = Self(rawValue: "start")
    public static let end = Self(rawValue: "end")
    public static let middle = Self(rawValue: "middle")
}

/// How a text layer aligns its lines.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable, KVCStringEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = Self(rawValue: "natural")
    public static let left = Self(rawValue: "left")
    public static let right = Self(rawValue: "right")
    public static let center = Self(rawValue: "center")
    public static let justified = Self(rawValue: "justified")
}

/// A layer that draws a string or attributed string, its first line at the top (spec §2).
/// Text drawing arrives with fonts (issue 3) and the compositor (issue 4); every property
/// change already marks the layer for redisplay.
open class CATextLayer: CALayer {
    override class var kvcAccessors: KVCAccessors { ownKVCAccessors }

    /// The last text layout and what it was made from: a redraw of unchanged text (a new
    /// `contentsScale`, a bounds change that keeps the width, an animation of something else)
    /// reuses it and only draws.
    let layoutCache = Locked<TextLayoutCache?>(nil)

    enum Slot: Int, CaseIterable {
        case string, font, fontSize, foregroundColor, wrapped, truncationMode, alignmentMode, allowsFontSubpixelQuantization
        var slot: Int { LayerSlot.allCases.count + rawValue }
    }

    enum TP {
        static let string = CAProperty<Any?>(Slot.string.slot, "string", nil, effects: [.display])
        static let font = CAProperty<CFTypeRef?>(Slot.font.slot, "font", "Helvetica" as NSString, effects: [.display])
        static let fontSize = CAProperty<CGFloat>(Slot.fontSize.slot, "fontSize", 36, animatable: true, effects: [.display])
        static let foregroundColor = CAProperty<CGColor?>(Slot.foregroundColor.slot, "foregroundColor", CGColor.white,
                                                          animatable: true, effects: [.display])
        static let wrapped = CAProperty<Bool>(Slot.wrapped.slot, "wrapped", false, effects: [.display], aliases: ["isWrapped"])
        static let truncationMode = CAProperty<CATextLayerTruncationMode>(Slot.truncationMode.slot, "truncationMode", .none,
                                                                          effects: [.display])
        static let alignmentMode = CAProperty<CATextLayerAlignmentMode>(Slot.alignmentMode.slot, "alignmentMode", .natural,
                                                                        effects: [.display])
        static let allowsFontSubpixelQuantization = CAProperty<Bool>(Slot.allowsFontSubpixelQuantization.slot,
                                                                     "allowsFontSubpixelQuantization", false, effects: [.display])
        static let all: [CAPropertyDescriptor] = [string, font, fontSize, foregroundColor, wrapped, truncationMode,
                                                  alignmentMode, allowsFontSubpixelQuantization]
    }

    static let descriptors = CALayer.layerDescriptors + TP.all
    override class var builtInPropertyDescriptors: [CAPropertyDescriptor] { CATextLayer.descriptors }
    override class var builtInSlotCount: Int { LayerSlot.allCases.count + Slot.allCases.count }

    /// [U] A text layer re-lays out its text when its bounds change, so by default it redraws on
    /// bounds changes (`needsDisplayOnBoundsChange` is true); set it to false to opt out.
    open override class func defaultValue(forKey key: String) -> Any? {
        if key == "needsDisplayOnBoundsChange" { return true }
        return super.defaultValue(forKey: key)
    }

    /// Draws the text (the default `display()` calls this into a backing store of bounds ×
    /// `contentsScale`); the delegate's `draw(_:in:)` is not called (a `UILabel` backed by a
    /// text layer draws nothing of its own). Override to draw something else.
    open override func draw(in ctx: CGContext) {
        drawText(in: ctx)
    }

    /// The size the text needs: unwrapped, or wrapped to the current width when `isWrapped`.
    open override func preferredFrameSize() -> CGSize {
        let layout = textLayout(width: isWrapped ? bounds.width : nil, height: .greatestFiniteMagnitude)
        return CGSize(width: layout.usedSize.width.rounded(.up), height: layout.usedSize.height.rounded(.up))
    }

    /// A new `contentsScale` redraws the text at the new resolution.
    open override class func needsDisplay(forKey key: String) -> Bool {
        key == "contentsScale" || super.needsDisplay(forKey: key)
    }

    /// The text: a `String` or an `NSAttributedString`.
    ///
    /// Differs from Apple: runs of an attributed string that set no font, size or colour take
    /// the layer's ``font``, ``fontSize`` and ``foregroundColor``; Apple draws such runs in
    /// Helvetica 12, black. Runs that set their own are drawn alike.
    open var string: Any? { get { kvcFlatten(self[TP.string]) } set { self[TP.string] = newValue } }
    /// The font: a font object, a `CGFont` or a font name. Helvetica by default.
    open var font: CFTypeRef? { get { self[TP.font] } set { self[TP.font] = newValue } }
    /// The font size (36 by default). Animatable.
    open var fontSize: CGFloat { get { self[TP.fontSize] } set { self[TP.fontSize] = newValue } }
    /// The text colour (opaque white by default). Animatable.
    open var foregroundColor: CGColor? { get { self[TP.foregroundColor] } set { self[TP.foregroundColor] = newValue } }
    /// Whether the text wraps to the bounds.
    open var isWrapped: Bool { get { self[TP.wrapped] } set { self[TP.wrapped] = newValue } }
    /// How text that does not fit is truncated.
    open var truncationMode: CATextLayerTruncationMode {
        get { self[TP.truncationMode] } set { self[TP.truncationMode] = newValue }
    }
    /// How lines are aligned.
    open var alignmentMode: CATextLayerAlignmentMode { get { self[TP.alignmentMode] } set { self[TP.alignmentMode] = newValue } }
    /// Whether the context the text is drawn in may quantize glyph positions (to thirds of a
    /// pixel across and whole pixels down; `CGContext.setAllowsFontSubpixelQuantization(_:)`).
    /// Off by default: a text layer's glyphs sit where the layout puts them.
    open var allowsFontSubpixelQuantization: Bool {
        get { self[TP.allowsFontSubpixelQuantization] } set { self[TP.allowsFontSubpixelQuantization] = newValue }
    }
}

extension CATextLayer {
    /// KVC goes through these accessors for user subclasses (see OverridableAccessors.swift).
    static let ownKVCAccessors = CALayer.baseKVCAccessors.adding([
        .init("string", \CATextLayer.string),
        .init("font", \CATextLayer.font),
        .init("fontSize", \CATextLayer.fontSize),
        .init("foregroundColor", \CATextLayer.foregroundColor),
        .init("wrapped", \CATextLayer.isWrapped),
        .init("truncationMode", \CATextLayer.truncationMode),
        .init("alignmentMode", \CATextLayer.alignmentMode),
    ])
}
