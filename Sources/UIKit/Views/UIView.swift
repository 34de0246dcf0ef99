import Foundation
@_spi(Lamina) import QuartzCore

/// A rectangle on screen that draws, lays out and hosts subviews (UIKit's `UIView`, spec §9).
///
/// Every view owns a backing layer made from `layerClass` and is that layer's delegate: the
/// view's geometry and appearance are the layer's (`frame`, `bounds`, `center`, `transform`,
/// `alpha`, `backgroundColor`…), the layer's layout pass calls `layoutSubviews()`, its display
/// pass calls `draw(_:)` into a y-down context, and its actions come from the view, which
/// answers `NSNull` (no animation) outside `UIView.animate` blocks.
///
/// Views belong to the main actor, as Apple's do (`UIResponder` is `@preconcurrency @MainActor`,
/// the spelling in Swift of how UIKit's Objective-C types reach Swift code): Swift 6 code uses
/// them on the main actor, and extensions of them are main-actor code; Swift 5 code calls them
/// without checks at compile time, as on iOS. At run time the layer calls its view (layout,
/// display, actions) through a conformance that checks it is on the main actor: a view used from
/// another thread stops the process there.
open class UIView: UIResponder, @preconcurrency CALayerDelegate {
    /// The class of the backing layer (`CALayer` by default); override it to back the view with
    /// a `CAGradientLayer`, `CAShapeLayer`, `CATextLayer`…
    open class var layerClass: AnyClass { CALayer.self }

    /// The backing layer; the view is its delegate.
    public let layer: CALayer

    var _subviews: [UIView] = []
    weak var _superview: UIView?

    deinit {
        // Subviews are freed by a loop, not recursively, so a very deep hierarchy cannot
        // exhaust the stack (its layers are freed the same way).
        guard !_subviews.isEmpty else { return }
        var children: [AnyObject] = _subviews
        _subviews = []
        LayerTeardown.release(&children)
    }
    /// The view controller whose view this is (next responder).
    weak var owningViewController: UIViewController?
    /// The traits `traitCollectionDidChange(_:)` last reported (see UITraitEnvironment+Views.swift).
    var deliveredTraits: UITraitCollection?

