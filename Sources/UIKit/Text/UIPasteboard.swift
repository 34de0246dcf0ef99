import Foundation
import Synchronization
import LaminaWindow

/// Text copied and pasted between text fields and text views (UIKit's `UIPasteboard`, its text
/// part). ``general`` is the desktop's clipboard when a display is present (through SDL), and a
/// pasteboard of the process otherwise (tests, servers).
open class UIPasteboard: NSObject, @unchecked Sendable {
    private let local = Mutex<[String]>([])
    private let usesDesktop: Bool

    init(usesDesktop: Bool) {
        self.usesDesktop = usesDesktop
        super.init()
    }

    /// The general pasteboard.
    public static let general = UIPasteboard(usesDesktop: true)

    /// A new pasteboard of the process's own (not the desktop's), for tests (Lamina API).
    public static func makeLocal() -> UIPasteboard { UIPasteboard(usesDesktop: false) }

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
