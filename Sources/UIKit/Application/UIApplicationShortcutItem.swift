import Foundation

/// A Home Screen quick action (UIKit's `UIApplicationShortcutItem`): a type the app
/// recognises, a title, a subtitle, an icon and user info. Lamina has no Home Screen: the items
/// an app sets on `UIApplication.shared.shortcutItems` are kept and returned, and an app can
/// deliver one to its own handlers as iOS would.
open class UIApplicationShortcutItem: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// The action's type, as the app recognises it.
    open fileprivate(set) var type: String
    /// The title shown.
    open fileprivate(set) var localizedTitle: String
    /// The subtitle shown.
    open fileprivate(set) var localizedSubtitle: String?
    /// The icon.
    open fileprivate(set) var icon: UIApplicationShortcutIcon?
    /// Information the app keeps with the action.
    open fileprivate(set) var userInfo: [String: any NSSecureCoding]?
    /// The object the action is about (iOS 16's `targetContentIdentifier`).
    open fileprivate(set) var targetContentIdentifier: Any?

    /// A quick action of `type` with a title, subtitle, icon and user info.
    public init(type: String, localizedTitle: String, localizedSubtitle: String?, icon: UIApplicationShortcutIcon?,
                userInfo: [String: any NSSecureCoding]? = nil) {
        self.type = type
        self.localizedTitle = localizedTitle
        self.localizedSubtitle = localizedSubtitle
        self.icon = icon
        self.userInfo = userInfo
        super.init()
    }

    /// A quick action of `type` with a title.
    public convenience init(type: String, localizedTitle: String) {
        self.init(type: type, localizedTitle: localizedTitle, localizedSubtitle: nil, icon: nil, userInfo: nil)
    }

    open func copy(with zone: NSZone? = nil) -> Any { fill(UIApplicationShortcutItem(type: type, localizedTitle: localizedTitle)) }
    open func mutableCopy(with zone: NSZone? = nil) -> Any { fill(UIMutableApplicationShortcutItem(type: type, localizedTitle: localizedTitle)) }

    private func fill<T: UIApplicationShortcutItem>(_ c: T) -> T {
        c.localizedSubtitle = localizedSubtitle
        c.icon = icon
        c.userInfo = userInfo
        c.targetContentIdentifier = targetContentIdentifier
        return c
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? UIApplicationShortcutItem else { return false }
        return o.type == type && o.localizedTitle == localizedTitle && o.localizedSubtitle == localizedSubtitle
    }

    open override var hash: Int { type.hashValue ^ localizedTitle.hashValue }
}

/// A quick action whose properties can be changed (UIKit's `UIMutableApplicationShortcutItem`).
open class UIMutableApplicationShortcutItem: UIApplicationShortcutItem, @unchecked Sendable {
    open override var type: String { get { super.type } set { super.type = newValue } }
    open override var localizedTitle: String { get { super.localizedTitle } set { super.localizedTitle = newValue } }
    open override var localizedSubtitle: String? { get { super.localizedSubtitle } set { super.localizedSubtitle = newValue } }
    open override var icon: UIApplicationShortcutIcon? { get { super.icon } set { super.icon = newValue } }
    open override var userInfo: [String: any NSSecureCoding]? { get { super.userInfo } set { super.userInfo = newValue } }
    open override var targetContentIdentifier: Any? { get { super.targetContentIdentifier } set { super.targetContentIdentifier = newValue } }
}

/// A quick action's icon (UIKit's `UIApplicationShortcutIcon`): a system icon, an SF Symbol
/// or an image of the app's.
open class UIApplicationShortcutIcon: NSObject, NSCopying, @unchecked Sendable {
    /// iOS's built-in icons.
    public enum IconType: Int, Sendable {
        case compose, play, pause, add, location, search, share, prohibit, contact, home, markLocation, favorite, love
        case cloud, invitation, confirmation, mail, message, date, time, capturePhoto, captureVideo, task, taskCompleted
        case alarm, bookmark, shuffle, audio, update
    }
    /// The system icon, if it is one.
    public let iconType: IconType?
    /// The symbol's or image's name, if it is one of those.
    public let name: String?
    let isSymbol: Bool

    /// A system icon.
    public init(type: IconType) { iconType = type; name = nil; isSymbol = false }
    /// An SF Symbol.
    public init(systemImageName: String) { iconType = nil; name = systemImageName; isSymbol = true }
    /// An image of the app's asset catalog, as a template.
    public init(templateImageName: String) { iconType = nil; name = templateImageName; isSymbol = false }
    public func copy(with zone: NSZone? = nil) -> Any { self }
}
