import Foundation

/// A transition compiled: its effect and progress range, and the layer's appearance before the
/// change (a presentation copy of its subtree as last committed), drawn against the current
/// appearance by the compositor.
final class TransitionBody {
    let type: CATransitionType
    let subtype: CATransitionSubtype?
    let start: Double, end: Double
    /// The layer as it appeared before the change.
    let before: CALayer?

    init(_ t: CATransition, layer: CALayer) {
        type = t.type
        subtype = t.subtype
        let s = Double(max(0, min(1, t.startProgress))), e = Double(max(0, min(1, t.endProgress)))
        start = s
        end = max(s, e)
        if ![.fade, .moveIn, .push, .reveal, .flip].contains(t.type) {
            LaminaDiagnostics.report("CATransition: unknown type \(t.type.rawValue); drawn as a fade")
        }
        before = layer.flags.contains(.committed) ? PresentationBuilder(forRendering: true).committedCopy(of: layer) : nil
    }

    /// The transition's progress for eased time fraction `f`.
    func progress(_ f: Double) -> Double { start + (end - start) * max(0, min(1, f)) }
}
