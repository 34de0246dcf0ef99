import Foundation
import CoreGraphics
import UIKit
import SnapshotTesting

// One assertion across named variants (Lamina's strategies): every combination of the devices,
// interface styles, content size categories and layout directions given becomes a strategy
// named after it, for the library's `assertSnapshots(of:as:)`, which records each reference as
// `<test>.<variant>.png` (for example `testSettings.iPhoneSE-dark-AX5-rtl.png`). A dimension
// left empty is not varied and not named.

extension Dictionary where Key == String, Value == Snapshotting<UIViewController, UIImage> {
    /// The controller snapshotted in every combination of `devices`, `styles`, `contentSizes`
    /// and `directions`, each strategy named after its combination:
    ///
    /// ```swift
    /// assertSnapshots(of: SettingsViewController(), as: .variants(
    ///     devices: ["iPhoneSE": .iPhoneSe, "iPhone13ProMax": .iPhone13ProMax],
    ///     styles: [.light, .dark],
    ///     contentSizes: [.extraSmall, .large, .accessibilityExtraExtraExtraLarge],
    ///     directions: [.leftToRight, .rightToLeft]))
    /// ```
    ///
    /// Without devices, the controller is drawn at its view's size (or `size`).
    public static func variants(devices: KeyValuePairs<String, ViewImageConfig> = [:], styles: [UIUserInterfaceStyle] = [],
                                contentSizes: [UIContentSizeCategory] = [],
                                directions: [UITraitEnvironmentLayoutDirection] = [], precision: Float = 1,
                                perceptualPrecision: Float = 1, size: CGSize? = nil,
                                traits: UITraitCollection = .init()) -> [String: Snapshotting<UIViewController, UIImage>] {
        snapshotVariants(devices: devices, styles: styles, contentSizes: contentSizes, directions: directions, traits: traits) { device, traits in
            if let device {
                return .image(on: device, precision: precision, perceptualPrecision: perceptualPrecision, size: size, traits: traits)
            }
            return .image(precision: precision, perceptualPrecision: perceptualPrecision, size: size, traits: traits)
        }
    }
}

extension Dictionary where Key == String, Value == Snapshotting<UIView, UIImage> {
    /// The view snapshotted in every combination of `devices`, `styles`, `contentSizes` and
    /// `directions`, each strategy named after its combination (see the view controller form).
    /// Without devices, the view is drawn at its own size (or `size`).
    public static func variants(devices: KeyValuePairs<String, ViewImageConfig> = [:], styles: [UIUserInterfaceStyle] = [],
                                contentSizes: [UIContentSizeCategory] = [],
                                directions: [UITraitEnvironmentLayoutDirection] = [], precision: Float = 1,
                                perceptualPrecision: Float = 1, size: CGSize? = nil,
                                traits: UITraitCollection = .init()) -> [String: Snapshotting<UIView, UIImage>] {
        snapshotVariants(devices: devices, styles: styles, contentSizes: contentSizes, directions: directions, traits: traits) { device, traits in
            if let device {
                return .image(on: device, precision: precision, perceptualPrecision: perceptualPrecision, size: size, traits: traits)
            }
            return .image(precision: precision, perceptualPrecision: perceptualPrecision, size: size, traits: traits)
        }
    }
}

