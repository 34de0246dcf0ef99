import Foundation
@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import CoreText

/// Laid-out editable text: where the caret goes for an offset, which offset a point is nearest
/// to, the rectangles a selection covers, drawing. Coordinates are the layout's: y down from
/// the first line's top, x from the box's left. Offsets are the whole text's: a layout of a
/// window of a long text (`base` > 0) takes and gives them offset by where its window starts.
struct EditableTextLayout {
    let layout: TextLayout
    let font: UIFont
    /// The box width lines are aligned (and wrapped, when wrapping) in; nil: unbounded.
    let width: CGFloat?
    /// The laid-out text's length in UTF-16 units.
    let length: Int
    /// The offset in the whole text of the laid-out text's start.
    let base: Int
    let alignment: CTTextAlignment

    /// Lays out `text` in `font` and `color`, or in `runs` (their texts are `text`) when given.
    init(text: String, runs: [LaminaTextRun]? = nil, font: UIFont, color: CGColor, width: CGFloat?, wraps: Bool,
         alignment: CTTextAlignment, direction: LaminaWritingDirection, base: Int = 0) {
        self.font = font
        self.width = width
        self.alignment = alignment
        self.base = base
        length = text.utf16.count
        let runs = text.isEmpty ? [] : runs ?? [LaminaTextRun(text: text, font: font.cgFont, size: font.pointSize, color: color)]
        layout = TextLayout(runs: runs, width: width, height: .infinity, wraps: wraps && width != nil, alignment: alignment,
                            truncation: nil, direction: direction.bidi)
    }

    private init(_ other: EditableTextLayout, base: Int) {
        layout = other.layout; font = other.font; width = other.width; length = other.length; alignment = other.alignment
        self.base = base
    }

    /// The same layout for text starting at `base` in a longer text.
    func rebased(to base: Int) -> EditableTextLayout { EditableTextLayout(self, base: base) }

    /// The height of one line of the font (its line height, at least).
    var lineHeight: CGFloat { font.lineHeight }

    /// The size the text takes (one line's height when empty).
    var usedSize: CGSize {
        layout.lines.isEmpty ? CGSize(width: 0, height: lineHeight) : layout.usedSize
    }

    /// Where an empty line's caret goes: the alignment's side of the box.
    private func emptyLineX() -> CGFloat {
        guard let width else { return 0 }
        switch alignment {
        case .center: return width / 2
        case .right: return width
        default: return 0
        }
    }

    /// The index of the line holding `offset` (the last line whose range starts at or before it;
    /// an offset after a line break starts the next line).
    private func lineIndex(for offset: Int) -> Int? {
        guard !layout.lines.isEmpty else { return nil }
        var best = 0
        for (i, line) in layout.lines.enumerated() where line.stringRange.lowerBound <= offset { best = i }
        return best
    }

    /// The caret's rectangle (x at the insertion point, a line's height) for `offset`, 2 points
    /// wide as iOS draws it.
    func caretRect(for offset: Int) -> CGRect {
        let offset = min(max(0, offset - base), length)
        let w: CGFloat = 2
        guard let li = lineIndex(for: offset) else {
            return CGRect(x: emptyLineX() - (alignment == .right ? w : 0), y: 0, width: w, height: lineHeight)
        }
        let line = layout.lines[li]
        let top = line.origin.y - line.ascent
        let height = max(line.ascent + line.descent, lineHeight)
        // A caret after a trailing line break sits at the start of the (empty) next line.
        if li == layout.lines.count - 1, offset == length, length > 0, line.stringRange.upperBound == length,
           isLineBreakBefore(length) {
            return CGRect(x: emptyLineX(), y: top + height + line.leading, width: w, height: height)
        }
        // Centred on the insertion point, but not before the box's left edge.
        return CGRect(x: max(0, line.origin.x + x(of: offset, in: line) - w / 2), y: top, width: w, height: height)
    }

    private func isLineBreakBefore(_ offset: Int) -> Bool {
        guard offset > 0 else { return false }
        for line in layout.lines {
            for c in line.carets where c.range.upperBound == offset {
                return c.advance == 0 && c.range.count == 1 && line.stringRange.upperBound == offset
            }
        }
        return false
    }