    /// Light or dark for this view and those below it, whatever their window says
    /// (`.unspecified`: inherit).
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet { if oldValue != overrideUserInterfaceStyle { updateTraits() } }
    }

    /// Called when the view's `traitCollection` changed (it moved into a hierarchy with other
    /// traits, or a view controller above it got other override traits); `previousTraitCollection`
    /// is nil the first time. Override to react; the default does nothing.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    private var _backgroundColor: UIColor?
    private var _contentMode: ContentMode = .scaleToFill

    /// An integer to find the view by (`viewWithTag(_:)`).
    open var tag = 0
    /// Whether touches are delivered to the view (true).
    open var isUserInteractionEnabled = true
    /// Whether subviews are resized with the view by their `autoresizingMask` (true).
    open var autoresizesSubviews = true
    /// How the view resizes with its superview.
    open var autoresizingMask: AutoresizingMask = []
    /// Whether drawing starts from a cleared context (true).
    open var clearsContextBeforeDrawing = true
    /// Whether Auto Layout derives constraints from the frame and `autoresizingMask` (true for
    /// views made in code).
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if oldValue != translatesAutoresizingMaskIntoConstraints { autoLayoutChanged() } }
    }

    // Auto Layout state (see UIView+AutoLayout.swift).
    var installedConstraints: [NSLayoutConstraint] = []
    /// The engine of the hierarchy this view is the root of, once a constraint exists in it.
    var autoLayoutEngine: AutoLayoutEngine?
    var huggingPriorities: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultLow, .defaultLow)
    var compressionPriorities: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultHigh, .defaultHigh)
    var guides: [UILayoutGuide] = []
    /// The interactions added with `addInteraction(_:)` (Menus/UIInteraction.swift).
    var _interactions: [any UIInteraction] = []
    var needsConstraintUpdate = true
    /// Whether this view or one below it has `updateConstraints()` due (so a pass over a large
    /// hierarchy with nothing due visits nothing).
    var constraintUpdateDue = true
    /// Counts changes of any view's frame, bounds or centre: the Auto Layout engine need not
    /// place views again while it and the root's size are what they were.
    static var geometryGeneration = 0
    /// Whether this view or one below it has constraints or opts out of autoresizing.
    var subtreeUsesAutoLayout = false
    /// The built-in guides, each made when first asked for.
    var marginsGuideIfMade: UILayoutGuide?, safeAreaGuideIfMade: UILayoutGuide?, readableGuide: UILayoutGuide?
    /// A scroll view's content and frame layout guides, once asked for.
    var scrollContentGuide: UILayoutGuide?, scrollFrameGuide: UILayoutGuide?
    var marginsGuide: UILayoutGuide {
        if let g = marginsGuideIfMade { return g }
        let g = makeGuide(.margins, "UIViewLayoutMarginsGuide")
        marginsGuideIfMade = g
        return g
    }
    var safeAreaGuide: UILayoutGuide {
        if let g = safeAreaGuideIfMade { return g }
        let g = makeGuide(.safeArea, "UIViewSafeAreaLayoutGuide")
        safeAreaGuideIfMade = g
        return g
    }
    /// The built-in guides the engine lays out: those made so far (a guide nobody asked for
    /// costs the solver nothing).
    var systemGuides: [UILayoutGuide] {
        if marginsGuideIfMade == nil && safeAreaGuideIfMade == nil && readableGuide == nil
            && scrollContentGuide == nil && scrollFrameGuide == nil { return [] }
        return [marginsGuideIfMade, safeAreaGuideIfMade, readableGuide, scrollContentGuide, scrollFrameGuide].compactMap { $0 }
    }
    /// Whether the safe-area guide was asked for (the engine then follows the insets).
    var safeAreaGuideUsed = false

    /// The insets of the part of the view that bars, notches and the home indicator do not
    /// cover: a window's come from its screen (`UIScreen(size:scale:safeAreaInsets:)`), a view's
    /// are the part of its superview's that it overlaps, and a view controller's root view adds
    /// the controller's `additionalSafeAreaInsets`, as in UIKit.
    open var safeAreaInsets: UIEdgeInsets { computedSafeAreaInsets }

    /// The margins the margin attributes and `layoutMarginsGuide` use (8 points each; a view
    /// controller's view starts with none and keeps the controller's system minimum).
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet {
            layoutMarginsSet = true
            if oldValue != layoutMargins { autoLayoutChanged(); layoutMarginsDidChange() }
        }
    }
    /// Called when `layoutMargins` changed; the default does nothing.
    open func layoutMarginsDidChange() {}

    /// Whether the view's margins are at least what its superview's margins leave of them where
    /// the view comes within them (false, as in UIKit): a subview 4 points from an edge of a
    /// superview with 20-point margins keeps 16 points there.
    open var preservesSuperviewLayoutMargins = false {
        didSet { if oldValue != preservesSuperviewLayoutMargins { autoLayoutChanged() } }
    }
    /// Whether the app set the margins (a controller's view otherwise has none of its own).
    var layoutMarginsSet = false

    /// Whether the layout margins are measured from the safe area rather than the bounds (true,
    /// as in UIKit: a view controller's margins guide starts below the status bar).
    open var insetsLayoutMarginsFromSafeArea = true {
        didSet { if oldValue != insetsLayoutMarginsFromSafeArea { autoLayoutChanged() } }
    }

    /// The margins the margins guide keeps from the bounds: `layoutMargins`, no less than the
    /// owning controller's `systemMinimumLayoutMargins` while it respects them, plus the safe
    /// area's insets when `insetsLayoutMarginsFromSafeArea`.
    var effectiveLayoutMargins: UIEdgeInsets {
        var m = layoutMargins
        // A controller's view keeps only the system minimum unless the app set margins (iOS:
        // 0 at the top and bottom, 16 or 20 at the sides, beyond the safe area).
        if owningViewController != nil && !layoutMarginsSet { m = .zero }
        if let vc = owningViewController, vc.viewRespectsSystemMinimumLayoutMargins {
            let s = vc.systemMinimumLayoutMargins
            m = UIEdgeInsets(top: max(m.top, s.top), left: max(m.left, s.leading),
                             bottom: max(m.bottom, s.bottom), right: max(m.right, s.trailing))
        }
        if insetsLayoutMarginsFromSafeArea {
            let s = safeAreaInsets
            m = UIEdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
        }
        if preservesSuperviewLayoutMargins, let sv = superview {
            let sm = sv.effectiveLayoutMargins, f = frame, b = sv.bounds
            func keep(_ own: CGFloat, _ theirs: CGFloat, _ distance: CGFloat) -> CGFloat {
                distance.isFinite ? max(own, theirs - distance) : own
            }
            m = UIEdgeInsets(top: keep(m.top, sm.top, f.minY - b.minY), left: keep(m.left, sm.left, f.minX - b.minX),
                             bottom: keep(m.bottom, sm.bottom, b.maxY - f.maxY), right: keep(m.right, sm.right, b.maxX - f.maxX))
        }
        return m
    }

    /// Updates the view's constraints before layout; call `super` last. The default does nothing.
    open func updateConstraints() { needsConstraintUpdate = false }

    /// The view's layout anchors, made on first use.
    var anchorCache: [Int: NSObject] = [:]

    /// Asks for `updateConstraints()` before the next layout (overridable, as in UIKit).
    open func setNeedsUpdateConstraints() {
        needsConstraintUpdate = true
        markConstraintUpdateDue()
        autoLayoutChanged()
    }

    /// Marks this view and its ancestors as having a constraint update due below them.
    func markConstraintUpdateDue() {
        var v: UIView? = self
        while let c = v, !c.constraintUpdateDue || c === self {
            c.constraintUpdateDue = true
            v = c._superview
        }
    }

    /// Whether `updateConstraints()` is due.
    open func needsUpdateConstraints() -> Bool { needsConstraintUpdate }

    /// Runs `updateConstraints()` on this view and its subviews that need it, subviews first.
    open func updateConstraintsIfNeeded() {
        guard constraintUpdateDue || needsConstraintUpdate else { return }
        constraintUpdateDue = false
        for s in subviews where s.constraintUpdateDue || s.needsConstraintUpdate { s.updateConstraintsIfNeeded() }
        if needsConstraintUpdate {
            needsConstraintUpdate = false
            updateConstraints()
        }
    }

    /// Where the first and last text baselines sit below the top, as k × height + c (other
    /// views than labels: their bottom).
    func baselineOffsets() -> (first: (k: CGFloat, c: CGFloat), last: (k: CGFloat, c: CGFloat)) { ((1, 0), (1, 0)) }

    /// The insets from the frame to the rectangle Auto Layout aligns (zero; an image view
    /// takes its image's). Constraints on edges, centres and sizes, and the intrinsic content
    /// size, are of this alignment rectangle; margins and safe areas stay relative to the
    /// bounds.
    open var alignmentRectInsets: UIEdgeInsets { .zero }

    /// The alignment rectangle of a view whose frame is `frame`.
    open func alignmentRect(forFrame frame: CGRect) -> CGRect {
        let i = alignmentRectInsets
        return CGRect(x: frame.minX + i.left, y: frame.minY + i.top,
                      width: frame.width - i.left - i.right, height: frame.height - i.top - i.bottom)
    }

    /// The frame of a view whose alignment rectangle is `alignmentRect`.
    open func frame(forAlignmentRect alignmentRect: CGRect) -> CGRect {
        let i = alignmentRectInsets
        return CGRect(x: alignmentRect.minX - i.left, y: alignmentRect.minY - i.top,
                      width: alignmentRect.width + i.left + i.right, height: alignmentRect.height + i.top + i.bottom)
    }

    /// Whether the view needs Auto Layout (false; true for views that set up constraints in
    /// `updateConstraints`).
    open class var requiresConstraintBasedLayout: Bool { false }
    /// The tint colour: the one set here, else the superview's, else the system blue; grey
    /// while `tintAdjustmentMode` (here or inherited) is `.dimmed`. Setting nil inherits again.
    open var tintColor: UIColor! {
        get { effectiveTintAdjustmentMode == .dimmed ? .systemGray : undimmedTintColor }
        set {
            ownTintColor = newValue
            tintChanged()
        }
    }
    private var ownTintColor: UIColor?
    /// The tint before any dimming: this view's, else the nearest ancestor's, else system blue.
    var undimmedTintColor: UIColor { ownTintColor ?? _superview?.undimmedTintColor ?? .systemBlue }
    /// Whether the tint comes from above (so moving the view may change it).
    var tintInheritedFromAbove: Bool { ownTintColor == nil || tintAdjustmentMode == .automatic }

    /// How the tint colour is adjusted (`.automatic` inherits the superview's mode).
    open var tintAdjustmentMode: TintAdjustmentMode = .automatic { didSet { if oldValue != tintAdjustmentMode { tintChanged() } } }

    /// The tint adjustment in effect: this view's, else the nearest ancestor's, else normal.
    var effectiveTintAdjustmentMode: TintAdjustmentMode {
        var v: UIView? = self
        while let c = v {
            if c.tintAdjustmentMode != .automatic { return c.tintAdjustmentMode }
            v = c._superview
        }
        return .normal
    }

    /// Called when the tint colour (or its adjustment) changed here or above; override to redraw
    /// what uses it. The default does nothing.
    open func tintColorDidChange() {}

    /// Tells this view and those below it that inherit the tint.
    func tintChanged() {
        tintColorDidChange()
        for s in _subviews where s.ownTintColor == nil || s.tintAdjustmentMode == .automatic { s.tintChanged() }
    }
    /// The identifier state restoration saves the view under (kept; Lamina restores no state).
    open var restorationIdentifier: String?

    /// A view with `frame` in its superview's coordinates.
    public init(frame: CGRect) {
        let cls = (type(of: self).layerClass as? CALayer.Type) ?? CALayer.self
        layer = CALayer.make(cls)
        super.init()
        layer.delegate = self
        // A new layer runs no actions before its first commit: no animation here.
        layer.contentsScale = UIScreen.main.scale
        layer.frame = frame
        // Views that draw are displayed when first shown; views that do not keep no backing store.
        layer.setNeedsDisplay()
    }

    /// A view with a zero frame.
    public convenience override init() { self.init(frame: .zero) }

    /// A view decoded from an archive: Lamina has no interface files, so this makes a view with
    /// a zero frame.
    public required init?(coder: NSCoder) {
        let cls = (type(of: self).layerClass as? CALayer.Type) ?? CALayer.self
        layer = CALayer.make(cls)
        super.init()
        layer.delegate = self
        layer.contentsScale = UIScreen.main.scale
        layer.setNeedsDisplay()
    }

    // MARK: Geometry

    /// The frame in the superview's coordinates (the layer's frame).
    open var frame: CGRect {
        get { layer.frame }
        set {
            let old = layer.bounds.size
            layer.frame = newValue
            UIView.geometryGeneration &+= 1
            boundsSizeChanged(from: old)
        }
    }

    /// The bounds in the view's own coordinates.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let old = layer.bounds.size
            layer.bounds = newValue
            UIView.geometryGeneration &+= 1
            boundsSizeChanged(from: old)
        }
    }

    /// The centre in the superview's coordinates (the layer's position).
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue; UIView.geometryGeneration &+= 1 }
    }

    /// The 2D transform about the centre (the layer's affine transform).
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    /// The 3D transform (the layer's transform).
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    /// Pixels per point of the backing store (the screen's scale).
    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set { layer.contentsScale = newValue }
    }

    // MARK: Appearance

    /// The background colour: the layer's `backgroundColor` (set one, read the other); nil by
    /// default. The colour set here is returned as set while the layer still shows it. A dynamic
    /// colour (`.systemBackground`…) is resolved against the view's `traitCollection`, and again
    /// when that changes appearance.
    open var backgroundColor: UIColor? {
        get {
            guard let cg = layer.backgroundColor else { return nil }
            if let own = _backgroundColor, cg == resolvedBackground { return own }
            return UIColor(cgColor: cg)
        }
        set {
            _backgroundColor = newValue
            resolvedBackground = newValue.map { $0.isDynamic ? $0.resolvedColor(with: traitCollection).cgColor : $0.cgColor }
            layer.backgroundColor = resolvedBackground
        }
    }
    /// `_backgroundColor` as given to the layer.
    private var resolvedBackground: CGColor?

    /// The traits changed appearance (light/dark, contrast…): colours given to the layer are
    /// resolved again and views that draw are redrawn. Subclasses add theirs (call super).
    func colorAppearanceChanged() {
        if let bg = _backgroundColor, bg.isDynamic { backgroundColor = bg }
        if layer.contents != nil || layer.needsDisplay() { setNeedsDisplay() }
    }

    /// The opacity (the layer's opacity), 1 by default.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    /// Whether the view is hidden (not its superviews).
    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            let changed = layer.isHidden != newValue
            layer.isHidden = newValue
            if changed, let stack = _superview as? UIStackView, stack.arrangedSubviews.contains(where: { $0 === self }) {
                stack.arrangedSubviewVisibilityChanged()
            }
        }
    }

    /// Whether subviews are clipped to the bounds (the layer's `masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// Whether the view fills its bounds with opaque content (true by default).
    ///
    /// This is the view's own flag, as on iOS: it does not change `layer.isOpaque`. It decides
    /// how the backing store `draw(_:)` paints into starts (see `draw(_:in:)`); a layer class
    /// that draws itself through `draw(in:)` follows its own `isOpaque` (false by default), so
    /// such a view stays transparent where it draws nothing.
    open var isOpaque: Bool {
        get { _isOpaque }
        set { _isOpaque = newValue }
    }
    private var _isOpaque = true

    /// How the view's content is laid out for left-to-right and right-to-left languages
    /// (`.unspecified` follows the traits' layout direction). Labels read it for the direction
    /// of their text.
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified {
        didSet { if oldValue != semanticContentAttribute { setNeedsDisplay(); setNeedsLayout() } }
    }

    /// The layout direction of the view's content: forced by `semanticContentAttribute`, else
    /// the traits' `layoutDirection` (left to right when unspecified).
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        UIView.userInterfaceLayoutDirection(for: semanticContentAttribute, relativeTo: traitCollection.layoutDirection)
    }

    /// The layout direction for content with `attribute` in an interface running left to right
    /// unless it is forced (UIKit: playback and spatial content stay left to right).
    open class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        userInterfaceLayoutDirection(for: attribute, relativeTo: .leftToRight)
    }

    /// The layout direction for content with `attribute` where the interface runs `direction`.
    open class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute,
                                                 relativeTo direction: UITraitEnvironmentLayoutDirection) -> UIUserInterfaceLayoutDirection {
        switch attribute {
        case .forceRightToLeft: .rightToLeft
        case .forceLeftToRight, .playback, .spatial: .leftToRight
        case .unspecified: direction == .rightToLeft ? .rightToLeft : .leftToRight
        }
    }

    /// How content is placed when the bounds change.
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }

    /// How content is placed (the layer's `contentsGravity`; `.redraw` redraws on bounds
    /// changes). [U] UIKit's top is the visual top, which is Core Animation's "bottom" on iOS.
    open var contentMode: ContentMode {
        get { _contentMode }
        set {
            _contentMode = newValue
            layer.needsDisplayOnBoundsChange = newValue == .redraw
            let g: CALayerContentsGravity
            switch newValue {
            case .scaleToFill, .redraw: g = .resize
            case .scaleAspectFit: g = .resizeAspect
            case .scaleAspectFill: g = .resizeAspectFill
            case .center: g = .center
            case .top: g = .bottom
            case .bottom: g = .top
            case .left: g = .left
            case .right: g = .right
            case .topLeft: g = .bottomLeft
            case .topRight: g = .bottomRight
            case .bottomLeft: g = .topLeft
            case .bottomRight: g = .topRight
            }
            layer.contentsGravity = g
        }
    }

    // MARK: Screen scale

    /// The screen scale the view last adopted (nil before it was in a window).
    var screenScaleAdopted: CGFloat?

    /// The scale of the screen the view is shown on (the main screen's before it is in a
    /// window), at least 1: what UIKit rounds sizes and places hairlines to.
    var pixelScale: CGFloat {
        let s = window?.screen.scale ?? UIScreen.main.scale
        return s.isFinite && s >= 1 ? s : 1
    }

    /// The view now shows on a screen of `scale`: its layer draws at that scale.
    func screenScaleChanged(to scale: CGFloat) {
        if layer.contentsScale != scale {
            layer.contentsScale = scale
            layer.setNeedsDisplay()
        }
    }

    // MARK: Gestures

    /// Recognizers attached with `addGestureRecognizer(_:)`.
    var attachedGestureRecognizers: [UIGestureRecognizer] = []

    /// Whether `gestureRecognizer` may begin recognizing (true; override to refuse, as
    /// `UIControl` does for its ancestors' taps).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: Drawing

    /// Draws the view's content in `rect` (the current context is y-down, its origin at the
    /// bounds' origin). The default draws nothing; never call it directly.
    open func draw(_ rect: CGRect) {}

    /// Marks the whole view for redrawing.
    open func setNeedsDisplay() { layer.setNeedsDisplay() }
    /// Marks part of the view for redrawing.
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }

    // MARK: CALayerDelegate

    /// Draws through `draw(_:)` with `ctx` current; a view that draws nothing keeps no
    /// backing store.
    ///
    /// The backing store starts transparent, or opaque when the view is (see
    /// `drawsIntoOpaqueBackingStore`): then it starts black with `backgroundColor` painted
    /// over it, so an opaque view without a background shows black where `draw(_:)` leaves
    /// pixels uncovered, as on iOS.
    public func draw(_ layer: CALayer, in ctx: CGContext) {
        if drawsIntoOpaqueBackingStore && !layer.isOpaque {
            layer.fillOpaqueBackingStore(ctx, backgroundColor: layer.backgroundColor)
        }
        let before = ctx.drawOperationCount
        UIGraphicsPushContext(ctx)
        // As in UIKit, the view's traits are current while it draws (dynamic colours resolve
        // against them).
        traitCollection.performAsCurrent { draw(layer.bounds) }
        UIGraphicsPopContext()
        if ctx.drawOperationCount == before { layer.discardDrawnContents() }
    }

    /// Whether `draw(_:)` paints into an opaque backing store (one without alpha): when the
    /// view `isOpaque` and its `backgroundColor` is not fully transparent.
    ///
    /// [U] UIKit's rule as observed on iOS: an opaque view with a nil background that draws
    /// shows black where it draws nothing (the `clearsContextBeforeDrawing` documentation
    /// warns that an opaque view's `backgroundColor` must not be nil), a half-transparent
    /// background on an opaque view shows over black (nothing behind shows through), and a
    /// `.clear` background leaves the uncovered pixels transparent, the usual way iOS code
    /// makes a drawing view see-through without touching `isOpaque`.
    var drawsIntoOpaqueBackingStore: Bool {
        guard isOpaque else { return false }
        guard let bg = layer.backgroundColor else { return true }
        return bg.alpha > 0
    }

    /// Displays nothing, without a backing store, for a view of one of UIKit's classes that do
    /// not draw (see `drawsNothingByClass`); any other view draws through `draw(_:in:)`.
    public func display(_ layer: CALayer) {
        if drawsNothingByClass { layer.displayWithoutBackingStore() } else { layer.noteDefaultDelegateMethod() }
    }

    /// Whether views of this class draw through `draw(_:)`: UIKit's classes that override it say
    /// so (a class of UIKit's own that does not is displayed without a backing store).
    class var drawsThroughDrawRect: Bool { false }
    public func layerWillDraw(_ layer: CALayer) { layer.noteDefaultDelegateMethod() }

    /// The layer's layout pass: `layoutSubviews()`.
    public func layoutSublayers(of layer: CALayer) {
        // A view controller's root view lays out between its controller's
        // viewWillLayoutSubviews and viewDidLayoutSubviews, as in UIKit.
        let vc = owningViewController
        vc?.viewWillLayoutSubviews()
        layoutSubviews()
        vc?.viewDidLayoutSubviews()
    }

    /// The view's answer for its layer's actions: `NSNull` (no animation) outside animation
    /// blocks; inside one, an animation from the on-screen value (spec §5, §9).
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        UIViewAnimationContext.action(for: layer, forKey: event)
    }

    // MARK: Hierarchy hooks

    /// Called before the view moves to another superview (or to none).
    // MARK: Hierarchy (implemented in UIView+Hierarchy.swift; open so subclasses can override)

    /// Adds `view` on top of the subviews (moving it out of any previous superview).
    open func addSubview(_ view: UIView) { baseAddSubview(view) }
    /// Inserts `view` at `index` of the subviews.
    open func insertSubview(_ view: UIView, at index: Int) { baseInsertSubview(view, at: index) }
    /// Inserts `view` just above `siblingSubview`.
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) { baseInsertSubview(view, aboveSubview: siblingSubview) }
    /// Inserts `view` just below `siblingSubview`.
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) { baseInsertSubview(view, belowSubview: siblingSubview) }
    /// Moves `view` to the front of the subviews.
    open func bringSubviewToFront(_ view: UIView) { baseBringSubviewToFront(view) }
    /// Moves `view` to the back of the subviews.
    open func sendSubviewToBack(_ view: UIView) { baseSendSubviewToBack(view) }
    /// Swaps the subviews at two indices.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) { baseExchangeSubview(at: index1, withSubviewAt: index2) }
    /// Detaches the view from its superview.
    open func removeFromSuperview() { baseRemoveFromSuperview() }

    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to another superview (or to none).
    open func didMoveToSuperview() {}
    /// Called before the view moves to another window (or to none).
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view moved to another window (or to none).
    open func didMoveToWindow() {}
    /// Called after a subview was added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: UIView) {}

    // MARK: Layout

    /// Lays out the subviews; the default does nothing (Auto Layout, when used, places them).
    /// Called by the layer's layout pass; never call it directly: use `setNeedsLayout()` and
    /// `layoutIfNeeded()`.
    open func layoutSubviews() { defaultLayoutSubviews() }
    /// Marks the view for layout in the next pass.
    open func setNeedsLayout() { layer.setNeedsLayout() }
    /// Lays out the view (and its subtree) now if it needs it.
    open func layoutIfNeeded() { layer.layoutIfNeeded(); layer.layoutSubtreeIfNeeded() }
    /// The size that best fits `size`; the default is the current bounds size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// Resizes the view to `sizeThatFits(bounds.size)`.
    open func sizeToFit() {
        let s = sizeThatFits(bounds.size)
        var f = frame
        f.size = s
        frame = f
    }
    /// The size the view's content needs, or `UIView.noIntrinsicMetric` per dimension.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// Tells layout that `intrinsicContentSize` changed.
    open func invalidateIntrinsicContentSize() {
        // The engine replaces just this view's intrinsic constraints when it can.
        if let root = rootView, root.autoLayoutEngine?.intrinsicSizeChanged(self) == true { root.setNeedsLayout() } else {
            autoLayoutChanged()
        }
        setNeedsLayout()
        _superview?.setNeedsLayout()
    }

    // MARK: Hit testing

    /// Whether `point` (in the view's coordinates) is inside the view: its bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    /// The deepest visible, interactive view containing `point` (in this view's coordinates):
    /// subviews front to back first, then this view; nil when hidden, not interactive, nearly
    /// transparent (alpha < 0.01) or the point is outside.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point, with: event) else { return nil }
        for s in _subviews.reversed() {
            if let hit = s.hitTest(s.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    // MARK: Responder chain

    /// The view controller owning this view, else the superview.
    open override var next: UIResponder? {
        if let vc = owningViewController { return vc }
        return _superview
    }

    /// UIKit's description: `<UIView: 0x…; frame = (0 0; 100 50); opaque = NO; layer = <CALayer: 0x…>>`,
    /// with the same entries in the same order for the properties that differ from their
    /// defaults (see `recursiveDescriptionLines`).
    open override var description: String {
        // NSObject's description is not isolated; a view is described on the main actor.
        MainActor.assumeIsolated {
            "<\(type(of: self)): \(Self.address(of: self)); \(descriptionEntries.joined(separator: "; "))>"
        }
    }

    /// The `name = value` entries of `description`, in UIKit's order; subclasses add theirs
    /// (a label its text) through `descriptionExtras`.
    var descriptionEntries: [String] {
        let f = frame
        var e = ["frame = (\(Self.g(f.minX)) \(Self.g(f.minY)); \(Self.g(f.width)) \(Self.g(f.height)))"]
        e += descriptionExtras
        if clipsToBounds { e.append("clipsToBounds = YES") }
        if isHidden { e.append("hidden = YES") }
        if alpha != 1 { e.append("alpha = \(Self.g(alpha))") }
        if !isOpaque && descriptionShowsOpaque { e.append("opaque = NO") }
        if !autoresizingMask.isEmpty {
            let names: [(AutoresizingMask, String)] = [(.flexibleLeftMargin, "LM"), (.flexibleWidth, "W"),
                (.flexibleRightMargin, "RM"), (.flexibleTopMargin, "TM"), (.flexibleHeight, "H"), (.flexibleBottomMargin, "BM")]
            e.append("autoresize = " + names.filter { autoresizingMask.contains($0.0) }.map(\.1).joined(separator: "+"))
        }
        if tag != 0 { e.append("tag = \(tag)") }
        if !isUserInteractionEnabled { e.append("userInteractionEnabled = NO") }
        if let g = gestureRecognizers, !g.isEmpty { e.append("gestureRecognizers = <NSArray: \(Self.address(of: g as NSArray))>") }
        e += descriptionTrailingExtras
        e.append("layer = <\(type(of: layer)): \(Self.address(of: layer))>")
        return e
    }

    /// A view's accessibility frame: its bounds in its window (screen) coordinates.
    override var defaultAccessibilityFrame: CGRect { convert(bounds, to: nil) }

    /// Entries a subclass adds after the frame (UILabel: its text).
    var descriptionExtras: [String] { [] }
    /// Entries a subclass adds before the layer (UILabel: its background colour).
    var descriptionTrailingExtras: [String] { [] }
    /// Whether `description` says `opaque = NO` for a view that is not opaque (labels do not).
    var descriptionShowsOpaque: Bool { true }

    /// `0x…`, the object's address, as UIKit prints it.
    static func address(of object: AnyObject) -> String {
        "0x" + String(UInt(bitPattern: ObjectIdentifier(object).hashValue), radix: 16)
    }

    /// A number as `%g` prints it (six significant digits), as UIKit's descriptions do.
    static func g(_ v: CGFloat) -> String { String(format: "%g", Double(v)) }
}

extension UIView {
    /// How a view resizes with its superview.
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// The value `intrinsicContentSize` gives for a dimension without one.
    public static let noIntrinsicMetric: CGFloat = -1

    /// How a view's tint colour is adjusted.
    public enum TintAdjustmentMode: Int, Sendable { case automatic, normal, dimmed }
}
