@_spi(Lamina) import CoreGraphics
import Synchronization
import LaminaRender
/// The Core Animation layer: geometry, appearance and a tree of sublayers.
///
/// Every property is described once by a ``CAPropertyDescriptor`` and lives in the layer's keyed
/// property store, which is what KVC (`value(forKey:)`, `setValue(_:forKeyPath:)`), defaults
/// (`defaultValue(forKey:)` and the `style` chain), `init(layer:)` copies and animations read.
///
/// ## Threads
/// As on Apple platforms a layer may be used from any thread, but not from two at once. `CALayer`
/// is not `Sendable`, so in Swift 6 the compiler keeps a layer tree inside one isolation domain
/// (a task, an actor or the main actor). Code that moves a tree between threads by other means
/// must serialise every access itself (for example with a lock around each use); Lamina does
/// not lock per property, which keeps property access fast.
///
/// ## Subclassing
/// As on Apple's platforms, a subclass overrides `init()` and `init(layer:)` (and writes the
/// `required init?(coder:)` that `NSCoding` asks for), may declare designated initializers of
/// its own, and may override any property or method (`override var bounds: CGRect { didSet { … }
/// }`). Lamina makes presentation copies through the class's own `init(layer:)` and views'
/// layers through `init()`, as Apple's runtime does (see `DynamicInit`); a subclass that
/// declares initializers of its own without overriding `init(layer:)` stops with "Use of
/// unimplemented initializer 'init(layer:)'" when a presentation copy of it is made, as on Apple.
///
/// ## Differences from Apple
/// - A non-finite number or geometry (`position`, `bounds`, `frame`, `opacity` and every other
///   numeric or geometric property) is refused at the setter with a diagnostic and the old
///   value stays; Apple raises an exception.
/// - Lamina follows a layer tree 512 levels deep: deeper layers are not laid out, presented,
///   hit-tested or drawn (with a diagnostic), where Apple goes on until its stack runs out.
/// - A layer's drawing context is y-down and ``contentsAreFlipped()`` is true, as on iOS (not
///   macOS).
open class CALayer: NSObject, CAMediaTiming, PropertyOwner {
    var propertyStore = PropertyStore()
    private(set) var propertyClassInfo: PropertyClassInfo

    weak var _superlayer: CALayer?
    var _sublayers: [CALayer] = []
    /// Whether `sublayers` reads as nil (never set, or set to nil) rather than an empty array.
    var sublayersIsNil = true
    var _mask: CALayer?
    /// Whether this layer is the `mask` of its superlayer rather than one of its sublayers.
    var isMaskLayer = false
    weak var _delegate: (any CALayerDelegate)?

    var flags = LayerFlags()
    /// The region invalidated by `setNeedsDisplay(_:)`, in bounds coordinates.
    var invalidRect: CGRect = .null
    /// The bounds size when the sublayers were last laid out (for autoresizing).
    var lastLayoutSize: CGSize?
    /// The bitmap that `display()` draws into, kept to redraw only invalidated regions.
    var backingStore: CGContext?
    /// The memory `backingStore` draws into, shared with the image the last display made of it
    /// (a whole redraw starts on new memory, so the image is never copied).
    var backingStorage: PixelStorage?
    /// The image the last display pass drew (to tell drawn contents from contents set directly).
    weak var lastDrawnContents: CGImage?

    // Time and transactions (see CALayer+Animation.swift).
    /// The animations added, in the order they apply.
    var attachedAnimations: [AttachedAnimation] = []
    /// Whether an animation of a property a layer redraws for (`needsDisplay(forKey:)`) was
    /// ever added in this process: until one is, the renderer does not look for such layers.
    static let redrawingAnimationsAdded = Atomic<Bool>(false)
    /// The properties as last committed, kept while the layer has uncommitted changes.
    var committedStore: PropertyStore?
    var committedSublayers: [CALayer]?
    var committedMask: CALayer??
    /// The animations as last committed, kept while the layer has uncommitted changes: a
    /// presentation copy pairs the committed properties with these, never with animations
    /// added or removed since (which take effect at the commit, as on Apple's platforms).
    var committedAnimations: [AttachedAnimation]?
    /// For a presentation copy: the model layer it shows.
    var modelLayer: CALayer?
    /// For a presentation copy whose sublayers and mask are not copied yet: when to copy them.
    var pendingPresentation: PendingPresentation?
    /// Actions found before a property changed, run after it changed, with the presentation
    /// value before the change.
    var pendingActions: [(key: String, action: any CAAction, previous: Any?)] = []
    /// While an action runs: the key and the value before the change (implied animations start
    /// there).
    var actionPrevious: (key: String, value: Any?)?
    /// Bumped whenever the layer's own rendered content must be rebuilt. Starts from the layer's
    /// serial number, so no two layers share a version (a freed layer's node slot may be reused
    /// by another: caches and damage keyed by slot see the difference).
    var contentVersion: UInt64
    /// Bumped by any change that can alter how the layer draws (properties, tree, contents):
    /// what damage tracking compares between frames. Unique per layer, as `contentVersion`.
    var renderVersion: UInt64
    /// The layer's node in the render store, from its first commit (−1 before). Atomic: a
    /// renderer on another thread (``CARenderer/beginFrame(atTime:timeStamp:)``) reads it while
    /// the layer's thread commits.
    package var renderSlot: Int32 {
        get { renderSlotStorage.load(ordering: .acquiring) }
        set { renderSlotStorage.store(newValue, ordering: .releasing) }
    }
    private let renderSlotStorage = Atomic<Int32>(-1)

