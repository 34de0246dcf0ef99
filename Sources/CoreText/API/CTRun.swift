@_spi(Lamina) import CoreGraphics

/// How a run is set (CoreText's raw values).
public struct CTRunStatus: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let rightToLeft = CTRunStatus(rawValue: 1 << 0)
    public static let nonMonotonic = CTRunStatus(rawValue: 1 << 1)
    public static let hasNonIdentityMatrix = CTRunStatus(rawValue: 1 << 2)
}

/// Glyphs of one font, attributes and direction in a line (CoreText's `CTRun`). Positions are
/// in the line's text space (from the line's origin, y up).
public final class CTRun: @unchecked Sendable {
    let line: LineData
    let glyphRange: Range<Int>
    init(line: LineData, glyphs: Range<Int>) { self.line = line; self.glyphRange = glyphs }

    var placed: ArraySlice<TextLayout.PlacedGlyph> { line.layout.glyphs[glyphRange] }

    /// `range` of the run's glyphs (length 0: to the end), clamped.
    func indices(_ range: CFRange) -> Range<Int> {
        let count = glyphRange.count
        let start = min(max(0, range.location), count)
        let end = range.length <= 0 ? count : min(count, start + range.length)
        return glyphRange.lowerBound + start..<glyphRange.lowerBound + max(start, end)
    }

    func advance(_ i: Int) -> CGFloat {
        let g = line.layout.glyphs[i]
        let next = i + 1 < line.line.glyphs.upperBound ? line.layout.glyphs[i + 1].x : line.line.origin.x + line.line.width
        return next - g.x
    }
}

public func CTRunGetGlyphCount(_ run: CTRun) -> CFIndex { run.glyphRange.count }

/// The run's attributes: the string's at its first character, with `.font` the font that
/// draws it (a fallback font when the string's lacks the characters). CoreText returns a
/// `CFDictionary`, which code casts to `[NSAttributedString.Key: Any]` (or uses as an
/// `NSDictionary`): on Linux Foundation cannot bridge an `NSDictionary` to that type, so Lamina
/// returns it as such, and those casts still compile and succeed.
public func CTRunGetAttributes(_ run: CTRun) -> [NSAttributedString.Key: Any] {
    guard let first = run.placed.first else { return [:] }
    var attributes: [NSAttributedString.Key: Any] = [:]
    let index = first.stringIndex + run.line.stringOffset
    if index < run.line.string.length { attributes = run.line.string.attributes(at: index, effectiveRange: nil) }
    attributes[.font] = CTFont(first.font, size: first.size, matrix: nil)
    return attributes
}

public func CTRunGetStatus(_ run: CTRun) -> CTRunStatus { run.placed.first?.rightToLeft == true ? .rightToLeft : [] }

/// Copies the glyphs of `range` into `buffer`.
public func CTRunGetGlyphs(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGGlyph>) {
    for (n, i) in run.indices(range).enumerated() { buffer[n] = run.line.layout.glyphs[i].glyph }
}

/// Copies the glyphs' positions (in the line's text space) into `buffer`.
public func CTRunGetPositions(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGPoint>) {
    let origin = run.line.line.origin.x
    for (n, i) in run.indices(range).enumerated() {
        let g = run.line.layout.glyphs[i]
        buffer[n] = CGPoint(x: g.x - origin, y: g.rise)
    }
}

/// Copies the glyphs' advances into `buffer`.
public func CTRunGetAdvances(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGSize>) {
    for (n, i) in run.indices(range).enumerated() { buffer[n] = CGSize(width: run.advance(i), height: 0) }
}

/// Copies each glyph's character index (UTF-16) into `buffer`.
public func CTRunGetStringIndices(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CFIndex>) {
    for (n, i) in run.indices(range).enumerated() { buffer[n] = run.line.layout.glyphs[i].stringIndex + run.line.stringOffset }
}

/// Lamina keeps no contiguous glyph buffer: nil, as CoreText may answer (use `CTRunGetGlyphs`).
public func CTRunGetGlyphsPtr(_ run: CTRun) -> UnsafePointer<CGGlyph>? { nil }
/// nil, as CoreText may answer (use `CTRunGetPositions`).
public func CTRunGetPositionsPtr(_ run: CTRun) -> UnsafePointer<CGPoint>? { nil }
/// nil, as CoreText may answer (use `CTRunGetAdvances`).
public func CTRunGetAdvancesPtr(_ run: CTRun) -> UnsafePointer<CGSize>? { nil }
/// nil, as CoreText may answer (use `CTRunGetStringIndices`).
public func CTRunGetStringIndicesPtr(_ run: CTRun) -> UnsafePointer<CFIndex>? { nil }

/// The characters the run's glyphs come from.
public func CTRunGetStringRange(_ run: CTRun) -> CFRange {
    let indices = run.placed.map(\.stringIndex)
    guard let lo = indices.min(), let hi = indices.max() else { return CFRange() }
    let end = run.line.line.carets.first { $0.range.lowerBound == hi }?.range.upperBound ?? hi + 1
    return CFRange(location: lo + run.line.stringOffset, length: end - lo)
}

/// The width of `range` of the run, and its font's ascent, descent and leading.
public func CTRunGetTypographicBounds(_ run: CTRun, _ range: CFRange, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                      _ descent: UnsafeMutablePointer<CGFloat>?, _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    if let g = run.placed.first {
        let k = g.size / CGFloat(max(1, g.font.unitsPerEm))
        ascent?.pointee = CGFloat(g.font.ascent) * k
        descent?.pointee = CGFloat(-g.font.descent) * k
        leading?.pointee = CGFloat(g.font.leading) * k
    }
    return Double(run.indices(range).reduce(0) { $0 + run.advance($1) })
}

/// Draws `range` of the run's glyphs at the context's text position, as `CTLineDraw` would.
public func CTRunDraw(_ run: CTRun, _ context: CGContext, _ range: CFRange) {
    let glyphs = run.indices(range)
    guard !glyphs.isEmpty else { return }
    context.saveGState()
    context.concatenate(run.line.toTextSpace.concatenating(context.textMatrix))
    run.line.layout.draw(in: context, at: .zero, glyphs: glyphs, decorations: 0..<0)
    context.restoreGState()
}
