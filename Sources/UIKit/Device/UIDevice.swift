import Foundation

/// The physical orientation of the device (UIKit's `UIDeviceOrientation`).
public enum UIDeviceOrientation: Int, Sendable {
    case unknown = 0, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown

    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}

/// The device the app runs on (UIKit's `UIDevice`). Lamina's is the simulated device of the
/// main screen: an iPhone running iOS 17.0, in portrait when the main screen is taller than
/// wide. Its properties can be set (Lamina API), so a suite that checks which device its
/// references were recorded on runs; setting `orientation` posts
/// `orientationDidChangeNotification` while notifications are generated.
@preconcurrency @MainActor
open class UIDevice: NSObject {
    /// The battery's state.
    public enum BatteryState: Int, Sendable { case unknown = 0, unplugged, charging, full }

    /// The device.
    public static let current = UIDevice()

    private override init() { super.init() }

    /// The device's name: "iPhone" (what iOS 16+ gives apps without the entitlement).
    open var name = "iPhone"
    /// The model: "iPhone".
    open var model = "iPhone"
    /// The model, localized: "iPhone".
    open var localizedModel = "iPhone"
    /// The system's name: "iOS".
    open var systemName = "iOS"
    /// The system's version: "17.0".
    open var systemVersion = "17.0"
    /// The kind of interface: the main screen's idiom (a phone) unless set.
    open var userInterfaceIdiom: UIUserInterfaceIdiom {
        get { idiom ?? UIScreen.main.traitCollection.userInterfaceIdiom }
        set { idiom = newValue }
    }
    private var idiom: UIUserInterfaceIdiom?

    /// The orientation: the main screen's shape (portrait or landscape left) unless set.
    open var orientation: UIDeviceOrientation {
        get {
            if let o = setOrientation { return o }
            let b = UIScreen.main.bounds
            return b.height >= b.width ? .portrait : .landscapeLeft
        }
        set {
            let old = orientation
            setOrientation = newValue
            if old != newValue, isGeneratingDeviceOrientationNotifications {
                NotificationCenter.default.post(name: UIDevice.orientationDidChangeNotification, object: self)
            }
        }
    }
    private var setOrientation: UIDeviceOrientation?

    /// Whether the device runs several apps at once (true).
    open var isMultitaskingSupported: Bool { true }
    /// A fixed identifier for the app's vendor (the same on every machine, for repeatable
    /// output).
    open var identifierForVendor: UUID? { UUID(uuidString: "00000000-0000-4000-8000-000000000000") }

    /// Whether battery state is monitored.
    open var isBatteryMonitoringEnabled = false
    /// The battery's level (-1: unknown, as when monitoring is off; Linux has no battery).
    open var batteryLevel: Float { -1 }
    /// The battery's state (unknown).
    open var batteryState: BatteryState { .unknown }
    /// Whether the proximity sensor is monitored (it stays false: there is none).
    open var isProximityMonitoringEnabled: Bool {
        get { false }
        set {}
    }
    /// Whether the proximity sensor is close to the user (false).
    open var proximityState: Bool { false }

    /// Whether orientation notifications are generated.
    open private(set) var isGeneratingDeviceOrientationNotifications = false
    private var orientationClients = 0

    /// Starts orientation notifications (calls nest).
    open func beginGeneratingDeviceOrientationNotifications() {
        orientationClients += 1
        isGeneratingDeviceOrientationNotifications = true
    }

    /// Ends one `beginGeneratingDeviceOrientationNotifications()`.
    open func endGeneratingDeviceOrientationNotifications() {
        orientationClients = max(0, orientationClients - 1)
        isGeneratingDeviceOrientationNotifications = orientationClients > 0
    }

    /// Plays the keyboard click (silent: Lamina plays no sound).
    open func playInputClick() {}

    /// Posted when the orientation changed.
    public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")
    /// Posted when the battery's state changed.
    public static let batteryStateDidChangeNotification = Notification.Name("UIDeviceBatteryStateDidChangeNotification")
    /// Posted when the battery's level changed.
    public static let batteryLevelDidChangeNotification = Notification.Name("UIDeviceBatteryLevelDidChangeNotification")
    /// Posted when the proximity state changed.
    public static let proximityStateDidChangeNotification = Notification.Name("UIDeviceProximityStateDidChangeNotification")
}
