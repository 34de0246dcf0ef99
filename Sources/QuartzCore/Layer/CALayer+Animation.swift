import Foundation
import LaminaRender

// Animations, actions, presentation and time on layers (spec §5, §6).
extension CALayer {
    // MARK: Animations

    /// Adds a copy of `anim` under `key` (replacing the animation already there, which stops
    /// unfinished); a property animation without a `keyPath` animates `key`; a `CATransition`
    /// is stored under `kCATransition` whatever the key. A duration ≤ 0 becomes the transaction's `animationDuration`; the
    /// transaction's `animationTimingFunction`, when set, is written into the copy. An animation
    /// with `beginTime` 0 begins when the transaction commits.
    func baseAdd(_ anim: CAAnimation, forKey key: String?) {
        // Transitions always live under "transition".
        let key = anim is CATransition ? kCATransition : key
        guard !flags.contains(.presentation) else {
            LaminaDiagnostics.report("\(diagnosticName).add(_:forKey:): a presentation layer cannot take animations; add it to the model layer")
            return
        }
        let copy = anim.copy() as! CAAnimation
        // A property animation without a key path animates the key it is added under (how
        // `actions` entries like `["bounds": CABasicAnimation()]` work).
        if let p = copy as? CAPropertyAnimation, p.keyPath == nil, let key { p.keyPath = key }
        if !(copy.duration > 0) { copy.duration = CATransaction.animationDuration() }
        if let tf = CATransaction.animationTimingFunction() { copy.timingFunction = tf }
        guard let compiled = AnimationCompiler.compile(copy, layer: self) else { return }
        touch()
        let attached = AttachedAnimation(key: key, animation: copy, timing: TimingModel(copy), compiled: compiled)
        if let key, let i = attachedAnimations.firstIndex(where: { $0.key == key }) {
            let old = attachedAnimations.remove(at: i)
            AnimationEvents.removed(old)
        }
        attachedAnimations.append(attached)
        if attached.body.redraws { CALayer.redrawingAnimationsAdded.store(true, ordering: .relaxed) }
        let state = TransactionState.current
        state.ensureOpen()
        for scope in state.scopes {
            if let g = scope.completion { g.retain(); attached.completionGroups.append(g) }
        }
        state.added.append((self, attached))
        renderVersion &+= 1
    }

    /// The animation added under `key` (do not change it), or nil.
    func baseAnimation(forKey key: String) -> CAAnimation? {
        attachedAnimations.first { $0.key == key }?.animation
    }

    /// The keys of the animations added with a key, in the order they apply; nil when none.
    func baseAnimationKeys() -> [String]? {
        let keys = attachedAnimations.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation under `key`; its delegate hears `animationDidStop(_:finished: false)`
    /// unless it had already finished.
    func baseRemoveAnimation(forKey key: String) {
        guard let i = attachedAnimations.firstIndex(where: { $0.key == key }) else { return }
        touch()
        let a = attachedAnimations.remove(at: i)
        AnimationEvents.removed(a)
        renderVersion &+= 1
    }

    /// Removes every animation.
    func baseRemoveAllAnimations() {
        guard !attachedAnimations.isEmpty else { return }
        touch()
        let all = attachedAnimations
        attachedAnimations = []
        for a in all { AnimationEvents.removed(a) }
        renderVersion &+= 1
    }

    // MARK: Presentation

    /// A copy of the layer as it appears now: its properties as of the last commit with the
    /// animations of the last commit applied at the current media time (`CACurrentMediaTime()`).
    /// Changes and animations added or removed in a transaction still open appear after its
    /// commit, as on Apple's platforms. Its sublayers and mask are presentation copies too. Nil
    /// when the layer was never committed. Do not change it.
    public func presentation() -> Self? {
        if flags.contains(.presentation) { return self }
        guard flags.contains(.committed) else { return nil }
        let now = CACurrentMediaTime()
        let parentTime = _superlayer.map { $0.convertTime(now, from: nil) } ?? now
        return PresentationBuilder().copy(self, parentTime: parentTime) as? Self
    }

    /// The model layer: for a presentation copy the layer it shows, otherwise the layer itself.
    public func model() -> Self {
        (modelLayer as? Self) ?? self
    }

    /// The layer whose identity stands for this one (the model of a presentation copy).
    var identityLayer: CALayer { modelLayer ?? self }

    // MARK: Time

    /// This layer's timing (`beginTime`, `speed`, `timeOffset`, …) read once; the identity
    /// timing without reading when none of them was set (the usual case).
    var timingModel: TimingModel {
        for slot in LayerSlot.beginTime.rawValue...LayerSlot.fillMode.rawValue where propertyStore.contains(slot) {
            return TimingModel(self)
        }
        let style = propertyClassInfo.styleSlot
        if style >= 0 && propertyStore.contains(style) { return TimingModel(self) }
        return TimingModel()
    }

    /// Converts `t` from the time space of `layer` (nil: absolute media time) to this layer's.
    func baseConvertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        let absolute = layer.map { $0.absoluteTime(forLocal: t) } ?? t
        return localTime(forAbsolute: absolute)
    }

