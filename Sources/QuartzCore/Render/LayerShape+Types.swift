import LaminaRender

extension LayerShape {
    /// `rect` with `corners` rounded by `radius` in the `curve` (the outline layers draw).
    static func path(_ rect: CGRect, radius: CGFloat, corners: CACornerMask, curve: CALayerCornerCurve) -> CGPath {
        path(rect, radius: radius, corners: corners.rawValue, continuous: curve == .continuous)
    }
}
