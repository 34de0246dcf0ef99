import Foundation
import UIKit

extension GalleryStage {
    /// Adds a caption text layer over the scene (sharp at the stage's scale).
    @discardableResult
    public func label(_ text: String, _ frame: CGRect, size: CGFloat = 11, color: UIColor = .darkGray,
                      alignment: CATextLayerAlignmentMode = .center, to parent: CALayer? = nil) -> CATextLayer {
        let l = CATextLayer()
        l.string = text
        l.frame = frame
        l.fontSize = size
        l.foregroundColor = color.cgColor
        l.alignmentMode = alignment
        l.isWrapped = true
        l.contentsScale = window.screen.scale
        (parent ?? window.layer).addSublayer(l)
        return l
    }

    /// The stage's pixels per point.
    public var scale: CGFloat { window.screen.scale }
}
