@_spi(Lamina) import CoreGraphics
import Foundation
import LaminaRender

/// A frame prepared on the model's thread and drawn on another (Lamina API): what a window
/// host does each display refresh, so that the application's thread handles input while the
/// previous frame is rasterized.
///
/// ```swift
/// let prepared = renderer.prepareFrame(atTime: t)    // model thread: commit, evaluate
/// renderThread.async { renderer.draw(prepared!) }    // render thread: rasterize
/// ```
public struct CAPreparedFrame: @unchecked Sendable {
    let frame: Frame
    let geometry: FrameGeometry
    /// The media time the frame shows.
    public let time: CFTimeInterval
    /// The bitmap's size in pixels.
    public var pixelSize: (width: Int, height: Int) { (geometry.width, geometry.height) }
}

extension CARenderer {
    /// On the thread that owns the layers: commits pending changes, lays out and displays the
    /// tree, redraws layers whose `needsDisplay(forKey:)` properties animate, and evaluates the
    /// animations at `time` (now when nil). Nothing is rasterized; the result is a value that
    /// holds no layer, to hand to ``draw(_:)`` on any thread.
    public func prepareFrame(atTime time: CFTimeInterval? = nil) -> CAPreparedFrame? {
        guard let layer else { return nil }
        let t = time ?? CACurrentMediaTime()
        guard let g = FrameGeometry(area: bounds ?? layer.bounds, scale: scale, who: "CARenderer"),
              let f = CARenderer.prepareFrame(of: layer, at: t) else { return nil }
        return CAPreparedFrame(frame: f, geometry: g, time: t)
    }

    /// Draws a prepared frame into the renderer's bitmap, redrawing only what changed since the
    /// previous frame (``lastDamage`` says which device pixels), and returns the bitmap. Call it
    /// from one thread at a time; it touches no layer.
    public func draw(_ prepared: CAPreparedFrame) -> CGImage? {
        frames.nextFrame(prepared.frame, geometry: prepared.geometry)
    }
}
