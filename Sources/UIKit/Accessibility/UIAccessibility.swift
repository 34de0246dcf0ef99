import Foundation
import Synchronization

/// What kind of element an accessibility element is (UIKit's `UIAccessibilityTraits`).
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let none = UIAccessibilityTraits([])
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
    public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 17)
    public static let toggleButton = UIAccessibilityTraits(rawValue: 1 << 18)
    public static let supportsZoom = UIAccessibilityTraits(rawValue: 1 << 19)
}

/// An accessibility element that is not a view (UIKit's `UIAccessibilityElement`), for a
/// container's `accessibilityElements`.
open class UIAccessibilityElement: UIResponder {
    /// The container the element is in.
    open weak var accessibilityContainer: AnyObject?

    /// An element in `container`.
    public init(accessibilityContainer container: Any) {
        accessibilityContainer = container as AnyObject
        super.init()
    }

    /// The frame in the container's coordinates; `accessibilityFrame` follows it when the
    /// container is a view.
    open var accessibilityFrameInContainerSpace: CGRect = .zero

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityFrame: CGRect {
        guard let view = accessibilityContainer as? UIView else { return accessibilityFrameInContainerSpace }
        return view.convert(accessibilityFrameInContainerSpace, to: nil)
    }
}

/// The user's accessibility settings (UIKit's `UIAccessibility`). Nothing on a server turns them
/// on, so they are false; Lamina lets tests set them, and posts UIKit's notification when one
/// changes. Bold Text also makes screens report `legibilityWeight == .bold`.
public enum UIAccessibility {
    private struct Settings { var reduceMotion = false, boldText = false, voiceOver = false }
    private static let settings = Mutex(Settings())

    private static func change(_ key: WritableKeyPath<Settings, Bool>, _ value: Bool, _ name: Foundation.Notification.Name) {
        let changed = settings.withLock { s -> Bool in
            guard s[keyPath: key] != value else { return false }
            s[keyPath: key] = value
            return true
        }
        if changed { NotificationCenter.default.post(name: name, object: nil) }
    }

    /// Whether Reduce Motion is on (settable in Lamina, for tests).
    public static var isReduceMotionEnabled: Bool {
        get { settings.withLock { $0.reduceMotion } }
        set { change(\.reduceMotion, newValue, reduceMotionStatusDidChangeNotification) }
    }
    /// Whether Bold Text is on (settable in Lamina, for tests).
    public static var isBoldTextEnabled: Bool {
        get { settings.withLock { $0.boldText } }
        set { change(\.boldText, newValue, boldTextStatusDidChangeNotification) }
    }
    /// Whether VoiceOver is running (settable in Lamina, for tests).
    public static var isVoiceOverRunning: Bool {
        get { settings.withLock { $0.voiceOver } }
        set { change(\.voiceOver, newValue, voiceOverStatusDidChangeNotification) }
    }

    /// A notification an app posts to assistive technologies (UIKit's
    /// `UIAccessibility.Notification`, with UIKit's raw values).
    public struct Notification: Hashable, Sendable, RawRepresentable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// A new screen appeared (argument: the element to focus, or nil).
        public static let screenChanged = Notification(rawValue: 1000)
        /// The layout of the screen changed (argument: the element to focus, or nil).
        public static let layoutChanged = Notification(rawValue: 1001)
        /// A message to speak (argument: a `String` or an `NSAttributedString`).
        public static let announcement = Notification(rawValue: 1008)
        /// A scroll view scrolled by a page (argument: a `String` describing where it is).
        public static let pageScrolled = Notification(rawValue: 1009)
    }

    /// Posts `notification` with `argument` to assistive technologies. On iOS VoiceOver hears
    /// it; Lamina has none, so it posts ``didPostNotification`` to `NotificationCenter.default`
    /// (Lamina API) for code and tests that observe what an app announces, with the
    /// notification under ``notificationUserInfoKey`` and the argument, when there is one,
    /// under ``argumentUserInfoKey``.
    public static func post(notification: Notification, argument: Any?) {
        var info: [AnyHashable: Any] = [notificationUserInfoKey: notification]
        if let argument { info[argumentUserInfoKey] = argument }
        NotificationCenter.default.post(name: didPostNotification, object: nil, userInfo: info)
    }

    /// Posted by ``post(notification:argument:)`` (Lamina API).
    public static let didPostNotification = Foundation.Notification.Name("LaminaAccessibilityDidPostNotification")
    /// The posted `UIAccessibility.Notification` in ``didPostNotification``'s user info.
    public static let notificationUserInfoKey = "notification"
    /// The posted argument in ``didPostNotification``'s user info.
    public static let argumentUserInfoKey = "argument"

    public static let reduceMotionStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
    public static let boldTextStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityBoldTextStatusDidChangeNotification")
    public static let voiceOverStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityVoiceOverStatusDidChangeNotification")
}
