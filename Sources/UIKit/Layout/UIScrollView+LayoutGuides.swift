import Foundation

extension UIScrollView {
    /// The guide of the scroll view's content: Auto Layout places content against it, in the
    /// content's coordinates, and its size becomes `contentSize` after layout (as in UIKit).
    /// Constraints between the scroll view's own edges and a view inside it mean the same edges.
    public var contentLayoutGuide: UILayoutGuide { guide(\.scrollContentGuide, .scrollContent, "UIScrollView-contentLayoutGuide") }

    /// The guide of the scroll view's frame, which does not move when the content scrolls:
    /// content pinned to it stays in view (as in UIKit).
    public var frameLayoutGuide: UILayoutGuide { guide(\.scrollFrameGuide, .scrollFrame, "UIScrollView-frameLayoutGuide") }

    /// The content guide for the engine while it builds (made without telling the engine, which
    /// is building it in).
    var contentGuideForLayout: UILayoutGuide {
        if let g = scrollContentGuide { return g }
        let g = makeGuide(.scrollContent, "UIScrollView-contentLayoutGuide")
        scrollContentGuide = g
        return g
    }

    private func guide(_ storage: ReferenceWritableKeyPath<UIView, UILayoutGuide?>, _ kind: UILayoutGuide.Kind,
                       _ name: String) -> UILayoutGuide {
        if let g = self[keyPath: storage] { return g }
        let g = makeGuide(kind, name)
        self[keyPath: storage] = g
        autoLayoutChanged()
        return g
    }
}
