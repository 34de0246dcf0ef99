import Foundation
@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import QuartzCore

/// The application object (UIKit's `UIApplication`), as far as a process without an app bundle
/// or a system shell has one.
///
/// `UIApplication.shared` exists from first use. Its `applicationState` is `.inactive` until a
/// window is made key and visible, then `.active` (posting `didBecomeActiveNotification`
/// once, as UIKit does after launch). `windows` lists the live windows back to front by
/// `windowLevel`; `connectedScenes` holds the one `UIWindowScene` on `UIScreen.main` that
/// windows made without a scene join. Things a server process cannot do answer as a device
/// that refuses them: `open(_:options:completionHandler:)` reports `false` with a diagnostic,
/// `canOpenURL(_:)` is false, the idle timer, badge and background-task calls are kept but
/// change nothing.
open class UIApplication: UIResponder {
    /// The application's run state.
    public enum State: Int, Sendable {
        case active, inactive, background
    }

    /// Options for `open(_:options:completionHandler:)`.
    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Open only if an app handles the link as a universal link.
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// Posted when the application becomes active.
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    /// Posted when the application is about to stop being active.
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    /// Posted when the application enters the background.
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    /// Posted when the application is about to come back to the foreground.
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    /// Posted when the application is about to end.
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    /// Posted when the system asks the application to free memory.
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")

    private struct Registry {
        var windows: [WeakWindow] = []
        var state: State = .inactive
        var sequence = 0
    }
    private struct WeakWindow { weak var window: UIWindow?; var order: Int }
    private let registry = Locked(Registry())

    private static let instance = UIApplication(makingShared: ())

    /// The application object.
    public class var shared: UIApplication { instance }

    private init(makingShared: Void) { super.init() }

    /// The application's delegate (held strongly, as the `UIApplicationMain` machinery holds it).
    open var delegate: (any UIApplicationDelegate)? {
        get { _delegate.withLock { $0 } }
        set { _delegate.withLock { $0 = newValue } }
    }
    private let _delegate = Locked<(any UIApplicationDelegate)?>(nil)

    /// `.inactive` until a window is made key and visible, then `.active`.
    open var applicationState: State { registry.withLock { $0.state } }

    /// The live windows, back to front: by `windowLevel`, then in the order they were made.
    open var windows: [UIWindow] {
        let entries = registry.withLock { r -> [(UIWindow, Int)] in
            r.windows.removeAll { $0.window == nil }
            return r.windows.compactMap { e in e.window.map { ($0, e.order) } }
        }
        return entries.sorted { a, b in
            a.0.windowLevel != b.0.windowLevel ? a.0.windowLevel < b.0.windowLevel : a.1 < b.1
        }.map(\.0)
    }

    /// The key window (deprecated on iOS 13 but widely used).
    open var keyWindow: UIWindow? { windows.last { $0.isKeyWindow } }

    /// The scenes: Lamina has one, the window scene on `UIScreen.main`.
    open var connectedScenes: Set<UIScene> { [UIWindowScene.main] }

    /// The scenes' windows' layout direction (left to right: Lamina has no locale setting).
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    /// Whether the idle timer is off. Kept; Lamina has no screen lock to stop.
    open var isIdleTimerDisabled: Bool {
        get { _flags.withLock { $0.idleTimerDisabled } }
        set { _flags.withLock { $0.idleTimerDisabled = newValue } }
    }
    /// The number on the app icon. Kept; Lamina has no icon.
    open var applicationIconBadgeNumber: Int {
        get { _flags.withLock { $0.badge } }
        set { _flags.withLock { $0.badge = newValue } }
    }
    /// The app's dynamic Home Screen quick actions. Kept; Lamina has no Home Screen.
    open var shortcutItems: [UIApplicationShortcutItem]?
    /// Whether the network activity indicator shows. Kept; Lamina has no status bar.
    open var isNetworkActivityIndicatorVisible: Bool {
        get { _flags.withLock { $0.networkIndicator } }
        set { _flags.withLock { $0.networkIndicator = newValue } }
    }
    /// Whether the application ignores touches (between the begin and end calls).
    open var isIgnoringInteractionEvents: Bool { _flags.withLock { $0.ignoring > 0 } }
    private struct Flags { var idleTimerDisabled = false, badge = 0, networkIndicator = false, ignoring = 0, task = 0 }
    private let _flags = Locked(Flags())

