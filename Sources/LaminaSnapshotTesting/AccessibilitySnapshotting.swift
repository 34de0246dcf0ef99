import Foundation
import CoreGraphics
@_spi(Lamina) import UIKit
import SnapshotTesting

// Accessibility snapshots (Lamina's strategies): the view with each element VoiceOver reaches
// outlined in a colour of its own and a legend beside it in reading order, and the same
// transcript as text for code review. The elements and their order are those of
// `AccessibilityHierarchy`; what each says comes from UIKit's accessibility properties and their
// defaults (labels from text and titles, traits such as button, header, selected, not enabled,
// adjustable, values of switches, sliders, steppers and progress views).

extension Snapshotting where Value == UIView, Format == UIImage {
    /// The view with its accessibility elements outlined and a legend in VoiceOver's order
    /// (label, value, traits; hint and custom actions below).
    ///
    /// Accessibility settings are set per snapshot through `traits`: the content size category
    /// (Dynamic Type) and `legibilityWeight: .bold` (Bold Text).
    public static func accessibilityImage(precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
                                          traits: UITraitCollection = .init()) -> Snapshotting {
        let scale = snapshotScale(traits)
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
            .pullback { view in
                onMainActor {
                    accessibilityPicture(of: view, viewController: nil, size: size ?? view.frame.size, traits: traits, scale: scale,
                                       what: "The view \(type(of: view))")
                }
            }
    }
}

extension Snapshotting where Value == UIViewController, Format == UIImage {
    /// The controller's view with its accessibility elements outlined and a legend (see the
    /// view strategy), on a device when `config` is given.
    public static func accessibilityImage(on config: ViewImageConfig? = nil, precision: Float = 1, perceptualPrecision: Float = 1,
                                          size: CGSize? = nil, traits: UITraitCollection = .init()) -> Snapshotting {
        let merged = UITraitCollection(traitsFrom: [config?.traits ?? .init(), traits])
        let scale = snapshotScale(merged)
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
            .pullback { vc in
                onMainActor {
                    accessibilityPicture(of: vc.view, viewController: vc, size: size ?? config?.size ?? vc.view.frame.size,
                                       traits: merged, scale: scale, safeArea: config?.safeArea ?? .zero,
                                       what: "The view of \(type(of: vc))")
                }
            }
    }
}

extension Snapshotting where Value == UIView, Format == String {
    /// What VoiceOver reads of the view, element by element in its order, one numbered entry
    /// each (label, value, traits; hint and custom actions indented below), for code review:
    ///
    /// ```
    /// 1. Settings. Heading.
    /// 2. Wi-Fi, On. Switch button.
    /// 3. Volume, 50%. Adjustable.
    ///    Hint: Adjusts the ringer volume.
    /// ```
    public static var accessibilityDescription: Snapshotting { .accessibilityDescription() }

    /// The transcript after laying the view out at `size` with `traits`.
    public static func accessibilityDescription(size: CGSize? = nil, traits: UITraitCollection = .init()) -> Snapshotting {
        SimplySnapshotting.lines.pullback { view in
            onMainActor {
                accessibilityTranscript(of: view, viewController: nil, size: size ?? view.frame.size, traits: traits)
            }
        }
    }
}

extension Snapshotting where Value == UIViewController, Format == String {
    /// What VoiceOver reads of the controller's view (see the view strategy).
    public static var accessibilityDescription: Snapshotting { .accessibilityDescription() }

    /// The transcript on a device (when `config` is given) with `traits`.
    public static func accessibilityDescription(on config: ViewImageConfig? = nil, size: CGSize? = nil,
                                                traits: UITraitCollection = .init()) -> Snapshotting {
        let merged = UITraitCollection(traitsFrom: [config?.traits ?? .init(), traits])
        return SimplySnapshotting.lines.pullback { vc in
            onMainActor {
                accessibilityTranscript(of: vc.view, viewController: vc, size: size ?? config?.size ?? vc.view.frame.size,
                                        traits: merged, safeArea: config?.safeArea ?? .zero)
            }
        }
    }
}

/// The numbered transcript of the hosted view's elements.
@MainActor func accessibilityTranscript(of view: UIView, viewController: UIViewController?, size: CGSize, traits: UITraitCollection,
                                        safeArea: UIEdgeInsets = .zero) -> String {
    let host = ViewHost(size: size, traits: traits, scale: snapshotScale(traits), safeArea: safeArea)
        .adjusted(for: viewController).fitted(view: view, viewController: viewController)
    guard host.size.width.isFinite, host.size.height.isFinite, host.size.width >= 0, host.size.height >= 0,
          host.size.width <= 100_000, host.size.height <= 100_000 else {
        return "(The view's size, \(host.size.width) x \(host.size.height), cannot be laid out.)"
    }
    return host.host(view: view, viewController: viewController) { _ in
        transcript(AccessibilityHierarchy.markers(in: view))
    }
}

func transcript(_ markers: [AccessibilityMarker]) -> String {
    guard !markers.isEmpty else { return "(No accessibility elements.)" }
    return markers.enumerated().map { k, m in
        let lines = m.lines
        let number = "\(k + 1). "
        return ([number + lines[0]] + lines.dropFirst().map { String(repeating: " ", count: number.count) + $0 }).joined(separator: "\n")
    }.joined(separator: "\n")
}

