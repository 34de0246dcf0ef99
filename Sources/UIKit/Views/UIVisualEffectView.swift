import Foundation
import QuartzCore

/// An effect a ``UIVisualEffectView`` applies.
@preconcurrency @MainActor
open class UIVisualEffect: NSObject {}

/// Blurs what lies behind the view, then tints it (UIKit's `UIBlurEffect`).
///
/// Each style is a Gaussian blur of the backdrop (`blurRadius`: its standard deviation in
/// points), a saturation boost and a tint laid over it. The three iOS 8 styles take the values
/// of Apple's `UIImage+ImageEffects` sample code (WWDC 2013): `.extraLight` blur 20, white 0.97
/// at 82%; `.light` blur 30, white at 30%; `.dark` blur 20, white 0.11 at 73%; saturation 1.8.
/// [U] The materials' values are estimates from their look in iOS screenshots, not measured:
/// blur 20 points and saturation 1.8, tints from white at 30% (ultra thin) to 85% (thick) in the
/// light appearance and from white 0.11 at 40% to 0.08 at 85% in the dark one; `.regular` is
/// `.systemMaterial` and `.prominent` `.systemThickMaterial`, both following the appearance.
open class UIBlurEffect: UIVisualEffect {
    /// The blur styles.
    public enum Style: Int, Sendable {
        case extraLight = 0, light, dark
        case regular = 4, prominent
        case systemUltraThinMaterial = 6, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
        case systemUltraThinMaterialLight = 11, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight,
             systemChromeMaterialLight
        case systemUltraThinMaterialDark = 16, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark,
             systemChromeMaterialDark
    }

    /// The style.
    public let style: Style

    public init(style: Style) {
        self.style = style
    }

    /// What a style draws in an appearance: the blur (points), the saturation and the tint.
    struct Recipe: Equatable {
        var blurRadius: CGFloat
        var saturation: CGFloat
        var tint: UIColor
    }

    func recipe(dark: Bool) -> Recipe {
        func material(_ level: Int, _ darkVariant: Bool) -> Recipe {
            // Ultra thin, thin, regular, thick, chrome.
            let lightAlpha: [CGFloat] = [0.30, 0.50, 0.70, 0.85, 0.75]
            let darkWhite: [CGFloat] = [0.11, 0.11, 0.11, 0.08, 0.13]
            let darkAlpha: [CGFloat] = [0.40, 0.60, 0.73, 0.85, 0.78]
            let lightWhite: CGFloat = level == 4 ? 0.97 : 1
            return darkVariant
                ? Recipe(blurRadius: 20, saturation: 1.8, tint: UIColor(white: darkWhite[level], alpha: darkAlpha[level]))
                : Recipe(blurRadius: 20, saturation: 1.8, tint: UIColor(white: lightWhite, alpha: lightAlpha[level]))
        }
        switch style {
        case .extraLight: return Recipe(blurRadius: 20, saturation: 1.8, tint: UIColor(white: 0.97, alpha: 0.82))
        case .light: return Recipe(blurRadius: 30, saturation: 1.8, tint: UIColor(white: 1, alpha: 0.3))
        case .dark: return Recipe(blurRadius: 20, saturation: 1.8, tint: UIColor(white: 0.11, alpha: 0.73))
        case .regular: return material(2, dark)
        case .prominent: return material(3, dark)
        case .systemUltraThinMaterial, .systemThinMaterial, .systemMaterial, .systemThickMaterial, .systemChromeMaterial:
            return material(style.rawValue - 6, dark)
        case .systemUltraThinMaterialLight, .systemThinMaterialLight, .systemMaterialLight, .systemThickMaterialLight,
             .systemChromeMaterialLight:
            return material(style.rawValue - 11, false)
        case .systemUltraThinMaterialDark, .systemThinMaterialDark, .systemMaterialDark, .systemThickMaterialDark,
             .systemChromeMaterialDark:
            return material(style.rawValue - 16, true)
        }
    }

    /// Whether the style is drawn dark in `dark` appearance.
    func isDark(in dark: Bool) -> Bool {
        switch style {
        case .dark: true
        case .extraLight, .light: false
        case .systemUltraThinMaterialDark, .systemThinMaterialDark, .systemMaterialDark, .systemThickMaterialDark,
             .systemChromeMaterialDark: true
        case .systemUltraThinMaterialLight, .systemThinMaterialLight, .systemMaterialLight, .systemThickMaterialLight,
             .systemChromeMaterialLight: false
        default: dark
        }
    }
}

