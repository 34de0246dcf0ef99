// Written as many iOS libraries are: UIKit when the platform has it, and no dependency that
// says so. On Linux `canImport(UIKit)` finds Lamina's UIKit whenever it has been built before
// this module, so this file must compile both ways.
#if canImport(UIKit)
import UIKit

/// Whether a tap on `view` should give feedback: it is on screen and takes touches.
public func shouldGiveFeedback(for view: UIView) -> Bool {
    view.window != nil && view.isUserInteractionEnabled && !view.isHidden
}
#endif

/// The platform's name for the feedback style, for logs.
public let hapticsPlatform: String = {
    #if canImport(UIKit)
    return "UIKit"
    #else
    return "none"
    #endif
}()
