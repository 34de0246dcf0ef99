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
    /// The screen's bounds in points (open, as on iOS, so a test double can override it).
    open var bounds: CGRect { pointBounds }
    /// Pixels per point (open, as on iOS, so a test double can override it).
    open var scale: CGFloat { pixelScale }
    private nonisolated let pointBounds: CGRect
    private nonisolated let pixelScale: CGFloat

    /// The parts of the screen covered by the status bar, a notch or the home indicator, which
    /// windows filling the screen report as their `safeAreaInsets` (Lamina API: a device's
    /// safe area).
    nonisolated let safeAreaInsets: UIEdgeInsets

    /// A screen `size` points large at `scale` pixels per point, with the safe area
    /// `safeAreaInsets` (none by default; Lamina API).
    public nonisolated init(size: CGSize, scale: CGFloat, safeAreaInsets: UIEdgeInsets = .zero) {
        pointBounds = CGRect(origin: .zero, size: size)
        pixelScale = scale.isFinite && scale > 0 ? scale : 1
        func clean(_ v: CGFloat) -> CGFloat { v.isFinite ? max(0, v) : 0 }
        self.safeAreaInsets = UIEdgeInsets(top: clean(safeAreaInsets.top), left: clean(safeAreaInsets.left),
                                           bottom: clean(safeAreaInsets.bottom), right: clean(safeAreaInsets.right))
        super.init()
    }

    /// A screen like the default main screen: 390 x 844 points at 3x, no safe area (what a
    /// subclass standing in for a screen in a test starts from).
    public nonisolated override convenience init() {
        self.init(size: CGSize(width: 390, height: 844), scale: 3)
    }

    /// The screen's traits: its scale, a phone idiom, light style, left-to-right layout, the
    /// "Large" text size, and the size classes of a phone in the screen's orientation (open, as
    /// on iOS, so a test double can override it).
    open var traitCollection: UITraitCollection { UIScreen.traits(size: bounds.size, scale: scale) }

    /// Called when `traitCollection` changed (a screen's traits do not change in Lamina).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The most frames a second the screen shows (60; `CADisplayLink` runs at this rate).
    public var maximumFramesPerSecond: Int { CADisplayLink.maximumFramesPerSecond }

    /// A display link for this screen calling `handler` each frame (Lamina's closure form of
    /// `displayLink(withTarget:selector:)`).
    public func displayLink(handler: @escaping (CADisplayLink) -> Void) -> CADisplayLink? { CADisplayLink(handler: handler) }

    /// The native scale (the same as `scale`).
    open var nativeScale: CGFloat { scale }
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
    open var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale) }

    private nonisolated static let current = Locked(UIScreen(size: CGSize(width: 390, height: 844), scale: 3))

    /// The screen views use (settable in Lamina).
    public static var main: UIScreen {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    /// The main screen's scale, read from any thread: image renderer formats, which Apple lets
    /// any thread make, take it as their default.
    package nonisolated static var mainScale: CGFloat { current.withLock { $0.pixelScale } }
    /// The main screen's size in points and scale, read from any thread.
    nonisolated static var mainSizeAndScale: (CGSize, CGFloat) { current.withLock { ($0.pointBounds.size, $0.pixelScale) } }
}