    /// Creates a layer with every property at its default.
    public override init() {
        propertyClassInfo = CALayer.knownClassInfo(for: Self.self)
        renderVersion = CALayer.firstVersion(); contentVersion = renderVersion
        super.init()
        finishInit()
    }

    /// Creates a copy of `layer` for Core Animation's use (presentation and shadow copies):
    /// every property value it set (declared, `@Managed` and undeclared keys), its delegate and
    /// name. Sublayers and the mask are not copied. Subclasses that keep other state copy it here
    /// and call `super`.
    public init(layer: Any) {
        // A copy of a layer of the same class shares its (complete) class info.
        if let other = layer as? CALayer, type(of: other) == Self.self, other.propertyClassInfo.isComplete {
            propertyClassInfo = other.propertyClassInfo
        } else {
            propertyClassInfo = CALayer.knownClassInfo(for: Self.self)
        }
        renderVersion = CALayer.firstVersion(); contentVersion = renderVersion
        super.init()
        finishInit()
        if let other = layer as? CALayer {
            copyProperties(from: other)
            _delegate = other._delegate
        }
    }

    /// Creates a layer from an archive made by `encode(with:)`: number, Boolean, string and
    /// geometry properties are restored; see `encode(with:)`.
    public required init?(coder: NSCoder) {
        propertyClassInfo = CALayer.knownClassInfo(for: Self.self)
        renderVersion = CALayer.firstVersion(); contentVersion = renderVersion
        super.init()
        finishInit()
        LayerArchiving.decode(self, from: coder)
    }

    /// A presentation copy of `layer` made through the dynamic class's `init(layer:)` (Lamina
    /// SPI: the entry `DynamicInit` calls with the layer's class; see "Subclassing" above).
    @_spi(LaminaRuntime) public convenience init(presentationCopyOf layer: CALayer) {
        self.init(layer: layer)
    }

    /// A new layer made through the dynamic class's `init()` (Lamina SPI: the entry
    /// `DynamicInit` calls for views' `layerClass` and archives; see "Subclassing" above).
    @_spi(LaminaRuntime) public convenience init(makingDefault: Void) {
        self.init()
    }

    /// A serial number per layer made, shifted into the versions' high bits.
    private static let serials = Atomic<UInt64>(0)
    private static func firstVersion() -> UInt64 { serials.add(1, ordering: .relaxed).newValue << 24 }

    deinit {
        // The renderer frees the layer's node at its next commit or snapshot.
        if renderSlot >= 0 { RenderStore.shared.release(renderSlot) }
        // Sublayers and mask are freed by a loop, not recursively (deep trees).
        guard !_sublayers.isEmpty || _mask != nil else { return }
        var children: [AnyObject] = _sublayers
        _sublayers = []
        if let m = _mask { children.append(m); _mask = nil }
        LayerTeardown.release(&children)
    }

    /// Completes the class's property information the first time the class is instantiated:
    /// `@Managed` properties can only be found by reflecting a fully initialised instance.
    private func finishInit() {
        if propertyClassInfo.isComplete { return }
        let cls = type(of: self)
        propertyClassInfo = PropertyClassRegistry.info(for: cls) {
            var descriptors = cls.builtInPropertyDescriptors
            var slot = cls.builtInSlotCount
            for (key, marker) in ManagedDiscovery.properties(of: self)
            where !descriptors.contains(where: { $0.key == key }) {
                descriptors.append(marker.makeDescriptor(slot: slot, key: key))
                slot += 1
            }
            return PropertyClassInfo(className: String(describing: cls), descriptors: descriptors,
                                     classDefault: { cls.defaultValue(forKey: $0) },
                                     needsDisplay: { cls.needsDisplay(forKey: $0) }, isComplete: true)
        }
    }

    /// Archives the layer's set number, Boolean, string and geometry properties and its
    /// sublayers' count is not archived; Core Animation archives proper (`.caml`) are the
    /// project's archive format.
    open func encode(with coder: NSCoder) {
        LayerArchiving.encode(self, to: coder)
    }

