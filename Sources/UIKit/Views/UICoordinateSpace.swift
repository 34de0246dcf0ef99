import Foundation
@_spi(Lamina) import QuartzCore

/// A coordinate space points and rectangles convert between (UIKit's `UICoordinateSpace`):
/// views, and a screen's `coordinateSpace` and `fixedCoordinateSpace`.
@preconcurrency @MainActor
public protocol UICoordinateSpace: AnyObject {
    /// `point` in this space converted to `coordinateSpace`.
    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint
    /// `point` in `coordinateSpace` converted to this space.
    func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint
    /// `rect` in this space converted to `coordinateSpace` (the bounding box of its corners).
    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect
    /// `rect` in `coordinateSpace` converted to this space.
    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect
    /// The space's bounds.
    var bounds: CGRect { get }
}

/// Conversions through screen coordinates: a view's through its window (whose frame is in the
/// screen's coordinates; a window's transform is not applied), a screen space's as they are.
@MainActor enum ScreenCoordinates {
    static func toScreen(_ p: CGPoint, from space: any UICoordinateSpace) -> CGPoint {
        switch space {
        case let view as UIView:
            guard let window = view.window ?? (view as? UIWindow) else { return view.convert(p, to: nil as UIView?) }
            let inWindow = view === window ? p : view.convert(p, to: window as UIView?)
            return CGPoint(x: window.frame.minX + inWindow.x - window.bounds.minX,
                           y: window.frame.minY + inWindow.y - window.bounds.minY)
        case is ScreenCoordinateSpace:
            return p
        default:
            return space.convert(p, to: UIScreen.main.coordinateSpace)
        }
    }

    static func fromScreen(_ p: CGPoint, to space: any UICoordinateSpace) -> CGPoint {
        switch space {
        case let view as UIView:
            guard let window = view.window ?? (view as? UIWindow) else { return view.convert(p, from: nil as UIView?) }
            let inWindow = CGPoint(x: p.x - window.frame.minX + window.bounds.minX,
                                   y: p.y - window.frame.minY + window.bounds.minY)
            return view === window ? inWindow : view.convert(inWindow, from: window as UIView?)
        case is ScreenCoordinateSpace:
            return p
        default:
            return space.convert(p, from: UIScreen.main.coordinateSpace)
        }
    }

    static func convert(_ p: CGPoint, from a: any UICoordinateSpace, to b: any UICoordinateSpace) -> CGPoint {
        if let va = a as? UIView, let vb = b as? UIView, va.window != nil, va.window === vb.window {
            return va.convert(p, to: vb as UIView?)
        }
        return fromScreen(toScreen(p, from: a), to: b)
    }

    static func convert(_ r: CGRect, from a: any UICoordinateSpace, to b: any UICoordinateSpace) -> CGRect {
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return .null }
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)].map { convert($0, from: a, to: b) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}

/// A screen's coordinate space: the screen's points, the origin at its top left. Lamina's
/// screens do not rotate, so the fixed space (portrait, home button down) is the same.
final class ScreenCoordinateSpace: UICoordinateSpace {
    weak var screen: UIScreen?
    init(screen: UIScreen) { self.screen = screen }
    var bounds: CGRect { screen?.bounds ?? .zero }
    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        ScreenCoordinates.fromScreen(point, to: coordinateSpace)
    }
    func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        ScreenCoordinates.toScreen(point, from: coordinateSpace)
    }
    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        ScreenCoordinates.convert(rect, from: self, to: coordinateSpace)
    }
    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        ScreenCoordinates.convert(rect, from: coordinateSpace, to: self)
    }
}

extension UIView: UICoordinateSpace {
    /// `point` in this view's coordinates converted to `coordinateSpace` (a view, or a screen's
    /// space; views in no window convert as if their root were at the screen's origin).
    public func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return convert(point, to: view as UIView?) }
        return ScreenCoordinates.convert(point, from: self, to: coordinateSpace)
    }
    public func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return convert(point, from: view as UIView?) }
        return ScreenCoordinates.convert(point, from: coordinateSpace, to: self)
    }
    public func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return convert(rect, to: view as UIView?) }
        return ScreenCoordinates.convert(rect, from: self, to: coordinateSpace)
    }
    public func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return convert(rect, from: view as UIView?) }
        return ScreenCoordinates.convert(rect, from: coordinateSpace, to: self)
    }
}
