@_spi(Lamina) import CoreGraphics

/// A UTF-16 code unit (Core Foundation's `UniChar`).
public typealias UniChar = UInt16

/// Which way glyph metrics are measured (CoreText's raw values).
public enum CTFontOrientation: UInt32, Sendable {
    case `default` = 0, horizontal = 1, vertical = 2
}

/// A font at a size (CoreText's `CTFont`): a `CGFont`, a point size and a transform. Glyphs,
/// metrics and outlines come from the `CGFont`, scaled from font units to the size. Usable as a
/// text layer's `font` and as an attributed string's `.font` (`kCTFontAttributeName`).
///
/// UIKit's `UIFont` is this class (toll-free bridged on Apple's platforms: `font as CTFont` and
/// `ctFont as UIFont` both compile): UIKit adds its API in an extension.
open class CTFont: NSObject, @unchecked Sendable, CATextLayerFontProviding {
    package let graphicsFont: CGFont
    package let size: CGFloat
    package let matrix: CGAffineTransform
    /// The name the font was asked for (an Apple name such as ".SFUI-Regular" for the system
    /// font; `UIFont.fontName`).
    package let requestedName: String
    /// The Dynamic Type text style a preferred font was made for (UIKit's raw value), so labels
    /// that adjust to the content size category can make it again.
    package var textStyleName: String?
    /// For a font UIKit's `UIFontMetrics` scaled: the text style, the size it was scaled from
    /// (at the Large category) and the largest size it may reach.
    package var scaledFrom: (textStyle: String, basePointSize: CGFloat, maximumPointSize: CGFloat)?

    package init(_ font: CGFont, size: CGFloat, matrix: CGAffineTransform?, name: String? = nil) {
        graphicsFont = font
        // "If 0.0, the default font size of 12.0 is used" (CTFontCreateWithName); odd sizes too.
        self.size = size.isFinite && size > 0 ? min(size, 1e6) : 12
        self.matrix = matrix ?? .identity
        requestedName = name ?? (font.postScriptName ?? font.familyName)
        super.init()
    }

    /// Font units to points.
    package var scale: CGFloat { size / CGFloat(max(1, graphicsFont.unitsPerEm)) }

    public var cgFontForTextLayer: CGFont? { graphicsFont }
    public var pointSizeForTextLayer: CGFloat { size }
    open override var description: String { "<UIFont \(requestedName) \(size)pt (\(graphicsFont.familyName))>" }
    open override func isEqual(_ object: Any?) -> Bool {
        // Two fonts made alike are equal (each lookup opens its own face of the same file).
        guard let o = object as? CTFont else { return false }
        guard requestedName == o.requestedName, size == o.size, matrix == o.matrix else { return false }
        return graphicsFont === o.graphicsFont
            || (graphicsFont.postScriptName == o.graphicsFont.postScriptName && graphicsFont.familyName == o.graphicsFont.familyName
                && graphicsFont.usesSystemFontMetrics == o.graphicsFont.usesSystemFontMetrics)
    }
    open override var hash: Int {
        var h = Hasher()
        h.combine(requestedName); h.combine(size)
        return h.finalize()
    }
}

/// A font by name (a PostScript or family name, or an Apple font's name, drawn with its
/// stand-in), at `size` points (0: 12). CoreText returns "a font that best matches the name":
/// a name that matches nothing gives Helvetica's stand-in, with one diagnostic naming it.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    if let f = CGFont.named(name, size: size.isFinite && size > 0 ? size : 12) { return CTFont(f, size: size, matrix: matrix?.pointee, name: name) }
    let fallback = CTFontDefaults.font
    LaminaDiagnostics.report("CoreText: no font is named \"\(name.prefix(100))\"; CTFontCreateWithName gives \(fallback.fullName ?? fallback.familyName) "
                             + "(Helvetica's stand-in) instead")
    return CTFont(fallback, size: size, matrix: matrix?.pointee)
}

/// A font over a `CGFont` at `size` points.
public func CTFontCreateWithGraphicsFont(_ graphicsFont: CGFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                         _ attributes: CTFontDescriptor?) -> CTFont {
    CTFont(graphicsFont, size: size, matrix: matrix?.pointee)
}

/// A copy of `font` at another size (0: the same size).
public func CTFontCreateCopyWithAttributes(_ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                           _ attributes: CTFontDescriptor?) -> CTFont {
    CTFont(font.graphicsFont, size: size > 0 ? size : font.size, matrix: matrix?.pointee ?? font.matrix, name: font.requestedName)
}

/// The font's `CGFont`.
public func CTFontCopyGraphicsFont(_ font: CTFont, _ attributes: UnsafeMutablePointer<CTFontDescriptor?>?) -> CGFont {
    font.graphicsFont
}

public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }
public func CTFontGetMatrix(_ font: CTFont) -> CGAffineTransform { font.matrix }
/// The ascent in points.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat { CGFloat(font.graphicsFont.ascent) * font.scale }
/// The descent in points, positive.
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { CGFloat(-font.graphicsFont.descent) * font.scale }
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { CGFloat(font.graphicsFont.leading) * font.scale }
public func CTFontGetCapHeight(_ font: CTFont) -> CGFloat { CGFloat(font.graphicsFont.capHeight) * font.scale }
public func CTFontGetXHeight(_ font: CTFont) -> CGFloat { CGFloat(font.graphicsFont.xHeight) * font.scale }
public func CTFontGetUnitsPerEm(_ font: CTFont) -> UInt32 { UInt32(max(0, font.graphicsFont.unitsPerEm)) }
public func CTFontGetGlyphCount(_ font: CTFont) -> CFIndex { font.graphicsFont.numberOfGlyphs }
/// The slant of italic glyphs in degrees, counter-clockwise from vertical.
public func CTFontGetSlantAngle(_ font: CTFont) -> CGFloat { font.graphicsFont.italicAngle }
/// Where underlines go, in points below the baseline (negative).
public func CTFontGetUnderlinePosition(_ font: CTFont) -> CGFloat { CGFloat(font.graphicsFont.underlineMetrics.position) * font.scale }
public func CTFontGetUnderlineThickness(_ font: CTFont) -> CGFloat { CGFloat(font.graphicsFont.underlineMetrics.thickness) * font.scale }
/// The box enclosing all the font's glyphs, in points.
public func CTFontGetBoundingBox(_ font: CTFont) -> CGRect {
    let b = font.graphicsFont.fontBBox
    let k = font.scale
    return CGRect(x: b.minX * k, y: b.minY * k, width: b.width * k, height: b.height * k)
}