    /// Copies every property value `other` has set. Same class: the store itself (a
    /// copy-on-write copy). Another class: key by key, for the keys both classes declare with the
    /// same type, plus undeclared keys.
    private func copyProperties(from other: CALayer) {
        if other.propertyClassInfo === propertyClassInfo {
            propertyStore = other.propertyStore
            return
        }
        for slot in other.propertyStore.setSlots {
            guard let theirs = other.propertyClassInfo.descriptors.first(where: { $0.slot == slot }),
                  let mine = propertyClassInfo.descriptor(forKey: theirs.key), mine.isStored,
                  mine.valueType == theirs.valueType, let box = other.propertyStore.box(at: slot) else { continue }
            propertyStore.set(box, at: mine.slot)
        }
        propertyStore.extras = other.propertyStore.extras
    }

    // MARK: Class-level property information

    /// The properties every layer of this class has: CALayer's and the subclass's built-in ones.
    /// Built-in subclasses override this; user subclasses inherit it and add `@Managed` ones.
    class var builtInPropertyDescriptors: [CAPropertyDescriptor] { CALayer.layerDescriptors }

    /// The first slot free for properties of classes below this one.
    class var builtInSlotCount: Int { LayerSlot.allCases.count }

    /// The class's complete info when it has been built, else a provisional one (built-in
    /// properties only) that `finishInit()` replaces.
    static func knownClassInfo(for cls: CALayer.Type) -> PropertyClassInfo {
        if let info = PropertyClassRegistry.existing(for: cls) { return info }
        return PropertyClassInfo(className: String(describing: cls), descriptors: cls.builtInPropertyDescriptors,
                                 classDefault: { cls.defaultValue(forKey: $0) },
                                 needsDisplay: { cls.needsDisplay(forKey: $0) }, isComplete: false)
    }

    /// The description of the property named `key` (or one of its aliases) for this class, or nil
    /// for an undeclared key.
    public static func propertyDescriptor(forKey key: String) -> CAPropertyDescriptor? {
        builtInPropertyDescriptors.first { $0.key == key || $0.aliases.contains(key) }
    }

    // MARK: Geometry (CALayer+Geometry.swift)

    /// The layer's rectangle in its superlayer's coordinates, derived from `bounds`,
    /// `position`, `anchorPoint` and `transform` (see CALayer+Geometry.swift for the rules).
    /// Setting it sets `bounds.size` and `position`.
    open var frame: CGRect { get { baseFrame } set { baseFrame = newValue } }
    /// The transform as an affine transform (its 2D part).
    open func affineTransform() -> CGAffineTransform { baseAffineTransform() }
    /// Sets the transform from an affine transform.
    open func setAffineTransform(_ m: CGAffineTransform) { baseSetAffineTransform(m) }
    /// Converts a point from `layer`'s coordinate space (nil: the root's superlayer space).
    open func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint { baseConvert(p, from: layer) }
    /// Converts a point to `layer`'s coordinate space.
    open func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint { baseConvert(p, to: layer) }
    /// Converts a rectangle from `layer`'s coordinate space (the bounding box of its corners).
    open func convert(_ r: CGRect, from layer: CALayer?) -> CGRect { baseConvert(r, from: layer) }
    /// Converts a rectangle to `layer`'s coordinate space.
    open func convert(_ r: CGRect, to layer: CALayer?) -> CGRect { baseConvert(r, to: layer) }

    // MARK: The tree (CALayer+Tree.swift)

