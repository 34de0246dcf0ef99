@_spi(Lamina) import CoreGraphics

/// Sets an attributed string into frames (CoreText's `CTFramesetter`).
public final class CTFramesetter: @unchecked Sendable {
    let string: NSAttributedString
    init(_ string: NSAttributedString) { self.string = string }

    /// `range` of the string (length 0: to the end), clamped, as an `NSRange`.
    func clamp(_ range: CFRange) -> NSRange {
        let start = min(max(0, range.location), string.length)
        let end = range.length <= 0 ? string.length : min(string.length, start + range.length)
        return NSRange(location: start, length: max(0, end - start))
    }

    /// The layout of `range` in a box `width` wide (nil: unbounded) and `height` tall.
    func layout(_ range: NSRange, width: CGFloat?, height: CGFloat) -> TextLayout {
        TextLayout(runs: AttributedRuns.runs(of: string, range: range, font: CTFontDefaults.font, size: 12, color: CTFontDefaults.black),
                   width: width, height: height, wraps: width != nil, alignment: .natural, truncation: nil)
    }
}

/// Lines of text set in a shape (CoreText's `CTFrame`): the lines that fit the path's bounding
/// box, from its top, wrapped to its width.
public final class CTFrame: @unchecked Sendable {
    let layout: TextLayout
    let path: CGPath
    let string: NSAttributedString
    let range: NSRange
    init(layout: TextLayout, path: CGPath, string: NSAttributedString, range: NSRange) {
        self.layout = layout; self.path = path; self.string = string; self.range = range
    }
    lazy var lines: [CTLine] = layout.lines.indices.map {
        CTLine(layout: layout, index: $0, string: string, stringOffset: range.location)
    }
    var box: CGRect { path.isEmpty ? .zero : path.boundingBoxOfPath }
}

/// A framesetter for an attributed string. [U] CoreText copies the string; Lamina keeps it
/// (copying an attributed string on Linux leaks its attributes: swift-corelibs-foundation pull
/// request 5256), so change a mutable string only after its frames are made.
public func CTFramesetterCreateWithAttributedString(_ attrString: CFAttributedString) -> CTFramesetter {
    CTFramesetter(attrString)
}

/// The frame of `stringRange` (length 0: all) in `path`: Lamina sets text in the path's
/// bounding box (a rectangle, as most callers give). [U] CoreText flows text along other shapes.
public func CTFramesetterCreateFrame(_ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath,
                                     _ frameAttributes: CFDictionary?) -> CTFrame {
    let range = framesetter.clamp(stringRange)
    let box = path.isEmpty ? CGRect.zero : path.boundingBoxOfPath
    let width = box.width.isFinite ? max(0, box.width) : 0
    let height = box.height.isFinite ? max(0, box.height) : 0
    let layout = framesetter.layout(range, width: width, height: height)
    // A frame holds only whole lines that fit its height (CoreText shows none when the first
    // does not fit).
    var trimmed = layout
    while let last = trimmed.lines.last, last.origin.y + last.descent > height + 0.5 {
        trimmed.lines.removeLast()
    }
    return CTFrame(layout: trimmed, path: path, string: framesetter.string, range: range)
}

/// The size the text of `stringRange` needs within `constraints` (a width of 0 or infinity:
/// unbounded), and in `fitRange` the characters that fit.
public func CTFramesetterSuggestFrameSizeWithConstraints(_ framesetter: CTFramesetter, _ stringRange: CFRange,
                                                         _ frameAttributes: CFDictionary?, _ constraints: CGSize,
                                                         _ fitRange: UnsafeMutablePointer<CFRange>?) -> CGSize {
    let range = framesetter.clamp(stringRange)
    let w = constraints.width
    let width: CGFloat? = w.isFinite && w > 0 && w < 1e7 ? w : nil
    let h = constraints.height
    let layout = framesetter.layout(range, width: width, height: h.isFinite && h > 0 ? h : .infinity)
    fitRange?.pointee = CFRange(location: range.location, length: visibleEnd(layout, in: framesetter.string, range: range))
    return layout.usedSize
}

/// Where the characters the layout's lines show end, relative to `range`: the last line's end
/// and the spaces and the line separator after it.
func visibleEnd(_ layout: TextLayout, in string: NSAttributedString, range: NSRange) -> Int {
    guard let last = layout.lines.last else { return 0 }
    var end = last.stringRange.upperBound
    let text = string.string as NSString
    while end < range.length, let scalar = Unicode.Scalar(text.character(at: range.location + end)) {
        let c = Character(scalar)
        guard c.isWhitespace else { break }
        end += 1
        if c.isNewline { break }
    }
    return end
}

/// The frame's lines (`CTLine`s), top to bottom.
public func CTFrameGetLines(_ frame: CTFrame) -> CFArray { NSArray(array: frame.lines) }

/// Copies the origins of lines `range` (length 0: all) into `origins`: each line's baseline
/// start, from the bottom left of the frame's path bounds, y up.
public func CTFrameGetLineOrigins(_ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>) {
    let count = frame.layout.lines.count
    let start = min(max(0, range.location), count)
    let end = range.length <= 0 ? count : min(count, start + range.length)
    let height = frame.box.height
    for (n, i) in (start..<max(start, end)).enumerated() {
        let o = frame.layout.lines[i].origin
        origins[n] = CGPoint(x: o.x, y: height - o.y)
    }
}

/// Draws the frame's lines as CoreText does: each line as `CTLineDraw` draws it, at the text
/// position of its origin (`CTFrameGetLineOrigins` from the path's bounds, y up: the first line
/// at the top of a y-up context), through the context's text matrix. So in a y-down context the
/// text comes out upside down, as on iOS, unless the CTM is flipped first; a flipped text matrix
/// turns each glyph upright but leaves the lines in y-up order. The text position is restored.
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    guard !frame.layout.lines.isEmpty else { return }
    let box = frame.box
    let saved = context.textPosition
    for (i, line) in frame.lines.enumerated() {
        let o = frame.layout.lines[i].origin
        context.textPosition = CGPoint(x: box.minX + o.x, y: box.maxY - o.y)
        CTLineDraw(line, context)
    }
    context.textPosition = saved
}

/// The characters the frame was made of.
public func CTFrameGetStringRange(_ frame: CTFrame) -> CFRange { CFRange(location: frame.range.location, length: frame.range.length) }

/// The characters its lines show.
public func CTFrameGetVisibleStringRange(_ frame: CTFrame) -> CFRange {
    CFRange(location: frame.range.location, length: visibleEnd(frame.layout, in: frame.string, range: frame.range))
}

/// The frame's path.
public func CTFrameGetPath(_ frame: CTFrame) -> CGPath { frame.path }