/// The colours elements are outlined in, in turn.
let accessibilityPalette: [UIColor] = [
    UIColor(red: 0.00, green: 0.48, blue: 1.00, alpha: 1), UIColor(red: 1.00, green: 0.23, blue: 0.19, alpha: 1),
    UIColor(red: 0.20, green: 0.78, blue: 0.35, alpha: 1), UIColor(red: 1.00, green: 0.58, blue: 0.00, alpha: 1),
    UIColor(red: 0.69, green: 0.32, blue: 0.87, alpha: 1), UIColor(red: 0.19, green: 0.69, blue: 0.78, alpha: 1),
    UIColor(red: 1.00, green: 0.18, blue: 0.33, alpha: 1), UIColor(red: 0.64, green: 0.52, blue: 0.37, alpha: 1),
    UIColor(red: 0.35, green: 0.34, blue: 0.84, alpha: 1), UIColor(red: 0.00, green: 0.78, blue: 0.75, alpha: 1),
    UIColor(red: 0.55, green: 0.55, blue: 0.58, alpha: 1), UIColor(red: 0.85, green: 0.75, blue: 0.00, alpha: 1),
]

/// The legend's width, in points.
let accessibilityLegendWidth: CGFloat = 320

/// The hosted view drawn with its elements outlined, and the legend to its right.
@MainActor func accessibilityPicture(of view: UIView, viewController: UIViewController?, size: CGSize, traits: UITraitCollection,
                                   scale: CGFloat, safeArea: UIEdgeInsets = .zero, what: String) -> SnapshotImage {
    let host = ViewHost(size: size, traits: traits, scale: scale, safeArea: safeArea)
        .adjusted(for: viewController).fitted(view: view, viewController: viewController)
    if let problem = snapshotSizeProblem(host.size, scale: scale, what: what) { return problem }
    let viewSize = host.size
    return host.host(view: view, viewController: viewController) { window -> SnapshotImage in
        let markers = AccessibilityHierarchy.markers(in: view)
        let origin = view.convert(CGPoint.zero, to: nil)
        // The legend: a swatch and the entry's lines for each element.
        let entries: [UILabel] = markers.enumerated().map { k, m in
            let label = UILabel()
            label.numberOfLines = 0
            label.font = .systemFont(ofSize: 12)
            label.textColor = .black
            label.text = "\(k + 1). " + m.lines.joined(separator: "\n")
            let fit = label.sizeThatFits(CGSize(width: accessibilityLegendWidth - 28, height: .greatestFiniteMagnitude))
            label.frame = CGRect(x: 0, y: 0, width: accessibilityLegendWidth - 28, height: ceil(fit.height))
            return label
        }
        let empty = UILabel()
        empty.font = .italicSystemFont(ofSize: 12)
        empty.textColor = .darkGray
        empty.text = "No accessibility elements."
        empty.frame = CGRect(x: 0, y: 0, width: accessibilityLegendWidth - 28, height: 16)
        let legendHeight = (markers.isEmpty ? 16 : entries.reduce(0) { $0 + $1.bounds.height + 8 } - 8) + 16
        let total = CGSize(width: viewSize.width + accessibilityLegendWidth, height: max(viewSize.height, legendHeight))
        if let problem = snapshotSizeProblem(total, scale: scale, what: what) { return problem }
        let made = drawSnapshot(size: total, scale: scale, what: what, opaque: true) { ctx in
            let cg = ctx.cgContext
            UIColor.white.setFill()
            cg.fill(CGRect(origin: .zero, size: total))
            window.drawHierarchyAsRenderInContext(in: CGRect(origin: .zero, size: window.bounds.size))
            // Outlines: the element's path or frame, tinted and stroked in its colour.
            for (k, m) in markers.enumerated() {
                let colour = accessibilityPalette[k % accessibilityPalette.count]
                let shape = m.path ?? CGPath(rect: m.frame, transform: nil)
                var shift = CGAffineTransform(translationX: -origin.x, y: -origin.y)
                guard let local = shape.copy(using: &shift) else { continue }
                cg.saveGState()
                cg.clip(to: CGRect(origin: .zero, size: viewSize))
                cg.addPath(local)
                cg.setFillColor(colour.withAlphaComponent(0.25).cgColor)
                cg.fillPath()
                cg.addPath(local)
                cg.setStrokeColor(colour.cgColor)
                cg.setLineWidth(2)
                cg.strokePath()
                // The activation point, where it is not the middle of the frame.
                let p = CGPoint(x: m.activationPoint.x - origin.x, y: m.activationPoint.y - origin.y)
                if abs(p.x - (m.frame.midX - origin.x)) > 0.5 || abs(p.y - (m.frame.midY - origin.y)) > 0.5 {
                    cg.setFillColor(colour.cgColor)
                    cg.fillEllipse(in: CGRect(x: p.x - 3, y: p.y - 3, width: 6, height: 6))
                }
                cg.restoreGState()
            }
            // The legend.
            var y: CGFloat = 8
            let x = viewSize.width + 8
            if markers.isEmpty {
                cg.saveGState(); cg.translateBy(x: x + 20, y: y); empty.layer.render(in: cg); cg.restoreGState()
            }
            for (k, label) in entries.enumerated() {
                let colour = accessibilityPalette[k % accessibilityPalette.count]
                cg.setFillColor(colour.cgColor)
                cg.addPath(CGPath(roundedRect: CGRect(x: x, y: y + 1, width: 14, height: 14), cornerWidth: 3, cornerHeight: 3, transform: nil))
                cg.fillPath()
                cg.saveGState()
                cg.translateBy(x: x + 20, y: y)
                label.layer.render(in: cg)
                cg.restoreGState()
                y += label.bounds.height + 8
            }
        }
        guard made.problem == nil, let cg = made.cgImage else { return made }
        return SnapshotImage(cgImage: cg, scale: scale, rerender: nil)
    }
}
