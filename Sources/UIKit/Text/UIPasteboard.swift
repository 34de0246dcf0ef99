import Foundation
import Synchronization
import LaminaWindow

/// Text copied and pasted between text fields and text views (UIKit's `UIPasteboard`, its text
/// part). ``general`` is the desktop's clipboard when a display is present (through SDL), and a
/// pasteboard of the process otherwise (tests, servers).
open class UIPasteboard: NSObject, @unchecked Sendable {
    /// A pasteboard's name.
    public struct Name: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// The general pasteboard's.
        public static let general = Name("com.apple.UIKit.pboard.general")
    }

    private let local = Mutex<[String]>([])
    private let usesDesktop: Bool
    /// The pasteboard's name.
    public let name: Name

    init(name: Name, usesDesktop: Bool) {
        self.name = name
        self.usesDesktop = usesDesktop
        super.init()
    }

    /// The general pasteboard.
    public static let general = UIPasteboard(name: .general, usesDesktop: true)

    /// A new pasteboard with a unique name, of the process's own (never the desktop's
    /// clipboard): what tests give a text field or text view so they do not touch the desktop.
    public class func withUniqueName() -> UIPasteboard {
        UIPasteboard(name: Name("lamina.pasteboard.\(UUID().uuidString)"), usesDesktop: false)
    }

    /// The first string on the pasteboard; setting it replaces the pasteboard's contents.
    open var string: String? {
        get {
            if usesDesktop, let t = DesktopClipboard.text { return t }
            return local.withLock { $0.first }
        }
        set {
            local.withLock { $0 = newValue.map { [$0] } ?? [] }
            if usesDesktop { DesktopClipboard.text = newValue }
        }
    }

    /// Every string on the pasteboard.
    open var strings: [String]? {
        get {
            if usesDesktop, let t = DesktopClipboard.text { return [t] }
            let s = local.withLock { $0 }
            return s.isEmpty ? nil : s
        }
        set {
            local.withLock { $0 = newValue ?? [] }
            if usesDesktop { DesktopClipboard.text = newValue?.first }
        }
    }

    /// Whether there is a string.
    open var hasStrings: Bool { string != nil }
}