    /// Converts `t` from this layer's time space to that of `layer` (nil: absolute media time).
    func baseConvertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let absolute = absoluteTime(forLocal: t)
        return layer.map { $0.localTime(forAbsolute: absolute) } ?? absolute
    }

    /// The layer's local time at absolute media time `t`, through its ancestors' timing.
    func localTime(forAbsolute t: CFTimeInterval) -> CFTimeInterval {
        var chain: [CALayer] = []
        var l: CALayer? = self
        while let c = l { chain.append(c); l = c._superlayer }
        var time = t
        for layer in chain.reversed() { time = layer.timingModel.layerTime(time) }
        return time
    }

    /// The absolute media time at which the layer's local time is `t`.
    func absoluteTime(forLocal t: CFTimeInterval) -> CFTimeInterval {
        var time = t
        var l: CALayer? = self
        while let c = l { time = c.timingModel.parentTime(time); l = c._superlayer }
        return time
    }

    // MARK: Transactions and actions

    /// Records that the layer changes in the open transaction: opens an implicit transaction if
    /// needed and keeps the committed state until the commit.
    @inline(__always)
    func touch() {
        guard !flags.contains(.touched), !flags.contains(.presentation) else { return }
        let s = TransactionState.current
        // A user's init(layer:) setting properties on a copy being made is not a change.
        guard s.buildingPresentation == 0 else { return }
        flags.insert(.touched)
        if flags.contains(.committed) {
            committedStore = propertyStore
            committedSublayers = _sublayers
            committedMask = .some(_mask)
            committedAnimations = attachedAnimations
        }
        s.ensureOpen()
        s.touched.append(self)
    }

    func propertyWillChange(_ key: String) {
        guard !flags.contains(.presentation) else { return }
        touch()
        guard !flags.contains(.suppressActions), !CATransaction.disableActions() else { return }
        // A layer not yet committed has no implicit animations; only its delegate's actions
        // run (a view animating in the turn it was added, as UIKit's custom transitions do).
        let found: (any CAAction)? = flags.contains(.committed) ? action(forKey: key) : delegateAction(forKey: key)
        guard let action = found else { return }
        let previous: Any? = action is CAPropertyAnimation ? presentationValue(forKeyPath: key) : nil
        pendingActions.append((key, action, previous))
    }

    /// Runs the action found before `key` changed.
    func runPendingAction(forKey key: String) {
        guard let i = pendingActions.lastIndex(where: { $0.key == key }) else { return }
        let p = pendingActions.remove(at: i)
        let saved = actionPrevious
        actionPrevious = (key, p.previous)
        p.action.run(forKey: key, object: self, arguments: nil)
        actionPrevious = saved
    }

    /// Runs the action for an event that is not a property (`onOrderIn`, `onOrderOut`,
    /// `transition`) when actions are enabled and the layer has been committed.
    func runEvent(_ event: String, inCommittedTree: Bool = false) {
        guard flags.contains(.committed) || inCommittedTree, !flags.contains(.presentation), !CATransaction.disableActions(),
              let a = action(forKey: event) else { return }
        a.run(forKey: event, object: self, arguments: nil)
    }

    /// The delegate's action for `event` alone (nil for none or `NSNull`).
    private func delegateAction(forKey event: String) -> (any CAAction)? {
        guard let d = _delegate else { return nil }
        var found: (any CAAction)?
        guard callImplemented({ found = d.action(for: self, forKey: event) }), let a = found, !(a is NSNull) else { return nil }
        return a
    }

    func defaultActionSearch(_ event: String) -> (any CAAction)? {
        if let d = _delegate {
            var found: (any CAAction)?
            if callImplemented({ found = d.action(for: self, forKey: event) }), let a = found {
                return a is NSNull ? nil : a
            }
        }
        if let a = actions?[event] { return a is NSNull ? nil : a }
        if let a = styleAction(event) { return a is NSNull ? nil : a }
        if let a = type(of: self).defaultAction(forKey: event) { return a is NSNull ? nil : a }
        return impliedAnimation(forKey: event)
    }

    /// The implied animation of an animatable property, the last step of the action search: a
    /// `CABasicAnimation` of the key with the default timing curve, from the value shown before
    /// the change. A layer that has never been committed has none (nothing on screen to animate
    /// from), as on Apple's platforms.
    func impliedAnimation(forKey event: String) -> (any CAAction)? {
        guard flags.contains(.committed), let d = propertyClassInfo.descriptor(forKey: event),
              d.hasImplicitAnimation, d.isStored else { return nil }
        let a = CABasicAnimation(keyPath: d.key)
        a.timingFunction = CAMediaTimingFunction(name: .default)
        a.isImplied = true
        a.fromValue = presentationValue(forKeyPath: d.key)
        return a
    }

    /// `style["actions"][event]`, walking nested styles.
    private func styleAction(_ event: String) -> (any CAAction)? {
        var style = self.style
        var depth = 0
        while let s = style, depth < 64 {
            if let actions = s["actions"] as? [String: Any], let a = actions[event] as? any CAAction { return a }
            if let actions = s["actions"] as? [AnyHashable: Any], let a = actions[event] as? any CAAction { return a }
            style = s["style"] as? [AnyHashable: Any]
            depth += 1
        }
        return nil
    }

    /// The value at `keyPath` as shown now: the presentation value when an animation of that
    /// key runs, else the model value.
    func presentationValue(forKeyPath keyPath: String) -> Any? {
        let top = keyPath.split(separator: ".").first.map(String.init) ?? keyPath
        let animated = attachedAnimations.contains { a in
            a.body.touches(key: top)
        }
        guard animated, flags.contains(.committed), let p = presentation() else { return value(forKeyPath: keyPath) }
        return p.value(forKeyPath: keyPath)
    }

    /// Marks this layer and its subtree as committed (after their first commit).
    func markCommitted() {
        guard !flags.contains(.committed) else { return }
        flags.insert(.committed)
        TreeDepth.descend("committed", fallback: ()) {
            _mask?.markCommitted()
            for s in _sublayers { s.markCommitted() }
        }
    }
}
