import Foundation

/// The view a `UIListContentConfiguration` makes (UIKit's `UIListContentView`): its image,
/// text and secondary text laid out in its layout margins, as iOS lays out list rows. Usable
/// on its own, outside a cell.
open class UIListContentView: UIView, UIContentView {
    private let imageView = UIImageView()
    private let textLabel = UILabel()
    private let secondaryLabel = UILabel()
    private var list: UIListContentConfiguration

    /// The configuration shown (a `UIListContentConfiguration`; another kind is reported and
    /// ignored, as `supports(_:)` says no).
    public var configuration: any UIContentConfiguration {
        get { list }
        set {
            guard let c = newValue as? UIListContentConfiguration else {
                LaminaDiagnostics.report("UIListContentView: \(type(of: newValue)) is not a UIListContentConfiguration; ignored")
                return
            }
            list = c
            apply()
        }
    }

    public init(configuration: UIListContentConfiguration) {
        list = configuration
        super.init(frame: .zero)
        for v in [imageView, textLabel, secondaryLabel] as [UIView] { addSubview(v) }
        imageView.contentMode = .scaleAspectFit
        apply()
    }

    public required init?(coder: NSCoder) {
        list = .cell()
        super.init(coder: coder)
    }

    public func supports(_ configuration: any UIContentConfiguration) -> Bool { configuration is UIListContentConfiguration }

