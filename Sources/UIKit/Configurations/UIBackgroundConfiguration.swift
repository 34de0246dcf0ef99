import Foundation

/// What a cell's (or header's) background shows (UIKit's `UIBackgroundConfiguration`): a
/// colour, a stroke, rounded corners and insets, or a custom view, updated for the cell's state.
/// The list styles give iOS's colours: plain rows on the system background, grouped rows on the
/// secondary grouped background, highlighted and selected rows in system grey 4, selected
/// sidebar rows in the tint colour with 10-point corners.
public struct UIBackgroundConfiguration: Hashable, @unchecked Sendable {
    enum Style: Hashable, Sendable { case clear, listPlainCell, listGroupedCell, listSidebarCell, listAccompaniedSidebarCell,
                                      listPlainHeaderFooter, listGroupedHeaderFooter, listSidebarHeader }
    let style: Style

    /// A view drawn behind everything else (above the colour).
    public var customView: UIView?
    public var cornerRadius: CGFloat = 0
    public var backgroundInsets: NSDirectionalEdgeInsets = .zero
    public var edgesAddingLayoutMarginsToBackgroundInsets: NSDirectionalRectEdge = []
    /// The colour (nil: the view's tint colour).
    public var backgroundColor: UIColor?
    public var backgroundColorTransformer: UIConfigurationColorTransformer?
    public var visualEffect: UIVisualEffect?
    public var image: UIImage?
    public var imageContentMode: UIView.ContentMode = .scaleToFill
    public var strokeColor: UIColor?
    public var strokeColorTransformer: UIConfigurationColorTransformer?
    public var strokeWidth: CGFloat = 0
    public var strokeOutset: CGFloat = 0

    /// A clear background with no colour (what a button's configuration starts from).
    init() { style = .clear }

    init(style: Style) {
        self.style = style
        switch style {
        case .clear: backgroundColor = .clear
        case .listPlainCell: backgroundColor = .systemBackground
        case .listGroupedCell: backgroundColor = .secondarySystemGroupedBackground
        case .listSidebarCell, .listAccompaniedSidebarCell, .listSidebarHeader: backgroundColor = .clear
        case .listPlainHeaderFooter: backgroundColor = .systemBackground
        case .listGroupedHeaderFooter: backgroundColor = .clear
        }
    }

    /// No background.
    public static func clear() -> Self { Self(style: .clear) }
    /// A plain list's row.
    public static func listPlainCell() -> Self { Self(style: .listPlainCell) }
    /// A grouped list's row.
    public static func listGroupedCell() -> Self { Self(style: .listGroupedCell) }
    /// A sidebar's row.
    public static func listSidebarCell() -> Self { Self(style: .listSidebarCell) }
    /// A row of a sidebar beside other content.
    public static func listAccompaniedSidebarCell() -> Self { Self(style: .listAccompaniedSidebarCell) }
    /// A plain list's header or footer.
    public static func listPlainHeaderFooter() -> Self { Self(style: .listPlainHeaderFooter) }
    /// A grouped list's header or footer.
    public static func listGroupedHeaderFooter() -> Self { Self(style: .listGroupedHeaderFooter) }
    /// A sidebar's header.
    public static func listSidebarHeader() -> Self { Self(style: .listSidebarHeader) }

    /// The colour drawn for a view whose tint colour is `tintColor`.
    public func resolvedBackgroundColor(for tintColor: UIColor) -> UIColor {
        let c = backgroundColor ?? tintColor
        return backgroundColorTransformer.map { $0(c) } ?? c
    }

    /// The stroke colour drawn for a view whose tint colour is `tintColor`.
    public func resolvedStrokeColor(for tintColor: UIColor) -> UIColor {
        let c = strokeColor ?? tintColor
        return strokeColorTransformer.map { $0(c) } ?? c
    }

    /// The configuration for a state: highlighted and selected rows turn grey (sidebar rows
    /// take the tint colour and rounded corners).
    public func updated(for state: any UIConfigurationState) -> Self {
        guard let cell = state as? UICellConfigurationState, cell.isSelected || cell.isHighlighted || cell.isSwiped else { return self }
        var c = self
        switch style {
        case .listPlainCell, .listGroupedCell:
            if cell.isSelected || cell.isHighlighted { c.backgroundColor = .systemGray4 }
        case .listSidebarCell, .listAccompaniedSidebarCell:
            c.backgroundColor = nil
            c.cornerRadius = 10
        default: break
        }
        return c
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.style == b.style && a.customView === b.customView && a.cornerRadius == b.cornerRadius
            && a.backgroundInsets == b.backgroundInsets && a.backgroundColor == b.backgroundColor
            && a.image == b.image && a.strokeColor == b.strokeColor && a.strokeWidth == b.strokeWidth
            && a.strokeOutset == b.strokeOutset && a.imageContentMode == b.imageContentMode
            && a.edgesAddingLayoutMarginsToBackgroundInsets == b.edgesAddingLayoutMarginsToBackgroundInsets
            && (a.backgroundColorTransformer == nil) == (b.backgroundColorTransformer == nil)
    }

    public func hash(into h: inout Hasher) { h.combine(style); h.combine(backgroundColor); h.combine(cornerRadius) }
}

/// The view a cell shows its background configuration with.
final class BackgroundConfigurationView: UIView {
    private let imageView = UIImageView()
    private var custom: UIView?
    var configuration: UIBackgroundConfiguration? { didSet { setNeedsLayout(); refresh() } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        addSubview(imageView)
    }

    required init?(coder: NSCoder) { nil }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        refresh()
    }

    private func refresh() {
        guard let c = configuration else { backgroundColor = nil; return }
        backgroundColor = c.resolvedBackgroundColor(for: tintColor)
        layer.cornerRadius = c.cornerRadius
        clipsToBounds = c.cornerRadius > 0
        layer.borderWidth = c.strokeWidth
        layer.borderColor = c.strokeWidth > 0 ? c.resolvedStrokeColor(for: tintColor).cgColor : nil
        imageView.image = c.image
        imageView.contentMode = c.imageContentMode
        if custom !== c.customView {
            custom?.removeFromSuperview()
            custom = c.customView
            if let v = custom { insertSubview(v, at: 0) }
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        imageView.frame = bounds
        custom?.frame = bounds
    }

    /// Shows `configuration` behind `cell`'s other subviews in `host` (made on first use; nil
    /// removes it).
    static func show(_ configuration: UIBackgroundConfiguration?, in cell: UIView, host: inout BackgroundConfigurationView?) {
        guard let configuration else { host?.removeFromSuperview(); host = nil; return }
        if host == nil {
            let h = BackgroundConfigurationView()
            cell.insertSubview(h, at: 0)
            host = h
        }
        host?.configuration = configuration
        cell.setNeedsLayout()
    }

    /// The frame inside a cell of `size` whose layout margins are `margins`.
    func frame(in size: CGSize, margins: UIEdgeInsets) -> CGRect {
        guard let c = configuration else { return CGRect(origin: .zero, size: size) }
        var i = c.backgroundInsets
        let e = c.edgesAddingLayoutMarginsToBackgroundInsets
        if e.contains(.top) { i.top += margins.top }
        if e.contains(.bottom) { i.bottom += margins.bottom }
        if e.contains(.leading) { i.leading += margins.left }
        if e.contains(.trailing) { i.trailing += margins.right }
        let o = c.strokeOutset
        return CGRect(x: i.leading - o, y: i.top - o, width: max(0, size.width - i.leading - i.trailing + 2 * o),
                      height: max(0, size.height - i.top - i.bottom + 2 * o))
    }
}
