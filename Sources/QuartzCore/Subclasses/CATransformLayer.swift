/// A layer that keeps the 3D positions of its sublayers instead of flattening them into its
/// plane. It draws only its sublayers (no background, contents or border), ignores masks,
/// shadows and filters, applies `opacity` to each sublayer separately, and is never itself the
/// result of `hitTest(_:)` (spec §2).
open class CATransformLayer: CALayer {
    override var preservesSublayerDepth: Bool { true }
}