public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { font.graphicsFont.postScriptName ?? font.graphicsFont.familyName }
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString { font.graphicsFont.familyName }
public func CTFontCopyFullName(_ font: CTFont) -> CFString { font.graphicsFont.fullName ?? font.graphicsFont.familyName }
public func CTFontCopyDisplayName(_ font: CTFont) -> CFString { CTFontCopyFullName(font) }

/// The glyph with a PostScript glyph name (0 when none).
public func CTFontGetGlyphWithName(_ font: CTFont, _ glyphName: CFString) -> CGGlyph {
    font.graphicsFont.getGlyphWithGlyphName(name: glyphName)
}

/// The glyph of each UTF-16 character: a surrogate pair's glyph goes at its first unit and 0 at
/// the second. Returns false when some character has no glyph (its glyph is 0).
public func CTFontGetGlyphsForCharacters(_ font: CTFont, _ characters: UnsafePointer<UniChar>,
                                         _ glyphs: UnsafeMutablePointer<CGGlyph>, _ count: CFIndex) -> Bool {
    guard count > 0 else { return true }
    var all = true
    var i = 0
    while i < count {
        let u = characters[i]
        if UTF16.isLeadSurrogate(u), i + 1 < count, UTF16.isTrailSurrogate(characters[i + 1]) {
            let value = 0x10000 + (UInt32(u - 0xD800) << 10) + UInt32(characters[i + 1] - 0xDC00)
            let g = Unicode.Scalar(value).map { font.graphicsFont.glyph(for: $0) } ?? 0
            glyphs[i] = g; glyphs[i + 1] = 0
            all = all && g != 0
            i += 2
            continue
        }
        let g = Unicode.Scalar(u).map { font.graphicsFont.glyph(for: $0) } ?? 0
        glyphs[i] = g
        all = all && g != 0
        i += 1
    }
    return all
}

/// Each glyph's advance in points (horizontal: width; vertical: the advance down, as a negative
/// height, from the font's size), and their sum.
@discardableResult
public func CTFontGetAdvancesForGlyphs(_ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
                                       _ advances: UnsafeMutablePointer<CGSize>?, _ count: CFIndex) -> Double {
    guard count > 0 else { return 0 }
    var units = [Int32](repeating: 0, count: count)
    _ = font.graphicsFont.getGlyphAdvances(glyphs: glyphs, count: count, advances: &units)
    var total: Double = 0
    for i in 0..<count {
        let a: CGSize = orientation == .vertical ? CGSize(width: 0, height: -font.size) : CGSize(width: CGFloat(units[i]) * font.scale, height: 0)
        advances?[i] = a
        total += Double(orientation == .vertical ? -a.height : a.width)
    }
    return total
}

/// Each glyph's outline bounds in points, and their union.
@discardableResult
public func CTFontGetBoundingRectsForGlyphs(_ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
                                            _ boundingRects: UnsafeMutablePointer<CGRect>?, _ count: CFIndex) -> CGRect {
    var union = CGRect.null
    for i in 0..<max(0, count) {
        let box = font.graphicsFont.path(for: glyphs[i]).map { $0.isEmpty ? .zero : $0.boundingBoxOfPath } ?? .zero
        let k = font.scale
        let r = CGRect(x: box.minX * k, y: box.minY * k, width: box.width * k, height: box.height * k)
        boundingRects?[i] = r
        if !r.isEmpty { union = union.union(r) }
    }
    return union.isNull ? .zero : union
}

/// The outline of a glyph in points (y up, origin on the baseline), through `matrix`; nil for
/// a glyph without an outline (a colour bitmap).
public func CTFontCreatePathForGlyph(_ font: CTFont, _ glyph: CGGlyph, _ matrix: UnsafePointer<CGAffineTransform>?) -> CGPath? {
    guard let outline = font.graphicsFont.path(for: glyph), !outline.isEmpty else { return nil }
    let k = font.scale
    var t = CGAffineTransform(scaleX: k, y: k).concatenating(font.matrix)
    if let m = matrix?.pointee { t = t.concatenating(m) }
    let path = CGMutablePath()
    path.addPath(outline, transform: t)
    return path
}

/// Draws glyphs at positions (text space) in the context's fill colour, through its text
/// matrix, as `CGContext.showGlyphs(_:at:)` does with this font.
public func CTFontDrawGlyphs(_ font: CTFont, _ glyphs: UnsafePointer<CGGlyph>, _ positions: UnsafePointer<CGPoint>, _ count: Int,
                             _ context: CGContext) {
    guard count > 0 else { return }
    context.saveGState()
    context.setFont(font.graphicsFont)
    context.setFontSize(font.size)
    context.showGlyphs(Array(UnsafeBufferPointer(start: glyphs, count: count)), at: Array(UnsafeBufferPointer(start: positions, count: count)))
    context.restoreGState()
}