/// The kinds of content a vibrancy effect draws.
public enum UIVibrancyEffectStyle: Int, Sendable {
    case label = 0, secondaryLabel, tertiaryLabel, quaternaryLabel, fill, secondaryFill, tertiaryFill, separator
}

/// Makes the content of a visual effect view's `contentView` take colour from the blur behind
/// it (UIKit's `UIVibrancyEffect`). Put its view in a blur effect view's `contentView`.
///
/// [U] iOS mixes vibrant content with the blurred backdrop by private filters; Lamina blends
/// the content with the colour-burn mode over light blurs and colour-dodge over dark ones, at an
/// opacity per style (1, 0.7, 0.5, 0.35 for the labels; 0.6, 0.45, 0.3 for fills; 0.4 for
/// separators), an estimate.
open class UIVibrancyEffect: UIVisualEffect {
    /// The blur effect the vibrancy is for.
    public let blurEffect: UIBlurEffect
    /// The kind of content.
    public let style: UIVibrancyEffectStyle

    public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
        self.blurEffect = blurEffect
        self.style = style
    }

    public convenience init(blurEffect: UIBlurEffect) {
        self.init(blurEffect: blurEffect, style: .label)
    }

    var opacity: CGFloat {
        switch style {
        case .label: 1
        case .secondaryLabel: 0.7
        case .tertiaryLabel: 0.5
        case .quaternaryLabel: 0.35
        case .fill: 0.6
        case .secondaryFill: 0.45
        case .tertiaryFill: 0.3
        case .separator: 0.4
        }
    }
}

/// Shows an effect over what lies behind it (UIKit's `UIVisualEffectView`): a blur that tints
/// the content behind, or vibrancy for the content in it. Add subviews to `contentView`, never
/// to the view itself.
///
/// The blur is drawn by the compositor from what the frame shows under the view (see
/// `LaminaBackdropFilter`): in snapshots and in a live window alike, and again whenever what
/// lies under it changes. Round the view's corners with `layer.cornerRadius` and
/// `clipsToBounds`, as on iOS.
open class UIVisualEffectView: UIView {
    /// The effect (nil: none, the view shows its content only).
    open var effect: UIVisualEffect? { didSet { applyEffect() } }
    /// Where subviews go: drawn above the effect.
    public let contentView = UIView()
    /// The blurred backdrop.
    private let backdropView = UIView()
    /// The tint over the blur.
    private let tintView = UIView()

    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        setUp()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        for v in [backdropView, tintView, contentView] {
            v.frame = bounds
            v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            v.isUserInteractionEnabled = v === contentView
            super.addSubview(v)
        }
        applyEffect()
    }

    /// Subviews added to the effect view itself go to its `contentView` (iOS reports this as a
    /// programming error; Lamina adds them there with a diagnostic).
    open override func addSubview(_ view: UIView) {
        guard view !== backdropView, view !== tintView, view !== contentView else { return super.addSubview(view) }
        LaminaDiagnostics.report("UIVisualEffectView: add subviews to contentView, not to the effect view; added to contentView")
        contentView.addSubview(view)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // The layers follow the view's size by their autoresizing masks, and its rounded corners
        // here.
        backdropView.layer.cornerRadius = layer.cornerRadius
        backdropView.layer.maskedCorners = layer.maskedCorners
        backdropView.layer.cornerCurve = layer.cornerCurve
        tintView.layer.cornerRadius = layer.cornerRadius
        tintView.layer.maskedCorners = layer.maskedCorners
        tintView.layer.cornerCurve = layer.cornerCurve
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        applyEffect()
    }

    private func applyEffect() {
        let dark = traitCollection.userInterfaceStyle == .dark
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        switch effect {
        case let blur as UIBlurEffect:
            let r = blur.recipe(dark: dark)
            backdropView.layer.backgroundFilters = [LaminaBackdropFilter(blurRadius: r.blurRadius, saturation: r.saturation)]
            tintView.backgroundColor = r.tint
            contentView.layer.compositingFilter = nil
            contentView.alpha = 1
        case let vibrancy as UIVibrancyEffect:
            backdropView.layer.backgroundFilters = nil
            tintView.backgroundColor = nil
            contentView.layer.compositingFilter = vibrancy.blurEffect.isDark(in: dark) ? "colorDodgeBlendMode" : "colorBurnBlendMode"
            contentView.alpha = vibrancy.opacity
        default:
            backdropView.layer.backgroundFilters = nil
            tintView.backgroundColor = nil
            contentView.layer.compositingFilter = nil
            contentView.alpha = 1
        }
    }
}
