import Foundation

/// A backdrop filter for `CALayer.backgroundFilters` (Lamina API): what lies behind the layer,
/// within its bounds and shape (corner radius), is blurred by a Gaussian and saturated, and
/// drawn as the layer's first content, under its background colour, contents and sublayers.
/// `UIVisualEffectView` is built on it.
///
/// Apple's `backgroundFilters` takes Core Image filters on macOS and is ignored on iOS, whose
/// blur comes from a private backdrop layer; Lamina draws only this filter there and reports
/// any other object once. The backdrop is what the frame shows under the layer: every layer
/// drawn before it in the same window (or image), including its ancestors' backgrounds. It is
/// sampled at a lower resolution (a pixel per `blurRadius / 3` device pixels, at most 16),
/// which a Gaussian this wide hides: drawing the frame under it again costs little, and most
/// of a backdrop's cost is scaling it back up over its pixels (`lamina-bench compositor`).
/// A backdrop layer inside a perspective-projected layer is drawn without its backdrop.
public struct LaminaBackdropFilter: Equatable, Sendable {
    /// The Gaussian's standard deviation, in points (clamped to 0...200).
    public var blurRadius: CGFloat
    /// The saturation factor (1 leaves colours, 0 is grey; clamped to 0...10).
    public var saturation: CGFloat

    public init(blurRadius: CGFloat, saturation: CGFloat = 1) {
        self.blurRadius = blurRadius
        self.saturation = saturation
    }
}
