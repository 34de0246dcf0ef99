import Foundation

/// The editing state text fields and text views share: the text, the selection and marked
/// text as UTF-16 offsets (UIKit's `NSRange` unit), grapheme-cluster and word movement,
/// undo, and the keys that edit. Every operation is linear in the text at most.
@MainActor final class TextEditor {
    /// Whether a line break may be typed (text views) or becomes a space (text fields).
    let multiline: Bool

    private(set) var text: String = ""
    /// The UTF-16 offset of every grapheme cluster's start, and the text's length at the end.
    private(set) var boundaries: [Int] = [0]
    /// The selection; a caret when empty.
    private(set) var selection: Range<Int> = 0..<0
    /// The text an input method is composing, if any.
    private(set) var marked: Range<Int>?
    /// Where a vertical or extending move keeps its other end.
    private var anchor: Int?

    /// Asked before a user's edit replaces `range` with `replacement` (a delegate's
    /// `shouldChangeCharactersIn`); false leaves the text as it was.
    var shouldChange: (NSRange, String) -> Bool = { _, _ in true }
    /// Told after the text changed by a user's edit.
    var didChange: () -> Void = {}
    /// Told after the selection changed.
    var selectionDidChange: () -> Void = {}
    /// Told just before `range` of the text is replaced with a string (any change but
    /// `setText`), so a view can mirror it (a text view's attributed text).
    var willReplace: (Range<Int>, String) -> Void = { _, _ in }

    private struct Edit {
        var range: Range<Int>
        var removed: String
        var inserted: String
        var selectionBefore: Range<Int>
        var typing: Bool
    }
    private var undoStack: [Edit] = []
    private var redoStack: [Edit] = []
    /// The most edits kept for undo.
    static let undoLimit = 100

    init(multiline: Bool) { self.multiline = multiline }

    var length: Int { boundaries.last ?? 0 }

    // MARK: Setting the text

    /// Replaces the whole text (not an edit: no undo, no delegate), the caret at the end.
    func setText(_ new: String) {
        text = sanitized(new)
        rebuildBoundaries()
        marked = nil
        anchor = nil
        selection = length..<length
        undoStack = []
        redoStack = []
    }

