import Foundation
import CoreGraphics
@_spi(Lamina) import UIKit
import SnapshotTesting

extension Snapshotting where Value == UIView, Format == UIImage {
    /// A snapshot strategy for comparing views based on pixel equality.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy for comparing views based on pixel equality.
    ///
    /// - Parameters:
    ///   - drawHierarchyInKeyWindow: Draw as `drawHierarchy(in:afterScreenUpdates:)` shows the
    ///     screen (a translucent view composited as a group) instead of as `layer.render(in:)`
    ///     draws (each of its layers faded on its own), which is what the library does on iOS
    ///     unless this is set.
    ///   - precision: The share of pixels that must match.
    ///   - perceptualPrecision: How close a pixel must be to match (ΔE*94 of at most
    ///     `(1 - perceptualPrecision) * 100`).
    ///   - size: A view size override (the view's frame size otherwise).
    ///   - traits: A trait collection override; its `displayScale` is the scale drawn at (the main
    ///     screen's when unspecified, then the reference's when it has the same size in points).
    public static func image(drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
                             size: CGSize? = nil, traits: UITraitCollection = .init()) -> Snapshotting {
        let scale = snapshotScale(traits)
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
            .pullback { view in
                onMainActor {
                    snapshotImage(of: view, viewController: nil, size: size ?? view.frame.size, traits: traits, scale: scale,
                                  drawHierarchyInKeyWindow: drawHierarchyInKeyWindow, what: "The view \(type(of: view))")
                }
            }
    }

    /// A snapshot strategy for views rendered on a device: its size (unless `size` is given),
    /// scale and traits, with `traits` on top.
    public static func image(on config: ViewImageConfig, precision: Float = 1, perceptualPrecision: Float = 1,
                             size: CGSize? = nil, traits: UITraitCollection = .init()) -> Snapshotting {
        let merged = UITraitCollection(traitsFrom: [config.traits, traits])
        let scale = snapshotScale(merged)
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
            .pullback { view in
                onMainActor {
                    snapshotImage(of: view, viewController: nil, size: size ?? config.size ?? view.frame.size, traits: merged,
                                  scale: scale, safeArea: config.safeArea, what: "The view \(type(of: view))")
                }
            }
    }
}

extension Snapshotting where Value == UIViewController, Format == UIImage {
    /// A snapshot strategy for comparing view controller views based on pixel equality.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy for view controllers rendered on a device (see `ViewImageConfig`).
    ///
    /// - Parameters:
    ///   - config: The device: size, safe area and traits.
    ///   - precision: The share of pixels that must match.
    ///   - perceptualPrecision: How close a pixel must be to match.
    ///   - size: A size override.
    ///   - traits: Traits on top of the device's.
    public static func image(on config: ViewImageConfig, precision: Float = 1, perceptualPrecision: Float = 1,
                             size: CGSize? = nil, traits: UITraitCollection = .init()) -> Snapshotting {
        let merged = UITraitCollection(traitsFrom: [config.traits, traits])
        let scale = snapshotScale(merged)
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
            .pullback { vc in
                onMainActor {
                    snapshotImage(of: vc.view, viewController: vc, size: size ?? config.size ?? vc.view.frame.size, traits: merged,
                                  scale: scale, safeArea: config.safeArea, what: "The view of \(type(of: vc))")
                }
            }
    }

    /// A snapshot strategy for view controllers at their view's size (or `size`).
    public static func image(drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
                             size: CGSize? = nil, traits: UITraitCollection = .init()) -> Snapshotting {
        let scale = snapshotScale(traits)
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
            .pullback { vc in
                onMainActor {
                    snapshotImage(of: vc.view, viewController: vc, size: size ?? vc.view.frame.size, traits: traits,
                                  scale: scale, drawHierarchyInKeyWindow: drawHierarchyInKeyWindow, what: "The view of \(type(of: vc))")
                }
            }
    }
}

