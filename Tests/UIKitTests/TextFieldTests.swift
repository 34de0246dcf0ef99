import Testing
import Foundation
import UIKit
import LaminaWindow

/// UITextField: properties, editing through UIKeyInput/UITextInput and keys, the delegate and
/// control events, marked text, the pasteboard and undo, odd input, and how it is drawn.
/// Written as iOS code.
@MainActor
@Suite("UITextField")
struct TextFieldTests {
    static func window(_ size: CGSize = CGSize(width: 320, height: 200)) -> UIWindow {
        let w = UIWindow(screen: UIScreen(size: size, scale: 2))
        w.backgroundColor = .white
        return w
    }

    final class Log: @unchecked Sendable { var events: [String] = [] }

    /// A field in a window, editing.
    func editingField(_ text: String = "") -> (UIWindow, UITextField) {
        let window = Self.window()
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 280, height: 34))
        field.text = text
        field.pasteboard = .withUniqueName()
        window.addSubview(field)
        #expect(field.becomeFirstResponder())
        return (window, field)
    }

    /// A key pressed in `window`, as a display's window delivers it.
    func press(_ window: UIWindow, _ code: UIKeyboardHIDUsage, _ modifiers: KeyModifiers = []) {
        window.handle(.keyDown(Key(name: "", usage: code.rawValue, character: "", modifiers: modifiers), isRepeat: false, time: 0))
    }

    @Test func defaults() {
        let field = UITextField()
        #expect(field.text == "" && field.placeholder == nil && field.borderStyle == .none)
        #expect(field.font == nil && field.textAlignment == .natural && field.clearButtonMode == .never)
        #expect(!field.isEditing && !field.isSecureTextEntry && field.keyboardType == .default)
        field.font = .systemFont(ofSize: 17)
        field.borderStyle = .roundedRect
        #expect(field.intrinsicContentSize.height == 34)
        field.text = nil
        #expect(field.text == "" && !field.hasText)
    }

    @Test func editingBeginsChangesAndEnds() throws {
        let window = Self.window()
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 280, height: 34))
        window.addSubview(field)
        let log = Log()
        for (event, name) in [(UIControl.Event.editingDidBegin, "begin"), (.editingChanged, "changed"), (.editingDidEnd, "end")] {
            field.addAction(UIAction { _ in log.events.append(name) }, for: event)
        }
        #expect(field.becomeFirstResponder())
        #expect(field.isEditing && field.isFirstResponder)
        field.insertText("Hello")
        field.insertText(" world")
        field.deleteBackward()
        #expect(field.text == "Hello worl")
        let selection = try #require(field.selectedTextRange)
        #expect(field.offset(from: field.beginningOfDocument, to: selection.start) == 10 && selection.isEmpty)
        #expect(field.resignFirstResponder())
        #expect(!field.isEditing && field.selectedTextRange == nil)
        #expect(log.events == ["begin", "changed", "changed", "changed", "end"])
        // A tap begins editing with the caret where it landed.
        window.tap(at: CGPoint(x: 12, y: 27))
        #expect(field.isEditing)
        #expect(field.offset(from: field.beginningOfDocument, to: try #require(field.selectedTextRange).start) == 0)
    }

    final class Delegate: UITextFieldDelegate {
        var allowChanges = true, allowBegin = true, returns = 0
        var log: [String] = []
        func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { log.append("shouldBegin"); return allowBegin }
        func textFieldDidBeginEditing(_ textField: UITextField) { log.append("didBegin") }
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            log.append("change \(range.location),\(range.length) '\(string)'")
            return allowChanges
        }
        func textFieldShouldReturn(_ textField: UITextField) -> Bool { returns += 1; return true }
        func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) { log.append("didEnd \(reason.rawValue)") }
    }

    @Test func theDelegateIsAskedAndCanRefuse() {
        let window = Self.window()
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 280, height: 34))
        window.addSubview(field)
        let d = Delegate()
        field.delegate = d
        d.allowBegin = false
        #expect(!field.becomeFirstResponder() && !field.isEditing)
        d.allowBegin = true
        #expect(field.becomeFirstResponder())
        field.insertText("ab")
        d.allowChanges = false
        field.insertText("c")
        field.deleteBackward()
        #expect(field.text == "ab")                                // every change refused
        #expect(d.log == ["shouldBegin", "shouldBegin", "didBegin", "change 0,0 'ab'", "change 2,0 'c'", "change 1,1 ''"])
        // Return: the delegate, then the exit and primary events; with an exit action, editing ends.
        let log = Log()
        field.addAction(UIAction { _ in log.events.append("exit") }, for: .editingDidEndOnExit)
        field.addAction(UIAction { _ in log.events.append("primary") }, for: .primaryActionTriggered)
        press(window, .keyboardReturnOrEnter)
        #expect(d.returns == 1 && log.events == ["exit", "primary"] && !field.isEditing)
        #expect(d.log.last == "didEnd 0")
    }

    @Test func keysMoveSelectEditCopyAndUndo() {
        let (window, field) = editingField("one two three")
        func selection() -> (Int, Int) {
            let r = field.selectedTextRange!
            return (field.offset(from: field.beginningOfDocument, to: r.start), field.offset(from: field.beginningOfDocument, to: r.end))
        }
        press(window, .keyboardLeftArrow, .alternate)      // to the start of "three"
        #expect(selection() == (8, 8))
        press(window, .keyboardLeftArrow, [.alternate, .shift])
        #expect(selection() == (4, 8))                                            // "two " selected
        press(window, .keyboardC, .command)
        #expect(field.pasteboard.string == "two ")
        press(window, .keyboardX, .control)                    // Linux's shortcut
        #expect(field.text == "one three" && selection() == (4, 4))
        press(window, .keyboardEnd)
        press(window, .keyboardV, .command)
        #expect(field.text == "one threetwo ")
        press(window, .keyboardZ, .command)
        #expect(field.text == "one three")
        press(window, .keyboardZ, .command)
        #expect(field.text == "one two three")
        press(window, .keyboardZ, [.command, .shift])
        #expect(field.text == "one three")
        press(window, .keyboardA, .command)
        #expect(selection() == (0, 9))
        press(window, .keyboardDeleteOrBackspace)
        #expect(field.text == "")
        // Typed text arrives as text events (after the keyboard layout and input method).
        window.handle(.text("héllo"))
        press(window, .keyboardLeftArrow)
        press(window, .keyboardDeleteForward)
        #expect(field.text == "héll")
        // Typing is undone as one edit.
        press(window, .keyboardZ, .command)
        #expect(field.text == "héllo")
    }

    @Test func markedTextIsComposedThenCommitted() throws {
        let (window, field) = editingField("ab")
        field.setMarkedText("に", selectedRange: NSRange(location: 1, length: 0))
        let marked = try #require(field.markedTextRange)
        #expect(field.text(in: marked) == "に" && field.text == "abに")
        field.setMarkedText("日本", selectedRange: NSRange(location: 2, length: 0))
        #expect(field.text == "ab日本")
        field.insertText("日本語")                                   // the input method commits
        #expect(field.text == "ab日本語" && field.markedTextRange == nil)
        // From the window: SDL's composition events.
        window.handle(.textEditing("ka", start: 2, length: 0))
        #expect(field.markedTextRange != nil && field.text == "ab日本語ka")
        window.handle(.textEditing("", start: 0, length: 0))
        #expect(field.markedTextRange == nil && field.text == "ab日本語")
        field.setMarkedText("x", selectedRange: NSRange(location: 1, length: 0))
        field.unmarkText()
        #expect(field.text == "ab日本語x" && field.markedTextRange == nil)
    }

    @Test func clusterPositionsAndTheTextInputProtocol() throws {
        let (_, field) = editingField("a👍🏽e\u{301}")             // a, a thumbs-up with a skin tone, é (combining)
        #expect(field.text?.utf16.count == 7)
        field.deleteBackward()                                       // the whole "é"
        #expect(field.text == "a👍🏽")
        field.deleteBackward()                                       // the whole emoji
        #expect(field.text == "a")
        field.text = "Hello"
        let start = field.beginningOfDocument
        let p2 = try #require(field.position(from: start, offset: 2))
        #expect(field.position(from: start, offset: 6) == nil)
        let range = try #require(field.textRange(from: p2, to: field.endOfDocument))
        #expect(field.text(in: range) == "llo")
        field.replace(range, withText: "y")
        #expect(field.text == "Hey")
        #expect(field.compare(start, to: p2) == .orderedAscending)
        let caret = field.caretRect(for: field.endOfDocument)
        #expect(caret.width == 2 && caret.height >= field.font?.lineHeight ?? UIFont.systemFont(ofSize: 17).lineHeight - 0.01)
        #expect(field.caretRect(for: start).minX < caret.minX)
        let nearest = try #require(field.closestPosition(to: CGPoint(x: caret.midX + 50, y: caret.midY)))
        #expect(field.offset(from: start, to: nearest) == 3)
    }

    @Test func oddInputKeepsTheFieldWorking() {
        let (window, field) = editingField()
        // Control characters: line breaks and tabs become spaces, others are dropped.
        field.insertText("a\nb\tc\u{0}\u{7}d\r\ne")
        #expect(field.text == "a b cd e")
        // A combining mark without a base, a lone surrogate decoded as U+FFFD.
        field.text = ""
        field.insertText("\u{301}x")
        field.insertText(String(decoding: [0xD800, 0x61] as [UInt16], as: UTF16.self))
        #expect(field.text == "\u{301}x\u{FFFD}a")
        field.deleteBackward(); field.deleteBackward(); field.deleteBackward(); field.deleteBackward(); field.deleteBackward()
        #expect(field.text == "")
        // Megabytes pasted: the text takes it all and the field keeps editing.
        field.pasteboard.string = String(repeating: "0123456789", count: 200_000)
        press(window, .keyboardV, .control)
        #expect(field.text?.utf16.count == 2_000_000)
        field.insertText("!")
        field.deleteBackward()
        #expect(field.text?.utf16.count == 2_000_000)
        // The caret is in view at the end and, after Home, at the start.
        let end = field.caretRect(for: field.endOfDocument)
        #expect(end.minX > field.bounds.midX && end.maxX <= field.bounds.maxX)
        press(window, .keyboardHome)
        let start = field.caretRect(for: field.beginningOfDocument)
        #expect(start.minX >= 0 && start.maxX < field.bounds.midX)
        field.insertText("#")
        #expect(field.text?.hasPrefix("#0123") == true)
        #expect(window.render(atTime: 0) != nil)
    }

    @Test func secureTextIsBulletsAndIsNotCopied() {
        let (window, field) = editingField()
        field.isSecureTextEntry = true
        field.insertText("pässwörd")
        #expect(field.text == "pässwörd" && field.accessibilityValue == nil)
        press(window, .keyboardA, .command)
        press(window, .keyboardC, .command)
        #expect(field.pasteboard.string == nil)
    }

    @Test func theClearButtonClears() {
        let (window, field) = editingField("Search term")
        field.clearButtonMode = .whileEditing
        window.layoutIfNeeded()
        let button = field.subviews.compactMap { $0 as? UIButton }.first
        #expect(button != nil)
        let log = Log()
        field.addAction(UIAction { _ in log.events.append("changed") }, for: .editingChanged)
        window.tap(at: field.convert(CGPoint(x: button!.frame.midX, y: button!.frame.midY), to: window))
        #expect(field.text == "" && log.events == ["changed"])
        window.layoutIfNeeded()
        #expect(field.subviews.compactMap { $0 as? UIButton }.isEmpty)   // nothing to clear
    }

    /// Every border style, a placeholder, secure text, a clear button, a left view, and editing
    /// with a caret and with a selection (compared with a reference that was looked at:
    /// Tests/UIKitTests/References/text-fields.png).
    @Test func textFieldsAreDrawn() throws {
        let window = Self.window(CGSize(width: 300, height: 330))
        window.backgroundColor = .systemGroupedBackground
        var y: CGFloat = 12
        func field(_ configure: (UITextField) -> Void) -> UITextField {
            let f = UITextField(frame: CGRect(x: 16, y: y, width: 268, height: 34))
            f.font = .systemFont(ofSize: 17)
            configure(f)
            window.addSubview(f)
            y += 44
            return f
        }
        _ = field { $0.borderStyle = .roundedRect; $0.placeholder = "Email" }
        _ = field { $0.borderStyle = .roundedRect; $0.text = "hello@example.com"; $0.clearButtonMode = .always }
        _ = field { $0.borderStyle = .roundedRect; $0.isSecureTextEntry = true; $0.text = "secret" }
        _ = field { $0.borderStyle = .line; $0.text = "Line border" }
        _ = field { $0.borderStyle = .bezel; $0.text = "Bezel border" }
        _ = field {
            $0.borderStyle = .roundedRect
            $0.text = "With a left view"
            let icon = UIImageView(image: UIImage(systemName: "magnifyingglass"))
            icon.frame = CGRect(x: 0, y: 0, width: 30, height: 20)
            icon.contentMode = .center
            $0.leftView = icon
            $0.leftViewMode = .always
        }
        let caret = field { $0.borderStyle = .roundedRect; $0.text = "Editing here" }
        caret.becomeFirstResponder()
        window.layoutIfNeeded()
        let failure = try uikitGolden.check("text-fields") { try #require(window.render(atTime: 0)) }
        #expect(failure == nil)
        // A selection instead of the caret.
        caret.selectedTextRange = caret.textRange(from: caret.position(from: caret.beginningOfDocument, offset: 8)!,
                                                  to: caret.endOfDocument)
        let selected = try #require(window.render(atTime: 0))
        let failure2 = try uikitGolden.check("text-field-selection") { selected }
        #expect(failure2 == nil)
    }
}
