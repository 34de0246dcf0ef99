import Foundation

extension UIScrollView {
    /// The guide of the scroll view's content: Auto Layout places content against it, in the
    /// content's coordinates, and its size becomes `contentSize` after layout (as in UIKit).
    /// Constraints between the scroll view's own edges and a view inside it mean the same edges.
    public var contentLayoutGuide: UILayoutGuide {
        if let g = scrollContentGuide { return g }
        let g = makeGuide(.scrollContent, "UIScrollView-contentLayoutGuide")
        scrollContentGuide = g
        autoLayoutChanged()
        return g
    }

    /// The guide of the scroll view's frame, which does not move when the content scrolls:
    /// content pinned to it stays in view (as in UIKit).
    public var frameLayoutGuide: UILayoutGuide {
        if let g = scrollFrameGuide { return g }
        let g = makeGuide(.scrollFrame, "UIScrollView-frameLayoutGuide")
        scrollFrameGuide = g
        autoLayoutChanged()
        return g
    }
}