extension Snapshotting where Value == UIView, Format == String {
    /// A snapshot strategy for comparing views based on a recursive description of their
    /// properties and hierarchy, in UIKit's format with the addresses left out:
    ///
    /// ```
    /// <UIView; frame = (0 0; 100 50); layer = <CALayer>>
    ///    | <UILabel; frame = (8 8; 84 20); text = 'Hi'; userInteractionEnabled = NO; layer = <_UILabelLayer>>
    /// ```
    public static var recursiveDescription: Snapshotting { .recursiveDescription() }

    /// The recursive description after laying the view out at `size` with `traits`.
    public static func recursiveDescription(size: CGSize? = nil, traits: UITraitCollection = .init()) -> Snapshotting {
        SimplySnapshotting.lines.pullback { view in
            onMainActor {
                let size = size ?? view.frame.size
                return ViewHost(size: size, traits: traits, scale: snapshotScale(traits)).host(view: view, viewController: nil) { _ in
                    purgePointers(describeHierarchy(of: view))
                }
            }
        }
    }
}

extension Snapshotting where Value == UIViewController, Format == String {
    /// The view controller's view described recursively (see `Snapshotting<UIView, String>`).
    public static var recursiveDescription: Snapshotting { .recursiveDescription() }

    /// The view controller's view, laid out on `config` (with `size` and `traits` on top),
    /// described recursively.
    public static func recursiveDescription(on config: ViewImageConfig = .init(), size: CGSize? = nil,
                                            traits: UITraitCollection = .init()) -> Snapshotting {
        SimplySnapshotting.lines.pullback { vc in
            onMainActor {
                let merged = UITraitCollection(traitsFrom: [config.traits, traits])
                let size = size ?? config.size ?? vc.view.frame.size
                return ViewHost(size: size, traits: merged, scale: snapshotScale(merged), safeArea: config.safeArea)
                    .adjusted(for: vc).host(view: vc.view, viewController: vc) { _ in
                    purgePointers(describeHierarchy(of: vc.view))
                }
            }
        }
    }

    /// The view controller hierarchy: each controller with its view, children indented.
    public static var hierarchy: Snapshotting {
        SimplySnapshotting.lines.pullback { vc in
            onMainActor {
                // Hosted first, as the library does on iOS, so states are those of a shown controller.
                let traits = UITraitCollection()
                return ViewHost(size: vc.view.frame.size, traits: traits, scale: snapshotScale(traits))
                    .host(view: vc.view, viewController: vc) { _ in purgePointers(hierarchyDescription(of: vc)) }
            }
        }
    }
}

/// UIKit's `recursiveDescription`: each view's description, subviews below it indented by
/// `   | ` per level.
@MainActor func describeHierarchy(of view: UIView) -> String {
    var lines: [String] = []
    var stack: [(UIView, Int)] = [(view, 0)]
    while let (v, depth) = stack.popLast() {
        lines.append(String(repeating: "   | ", count: depth) + v.description)
        for s in v.subviews.reversed() { stack.append((s, depth + 1)) }
    }
    return lines.joined(separator: "\n")
}

/// The controllers below `vc`, one per line.
@MainActor func hierarchyDescription(of vc: UIViewController) -> String {
    var lines: [String] = []
    var stack: [(UIViewController, Int)] = [(vc, 0)]
    while let (c, depth) = stack.popLast() {
        // UIKit's `_printHierarchy`: the appearance state, the view's class, and whether a loaded
        // view is outside the window.
        let view = c.viewIfLoaded.map { "<\(type(of: $0)): \(address(of: $0))>" + ($0.window == nil ? " not in the window" : "") }
            ?? "(view not loaded)"
        let state = c.appearanceStateName
        lines.append(String(repeating: "   | ", count: depth) + "<\(type(of: c)): \(address(of: c))>, state: \(state), view: \(view)")
        for child in c.children.reversed() { stack.append((child, depth + 1)) }
    }
    return lines.joined(separator: "\n")
}

private func address(of object: AnyObject) -> String {
    "0x" + String(UInt(bitPattern: ObjectIdentifier(object).hashValue), radix: 16)
}

/// Addresses removed (`<UIView: 0x7f…; frame` becomes `<UIView; frame`), as the library does.
func purgePointers(_ string: String) -> String {
    string.replacingOccurrences(of: ":?\\s*0x[\\da-f]+(\\s*)", with: "$1", options: .regularExpression)
}
