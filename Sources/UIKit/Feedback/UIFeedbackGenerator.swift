import Foundation

/// Haptic feedback (UIKit's `UIFeedbackGenerator`). Linux devices have no haptic engine: the
/// generators accept every call and do nothing, as iOS does on devices without one.
@preconcurrency @MainActor
open class UIFeedbackGenerator: NSObject {
    public override init() { super.init() }
    /// A generator for feedback about `view` (iOS 17.5).
    public init(view: UIView) { super.init() }
    /// Gets the engine ready (nothing to do).
    open func prepare() {}
}

/// Feedback for a physical impact (UIKit's `UIImpactFeedbackGenerator`; no haptics on Linux).
@preconcurrency @MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    /// How heavy the impact feels.
    public enum FeedbackStyle: Int, Sendable { case light, medium, heavy, soft, rigid }
    /// The style.
    public let style: FeedbackStyle

    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }

    public override convenience init() { self.init(style: .medium) }

    /// A generator of `style` for `view` (iOS 17.5).
    public init(style: FeedbackStyle, view: UIView) {
        self.style = style
        super.init(view: view)
    }

    /// Plays the impact (nothing on Linux).
    open func impactOccurred() {}
    /// Plays the impact at `intensity` (0 to 1; nothing on Linux).
    open func impactOccurred(intensity: CGFloat) {}
    /// Plays the impact at a location in the view (iOS 17.5; nothing on Linux).
    open func impactOccurred(at location: CGPoint) {}
}

/// Feedback for a change of selection (UIKit's `UISelectionFeedbackGenerator`; no haptics on
/// Linux).
@preconcurrency @MainActor
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    /// Plays the selection tick (nothing on Linux).
    open func selectionChanged() {}
    /// Plays it at a location in the view (iOS 17.5; nothing on Linux).
    open func selectionChanged(at location: CGPoint) {}
}

/// Feedback for a task's outcome (UIKit's `UINotificationFeedbackGenerator`; no haptics on
/// Linux).
@preconcurrency @MainActor
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    /// The outcome.
    public enum FeedbackType: Int, Sendable { case success, warning, error }
    /// Plays the outcome's pattern (nothing on Linux).
    open func notificationOccurred(_ notificationType: FeedbackType) {}
    /// Plays it at a location in the view (iOS 17.5; nothing on Linux).
    open func notificationOccurred(_ notificationType: FeedbackType, at location: CGPoint) {}
}