    /// Control characters are not kept: a line break in a single-line field becomes a space,
    /// tabs become spaces there, other C0 controls and DEL are dropped; a text view keeps line
    /// breaks and tabs.
    func sanitized(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return s }
        var out = String.UnicodeScalarView()
        var lastWasCR = false
        for u in s.unicodeScalars {
            defer { lastWasCR = u == "\r" }
            switch u.value {
            case 0x0A, 0x0D:
                if u == "\n" && lastWasCR { continue }       // CR LF is one break
                out.append(multiline ? "\n" : " ")
            case 0x09:
                out.append(multiline ? "\t" : " ")
            case 0..<0x20, 0x7F:
                continue
            default:
                out.append(u)
            }
        }
        return String(out)
    }

    private func rebuildBoundaries() {
        var b: [Int] = []
        b.reserveCapacity(text.utf16.count / 2 + 1)
        var offset = 0
        for c in text {
            b.append(offset)
            offset += c.utf16.count
        }
        b.append(offset)
        boundaries = b
    }

    // MARK: Positions

    /// The cluster boundary at or before `offset` (offsets inside a cluster, a surrogate pair or
    /// a combining sequence, snap back to its start).
    func boundary(atOrBefore offset: Int) -> Int { boundaries[cluster(atOrBefore: offset)] }

    /// The index of the cluster holding `offset` (clamped to the text; the text's length is
    /// the last index, one past the last cluster).
    func cluster(atOrBefore offset: Int) -> Int {
        let o = min(max(0, offset), length)
        var lo = 0, hi = boundaries.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if boundaries[mid] <= o { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The nearest cluster boundary to `offset`.
    func nearestBoundary(_ offset: Int) -> Int {
        let before = boundary(atOrBefore: offset)
        let after = next(before)
        return offset - before <= after - offset ? before : after
    }

    func next(_ offset: Int) -> Int {
        let i = cluster(atOrBefore: offset)
        return i + 1 < boundaries.count ? boundaries[i + 1] : length
    }

    func previous(_ offset: Int) -> Int {
        let i = cluster(atOrBefore: offset)
        if boundaries[i] < offset { return boundaries[i] }
        return i > 0 ? boundaries[i - 1] : 0
    }

    /// The string between two offsets.
    func substring(_ range: Range<Int>) -> String {
        let u = text.utf16
        let a = u.index(u.startIndex, offsetBy: min(max(0, range.lowerBound), u.count))
        let b = u.index(u.startIndex, offsetBy: min(max(0, range.upperBound), u.count))
        return String(text[a..<b])
    }

    private func isWordCharacter(at offset: Int) -> Bool {
        guard offset < length else { return false }
        let s = substring(offset..<next(offset))
        return s.unicodeScalars.contains { CharacterSet.alphanumerics.contains($0) }
    }

    /// The end of the word at or after `offset` (skipping what separates words first).
    func wordEnd(after offset: Int) -> Int {
        var o = offset
        while o < length && !isWordCharacter(at: o) { o = next(o) }
        while o < length && isWordCharacter(at: o) { o = next(o) }
        return o
    }

    /// The start of the word at or before `offset`.
    func wordStart(before offset: Int) -> Int {
        var o = offset
        while o > 0 && !isWordCharacter(at: previous(o)) { o = previous(o) }
        while o > 0 && isWordCharacter(at: previous(o)) { o = previous(o) }
        return o
    }

    /// The start of the line holding `offset` (after the last line break before it).
    func lineStart(_ offset: Int) -> Int {
        var o = offset
        while o > 0 {
            let p = previous(o)
            if substring(p..<o) == "\n" { return o }
            o = p
        }
        return 0
    }

    /// The end of the line holding `offset` (before its line break).
    func lineEnd(_ offset: Int) -> Int {
        var o = offset
        while o < length {
            let n = next(o)
            if substring(o..<n) == "\n" { return o }
            o = n
        }
        return length
    }

    // MARK: Selection

    func select(_ range: Range<Int>) {
        let a = boundary(atOrBefore: range.lowerBound), b = boundary(atOrBefore: max(range.lowerBound, range.upperBound))
        let r = a..<max(a, b)
        anchor = nil
        guard r != selection else { return }
        selection = r
        selectionDidChange()
    }

    /// What a tap at `offset` does: a double tap selects the word there, a single one commits
    /// any marked text and puts the caret there.
    func tap(at offset: Int, count: Int) {
        if count >= 2 {
            let end = wordEnd(after: offset)
            select(wordStart(before: end == offset ? offset : next(offset))..<end)
        } else {
            commitMarked()
            select(offset..<offset)
        }
    }

    /// Moves the caret to `offset`, or extends the selection to it from its anchor.
    func move(to offset: Int, extending: Bool) {
        let o = boundary(atOrBefore: offset)
        if extending {
            let a = anchor ?? (o < selection.lowerBound ? selection.upperBound : selection.lowerBound)
            let r = min(a, o)..<max(a, o)
            if r != selection { selection = r; selectionDidChange() }
            anchor = a
        } else {
            anchor = nil
            if selection != o..<o { selection = o..<o; selectionDidChange() }
        }
    }

    /// The end a move starts from: the moving end when extending, else the caret or the side of
    /// the selection in the direction of the move.
    func movingEnd(forward: Bool, extending: Bool) -> Int {
        if extending, let a = anchor { return a == selection.lowerBound ? selection.upperBound : selection.lowerBound }
        if extending { return forward ? selection.upperBound : selection.lowerBound }
        return forward ? selection.upperBound : selection.lowerBound
    }

    func moveLeft(extending: Bool, byWord: Bool = false, toLineStart: Bool = false) {
        commitMarked()
        if !extending && !selection.isEmpty && !byWord && !toLineStart { move(to: selection.lowerBound, extending: false); return }
        let from = movingEnd(forward: false, extending: extending)
        let to = toLineStart ? lineStart(from) : byWord ? wordStart(before: from) : previous(from)
        move(to: to, extending: extending)
    }

    func moveRight(extending: Bool, byWord: Bool = false, toLineEnd: Bool = false) {
        commitMarked()
        if !extending && !selection.isEmpty && !byWord && !toLineEnd { move(to: selection.upperBound, extending: false); return }
        let from = movingEnd(forward: true, extending: extending)
        let to = toLineEnd ? lineEnd(from) : byWord ? wordEnd(after: from) : next(from)
        move(to: to, extending: extending)
    }

    func selectAll() {
        commitMarked()
        select(0..<length)
    }

    // MARK: Editing

    /// Replaces `range` with `replacement` as a user's edit: asks `shouldChange`, records undo,
    /// puts the caret after the replacement. Returns whether the text changed.
    @discardableResult
    func replace(_ range: Range<Int>, with replacement: String, typing: Bool = false, askDelegate: Bool = true) -> Bool {
        let r = boundary(atOrBefore: range.lowerBound)..<max(boundary(atOrBefore: range.lowerBound), boundary(atOrBefore: range.upperBound))
        let inserted = sanitized(replacement)
        if r.isEmpty && inserted.isEmpty { return false }
        if askDelegate && !shouldChange(NSRange(location: r.lowerBound, length: r.count), inserted) { return false }
        let removed = substring(r)
        let before = selection
        apply(r, inserted)
        // Typing coalesces into the last edit while it continues it.
        // A line break ends the group: undo takes back a line at a time.
        if typing, var last = undoStack.last, last.typing, last.range.lowerBound + last.inserted.utf16.count == r.lowerBound, r.isEmpty,
           !inserted.contains("\n"), !last.inserted.hasSuffix("\n") {
            last.inserted += inserted
            undoStack[undoStack.count - 1] = last
        } else {
            undoStack.append(Edit(range: r, removed: removed, inserted: inserted, selectionBefore: before, typing: typing))
            if undoStack.count > Self.undoLimit { undoStack.removeFirst(undoStack.count - Self.undoLimit) }
        }
        redoStack = []
        didChange()
        return true
    }

    private func apply(_ r: Range<Int>, _ inserted: String) {
        let u = text.utf16
        let a = u.index(u.startIndex, offsetBy: r.lowerBound), b = u.index(u.startIndex, offsetBy: r.upperBound)
        willReplace(r, inserted)
        text.replaceSubrange(a..<b, with: inserted)
        rebuildBoundaries()
        let caret = boundary(atOrBefore: r.lowerBound + inserted.utf16.count)
        marked = nil
        anchor = nil
        selection = caret..<caret
        selectionDidChange()
    }

    func insertText(_ s: String) {
        if let m = marked {
            marked = nil
            replace(m, with: s, typing: true)
        } else {
            replace(selection, with: s, typing: true)
        }
    }

    func deleteBackward() {
        if let m = marked { marked = nil; replace(m, with: ""); return }
        if !selection.isEmpty { replace(selection, with: ""); return }
        guard selection.lowerBound > 0 else { return }
        replace(previous(selection.lowerBound)..<selection.lowerBound, with: "")
    }

    func deleteForward() {
        if let m = marked { marked = nil; replace(m, with: ""); return }
        if !selection.isEmpty { replace(selection, with: ""); return }
        guard selection.upperBound < length else { return }
        replace(selection.upperBound..<next(selection.upperBound), with: "")
    }

    // MARK: Marked text

    /// Replaces the marked text (or the selection) with `s`, marked, the selection at
    /// `selected` within it (UTF-16 offsets from its start). Nil or empty unmarks it.
    func setMarkedText(_ s: String?, selected: NSRange) {
        let target = marked ?? selection
        let new = sanitized(s ?? "")
        apply(target, new)
        let start = target.lowerBound
        marked = new.isEmpty ? nil : start..<start + new.utf16.count
        let loc = selected.location == NSNotFound ? new.utf16.count : min(max(0, selected.location), new.utf16.count)
        let len = min(max(0, selected.length), new.utf16.count - loc)
        selection = boundary(atOrBefore: start + loc)..<boundary(atOrBefore: start + loc + len)
        selectionDidChange()
        didChange()
    }

    /// Keeps the marked text as typed text.
    func commitMarked() {
        guard let m = marked else { return }
        marked = nil
        undoStack.append(Edit(range: m.lowerBound..<m.lowerBound, removed: "", inserted: substring(m), selectionBefore: m.lowerBound..<m.lowerBound, typing: false))
        redoStack = []
    }

    // MARK: Undo

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    func undo() {
        commitMarked()
        guard let e = undoStack.popLast() else { return }
        apply(e.range.lowerBound..<e.range.lowerBound + e.inserted.utf16.count, e.removed)
        selection = e.selectionBefore.clamped(to: 0..<length)
        redoStack.append(e)
        didChange()
        selectionDidChange()
    }

    func redo() {
        guard let e = redoStack.popLast() else { return }
        apply(e.range.lowerBound..<e.range.lowerBound + e.removed.utf16.count, e.inserted)
        undoStack.append(e)
        didChange()
    }

    // MARK: Keys

    /// What a key press does to the text; false for keys it does not handle (Return, Escape,
    /// Tab and printable keys: printable text arrives through `insertText`). Text that is not
    /// `editable` only moves, selects and copies.
    func handle(_ key: UIKey, pasteboard: UIPasteboard, editable: Bool = true) -> Bool {
        let m = key.modifierFlags
        if !editable {
            switch key.keyCode {
            case .keyboardDeleteOrBackspace, .keyboardDeleteForward: return true
            case .keyboardX, .keyboardV, .keyboardZ, .keyboardY:
                if m.contains(.command) || m.contains(.control) { return true }
            default: break
            }
        }
        let shift = m.contains(.shift)
        let shortcut = m.contains(.command) || m.contains(.control)
        let word = m.contains(.alternate) || (m.contains(.control) && !m.contains(.command))
        switch key.keyCode {
        case .keyboardLeftArrow:
            moveLeft(extending: shift, byWord: word, toLineStart: m.contains(.command))
        case .keyboardRightArrow:
            moveRight(extending: shift, byWord: word, toLineEnd: m.contains(.command))
        case .keyboardHome:
            commitMarked(); move(to: multiline ? lineStart(selection.lowerBound) : 0, extending: shift)
        case .keyboardEnd:
            commitMarked(); move(to: multiline ? lineEnd(selection.upperBound) : length, extending: shift)
        case .keyboardDeleteOrBackspace:
            if word && selection.isEmpty && marked == nil {
                replace(wordStart(before: selection.lowerBound)..<selection.lowerBound, with: "")
            } else {
                deleteBackward()
            }
        case .keyboardDeleteForward:
            deleteForward()
        case .keyboardA where shortcut:
            selectAll()
        case .keyboardC where shortcut:
            if !selection.isEmpty { pasteboard.string = substring(selection) }
        case .keyboardX where shortcut:
            if !selection.isEmpty { pasteboard.string = substring(selection); replace(selection, with: "") }
        case .keyboardV where shortcut:
            if let s = pasteboard.string { replace(marked ?? selection, with: s) }
        case .keyboardZ where shortcut:
            if shift { redo() } else { undo() }
        case .keyboardY where shortcut:
            redo()
        default:
            return false
        }
        return true
    }
}
