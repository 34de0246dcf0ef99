import Testing
import Foundation
import UIKit
import LaminaWindow

/// UITextView: properties, multi-line editing, line movement, scrolling to the caret,
/// attributed text and typing attributes, read-only text, the delegate, odd input, and how it
/// is drawn. Written as iOS code.
@MainActor
@Suite("UITextView")
struct TextViewTests {
    final class Log: @unchecked Sendable { var events: [String] = [] }

    final class Delegate: UITextViewDelegate {
        var log: [String] = []
        var allow = true
        func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { log.append("shouldBegin"); return true }
        func textViewDidBeginEditing(_ textView: UITextView) { log.append("didBegin") }
        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            log.append("shouldChange \(range.location),\(range.length) \(text.debugDescription)")
            return allow
        }
        func textViewDidChange(_ textView: UITextView) { log.append("didChange") }
        func textViewDidEndEditing(_ textView: UITextView) { log.append("didEnd") }
        func scrollViewDidScroll(_ scrollView: UIScrollView) { log.append("scrolled") }
    }

    /// A text view in a window, editing.
    func editingView(_ text: String = "", size: CGSize = CGSize(width: 280, height: 120)) -> (UIWindow, UITextView) {
        let window = UIWindow(screen: UIScreen(size: CGSize(width: 320, height: 240), scale: 2))
        let view = UITextView(frame: CGRect(origin: CGPoint(x: 10, y: 10), size: size))
        view.font = .systemFont(ofSize: 17)
        view.text = text
        view.pasteboard = .withUniqueName()
        window.addSubview(view)
        window.layoutIfNeeded()
        #expect(view.becomeFirstResponder())
        return (window, view)
    }

    func press(_ window: UIWindow, _ code: UIKeyboardHIDUsage, _ modifiers: KeyModifiers = []) {
        window.handle(.keyDown(Key(name: "", usage: code.rawValue, character: "", modifiers: modifiers), isRepeat: false, time: 0))
    }

    @Test func defaults() {
        let view = UITextView()
        #expect(view.text == "" && view.font == nil && view.textAlignment == .natural)
        #expect(view.textContainerInset == UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0))
        #expect(view.textContainer.lineFragmentPadding == 5)
        #expect(view.isEditable && view.isSelectable && view.isScrollEnabled && view.dataDetectorTypes == [])
        #expect(view.backgroundColor == .systemBackground && !view.isEditing)
        view.dataDetectorTypes = [.link, .phoneNumber]
        #expect(view.dataDetectorTypes.contains(.link))
        #expect(view.selectedRange == NSRange(location: 0, length: 0))
    }

    @Test func typingMakesLinesAndTellsTheDelegate() {
        let (window, view) = editingView()
        let delegate = Delegate()
        view.delegate = delegate
        view.insertText("Hello")
        press(window, .keyboardReturnOrEnter)
        view.insertText("World")
        #expect(view.text == "Hello\nWorld")
        #expect(delegate.log.filter { $0 == "didChange" }.count == 3)
        #expect(delegate.log.contains("shouldChange 5,0 \"\\n\""))
        #expect(view.selectedRange == NSRange(location: 11, length: 0))
        // A delegate that refuses leaves the text as it was.
        delegate.allow = false
        view.insertText("!")
        press(window, .keyboardDeleteOrBackspace)
        #expect(view.text == "Hello\nWorld")
        delegate.allow = true
        press(window, .keyboardZ, .command)
        #expect(view.text == "Hello\n")
        #expect(view.resignFirstResponder() && delegate.log.last == "didEnd" && !view.isEditing)
    }

    @Test func upAndDownMoveByLineKeepingTheColumn() {
        let (window, view) = editingView("abcdef\nab\nabcdefgh")
        view.selectedRange = NSRange(location: 5, length: 0)          // after "abcde"
        let x = view.caretRect(for: view.selectedTextRange!.start).midX
        press(window, .keyboardDownArrow)
        #expect(view.selectedRange.location == 9)                      // the short line's end
        press(window, .keyboardDownArrow)
        #expect(view.selectedRange.location == 15)                     // back at the column
        #expect(abs(view.caretRect(for: view.selectedTextRange!.start).midX - x) < 3)
        press(window, .keyboardUpArrow, .shift)
        #expect(view.selectedRange == NSRange(location: 9, length: 6))
        press(window, .keyboardUpArrow, .command)
        #expect(view.selectedRange == NSRange(location: 0, length: 0))
        press(window, .keyboardEnd)
        #expect(view.selectedRange.location == 6)                      // the line's end
    }

    @Test func theCaretIsScrolledIntoView() {
        let lines = (1...60).map { "Line \($0)" }.joined(separator: "\n")
        let (window, view) = editingView(lines)
        #expect(view.contentSize.height > 60 * 17)
        view.selectedRange = NSRange(location: (lines as NSString).length, length: 0)
        let caret = view.caretRect(for: view.endOfDocument)
        #expect(view.contentOffset.y > 0)
        #expect(view.bounds.contains(caret))
        view.insertText("\nmore")
        #expect(view.bounds.contains(view.caretRect(for: view.endOfDocument)))
        // The last lines are drawn where they are scrolled to.
        #expect(window.render(atTime: 0) != nil)
    }

    @Test func aNewWidthOrFontLaysTheTextOutAgain() {
        let (window, view) = editingView("A paragraph long enough to wrap onto a few lines in a narrow text view.\nShort.")
        defer { withExtendedLifetime(window) {} }
        let wide = view.contentSize.height
        view.frame.size.width = 140
        view.layoutIfNeeded()
        #expect(view.contentSize.height > wide)
        let caret = view.caretRect(for: view.beginningOfDocument).height
        view.font = .systemFont(ofSize: 30)
        view.layoutIfNeeded()
        #expect(view.caretRect(for: view.beginningOfDocument).height > caret * 1.5)
        // Sizing to another width does not disturb the view's own layout.
        let height = view.contentSize.height
        #expect(view.sizeThatFits(CGSize(width: 600, height: 0)).height < height)
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(view.contentSize.height == height)
    }

    @Test func attributedTextKeepsItsRunsAndTypingTakesThePreviousOnes() throws {
        let (window, view) = editingView()
        defer { withExtendedLifetime(window) {} }
        let text = NSMutableAttributedString(string: "Title\n", attributes: [.font: UIFont.boldSystemFont(ofSize: 22)])
        text.append(NSAttributedString(string: "Body", attributes: [.font: UIFont.systemFont(ofSize: 15), .foregroundColor: UIColor.systemRed]))
        view.attributedText = text
        view.selectedRange = NSRange(location: 10, length: 0)
        view.insertText(" text")
        let a = try #require(view.attributedText)
        #expect(a.string == "Title\nBody text")
        let font = a.attribute(.font, at: 12, effectiveRange: nil) as? UIFont
        #expect(font?.pointSize == 15)
        #expect(a.attribute(.foregroundColor, at: 12, effectiveRange: nil) as? UIColor == .systemRed)
        #expect((a.attribute(.font, at: 0, effectiveRange: nil) as? UIFont)?.pointSize == 22)
        // typingAttributes, when set, win.
        view.typingAttributes = [.font: UIFont.systemFont(ofSize: 9)]
        view.insertText("!")
        #expect((view.attributedText.attribute(.font, at: 15, effectiveRange: nil) as? UIFont)?.pointSize == 9)
        // The title's line is taller than the body's.
        let title = view.caretRect(for: view.beginningOfDocument)
        let body = view.caretRect(for: view.endOfDocument)
        #expect(title.height > body.height)
    }

    @Test func readOnlyTextSelectsAndCopiesButDoesNotChange() {
        let window = UIWindow(screen: UIScreen(size: CGSize(width: 320, height: 240), scale: 2))
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        view.text = "Read only"
        view.isEditable = false
        view.pasteboard = .withUniqueName()
        window.addSubview(view)
        #expect(view.becomeFirstResponder() && !view.isEditing)
        view.insertText("x")
        press(window, .keyboardDeleteOrBackspace)
        press(window, .keyboardA, .command)
        press(window, .keyboardC, .command)
        press(window, .keyboardX, .command)
        #expect(view.text == "Read only" && view.pasteboard.string == "Read only")
        view.isSelectable = false
        #expect(!view.isFirstResponder)
    }

    @Test func aTapPlacesTheCaretAndADragScrolls() {
        let (window, view) = editingView("First line\nSecond line")
        _ = view.resignFirstResponder()
        // A tap near the second line's start.
        window.tap(at: view.convert(CGPoint(x: 6, y: 8 + 17 * 1.5), to: window))
        #expect(view.isFirstResponder)
        #expect(view.selectedRange == NSRange(location: 11, length: 0))
    }

    @Test func oddInputKeepsTheViewWorking() {
        let (window, view) = editingView()
        view.insertText("a\r\nb\tc\u{0}\u{7}d")
        #expect(view.text == "a\nb\tcd")
        view.text = ""
        view.insertText(String(decoding: [0x301, 0xDC00, 0x62] as [UInt16], as: UTF16.self))
        #expect(view.text == "\u{301}\u{FFFD}b")
        // Half a megabyte of lines pasted: laid out, scrolled to the end, still editing.
        view.pasteboard.string = String(repeating: "The quick brown fox jumps over the lazy dog.\n", count: 12_000)
        press(window, .keyboardV, .command)
        #expect(view.text.utf16.count == 3 + 45 * 12_000)
        view.insertText("end")
        #expect(view.text.hasSuffix("\nend") && view.contentOffset.y > 100_000)
        #expect(view.bounds.contains(view.caretRect(for: view.endOfDocument)))
        view.attributedText = NSAttributedString(string: "x\u{0}y")
        #expect(view.text == "xy")
        #expect(window.render(atTime: 0) != nil)
    }

    /// Attributed text, plain text scrolled to a caret at its end, a read-only view with insets
    /// (compared with a reference that was looked at: Tests/UIKitTests/References/text-views.png).
    @Test func textViewsAreDrawn() throws {
        let window = UIWindow(screen: UIScreen(size: CGSize(width: 300, height: 330), scale: 2))
        window.backgroundColor = .systemGroupedBackground
        let notes = UITextView(frame: CGRect(x: 16, y: 12, width: 268, height: 130))
        let text = NSMutableAttributedString(string: "Notes\n", attributes: [.font: UIFont.boldSystemFont(ofSize: 20)])
        text.append(NSAttributedString(string: "A text view wraps its lines, scrolls, and keeps the attributes of each run: ",
                                       attributes: [.font: UIFont.systemFont(ofSize: 15)]))
        text.append(NSAttributedString(string: "red", attributes: [.font: UIFont.systemFont(ofSize: 15), .foregroundColor: UIColor.systemRed]))
        text.append(NSAttributedString(string: " and underlined.", attributes: [.font: UIFont.systemFont(ofSize: 15),
                                                                               .underlineStyle: NSUnderlineStyle.single.rawValue]))
        notes.attributedText = text
        notes.layer.cornerRadius = 10
        window.addSubview(notes)
        let editor = UITextView(frame: CGRect(x: 16, y: 154, width: 268, height: 80))
        editor.font = .systemFont(ofSize: 15)
        editor.text = (1...8).map { "Line \($0) of a scrolled text" }.joined(separator: "\n")
        editor.layer.cornerRadius = 10
        window.addSubview(editor)
        let readOnly = UITextView(frame: CGRect(x: 16, y: 246, width: 268, height: 70))
        readOnly.text = "Read-only text at the default font size, selectable and copied with Command-C."
        readOnly.isEditable = false
        readOnly.layer.cornerRadius = 10
        readOnly.textContainerInset = UIEdgeInsets(top: 10, left: 8, bottom: 10, right: 8)
        window.addSubview(readOnly)
        window.layoutIfNeeded()
        #expect(editor.becomeFirstResponder())
        editor.selectedRange = NSRange(location: (editor.text as NSString).length, length: 0)
        window.layoutIfNeeded()
        let failure = try uikitGolden.check("text-views") { try #require(window.render(atTime: 0)) }
        #expect(failure == nil)
    }
}
