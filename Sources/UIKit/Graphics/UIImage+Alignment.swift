import Foundation
@_spi(Lamina) import CoreGraphics

/// Alignment metadata: where an image's content lies for Auto Layout, and its text baseline.
extension UIImage {
    /// The part of the image that Auto Layout aligns, as insets from its edges in points (zero
    /// unless set by `withAlignmentRectInsets(_:)`; a symbol image's follow SF Symbols' rule,
    /// see ``baselineOffsetFromBottom``). An image view's alignment rectangle takes these.
    public var alignmentRectInsets: UIEdgeInsets { alignmentInsets }

    /// The same image with `alignmentRectInsets` (non-finite insets are taken as zero, with a
    /// diagnostic).
    public func withAlignmentRectInsets(_ alignmentInsets: UIEdgeInsets) -> UIImage {
        guard let copy = copied() else { return self }
        let parts = [alignmentInsets.top, alignmentInsets.left, alignmentInsets.bottom, alignmentInsets.right]
        if parts.allSatisfy(\.isFinite) {
            copy.alignmentInsets = alignmentInsets
        } else {
            LaminaDiagnostics.report("UIImage.withAlignmentRectInsets: non-finite insets \(alignmentInsets) taken as zero")
            copy.alignmentInsets = .zero
        }
        return copy
    }

    /// The distance from the bottom of the image up to its text baseline in points (negative
    /// below the bottom), or nil for an image without a baseline (the default; an image view
    /// then aligns its baselines at its bottom).
    ///
    /// A symbol image has one, as on iOS: SF Symbols sit on the baseline of the system font at
    /// the configuration's point size, centred on its cap height, and the alignment rectangle
    /// runs from that font's ascender to its descender (zero horizontal insets). Lamina's
    /// symbol images are squares 1.2 × the point size, so at the medium scale the alignment
    /// rectangle is within 0.4% of the image and the baseline lies 0.24 × the point size above
    /// its bottom; iOS's images are cut to each symbol's ink, so their sizes differ from
    /// Lamina's while the alignment rectangle and baseline follow the same font metrics.
    public var baselineOffsetFromBottom: CGFloat? { baseline }

    /// The same image with its baseline `fromBottom` points above its bottom (a non-finite value
    /// gives an image without a baseline, with a diagnostic).
    public func withBaselineOffset(fromBottom: CGFloat) -> UIImage {
        guard let copy = copied() else { return self }
        if fromBottom.isFinite {
            copy.baseline = fromBottom
        } else {
            LaminaDiagnostics.report("UIImage.withBaselineOffset(fromBottom: \(fromBottom)): not finite; no baseline")
            copy.baseline = nil
        }
        return copy
    }

    /// The same image without a baseline.
    public func imageWithoutBaseline() -> UIImage {
        guard let copy = copied() else { return self }
        copy.baseline = nil
        return copy
    }

    /// A symbol image's alignment insets and baseline for its configuration and height in
    /// points (see ``baselineOffsetFromBottom``).
    static func symbolMetrics(configuration: SymbolConfiguration?, height side: CGFloat) -> (insets: UIEdgeInsets, baseline: CGFloat) {
        let font = UIFont.systemFont(ofSize: SystemSymbols.pointSize(configuration))
        let ascent = font.ascender, descent = -font.descender
        // The symbol's centre sits half the cap height above the baseline.
        let baseline = side / 2 - font.capHeight / 2
        let top = side - baseline - ascent, bottom = baseline - descent
        return (UIEdgeInsets(top: top, left: 0, bottom: bottom, right: 0), baseline)
    }
}