    private func apply() {
        let c = list
        style(textLabel, c.text, c.attributedText, c.textProperties)
        style(secondaryLabel, c.secondaryText, c.secondaryAttributedText, c.secondaryTextProperties)
        imageView.image = c.image
        imageView.isHidden = c.image == nil
        imageView.tintColor = c.imageProperties.tintColor.map { c.imageProperties.resolvedTintColor(for: $0) }
            ?? c.imageProperties.tintColorTransformer.map { $0(tintColor) }
        imageView.layer.cornerRadius = c.imageProperties.cornerRadius
        imageView.clipsToBounds = c.imageProperties.cornerRadius > 0
        if let s = c.imageProperties.preferredSymbolConfiguration, let i = c.image, i.isSymbolImage {
            imageView.image = i.withConfiguration(s)
        }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func style(_ l: UILabel, _ text: String?, _ attributed: NSAttributedString?, _ p: UIListContentConfiguration.TextProperties) {
        l.font = p.font
        l.textColor = p.resolvedColor()
        l.numberOfLines = p.numberOfLines
        l.lineBreakMode = p.lineBreakMode
        l.adjustsFontSizeToFitWidth = p.adjustsFontSizeToFitWidth
        l.minimumScaleFactor = p.minimumScaleFactor
        l.textAlignment = p.alignment == .center ? .center : p.alignment == .justified ? .justified : .natural
        if let attributed {
            l.attributedText = attributed
        } else {
            switch p.transform {
            case .none: l.text = text
            case .uppercase: l.text = text?.uppercased()
            case .lowercase: l.text = text?.lowercased()
            case .capitalized: l.text = text?.capitalized
            }
        }
        l.isHidden = (l.text ?? "").isEmpty
    }

    // MARK: Layout

    /// The margins used: the configuration's, and along the preserved axes at least the
    /// superview's (a cell's content view: 16 points at the sides on phones).
    private var margins: NSDirectionalEdgeInsets {
        var m = list.directionalLayoutMargins
        if let s = superview {
            let sm = s.layoutMargins
            let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
            if list.axesPreservingSuperviewLayoutMargins.contains(.horizontal) {
                m.leading = max(m.leading, rtl ? sm.right : sm.left)
                m.trailing = max(m.trailing, rtl ? sm.left : sm.right)
            }
            if list.axesPreservingSuperviewLayoutMargins.contains(.vertical) {
                m.top = max(m.top, sm.top)
                m.bottom = max(m.bottom, sm.bottom)
            }
        }
        return m
    }

    /// The room the image takes across: its size, capped by `maximumSize`, or the reserved size.
    private func imageSize(for font: UIFont) -> (drawn: CGSize, reserved: CGFloat) {
        guard let image = imageView.image, !imageView.isHidden else { return (.zero, 0) }
        var s = image.size
        let maxS = list.imageProperties.maximumSize
        if maxS.width > 0, s.width > maxS.width { s = CGSize(width: maxS.width, height: s.height * maxS.width / max(s.width, 1)) }
        if maxS.height > 0, s.height > maxS.height { s = CGSize(width: s.width * maxS.height / max(s.height, 1), height: maxS.height) }
        var reserved = s.width
        let r = list.imageProperties.reservedLayoutSize
        if r.width == UIListContentConfiguration.ImageProperties.standardDimension {
            reserved = max(s.width, 28)
        } else if r.width > 0 {
            reserved = max(s.width, r.width)
        } else if image.isSymbolImage {
            reserved = max(s.width, 28)
        }
        return (s, reserved)
    }

    private struct Frames { var image: CGRect; var text: CGRect; var secondary: CGRect; var height: CGFloat }

    private func frames(width: CGFloat) -> Frames {
        let m = margins
        let img = imageSize(for: list.textProperties.font)
        var x = m.leading
        let imageX = x
        if img.reserved > 0 { x += img.reserved + list.imageToTextPadding }
        let available = max(0, width - x - m.trailing)
        let hasText = !textLabel.isHidden, hasSecondary = !secondaryLabel.isHidden
        func fit(_ l: UILabel, _ w: CGFloat) -> CGSize {
            let s = l.sizeThatFits(CGSize(width: w, height: .greatestFiniteMagnitude))
            return CGSize(width: min(w, s.width.rounded(.up)), height: s.height.rounded(.up))
        }
        var text = CGRect.zero, secondary = CGRect.zero
        var contentHeight: CGFloat = 0
        let t = hasText ? fit(textLabel, available) : .zero
        let sFull = hasSecondary ? fit(secondaryLabel, available) : .zero
        if list.prefersSideBySideTextAndSecondaryText && hasText && hasSecondary
            && t.width + list.textToSecondaryTextHorizontalPadding + sFull.width <= available {
            contentHeight = max(t.height, sFull.height)
            text = CGRect(x: x, y: m.top + (contentHeight - t.height) / 2, width: t.width, height: t.height)
            secondary = CGRect(x: width - m.trailing - sFull.width, y: m.top + (contentHeight - sFull.height) / 2,
                               width: sFull.width, height: sFull.height)
        } else {
            text = CGRect(x: x, y: m.top, width: t.width, height: t.height)
            let gap = hasText && hasSecondary ? list.textToSecondaryTextVerticalPadding : 0
            secondary = CGRect(x: x, y: m.top + t.height + gap, width: sFull.width, height: sFull.height)
            contentHeight = t.height + gap + sFull.height
        }
        contentHeight = max(contentHeight, img.drawn.height)
        let height = (m.top + contentHeight + m.bottom).rounded(.up)
        let image = CGRect(x: imageX + (img.reserved - img.drawn.width) / 2, y: ((height - img.drawn.height) / 2),
                           width: img.drawn.width, height: img.drawn.height)
        return Frames(image: image, text: text, secondary: secondary, height: height)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let w = size.width > 0 && size.width.isFinite ? size.width : (superview?.bounds.width ?? 320)
        return CGSize(width: w, height: frames(width: w).height)
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: frames(width: bounds.width > 0 ? bounds.width : 320).height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let f = frames(width: bounds.width)
        // Centred vertically when the view is taller than its content (a 44-point row).
        let dy = max(0, (bounds.height - f.height) / 2).rounded()
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        func flip(_ r: CGRect) -> CGRect {
            let moved = r.offsetBy(dx: 0, dy: dy)
            return rtl ? CGRect(x: bounds.width - moved.maxX, y: moved.minY, width: moved.width, height: moved.height) : moved
        }
        imageView.frame = flip(f.image)
        textLabel.frame = flip(f.text)
        secondaryLabel.frame = flip(f.secondary)
    }

    /// Where the text starts from the view's leading edge (a list's separator starts there).
    var textLeadingOffset: CGFloat {
        let m = margins
        let img = imageSize(for: list.textProperties.font)
        return m.leading + (img.reserved > 0 ? img.reserved + list.imageToTextPadding : 0)
    }
}
