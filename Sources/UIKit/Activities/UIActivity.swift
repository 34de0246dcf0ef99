import Foundation

/// A service an activity view controller offers (UIKit's `UIActivity`): subclass it for your
/// own, override the title, image and `perform()`, and call `activityDidFinish(_:)`.
@preconcurrency @MainActor
open class UIActivity: NSObject {
    /// A service's identifier.
    public struct ActivityType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let postToFacebook = ActivityType("com.apple.UIKit.activity.PostToFacebook")
        public static let postToTwitter = ActivityType("com.apple.UIKit.activity.PostToTwitter")
        public static let message = ActivityType("com.apple.UIKit.activity.Message")
        public static let mail = ActivityType("com.apple.UIKit.activity.Mail")
        public static let print = ActivityType("com.apple.UIKit.activity.Print")
        public static let copyToPasteboard = ActivityType("com.apple.UIKit.activity.CopyToPasteboard")
        public static let assignToContact = ActivityType("com.apple.UIKit.activity.AssignToContact")
        public static let saveToCameraRoll = ActivityType("com.apple.UIKit.activity.SaveToCameraRoll")
        public static let addToReadingList = ActivityType("com.apple.UIKit.activity.AddToReadingList")
        public static let airDrop = ActivityType("com.apple.UIKit.activity.AirDrop")
        public static let openInIBooks = ActivityType("com.apple.UIKit.activity.OpenInIBooks")
        public static let markupAsPDF = ActivityType("com.apple.UIKit.activity.MarkupAsPDF")
        public static let sharePlay = ActivityType("com.apple.UIKit.activity.SharePlay")
        public static let addToHomeScreen = ActivityType("com.apple.UIKit.activity.AddToHomeScreen")
    }

    /// Where a service is listed.
    public enum Category: Int, Sendable { case action = 0, share }

    /// Where this kind of service is listed (actions).
    open class var activityCategory: Category { .action }
    /// The service's identifier (nil: the class's name).
    open var activityType: ActivityType? { nil }
    /// Its title in the list.
    open var activityTitle: String? { nil }
    /// Its image in the list.
    open var activityImage: UIImage? { nil }
    /// Whether it can act on `activityItems` (false by default).
    open func canPerform(withActivityItems activityItems: [Any]) -> Bool { false }
    /// Receives the items before `perform()`.
    open func prepare(withActivityItems activityItems: [Any]) {}
    /// A controller to present instead of `perform()` (nil).
    open var activityViewController: UIViewController? { nil }
    /// Does the work; call `activityDidFinish(_:)` when done.
    open func perform() { activityDidFinish(false) }

    /// Tells the activity view controller the service finished.
    open func activityDidFinish(_ completed: Bool) { finished?(completed) }
    var finished: ((Bool) -> Void)?

    public override init() { super.init() }
}
