import LaminaRender

/// Shapes layers draw, for UIKit (SPI).
@_spi(Lamina) public enum LaminaShapes {
    /// A rectangle with rounded corners as layers draw it (UIKit's `UIBezierPath`).
    public static func roundedRect(_ rect: CGRect, radius: CGFloat, corners: CACornerMask,
                                                 continuous: Bool) -> CGPath {
        LayerShape.path(rect, radius: radius, corners: corners.rawValue, continuous: continuous)
    }
}
