import Foundation
@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import CoreText

/// Multi-line editable text laid out a paragraph at a time and stacked: an edit lays out again
/// only the paragraphs it touched (the others come from the last layout), so typing in a long
/// text costs one paragraph's layout. Offsets are the whole text's UTF-16 offsets; coordinates
/// are y down from the first line's top, x from the wrapping box's left.
struct ParagraphStackLayout {
    /// One paragraph: its text's range (without its line break), its layout and its top.
    struct Paragraph {
        var range: Range<Int>
        var layout: EditableTextLayout
        var top: CGFloat
        var height: CGFloat
    }

    private(set) var paragraphs: [Paragraph] = []
    let width: CGFloat

    /// The paragraphs laid out last, by their text (with their runs when attributed), to be
    /// taken again while unchanged, and what they were laid out with: none is taken when the
    /// width, font, colour, alignment or direction differ.
    struct Reuse {
        fileprivate var setting: Setting?
        fileprivate var table: [String: [(runs: [LaminaTextRun]?, layout: EditableTextLayout)]] = [:]
        init() {}
    }

    /// What the paragraphs are laid out with.
    struct Setting: Equatable {
        var width: CGFloat
        var font: UIFont
        var color: CGColor
        var alignment: CTTextAlignment
        var direction: LaminaWritingDirection
    }

    /// Lays out `text` wrapped at `width`. `attributed` gives a paragraph's runs (nil: plain
    /// text in `font` and `color`); `spacing` the space after a paragraph. `reuse` is the last
    /// layout's paragraphs by their source, taken when unchanged.
    init(text: String, setting: Setting, attributed: ((Range<Int>) -> (runs: [LaminaTextRun], spacing: CGFloat))?,
         reuse: inout Reuse) {
        let (width, font, color, alignment, direction) = (setting.width, setting.font, setting.color, setting.alignment,
                                                         setting.direction)
        self.width = width
        let previous = reuse.setting == setting ? reuse.table : [:]
        var fresh: [String: [(runs: [LaminaTextRun]?, layout: EditableTextLayout)]] = [:]
        func find(_ table: [String: [(runs: [LaminaTextRun]?, layout: EditableTextLayout)]], _ piece: String,
                  _ runs: [LaminaTextRun]?) -> EditableTextLayout? {
            table[piece]?.first(where: { $0.runs == runs })?.layout
        }
        var top: CGFloat = 0
        var start = 0
        var offset = 0
        let u = text.utf16
        var index = u.startIndex
        var pieceStart = index
        func close(_ end: Int, _ endIndex: String.UTF16View.Index) {
            let range = start..<end
            let piece = String(text[pieceStart..<endIndex])
            let attributes = attributed?(range)
            let layout: EditableTextLayout
            if let found = find(fresh, piece, attributes?.runs) {
                layout = found
            } else {
                layout = find(previous, piece, attributes?.runs) ?? EditableTextLayout(
                    text: piece, runs: attributes?.runs, font: font, color: color, width: width, wraps: true,
                    alignment: alignment, direction: direction)
                fresh[piece, default: []].append((attributes?.runs, layout))
            }
            let height = layout.usedSize.height
            paragraphs.append(Paragraph(range: range, layout: layout.rebased(to: start), top: top, height: height))
            top += height + (attributes?.spacing ?? 0)
        }
        while index != u.endIndex {
            let c = u[index]
            let next = u.index(after: index)
            if c == 0x0A || c == 0x2029 || c == 0x2028 {
                close(offset, index)
                start = offset + 1
                pieceStart = next
            }
            offset += 1
            index = next
        }
        close(offset, index)
        reuse.setting = setting
        reuse.table = fresh
    }

    /// The text's height.
    var height: CGFloat { (paragraphs.last.map { $0.top + $0.height }) ?? 0 }

    /// The paragraph holding `offset` (a line break belongs to the paragraph it ends).
    private func paragraphIndex(for offset: Int) -> Int {
        var lo = 0, hi = paragraphs.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if paragraphs[mid].range.lowerBound <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The caret's rectangle for `offset`.
    func caretRect(for offset: Int) -> CGRect {
        let p = paragraphs[paragraphIndex(for: offset)]
        return p.layout.caretRect(for: min(offset, p.range.upperBound)).offsetBy(dx: 0, dy: p.top)
    }

    /// The offset nearest to `point`.
    func offset(nearest point: CGPoint) -> Int {
        var i = paragraphs.count - 1
        for (k, p) in paragraphs.enumerated() where point.y < p.top + p.height {
            i = k
            break
        }
        let p = paragraphs[i]
        return min(p.layout.offset(nearest: CGPoint(x: point.x, y: point.y - p.top)), p.range.upperBound)
    }

    /// The rectangles `range` covers, a line at a time; a selected line break adds a little
    /// width at its line's end, as TextKit shows it.
    func selectionRects(_ range: Range<Int>) -> [CGRect] {
        guard !range.isEmpty else { return [] }
        var rects: [CGRect] = []
        for p in paragraphs where p.range.lowerBound <= range.upperBound && range.lowerBound <= p.range.upperBound {
            var r = p.layout.selectionRects(range).map { $0.offsetBy(dx: 0, dy: p.top) }
            if range.contains(p.range.upperBound), p.range.upperBound < (paragraphs.last?.range.upperBound ?? 0) {
                // The line break itself: to the box's right edge on its line.
                let caret = caretRect(for: p.range.upperBound)
                let x = r.last.map { $0.maxX } ?? caret.minX
                r.append(CGRect(x: x, y: caret.minY, width: max(1, width - x), height: caret.height))
            }
            rects += r
        }
        return rects
    }

    /// Draws the paragraphs that meet `visible` (y range), the text's top left at `origin`.
    func draw(in ctx: CGContext, at origin: CGPoint, visible: ClosedRange<CGFloat>) {
        for p in paragraphs where p.top + p.height >= visible.lowerBound && p.top <= visible.upperBound {
            p.layout.draw(in: ctx, at: CGPoint(x: origin.x, y: origin.y + p.top))
        }
    }
}
