import Foundation
import Synchronization
@_spi(Lamina) import CoreGraphics

/// The screen views are shown on. Headless: a size in points and a scale, which views use for
/// their `contentScaleFactor` (and so their layers' `contentsScale`).
///
/// `UIScreen.main` is an iPhone-like 390×844-point screen at 3× unless replaced (Lamina API:
/// `UIScreen.main = UIScreen(size:scale:)`), for example to render at 2×.
@preconcurrency @MainActor
open class UIScreen: NSObject {
    /// The screen's bounds in points.
    public let bounds: CGRect
    /// Pixels per point.
    public let scale: CGFloat

    /// The parts of the screen covered by the status bar, a notch or the home indicator, which
    /// windows filling the screen report as their `safeAreaInsets` (Lamina API: a device's
    /// safe area).
    public let safeAreaInsets: UIEdgeInsets

    /// A screen `size` points large at `scale` pixels per point, with the safe area
    /// `safeAreaInsets` (none by default; Lamina API).
    public nonisolated init(size: CGSize, scale: CGFloat, safeAreaInsets: UIEdgeInsets = .zero) {
        bounds = CGRect(origin: .zero, size: size)
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        func clean(_ v: CGFloat) -> CGFloat { v.isFinite ? max(0, v) : 0 }
        self.safeAreaInsets = UIEdgeInsets(top: clean(safeAreaInsets.top), left: clean(safeAreaInsets.left),
                                           bottom: clean(safeAreaInsets.bottom), right: clean(safeAreaInsets.right))
        super.init()
    }

    /// The most frames a second the screen shows (60; `CADisplayLink` runs at this rate).
    public var maximumFramesPerSecond: Int { CADisplayLink.maximumFramesPerSecond }

    /// A display link for this screen calling `handler` each frame (Lamina's closure form of
    /// `displayLink(withTarget:selector:)`).
    public func displayLink(handler: @escaping (CADisplayLink) -> Void) -> CADisplayLink? { CADisplayLink(handler: handler) }

    /// The native scale (the same as `scale`).
    public var nativeScale: CGFloat { scale }
    /// The screen's coordinate space: its points, the origin at the top left (windows' frames
    /// are in it).
    public var coordinateSpace: any UICoordinateSpace { screenSpace }
    /// The screen's space in portrait, home button down. Lamina's screens do not rotate: the same
    /// as ``coordinateSpace``.
    public var fixedCoordinateSpace: any UICoordinateSpace { screenSpace }
    private var screenSpace: ScreenCoordinateSpace {
        spaceLock.withLock { space in
            if let s = space { return s }
            let s = ScreenCoordinateSpace(screen: self)
            space = s
            return s
        }
    }
    private let spaceLock = Mutex<ScreenCoordinateSpace?>(nil)

    /// The bounds in pixels.
    public var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale) }

    private nonisolated static let current = Locked(UIScreen(size: CGSize(width: 390, height: 844), scale: 3))

    /// The screen views use (settable in Lamina).
    public static var main: UIScreen {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    /// The main screen's scale, read from any thread: image renderer formats, which Apple lets
    /// any thread make, take it as their default.
    package nonisolated static var mainScale: CGFloat { current.withLock { $0.scale } }
    /// The main screen's size in points and scale, read from any thread.
    nonisolated static var mainSizeAndScale: (CGSize, CGFloat) { current.withLock { ($0.bounds.size, $0.scale) } }
}
