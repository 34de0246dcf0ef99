import Foundation

/// How a presented controller covers the screen (UIKit's `UIModalPresentationStyle`).
public enum UIModalPresentationStyle: Int, Sendable {
    /// The system's choice: a page sheet for most controllers (iOS 13+).
    case automatic = -2
    /// No adaptation (returned by an adaptive delegate to keep the style).
    case none = -1
    /// Covers the screen; the presenting controller's views are removed once it is shown.
    case fullScreen = 0
    /// A card over the presenting view, which is pushed back and dimmed (on a phone).
    case pageSheet = 1
    /// A sheet sized by `preferredContentSize` in a regular width; a page sheet in a compact one.
    case formSheet = 2
    /// Covers the view of the controller that defines the presentation context.
    case currentContext = 3
    /// Given by the transitioning delegate's presentation controller and animator.
    case custom = 4
    /// Covers the screen over the presenting views, which stay.
    case overFullScreen = 5
    /// Covers the context's view over it, which stays.
    case overCurrentContext = 6
    /// A popover pointing at its source; a sheet in a compact width.
    case popover = 7
    /// Over the screen, the content behind blurred (tvOS).
    case blurOverFullScreen = 8
}

/// The animation of a presentation (UIKit's `UIModalTransitionStyle`).
public enum UIModalTransitionStyle: Int, Sendable {
    /// Slides up from the bottom; slides down when dismissed.
    case coverVertical = 0
    /// Turns the presenting view over to the presented one, right to left.
    case flipHorizontal = 1
    /// Fades the presented view in over the presenting one.
    case crossDissolve = 2
    /// Curls the presenting view up (Lamina runs a cover-vertical slide instead, with a
    /// diagnostic).
    case partialCurl = 3
}
