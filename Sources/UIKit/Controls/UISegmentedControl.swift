import Foundation
@_spi(Lamina) import QuartzCore

/// A row of segments, one selected (UIKit's `UISegmentedControl`), drawn as iOS 13 and later
/// draw it: a 32-point rounded track in the tertiary system fill, the selected segment a raised
/// white (dark: grey) rounded rectangle inset by 2 points, titles at 13 points (semibold when
/// selected), hairline separators between unselected segments. A tap on another segment selects
/// it and sends `.valueChanged` (a momentary control only flashes it).
open class UISegmentedControl: UIControl {
    /// The index of no segment.
    public static let noSegment = -1

    private struct Segment {
        var title: String?
        var image: UIImage?
        var enabled = true
        var width: CGFloat = 0
        var action: UIAction?
    }
    private var segments: [Segment] = []
    private var selected = UISegmentedControl.noSegment
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]

    /// Whether a tap only highlights the segment instead of selecting it.
    open var isMomentary = false
    /// Whether segments are as wide as their content instead of equal.
    open var apportionsSegmentWidthsByContent = false { didSet { setNeedsLayout() } }
    /// The selected segment's colour (white in light appearance, grey in dark, when nil).
    open var selectedSegmentTintColor: UIColor? { didSet { setNeedsLayout() } }

    private let selection = CALayer()
    private var labels: [UILabel] = []
    private var imageViews: [UIImageView] = []
    private var separators: [CALayer] = []

    static let height: CGFloat = 32

    public override init(frame: CGRect) {
        super.init(frame: frame)
        layer.addSublayer(selection)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        layer.addSublayer(selection)
    }

    /// A control with a segment for each item: a `String` title or a `UIImage`.
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for item in items ?? [] {
            if let s = item as? String { segments.append(Segment(title: s)) }
            else if let i = item as? UIImage { segments.append(Segment(image: i)) }
            else { LaminaDiagnostics.report("UISegmentedControl(items:): \(type(of: item)) is neither a String nor a UIImage; skipped") }
        }
        rebuild()
        frame.size = intrinsicContentSize
    }

    /// A control with a segment per action (its title and image), the action sent when its
    /// segment is selected.
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(frame: frame)
        segments = actions.map { Segment(title: $0.title, image: $0.image, action: $0) }
        rebuild()
    }

    // MARK: Segments

    /// How many segments there are.
    open var numberOfSegments: Int { segments.count }

    /// The selected segment, or `noSegment`; out-of-range values select none.
    open var selectedSegmentIndex: Int {
        get { selected }
        set {
            selected = segments.indices.contains(newValue) ? newValue : UISegmentedControl.noSegment
            setNeedsLayout()
        }
    }

    private func clampedIndex(_ i: Int) -> Int { max(0, min(i, segments.count)) }

    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        segments.insert(Segment(title: title), at: clampedIndex(segment))
        if selected >= clampedIndex(segment) && selected != UISegmentedControl.noSegment { selected += 1 }
        rebuild()
    }

    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        segments.insert(Segment(image: image), at: clampedIndex(segment))
        if selected >= clampedIndex(segment) && selected != UISegmentedControl.noSegment { selected += 1 }
        rebuild()
    }

    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        segments.insert(Segment(title: action.title, image: action.image, action: action), at: clampedIndex(segment))
        rebuild()
    }

    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        segments.remove(at: segment)
        if selected == segment { selected = UISegmentedControl.noSegment } else if selected > segment { selected -= 1 }
        rebuild()
    }

    open func removeAllSegments() {
        segments = []
        selected = UISegmentedControl.noSegment
        rebuild()
    }

    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        rebuild()
    }
    open func titleForSegment(at segment: Int) -> String? { segments.indices.contains(segment) ? segments[segment].title : nil }

    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
        rebuild()
    }
    open func imageForSegment(at segment: Int) -> UIImage? { segments.indices.contains(segment) ? segments[segment].image : nil }

    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].enabled = enabled
        setNeedsLayout()
    }
    open func isEnabledForSegment(at segment: Int) -> Bool { segments.indices.contains(segment) ? segments[segment].enabled : false }

    /// A fixed width for a segment (0: automatic).
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment), width.isFinite else { return }
        segments[segment].width = max(0, width)
        setNeedsLayout()
    }
    open func widthForSegment(at segment: Int) -> CGFloat { segments.indices.contains(segment) ? segments[segment].width : 0 }

    /// Title attributes for a state (`.font`, `.foregroundColor`).
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: State) {
        titleAttributes[state.rawValue] = attributes
        setNeedsLayout()
    }
    open func titleTextAttributes(for state: State) -> [NSAttributedString.Key: Any]? { titleAttributes[state.rawValue] }

    // MARK: Drawing

    private func rebuild() {
        for l in labels { l.removeFromSuperview() }
        for i in imageViews { i.removeFromSuperview() }
        for s in separators { s.removeFromSuperlayer() }
        labels = segments.map { _ in UILabel() }
        imageViews = segments.map { _ in UIImageView() }
        separators = segments.dropFirst().map { _ in CALayer() }
        for (l, i) in zip(labels, imageViews) {
            l.textAlignment = .center
            l.isUserInteractionEnabled = false
            i.isUserInteractionEnabled = false
            addSubview(i)
            addSubview(l)
        }
        for s in separators { layer.addSublayer(s) }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func font(selected: Bool) -> UIFont {
        let state: State = selected ? .selected : .normal
        return (titleAttributes[state.rawValue]?[.font] as? UIFont) ?? (titleAttributes[0]?[.font] as? UIFont)
            ?? .systemFont(ofSize: 13, weight: selected ? .semibold : .regular)
    }

    /// The natural width of each segment's content with padding.
    private func contentWidths() -> [CGFloat] {
        segments.map { s in
            let probe = UILabel()
            probe.font = font(selected: true)
            probe.text = s.title
            let t = s.title.map { _ in probe.intrinsicContentSize.width } ?? 0
            let i = s.image?.size.width ?? 0
            return max(t, i) + 2 * 14
        }
    }

    private func segmentFrames() -> [CGRect] {
        let n = segments.count
        guard n > 0 else { return [] }
        let natural = contentWidths()
        let fixed = segments.map(\.width)
        let fixedTotal = fixed.reduce(0, +)
        let autoCount = fixed.filter { $0 == 0 }.count
        var widths: [CGFloat]
        if apportionsSegmentWidthsByContent {
            let autoNatural = zip(fixed, natural).filter { $0.0 == 0 }.map(\.1).reduce(0, +)
            let room = max(0, bounds.width - fixedTotal)
            widths = zip(fixed, natural).map { $0.0 > 0 ? $0.0 : (autoNatural > 0 ? room * $0.1 / autoNatural : 0) }
        } else {
            let each = autoCount > 0 ? max(0, bounds.width - fixedTotal) / CGFloat(autoCount) : 0
            widths = fixed.map { $0 > 0 ? $0 : each }
        }
        var x: CGFloat = 0
        return widths.map { w in defer { x += w }; return CGRect(x: x, y: 0, width: w, height: bounds.height) }
    }

    open override var intrinsicContentSize: CGSize {
        let natural = contentWidths()
        let widths = apportionsSegmentWidthsByContent ? natural : Array(repeating: natural.max() ?? 0, count: natural.count)
        let fixed = zip(segments.map(\.width), widths).map { $0.0 > 0 ? $0.0 : $0.1 }
        return CGSize(width: fixed.reduce(0, +).rounded(.up), height: UISegmentedControl.height)
    }

    // MARK: Accessibility

    /// A segmented control is a container of its segments (as in UIKit): each is an element
    /// with its title and the button trait, selected or not
    /// enabled as it is. Setting `accessibilityElements` replaces them.
    open override var accessibilityElements: [Any]? {
        get { super.accessibilityElements ?? segmentElements() }
        set { super.accessibilityElements = newValue }
    }
    override var defaultIsAccessibilityElement: Bool { false }

    private func segmentElements() -> [Any] {
        let frames = segmentFrames()
        return segments.indices.map { i in
            let e = UIAccessibilityElement(accessibilityContainer: self)
            e.accessibilityLabel = segments[i].title
            var traits: UIAccessibilityTraits = .button
            if i == selected { traits.insert(.selected) }
            if !segments[i].enabled || !isEnabled { traits.insert(.notEnabled) }
            e.accessibilityTraits = traits
            e.accessibilityFrameInContainerSpace = i < frames.count ? frames[i] : .zero
            return e
        }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let traits = traitCollection
        let dark = traits.userInterfaceStyle == .dark
        let frames = segmentFrames()
        ControlParts.update(animated: false) {
            layer.backgroundColor = UIColor.tertiarySystemFill.resolvedColor(with: traits).cgColor
            layer.cornerRadius = 9
            if segments.indices.contains(selected), !isMomentary || isHighlighted {
                selection.isHidden = false
                selection.frame = frames[selected].insetBy(dx: 2, dy: 2)
                selection.cornerRadius = 7
                selection.backgroundColor = (selectedSegmentTintColor ?? (dark ? UIColor(red: 99 / 255, green: 99 / 255, blue: 102 / 255, alpha: 1) : .white))
                    .resolvedColor(with: traits).cgColor
                selection.shadowColor = UIColor.black.cgColor
                selection.shadowOpacity = 0.12
                selection.shadowOffset = CGSize(width: 0, height: 3)
                selection.shadowRadius = 4
            } else {
                selection.isHidden = true
            }
            for (k, s) in separators.enumerated() {
                let i = k + 1
                let hide = i == selected || i - 1 == selected
                s.frame = CGRect(x: frames[i].minX - 0.5, y: 8, width: 1, height: max(0, bounds.height - 16))
                s.backgroundColor = UIColor.separator.resolvedColor(with: traits).cgColor
                s.opacity = hide ? 0 : 1
            }
        }
        let labelColor = (titleAttributes[0]?[.foregroundColor] as? UIColor) ?? .label
        for (i, s) in segments.enumerated() {
            let isSelected = i == selected
            let l = labels[i], v = imageViews[i]
            l.font = font(selected: isSelected)
            l.text = s.title
            let color = isSelected ? ((titleAttributes[State.selected.rawValue]?[.foregroundColor] as? UIColor) ?? labelColor) : labelColor
            l.textColor = s.enabled && isEnabled ? color : .tertiaryLabel
            l.frame = frames[i].insetBy(dx: 6, dy: 0)
            l.isHidden = s.title == nil
            v.image = s.title == nil ? s.image : nil
            if let size = v.image?.size {
                v.frame = CGRect(x: frames[i].midX - size.width / 2, y: frames[i].midY - size.height / 2, width: size.width, height: size.height)
            }
            v.isHidden = v.image == nil
        }
        layer.opacity = isEnabled ? 1 : 0.5
    }

    // MARK: Touches

    private func segmentIndex(at p: CGPoint) -> Int? {
        segmentFrames().firstIndex { $0.minX <= p.x && p.x < $0.maxX }
    }

    override func touchUpInside(with event: UIEvent?) {
        // The touch's segment is found from where the last touch lifted.
        guard let p = lastTouchPoint, let i = segmentIndex(at: p), segments[i].enabled else { return }
        if isMomentary {
            selected = i
            sendActions(for: .valueChanged, with: event)
            selected = UISegmentedControl.noSegment
            setNeedsLayout()
            return
        }
        guard i != selected else { return }
        selected = i
        setNeedsLayout()
        segments[i].action?.perform(sender: self)
        sendActions(for: .valueChanged, with: event)
    }

    private var lastTouchPoint: CGPoint?

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        lastTouchPoint = touch?.location(in: self)
    }

    override func stateChanged() { setNeedsLayout() }
    override func colorAppearanceChanged() { super.colorAppearanceChanged(); setNeedsLayout() }
}