    /// Starts ignoring touches (nested calls count).
    open func beginIgnoringInteractionEvents() { _flags.withLock { $0.ignoring += 1 } }
    /// Ends one `beginIgnoringInteractionEvents()`.
    open func endIgnoringInteractionEvents() { _flags.withLock { $0.ignoring = max(0, $0.ignoring - 1) } }

    /// Asks the system to open `url`. Lamina has no other apps or browser: the completion handler
    /// gets `false` (at once) and a diagnostic names the URL.
    open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
                   completionHandler completion: ((Bool) -> Void)? = nil) {
        LaminaDiagnostics.report("UIApplication.open(\(url.absoluteString)): Lamina has no app or browser to open URLs with; reported as not opened")
        completion?(false)
    }

    /// Whether an app can open `url`: false (Lamina opens no URLs).
    open func canOpenURL(_ url: URL) -> Bool { false }

    /// Starts a background task; Lamina never suspends, so the task only gets an identifier.
    open func beginBackgroundTask(withName taskName: String? = nil,
                                  expirationHandler handler: (() -> Void)? = nil) -> UIBackgroundTaskIdentifier {
        UIBackgroundTaskIdentifier(rawValue: _flags.withLock { $0.task += 1; return $0.task })
    }
    /// Ends a background task (nothing to do).
    open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {}

    /// The next responder: the delegate when it is a responder.
    open override var next: UIResponder? { delegate as? UIResponder }

    // MARK: Windows (called by UIWindow)

    func register(_ window: UIWindow) {
        registry.withLock { r in
            r.windows.removeAll { $0.window == nil }
            r.sequence += 1
            r.windows.append(WeakWindow(window: window, order: r.sequence))
        }
    }

    /// A window became key: the others resign, and the application becomes active.
    func windowBecameKey(_ window: UIWindow) {
        for other in windows where other !== window && other.isKeyWindow { other.loseKeyStatus() }
        let becameActive = registry.withLock { r -> Bool in
            guard r.state != .active else { return false }
            r.state = .active
            return true
        }
        if becameActive {
            NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: self)
        }
    }
}

/// The identifier of a background task.
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// No task.
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

/// The direction of a user interface.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight, rightToLeft
}

/// The application delegate. Every method is optional. `UIApplicationMain` and a `@main`
/// delegate call `application(_:didFinishLaunchingWithOptions:)` at launch and
/// `applicationWillTerminate(_:)` when the last window closes; headless code that never runs the
/// main loop calls them itself if it relies on them.
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// The delegate's window, if it keeps one.
    var window: UIWindow? { get set }
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    func applicationDidBecomeActive(_ application: UIApplication)
    func applicationWillResignActive(_ application: UIApplication)
    func applicationWillTerminate(_ application: UIApplication)
    /// A Home Screen quick action was chosen (never on Lamina's own; an app may call it).
    func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem,
                     completionHandler: @escaping (Bool) -> Void)
}

extension UIApplicationDelegate {
    public var window: UIWindow? { get { nil } set {} }
    public func application(_ application: UIApplication,
                            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    public func applicationWillResignActive(_ application: UIApplication) {}
    public func applicationWillTerminate(_ application: UIApplication) {}
    public func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem,
                            completionHandler: @escaping (Bool) -> Void) { completionHandler(false) }
}

extension UIApplication {
    /// Keys of the launch options dictionary.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The URL the app was launched to open.
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
        /// The quick action the app was launched with.
        public static let shortcutItem = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsShortcutItemKey")
    }
}