/// Named sets of variants to pass to `.variants(…)` (Lamina API).
public enum SnapshotVariants {
    /// iPhones from the smallest to the largest, in portrait.
    public static let iPhones: KeyValuePairs<String, ViewImageConfig> = [
        "iPhoneSE": .iPhoneSe, "iPhone13Mini": .iPhone13Mini, "iPhone13": .iPhone13, "iPhone13ProMax": .iPhone13ProMax,
    ]
    /// A small and a large iPhone in both orientations, and an 11-inch iPad Pro in both.
    public static let devices: KeyValuePairs<String, ViewImageConfig> = [
        "iPhoneSE": .iPhoneSe, "iPhoneSE-landscape": .iPhoneSe(.landscape),
        "iPhone13ProMax": .iPhone13ProMax, "iPhone13ProMax-landscape": .iPhone13ProMax(.landscape),
        "iPadPro11": .iPadPro11(.portrait), "iPadPro11-landscape": .iPadPro11(.landscape),
    ]
    /// Light and dark.
    public static let styles: [UIUserInterfaceStyle] = [.light, .dark]
    /// Every content size category, extra small to AX5.
    public static let contentSizes: [UIContentSizeCategory] = [
        .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]
    /// The smallest, the default, the largest of the standard sizes and the largest of all.
    public static let contentSizeExtremes: [UIContentSizeCategory] = [
        .extraSmall, .large, .extraExtraExtraLarge, .accessibilityExtraExtraExtraLarge,
    ]
    /// Left to right and right to left.
    public static let directions: [UITraitEnvironmentLayoutDirection] = [.leftToRight, .rightToLeft]

    /// The name a variant's component has in reference file names.
    public static func name(of style: UIUserInterfaceStyle) -> String {
        switch style {
        case .light: return "light"
        case .dark: return "dark"
        default: return "unspecifiedStyle"
        }
    }

    /// `XS`, `S`, `M`, `L`, `XL`, `XXL`, `XXXL`, `AX1` … `AX5`, as the sizes are shown in
    /// Xcode's environment overrides.
    public static func name(of size: UIContentSizeCategory) -> String {
        let names: [UIContentSizeCategory: String] = [
            .extraSmall: "XS", .small: "S", .medium: "M", .large: "L", .extraLarge: "XL", .extraExtraLarge: "XXL",
            .extraExtraExtraLarge: "XXXL", .accessibilityMedium: "AX1", .accessibilityLarge: "AX2",
            .accessibilityExtraLarge: "AX3", .accessibilityExtraExtraLarge: "AX4", .accessibilityExtraExtraExtraLarge: "AX5",
        ]
        return names[size] ?? size.rawValue
    }

    /// `ltr` or `rtl`.
    public static func name(of direction: UITraitEnvironmentLayoutDirection) -> String {
        switch direction {
        case .leftToRight: return "ltr"
        case .rightToLeft: return "rtl"
        default: return "unspecifiedDirection"
        }
    }
}

/// Every combination of the dimensions given, named, made into a strategy by `make`.
func snapshotVariants<V>(devices: KeyValuePairs<String, ViewImageConfig>, styles: [UIUserInterfaceStyle],
                         contentSizes: [UIContentSizeCategory], directions: [UITraitEnvironmentLayoutDirection],
                         traits: UITraitCollection,
                         make: (ViewImageConfig?, UITraitCollection) -> Snapshotting<V, UIImage>) -> [String: Snapshotting<V, UIImage>] {
    typealias Part = (name: String?, traits: UITraitCollection?)
    let deviceParts: [(String?, ViewImageConfig?)] = devices.isEmpty ? [(nil, nil)] : devices.map { ($0.key, $0.value) }
    let styleParts: [Part] = styles.isEmpty ? [(nil, nil)]
        : styles.map { (SnapshotVariants.name(of: $0), UITraitCollection(userInterfaceStyle: $0)) }
    let sizeParts: [Part] = contentSizes.isEmpty ? [(nil, nil)]
        : contentSizes.map { (SnapshotVariants.name(of: $0), UITraitCollection(preferredContentSizeCategory: $0)) }
    let directionParts: [Part] = directions.isEmpty ? [(nil, nil)]
        : directions.map { (SnapshotVariants.name(of: $0), UITraitCollection(layoutDirection: $0)) }
    var out: [String: Snapshotting<V, UIImage>] = [:]
    for (deviceName, device) in deviceParts {
        for style in styleParts {
            for size in sizeParts {
                for direction in directionParts {
                    let names = [deviceName, style.name, size.name, direction.name].compactMap { $0 }
                    let name = names.isEmpty ? "default" : names.joined(separator: "-")
                    let merged = UITraitCollection(traitsFrom: [traits] + [style.traits, size.traits, direction.traits].compactMap { $0 })
                    out[name] = make(device, merged)
                }
            }
        }
    }
    return out
}