    /// The x of `offset` within `line` (from its origin): a character's leading edge, or the
    /// trailing edge of the last one before it.
    private func x(of offset: Int, in line: TextLayout.Line) -> CGFloat {
        if let c = line.carets.first(where: { $0.range.lowerBound == offset }) {
            return c.rightToLeft ? c.x + c.advance : c.x
        }
        if let c = line.carets.first(where: { $0.range.upperBound == offset }) {
            return c.rightToLeft ? c.x : c.x + c.advance
        }
        if let c = line.carets.first(where: { $0.range.contains(offset) }) {
            return c.rightToLeft ? c.x + c.advance : c.x
        }
        return offset <= line.stringRange.lowerBound ? 0 : line.width
    }

    /// The offset nearest to `point`.
    func offset(nearest point: CGPoint) -> Int {
        guard !layout.lines.isEmpty else { return base }
        var li = layout.lines.count - 1
        for (i, line) in layout.lines.enumerated() where point.y < line.origin.y + line.descent + line.leading / 2 {
            li = i
            break
        }
        let line = layout.lines[li]
        let x = point.x - line.origin.x
        var best = line.stringRange.lowerBound, bestDistance = CGFloat.infinity
        for c in line.carets {
            let lead = c.rightToLeft ? c.x + c.advance : c.x
            let trail = c.rightToLeft ? c.x : c.x + c.advance
            for (o, cx) in [(c.range.lowerBound, lead), (c.range.upperBound, trail)] where abs(cx - x) < bestDistance {
                bestDistance = abs(cx - x)
                best = o
            }
        }
        // Not past a line's own break: that offset is the next line's start.
        if li < layout.lines.count - 1, best == layout.lines[li + 1].stringRange.lowerBound, best > line.stringRange.lowerBound {
            best -= 1
        }
        return base + min(best, length)
    }

    /// The rectangles `range` covers, a line at a time (visual runs merged per line).
    func selectionRects(_ range: Range<Int>) -> [CGRect] {
        let range = min(max(0, range.lowerBound - base), length)..<min(max(0, range.upperBound - base), length)
        guard !range.isEmpty else { return [] }
        var rects: [CGRect] = []
        for line in layout.lines {
            let top = line.origin.y - line.ascent
            let height = max(line.ascent + line.descent, lineHeight)
            var xs: [CGFloat] = []
            for c in line.carets where c.range.overlaps(range) {
                xs.append(c.x); xs.append(c.x + c.advance)
            }
            guard let lo = xs.min(), let hi = xs.max() else { continue }
            rects.append(CGRect(x: line.origin.x + lo, y: top, width: max(hi - lo, 1), height: height))
        }
        return rects
    }

    /// Draws the text with the layout's top left at `origin` (y down).
    func draw(in ctx: CGContext, at origin: CGPoint) { layout.draw(in: ctx, at: origin) }
}

/// How editable text shows a selection and marked text: the selection's rectangles filled with
/// the tint at 20% under the text, the marked text underlined by a 1-point line in the text
/// colour, as an input method composes it. Rectangles are in the text's coordinates and drawn
/// offset by `origin`.
enum TextHighlights {
    static func drawSelection(_ rects: [CGRect], tint: UIColor?, at origin: CGPoint, in ctx: CGContext) {
        guard !rects.isEmpty else { return }
        ctx.setFillColor((tint ?? .systemBlue).withAlphaComponent(0.2).cgColor)
        for r in rects { ctx.fill(r.offsetBy(dx: origin.x, dy: origin.y)) }
    }

    static func drawMarkedUnderline(_ rects: [CGRect], color: UIColor?, at origin: CGPoint, in ctx: CGContext) {
        guard !rects.isEmpty else { return }
        ctx.setFillColor((color ?? .label).cgColor)
        for r in rects { ctx.fill(CGRect(x: origin.x + r.minX, y: origin.y + r.maxY - 1, width: r.width, height: 1)) }
    }
}