    /// The layer this one is a sublayer (or the mask) of. Read-only.
    open var superlayer: CALayer? { _superlayer }
    /// The sublayers, back to front; nil when there are none and none were set. Setting it
    /// removes the old sublayers and moves each new one out of its previous superlayer.
    open var sublayers: [CALayer]? { get { baseSublayers } set { baseSublayers = newValue } }
    /// A layer whose alpha masks this layer's content; its `superlayer` is the masked layer.
    open var mask: CALayer? { get { baseMask } set { baseMask = newValue } }
    /// Appends `layer` to the sublayers (moving it out of any previous superlayer).
    open func addSublayer(_ layer: CALayer) { baseAddSublayer(layer) }
    /// Inserts `layer` at index `idx` of the sublayers (clamped to the count).
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) { baseInsertSublayer(layer, at: idx) }
    /// Inserts `layer` just below `sibling` (at the back when nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) { baseInsertSublayer(layer, below: sibling) }
    /// Inserts `layer` just above `sibling` (at the front when nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) { baseInsertSublayer(layer, above: sibling) }
    /// Replaces the sublayer `oldLayer` with `newLayer`.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) { baseReplaceSublayer(oldLayer, with: newLayer) }
    /// Detaches the layer from its superlayer (or from the layer it masks).
    open func removeFromSuperlayer() { baseRemoveFromSuperlayer() }

    // MARK: Animations (CALayer+Animation.swift)

    /// Adds a copy of `anim` under `key` (replacing any animation with that key); it begins at
    /// the commit when its `beginTime` is 0.
    open func add(_ anim: CAAnimation, forKey key: String?) { baseAdd(anim, forKey: key) }
    /// The animation added under `key` (a copy: changing it changes nothing).
    open func animation(forKey key: String) -> CAAnimation? { baseAnimation(forKey: key) }
    /// The keys of the running animations, in the order they were added; nil when none.
    open func animationKeys() -> [String]? { baseAnimationKeys() }
    /// Removes the animation under `key`.
    open func removeAnimation(forKey key: String) { baseRemoveAnimation(forKey: key) }
    /// Removes every animation.
    open func removeAllAnimations() { baseRemoveAllAnimations() }
    /// Converts a time from `layer`'s local time (nil: absolute media time).
    open func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval { baseConvertTime(t, from: layer) }
    /// Converts a time to `layer`'s local time (nil: absolute media time).
    open func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval { baseConvertTime(t, to: layer) }

    // MARK: Properties (described and stored in CALayer+Properties.swift)
    //
    // Declared here, in the class, so subclasses can override them as on Apple's platforms
    // (`override var bounds: CGRect { didSet { … } }`); KVC and animations' model updates set
    // them through these accessors.

    // MARK: Geometry

    /// The layer's own coordinate space: origin and size. Animatable.
    open var bounds: CGRect { get { self[P.bounds] } set { self[P.bounds] = newValue } }
    /// Where the anchor point sits, in the superlayer's coordinates. Animatable.
    open var position: CGPoint { get { self[P.position] } set { self[P.position] = newValue } }
    /// The z part of the position; also the drawing order among siblings. Animatable.
    open var zPosition: CGFloat { get { self[P.zPosition] } set { self[P.zPosition] = newValue } }
    /// The point transforms pivot about, in unit coordinates of the bounds. Animatable.
    open var anchorPoint: CGPoint { get { self[P.anchorPoint] } set { self[P.anchorPoint] = newValue } }
    /// The z of the pivot, in points. Animatable.
    open var anchorPointZ: CGFloat { get { self[P.anchorPointZ] } set { self[P.anchorPointZ] = newValue } }
    /// The transform applied about the anchor point. Animatable.
    open var transform: CATransform3D { get { self[P.transform] } set { self[P.transform] = newValue } }
    /// The transform applied to every sublayer (about this layer's anchor point). Animatable.
    open var sublayerTransform: CATransform3D {
        get { self[P.sublayerTransform] } set { self[P.sublayerTransform] = newValue }
    }
    /// Whether the layer and its subtree are hidden. Animatable.
    open var isHidden: Bool { get { self[P.hidden] } set { self[P.hidden] = newValue } }
    /// Whether the back of the layer is drawn when it faces away. Animatable, without implied animation.
    open var isDoubleSided: Bool { get { self[P.doubleSided] } set { self[P.doubleSided] = newValue } }
    /// Whether the geometry of the layer and its subtree is flipped vertically.
    open var isGeometryFlipped: Bool { get { self[P.geometryFlipped] } set { self[P.geometryFlipped] = newValue } }
    /// Whether sublayers and contents are clipped to the (rounded) bounds. Animatable.
    open var masksToBounds: Bool { get { self[P.masksToBounds] } set { self[P.masksToBounds] = newValue } }

    // MARK: Contents

    /// The layer's image, usually a `CGImage`. Animatable (cross-fade).
    open var contents: Any? { get { kvcFlatten(self[P.contents]) } set { self[P.contents] = newValue } }
    /// The part of the contents image shown, in unit coordinates. Animatable.
    open var contentsRect: CGRect { get { self[P.contentsRect] } set { self[P.contentsRect] = newValue } }
    /// The stretchable centre for nine-slice scaling, in unit coordinates. Animatable.
    open var contentsCenter: CGRect { get { self[P.contentsCenter] } set { self[P.contentsCenter] = newValue } }
    /// How the contents are placed in the bounds.
    open var contentsGravity: CALayerContentsGravity {
        get { self[P.contentsGravity] } set { self[P.contentsGravity] = newValue }
    }
    /// Pixels per point of the contents. Animatable.
    open var contentsScale: CGFloat { get { self[P.contentsScale] } set { self[P.contentsScale] = newValue } }
    /// The pixel format hint for drawn content.
    open var contentsFormat: CALayerContentsFormat { get { self[P.contentsFormat] } set { self[P.contentsFormat] = newValue } }
    /// The filter used when contents are drawn smaller than their size.
    open var minificationFilter: CALayerContentsFilter {
        get { self[P.minificationFilter] } set { self[P.minificationFilter] = newValue }
    }
    /// The filter used when contents are drawn larger than their size.
    open var magnificationFilter: CALayerContentsFilter {
        get { self[P.magnificationFilter] } set { self[P.magnificationFilter] = newValue }
    }
    /// The level-of-detail bias for trilinear filtering. Animatable.
    open var minificationFilterBias: Float {
        get { self[P.minificationFilterBias] } set { self[P.minificationFilterBias] = newValue }
    }
    /// A hint that drawn content is fully opaque.
    open var isOpaque: Bool { get { self[P.opaque] } set { self[P.opaque] = newValue } }
    /// Whether a bounds change calls `setNeedsDisplay()`.
    open var needsDisplayOnBoundsChange: Bool {
        get { self[P.needsDisplayOnBoundsChange] } set { self[P.needsDisplayOnBoundsChange] = newValue }
    }
    /// Whether drawing may be deferred (a hint; Lamina draws synchronously).
    open var drawsAsynchronously: Bool {
        get { self[P.drawsAsynchronously] } set { self[P.drawsAsynchronously] = newValue }
    }
    /// Which edges are antialiased when `allowsEdgeAntialiasing` is true.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { self[P.edgeAntialiasingMask] } set { self[P.edgeAntialiasingMask] = newValue }
    }
    /// Whether edges are antialiased as `edgeAntialiasingMask` says.
    open var allowsEdgeAntialiasing: Bool {
        get { self[P.allowsEdgeAntialiasing] } set { self[P.allowsEdgeAntialiasing] = newValue }
    }

    // MARK: Appearance

    /// The background fill. Animatable.
    open var backgroundColor: CGColor? { get { self[P.backgroundColor] } set { self[P.backgroundColor] = newValue } }
    /// The radius of the rounded corners of background, border and clip. Animatable.
    open var cornerRadius: CGFloat { get { self[P.cornerRadius] } set { self[P.cornerRadius] = newValue } }
    /// Which corners `cornerRadius` rounds.
    open var maskedCorners: CACornerMask { get { self[P.maskedCorners] } set { self[P.maskedCorners] = newValue } }
    /// The curve of the rounded corners.
    open var cornerCurve: CALayerCornerCurve { get { self[P.cornerCurve] } set { self[P.cornerCurve] = newValue } }
    /// How much further along each edge a corner of `curve` reaches than a circular corner of
    /// the same radius: 1 for `.circular`, about 1.53 for `.continuous`. A continuous corner
    /// needs `cornerRadius × factor` of each edge to be fully continuous; with less it blends
    /// towards circular.
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? ContinuousCorner.expansionFactor : 1
    }
    /// The width of the border, inset from the bounds. Animatable.
    open var borderWidth: CGFloat { get { self[P.borderWidth] } set { self[P.borderWidth] = newValue } }
    /// The border colour (opaque black by default). Animatable.
    open var borderColor: CGColor? { get { self[P.borderColor] } set { self[P.borderColor] = newValue } }
    /// The opacity of the layer and its subtree. Animatable.
    open var opacity: Float { get { self[P.opacity] } set { self[P.opacity] = newValue } }
    /// Whether a partly transparent layer composites its subtree as one group.
    open var allowsGroupOpacity: Bool { get { self[P.allowsGroupOpacity] } set { self[P.allowsGroupOpacity] = newValue } }
    /// A filter composing the layer with what lies behind it. Animatable.
    open var compositingFilter: Any? {
        get { kvcFlatten(self[P.compositingFilter]) } set { self[P.compositingFilter] = newValue }
    }
    /// Filters applied to the layer's content. Animatable.
    open var filters: [Any]? { get { self[P.filters] } set { self[P.filters] = newValue } }
    /// Filters applied to what lies behind the layer. Animatable.
    open var backgroundFilters: [Any]? { get { self[P.backgroundFilters] } set { self[P.backgroundFilters] = newValue } }
    /// Whether the layer is rendered as a bitmap before compositing. Animatable.
    open var shouldRasterize: Bool { get { self[P.shouldRasterize] } set { self[P.shouldRasterize] = newValue } }
    /// The scale of that bitmap. Animatable.
    open var rasterizationScale: CGFloat {
        get { self[P.rasterizationScale] } set { self[P.rasterizationScale] = newValue }
    }

    // MARK: Shadow

    /// The shadow colour (opaque black by default). Animatable.
    open var shadowColor: CGColor? { get { self[P.shadowColor] } set { self[P.shadowColor] = newValue } }
    /// The shadow opacity (0 by default, so no shadow shows). Animatable.
    open var shadowOpacity: Float { get { self[P.shadowOpacity] } set { self[P.shadowOpacity] = newValue } }
    /// The shadow offset ((0, −3) by default). Animatable.
    open var shadowOffset: CGSize { get { self[P.shadowOffset] } set { self[P.shadowOffset] = newValue } }
    /// The shadow blur radius (3 by default). Animatable.
    open var shadowRadius: CGFloat { get { self[P.shadowRadius] } set { self[P.shadowRadius] = newValue } }
    /// The shape of the shadow (copied on assignment); nil follows the layer's alpha. Animatable.
    open var shadowPath: CGPath? { get { self[P.shadowPath] } set { self[P.shadowPath] = newValue?.copy() } }

    // MARK: Identity, actions and layout

    /// A name, used by layout managers and to find layers.
    open var name: String? { get { self[P.name] } set { self[P.name] = newValue } }
    /// Actions by event key (searched after the delegate).
    open var actions: [String: any CAAction]? { get { self[P.actions] } set { self[P.actions] = newValue } }
    /// Fallback values for unset properties; may contain a nested `"style"` dictionary.
    open var style: [AnyHashable: Any]? { get { self[P.style] } set { self[P.style] = newValue } }
    /// The object that lays out the sublayers (macOS).
    open var layoutManager: (any CALayoutManager)? { get { self[P.layoutManager] } set { self[P.layoutManager] = newValue } }
    /// How the layer resizes with its superlayer (macOS).
    open var autoresizingMask: CAAutoresizingMask {
        get { self[P.autoresizingMask] } set { self[P.autoresizingMask] = newValue }
    }

    // MARK: CAMediaTiming

    open var beginTime: CFTimeInterval { get { self[P.beginTime] } set { self[P.beginTime] = newValue } }
    open var duration: CFTimeInterval { get { self[P.duration] } set { self[P.duration] = newValue } }
    open var speed: Float { get { self[P.speed] } set { self[P.speed] = newValue } }
    open var timeOffset: CFTimeInterval { get { self[P.timeOffset] } set { self[P.timeOffset] = newValue } }
    open var repeatCount: Float { get { self[P.repeatCount] } set { self[P.repeatCount] = newValue } }
    open var repeatDuration: CFTimeInterval { get { self[P.repeatDuration] } set { self[P.repeatDuration] = newValue } }
    open var autoreverses: Bool { get { self[P.autoreverses] } set { self[P.autoreverses] = newValue } }
    open var fillMode: CAMediaTimingFillMode { get { self[P.fillMode] } set { self[P.fillMode] = newValue } }

    /// The weak delegate: drawing, layout and actions.
    open var delegate: (any CALayerDelegate)? {
        get { _delegate }
        set { _delegate = newValue }
    }

    /// The descriptions of every property of this layer's class, `@Managed` ones included.
    public var propertyDescriptors: [CAPropertyDescriptor] { propertyClassInfo.descriptors }

    /// The default value of the property named `key`, or nil when none is known.
    ///
    /// Subclasses override this to give their own defaults and call `super` for other keys; the
    /// override applies to every property the layer has not set. When it returns nil for a
    /// declared property, the property's zero value is used (0, false, nil, `.zero`, identity).
    ///
    /// As on Apple's platforms, the geometry a layer is placed by has no class default: nil for
    /// `bounds`, `position` and `frame` (they read as zero until set).
    open class func defaultValue(forKey key: String) -> Any? {
        guard let d = builtInPropertyDescriptors.first(where: { $0.key == key || $0.aliases.contains(key) }),
              d.isStored, d.key != "bounds", d.key != "position" else { return nil }
        return d.defaultValue
    }

    /// Whether a change to `key` (including by an animation) redraws the layer's content.
    /// The default returns false; override it for your own keys and call `super` for the rest.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// The accessors KVC goes through for instances of user subclasses (each Lamina class adds
    /// its own keys; see OverridableAccessors.swift).
    class var kvcAccessors: KVCAccessors { baseKVCAccessors }

    /// Whether `key` should be archived; true for every key by default.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: Overridable behaviour (declared here: Swift cannot override extension members)

    /// The action for `event` (a property key or `onOrderIn`/`onOrderOut`/`transition`), searched
    /// in order (spec §5): the delegate's `action(for:forKey:)` (nil continues, `NSNull` stops),
    /// `actions[event]`, the `style` chain's `actions`, then `defaultAction(forKey:)`. An `NSNull`
    /// result is returned as nil.
    open func action(forKey event: String) -> (any CAAction)? { defaultActionSearch(event) }

    /// The action a class gives `event`: nil by default, as on Apple's platforms (the implied
    /// animation of an animatable property is made after this in the action search, see
    /// `action(forKey:)`). Override it to give your class's own default actions.
    open class func defaultAction(forKey event: String) -> (any CAAction)? { nil }

    /// Whether `p` (in this layer's coordinates) is inside the bounds. Override for other shapes.
    open func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }

    /// The deepest layer of this subtree, this one included, that contains `p`, which is in the
    /// superlayer's coordinates (for a sublayer of a `CATransformLayer`, the nearest ordinary
    /// ancestor's); nil when none does (spec §8). Sublayers are tried front to back in array
    /// order (zPosition is ignored); with `masksToBounds` nothing outside the bounds is searched.
    /// [U] Hidden layers and their subtrees are not hit.
    open func hitTest(_ p: CGPoint) -> CALayer? { defaultHitTest(p) }

    /// Marks the layer as needing `layoutSublayers()` before the next update, and tells the
    /// layout manager (`invalidateLayout(of:)`).
    open func setNeedsLayout() { defaultSetNeedsLayout() }

    /// Whether the layer is marked as needing layout.
    open func needsLayout() -> Bool { flags.contains(.needsLayout) }

    /// Lays out now if needed: walks up while the superlayer needs layout, then lays out the
    /// whole subtree under that layer, parents before children.
    open func layoutIfNeeded() { defaultLayoutIfNeeded() }

    /// Lays out the sublayers. The default calls the delegate's `layoutSublayers(of:)`; when the
    /// delegate does not implement it, the layout manager's; with neither, sublayers are resized
    /// by their `autoresizingMask` when the bounds size changed since the last layout.
    open func layoutSublayers() { defaultLayoutSublayers() }

    /// The preferred size: the layout manager's `preferredSize(of:)` when it implements it,
    /// else the bounds size in the superlayer's space (the frame's size).
    open func preferredFrameSize() -> CGSize { defaultPreferredFrameSize() }

    /// Calls `resize(withOldSuperlayerSize:)` on every sublayer (macOS autoresizing).
    open func resizeSublayers(withOldSize size: CGSize) { defaultResizeSublayers(withOldSize: size) }

    /// Adjusts the frame by the `autoresizingMask` for a superlayer whose size changed from
    /// `size` to its current size: flexible margins and dimensions share the change in
    /// proportion to their current lengths, as AppKit's autoresizing does.
    open func resize(withOldSuperlayerSize size: CGSize) { defaultResize(withOldSuperlayerSize: size) }

    /// Marks the whole layer for redisplay before the next update.
    open func setNeedsDisplay() { markNeedsDisplay(bounds) }

    /// Marks the region `r` (bounds coordinates) for redisplay.
    open func setNeedsDisplay(_ r: CGRect) { markNeedsDisplay(r) }

    /// Whether the layer is marked for redisplay.
    open func needsDisplay() -> Bool { flags.contains(.needsDisplay) }

    /// Calls `display()` when the layer is marked for redisplay.
    open func displayIfNeeded() { defaultDisplayIfNeeded() }

    /// Produces the layer's content. The default: the delegate's `display(_:)` when it
    /// implements it; otherwise the delegate's `layerWillDraw(_:)`, a backing store of
    /// bounds × `contentsScale` pixels, `draw(in:)`, and the result put into `contents`.
    open func display() { defaultDisplay() }

    /// Pixels per point of the backing store: `contentsScale` (a tiled layer's level of detail
    /// multiplies it).
    var displayScale: CGFloat { contentsScale }

    /// Calls `draw(in:)` for the region being drawn (a tiled layer calls it per tile).
    func drawContents(in ctx: CGContext) { draw(in: ctx) }

    /// Told before the whole backing store is drawn (not just a dirty part).
    func willDisplayWhole() {}

    /// Draws the layer's content. The default calls the delegate's `draw(_:in:)`.
    open func draw(in ctx: CGContext) {
        if let d = _delegate { d.draw(self, in: ctx) }
    }

    /// Draws the layer tree into `ctx`, in the layer's own coordinate space through the context's
    /// current transform, as on Apple platforms (iOS code flips a bitmap context itself to get
    /// y-down geometry). Pending layout and display in the tree run first. A model layer draws
    /// its model values (the properties as set now, committed or not), without animations; a
    /// presentation copy (`presentation()`) draws what the screen shows at the moment it was made:
    /// its animated values, its sublayers' and mask's presentation copies, their contents.
    ///
    /// Apple documents that `render(in:)` does not implement the full compositing model. As on
    /// iOS, a translucent layer is not composited as a group here, whatever its
    /// `allowsGroupOpacity`: its background, contents, sublayers, border and shadow each fade by
    /// its opacity on their own (what iOS snapshot references recorded with `render(in:)` show),
    /// and a `compositingFilter` naming a non-separable blend mode (hue, saturation, color,
    /// luminosity) is drawn normally. Masks, shadows and the other compositing filters are drawn
    /// as on screen.
    open func render(in ctx: CGContext) {
        if !flags.contains(.presentation) {
            layoutIfNeeded()
            layoutSubtreeIfNeeded()
            displaySubtreeIfNeeded()
        }
        let (tree, root) = CommitEncoder.privateTree(of: self)
        FrameRenderer().draw(Frame(still: tree, root: root, time: 0), in: ctx, asRenderInContext: true)
    }

    /// Whether the context `draw(in:)` gets is y-flipped from CoreGraphics' y-up space, as
    /// Apple documents it. A layer's geometry is y-down on iOS, so its drawing context is
    /// flipped and this is true, unless an odd number of layers from here up to the root have
    /// `isGeometryFlipped` (their geometry, and so the context, is y-up). Code that draws
    /// CoreText flips the context back when it is true.
    open func contentsAreFlipped() -> Bool {
        var flipped = true
        var l: CALayer? = self
        while let c = l { if c.isGeometryFlipped { flipped.toggle() }; l = c._superlayer }
        return flipped
    }

    /// The value of a property or an arbitrary key (KVC), in the property's declared Swift type.
    open func value(forKey key: String) -> Any? {
        // A subclass may override the accessor: read through it (as Apple's KVC does).
        if kvcUsesAccessors, !flags.contains(.presentation), let get = type(of: self).kvcAccessors.getters[key] {
            return get(self)
        }
        return kvcValue(forKey: key) { type(of: self).defaultValue(forKey: $0) }
    }

    /// Sets a property or an arbitrary key (KVC). Swift numbers, `NSNumber` and `NSValue` are
    /// converted to the property's type; values that cannot be are refused with a diagnostic.
    open func setValue(_ value: Any?, forKey key: String) { kvcSetValue(value, forKey: key) }

    /// The value at a dotted key path: properties, struct fields (`position.x`,
    /// `bounds.size.width`), transform components (`transform.rotation.y`, `transform.scale`,
    /// `transform.translation.x`...) and properties of layer-valued properties (`mask.opacity`).
    open func value(forKeyPath keyPath: String) -> Any? { KeyPathValues.value(of: self, atPath: keyPath) }

    /// Sets the value at a dotted key path (see `value(forKeyPath:)`). A struct field or
    /// transform component is changed by setting the whole top-level property.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { KeyPathValues.setValue(value, of: self, atPath: keyPath) }

    // MARK: PropertyOwner

    func propertyDidChange(_ key: String, descriptor d: CAPropertyDescriptor?, changed: Bool) {
        if changed { renderVersion &+= 1 }
        if let d {
            if changed {
                let e = d.effects
                if !e.isEmpty {
                    if e.contains(.layout) { setNeedsLayoutImplicitly() }
                    if e.contains(.superlayerLayout) { _superlayer?.setNeedsLayoutImplicitly() }
                    if e.contains(.display) { setNeedsDisplay() }
                    if e.contains(.displayOnBoundsChange) && needsDisplayOnBoundsChange { setNeedsDisplay() }
                    if e.contains(.content) { contentVersion &+= 1 }
                }
            }
            if d.isStored, propertyClassInfo.needsDisplayBySlot[d.slot] { setNeedsDisplay() }
        } else if propertyClassInfo.needsDisplay(forKey: key) {
            setNeedsDisplay()
        }
        if !pendingActions.isEmpty { runPendingAction(forKey: key) }
        if changed && key == "hidden" && flags.contains(.committed) {
            runEvent(isHidden ? kCAOnOrderOut : kCAOnOrderIn)
        }
    }

    var diagnosticName: String { propertyClassInfo.className }

    /// Whether sublayers keep their depth instead of being flattened into this layer's plane
    /// (true for `CATransformLayer`).
    var preservesSublayerDepth: Bool { false }

    // MARK: Delegate probing

    /// Set by the default implementations of ``CALayerDelegate`` and ``CALayoutManager`` methods,
    /// so the layer can tell whether a delegate implements a method.
    public func noteDefaultDelegateMethod() { flags.insert(.delegateUsedDefault) }

    /// Runs `call` and reports whether it reached a real implementation (not a default).
    func callImplemented(_ call: () -> Void) -> Bool {
        let had = flags.contains(.delegateUsedDefault)
        flags.remove(.delegateUsedDefault)
        call()
        let usedDefault = flags.contains(.delegateUsedDefault)
        if had { flags.insert(.delegateUsedDefault) } else { flags.remove(.delegateUsedDefault) }
        return !usedDefault
    }

    open override var description: String {
        var s = "<\(propertyClassInfo.className)"
        if let name { s += " \"\(name)\"" }
        s += " frame=\(frame)"
        if !_sublayers.isEmpty { s += " sublayers=\(_sublayers.count)" }
        return s + ">"
    }
}

