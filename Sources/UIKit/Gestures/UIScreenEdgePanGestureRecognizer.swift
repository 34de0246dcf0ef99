import Foundation

/// The edges of a rectangle (UIKit's `UIRectEdge`).
public struct UIRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// A pan that starts at an edge of the screen (UIKit's `UIScreenEdgePanGestureRecognizer`):
/// the first finger must come down within 20 points of one of `edges` of its window.
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges the pan may start from.
    open var edges: UIRectEdge = []

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches == touches.count, let touch = touches.first, let window = touch.window {
            let p = touch.location(in: window)
            let b = window.bounds
            let near = (edges.contains(.left) && p.x - b.minX <= 20) || (edges.contains(.right) && b.maxX - p.x <= 20)
                || (edges.contains(.top) && p.y - b.minY <= 20) || (edges.contains(.bottom) && b.maxY - p.y <= 20)
            if !near {
                state = .failed
                return
            }
        }
        super.touchesBegan(touches, with: event)
    }
}
