import Foundation

/// The `UITextInput` answers text fields and text views share: positions are UTF-16 offsets
/// (`TextOffsetPosition`), ranges are offset ranges, clamped to the text.
extension TextEditor {
    /// A range's offsets, clamped to the text; nil for a range this editor did not make.
    func offsets(_ range: UITextRange) -> Range<Int>? {
        (range as? TextOffsetRange)?.range.clamped(to: 0..<length)
    }

    func text(in range: UITextRange) -> String? { offsets(range).map(substring) }

    func replace(_ range: UITextRange, withText text: String) {
        guard let r = offsets(range) else { return }
        replace(r, with: text)
    }

    func setSelectedTextRange(_ range: UITextRange?) {
        guard let range, let r = offsets(range) else { return }
        commitMarked()
        select(r)
    }

    var markedTextRange: UITextRange? { marked.map { TextOffsetRange($0) } }

    func textRange(from a: UITextPosition, to b: UITextPosition) -> UITextRange? {
        guard let a = (a as? TextOffsetPosition)?.offset, let b = (b as? TextOffsetPosition)?.offset else { return nil }
        return TextOffsetRange(min(a, b)..<max(a, b))
    }

    func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        guard let p = (position as? TextOffsetPosition)?.offset else { return nil }
        let (o, overflow) = p.addingReportingOverflow(offset)
        guard !overflow, (0...length).contains(o) else { return nil }
        return TextOffsetPosition(o)
    }

    func offset(from a: UITextPosition, to b: UITextPosition) -> Int {
        guard let a = (a as? TextOffsetPosition)?.offset, let b = (b as? TextOffsetPosition)?.offset else { return 0 }
        return b - a
    }

    func compare(_ a: UITextPosition, to b: UITextPosition) -> ComparisonResult {
        let a = (a as? TextOffsetPosition)?.offset ?? 0, b = (b as? TextOffsetPosition)?.offset ?? 0
        return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
    }

    /// A position's offset, clamped to the text.
    func offset(of position: UITextPosition) -> Int {
        min(max(0, (position as? TextOffsetPosition)?.offset ?? 0), length)
    }
}