/// Per-layer state bits.
struct LayerFlags: OptionSet {
    var rawValue: UInt16
    static let needsLayout = LayerFlags(rawValue: 1 << 0)
    static let needsDisplay = LayerFlags(rawValue: 1 << 1)
    static let descendantNeedsLayout = LayerFlags(rawValue: 1 << 2)
    static let descendantNeedsDisplay = LayerFlags(rawValue: 1 << 3)
    static let inLayoutSublayers = LayerFlags(rawValue: 1 << 4)
    static let delegateUsedDefault = LayerFlags(rawValue: 1 << 5)
    /// Changed in the open transaction (listed in its touched layers).
    static let touched = LayerFlags(rawValue: 1 << 6)
    /// Part of a committed transaction at least once: its changes now run actions.
    static let committed = LayerFlags(rawValue: 1 << 7)
    /// A presentation copy: changes never run actions or join transactions.
    static let presentation = LayerFlags(rawValue: 1 << 8)
    /// Changes made now run no actions (drawn contents).
    static let suppressActions = LayerFlags(rawValue: 1 << 9)
    /// The current display pass drew nothing (see `discardDrawnContents()`).
    static let drewNothing = LayerFlags(rawValue: 1 << 10)
}

extension PropertyOwner {
    /// Typed access to a stored property.
    subscript<V>(_ p: CAProperty<V>) -> V {
        get { get(p) }
        set { set(p, newValue) }
    }
}
