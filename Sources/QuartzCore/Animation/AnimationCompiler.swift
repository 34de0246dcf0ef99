import Foundation
import LaminaRender

/// Turns an added animation (already copied) into its compiled body (shared with the renderer)
/// and the model's description of each target it writes.
enum AnimationCompiler {
    /// The duration a group without one gives its members (a group added to a layer always
    /// has one: `add(_:forKey:)` gives it the transaction's).
    static let defaultDuration = 0.25

    /// A compiled animation.
    struct Compiled {
        var body: AnimationBody
        /// The targets, indexed by `AnimationTargetInfo.index`.
        var targets: [AnimationTarget]
    }

    static func compile(_ a: CAAnimation, layer: CALayer) -> Compiled? {
        var targets: [AnimationTarget] = []
        guard let body = compile(a, layer: layer, targets: &targets, enclosingDuration: defaultDuration) else { return nil }
        return Compiled(body: body, targets: targets)
    }

    private static func compile(_ a: CAAnimation, layer: CALayer, targets: inout [AnimationTarget],
                                enclosingDuration: Double) -> AnimationBody? {
        switch a {
        case let g as CAAnimationGroup:
            // Members without a duration of their own run for the whole group: Apple's Core
            // Animation Programming Guide groups a keyframe and a basic animation that set no
            // duration under a group of 5 s, and both run for those 5 s.
            let groupDuration = g.duration.isFinite && g.duration > 0 ? g.duration : enclosingDuration
            var kids: [(timing: TimingModel, body: AnimationBody, timingFunction: TimingCurve?)] = []
            for child in g.animations ?? [] {
                guard let body = compile(child, layer: layer, targets: &targets, enclosingDuration: groupDuration) else { continue }
                kids.append((TimingModel(child, defaultDuration: groupDuration), body, child.timingFunction?.curve))
            }
            return .group(kids)
        case let t as CATransition:
            let kind = TransitionKind(rawValue: t.type.rawValue)
            if kind == nil { LaminaDiagnostics.report("CATransition: unknown type \(t.type.rawValue); drawn as a fade") }
            // The renderer captures the layer's appearance before the change when it commits.
            return .transition(TransitionBody(kind: kind ?? .fade, direction: t.subtype.flatMap { TransitionDirection(rawValue: $0.rawValue) },
                                              startProgress: Double(t.startProgress), endProgress: Double(t.endProgress)))
        case let p as CAPropertyAnimation:
            return compileProperty(p, layer: layer, targets: &targets).map { .property($0) }
        default:
            LaminaDiagnostics.report("\(a.diagnosticName): an abstract CAAnimation animates nothing; use a subclass")
            return AnimationBody.none
        }
    }

    static func compileProperty(_ p: CAPropertyAnimation, layer: CALayer, targets: inout [AnimationTarget]) -> PropertyAnimationBody? {
        let name = "\(p.diagnosticName)(\(p.keyPath ?? "nil"))"
        guard let keyPath = p.keyPath, !keyPath.isEmpty else {
            LaminaDiagnostics.report("\(name): no keyPath; not animated")
            return nil
        }
        let basic = p as? CABasicAnimation
        let keyframe = p as? CAKeyframeAnimation
        let sample: Any? = basic?.fromValue ?? basic?.toValue ?? basic?.byValue ?? keyframe?.values?.first
        guard let target = AnimationTarget(keyPath: keyPath, layer: layer, sample: sample, index: targets.count) else { return nil }
        targets.append(target)
        var kind = target.kind
        if let vf = p.valueFunction {
            guard target.kind == .transform else {
                LaminaDiagnostics.report("\(name): a value function makes transforms, but \"\(keyPath)\" is not a transform; not animated")
                return nil
            }
            kind = vf.arity == 3 ? .numbers : .number
        }
        func value(_ v: Any?, _ label: String) -> AnimatedValue?? {
            guard let v = v.flatMap({ ($0 as? KVCOptional)?.kvcFlattened ?? $0 }) else { return .some(nil) }
            if let vf = p.valueFunction, vf.arity == 3, let n = kvcCoerce(v, to: Double.self) {
                return .some(.numbers([n, n, n]))
            }
            guard let c = AnimatedValue.from(v, kind: kind) else {
                LaminaDiagnostics.report("\(name): \(label) \(v) does not fit \"\(keyPath)\"; not animated")
                return nil
            }
            return .some(c)
        }
        let curve: PropertyAnimationBody.Curve
        var rotation: AnimationTargetInfo?
        if let k = keyframe {
            guard let spec = keyframeSpec(k, name: "CAKeyframeAnimation(\(k.keyPath ?? "nil"))", kind: kind),
                  let c = KeyframeCurve(spec, kind: kind) else { return nil }
            curve = .keyframes(c)
            if c.rotationReverse != nil,
               let t = AnimationTarget(keyPath: "transform", layer: layer, sample: nil, index: targets.count) {
                targets.append(t)
                rotation = t.info
            }
        } else {
            guard let from = value(basic?.fromValue, "fromValue"), let to = value(basic?.toValue, "toValue"),
                  let by = value(basic?.byValue, "byValue") else { return nil }
            typealias E = PropertyAnimationBody.Endpoint
            let ends: (E, E)
            switch (from, to, by) {
            case let (f?, t?, _): ends = (.value(f), .value(t))
            case let (f?, nil, b?): ends = (.value(f), .value(AnimatedValue.add(f, b) ?? f))
            case let (nil, t?, b?): ends = (.value(AnimatedValue.subtract(t, b) ?? t), .value(t))
            case let (f?, nil, nil): ends = (.value(f), .current(plus: nil))
            case let (nil, t?, nil): ends = (.current(plus: nil), .value(t))
            case let (nil, nil, b?): ends = (.current(plus: nil), .current(plus: b))
            case (nil, nil, nil):
                // From the value before the change (or the presentation value now) to the model.
                let prev: Any?
                if let ap = layer.actionPrevious, ap.key == target.topKey {
                    prev = target.components.isEmpty ? ap.value : KeyPathValues.component(of: ap.value, path: target.components[...])
                } else {
                    prev = layer.presentationValue(forKeyPath: keyPath)
                }
                if let pv = AnimatedValue.from(prev, kind: kind) {
                    ends = (.value(pv), .current(plus: nil))
                } else {
                    ends = (.current(plus: nil), .current(plus: nil))
                }
            }
            if let s = p as? CASpringAnimation {
                curve = .spring(SpringSolver(s), from: ends.0, to: ends.1)
            } else {
                curve = .basic(from: ends.0, to: ends.1)
            }
        }
        return PropertyAnimationBody(target: target.info, curve: curve, additive: p.isAdditive, cumulative: p.isCumulative,
                                     valueFunction: p.valueFunction?.function, kind: kind, rotation: rotation)
    }

    /// A keyframe animation's parameters as values, its keyframes converted to `kind`; nil
    /// (with a diagnostic) when a value does not fit.
    static func keyframeSpec(_ a: CAKeyframeAnimation, name: String, kind: AnimatedKind) -> KeyframeSpec? {
        var values: [AnimatedValue]?
        let limit = CAKeyframeAnimation.maximumKeyframeCount
        let count = a.path.map { $0.elements.count } ?? a.values?.count ?? 0
        guard count <= limit else {
            LaminaDiagnostics.report("\(name): \(count) keyframes, more than the \(limit) Lamina animates; not animated")
            return nil
        }
        if a.path == nil, let raw = a.values {
            var vs: [AnimatedValue] = []
            for v in raw {
                guard let c = AnimatedValue.from(v, kind: kind) else {
                    LaminaDiagnostics.report("\(name): the value \(v) does not fit the key path; not animated")
                    return nil
                }
                vs.append(c)
            }
            values = vs
        }
        let calc: KeyframeSpec.Calculation
        switch a.calculationMode {
        case .linear: calc = .linear
        case .discrete: calc = .discrete
        case .paced: calc = .paced
        case .cubic: calc = .cubic
        case .cubicPaced: calc = .cubicPaced
        default: calc = .unknown(a.calculationMode.rawValue)
        }
        let rotation: KeyframeSpec.Rotation? = a.rotationMode.map { $0 == .rotateAutoReverse ? .autoReverse : .auto }
        return KeyframeSpec(name: name, calculation: calc, path: a.path, values: values, rotation: rotation,
                            keyTimes: a.keyTimes?.map(\.doubleValue), timingFunctions: (a.timingFunctions ?? []).map { $0.curve },
                            tension: a.tensionValues?.map(\.doubleValue), continuity: a.continuityValues?.map(\.doubleValue),
                            bias: a.biasValues?.map(\.doubleValue))
    }
}

/// Delivers animation events: starts, stops (finished or removed), removals on completion and
/// transaction completion blocks, in Apple's order.
enum AnimationEvents {
    /// An animation left its layer before finishing (replaced or removed).
    static func removed(_ a: AttachedAnimation) {
        guard !a.stopped else { return }
        a.stopped = true
        TransactionState.current.removedStops.append(a)
    }

    /// Processes the tree under `root` at absolute media time `time`: `animationDidStart` for
    /// animations whose active time has begun, `animationDidStop` for those that ended (removing
    /// those that are removed on completion) and for removed ones, then the completion blocks
    /// whose animations are all done.
    static func process(_ root: CALayer, at time: CFTimeInterval) {
        var starts: [AttachedAnimation] = []
        var stops: [(AttachedAnimation, Bool)] = []
        let s = TransactionState.current
        stops += s.removedStops.map { ($0, false) }
        s.removedStops = []
        func walk(_ layer: CALayer, _ parentTime: Double) {
            let t = layer.timingModel.layerTime(parentTime)
            if !layer.attachedAnimations.isEmpty {
                var finished: [AttachedAnimation] = []
                for a in layer.attachedAnimations where !a.beginPending && !a.stopped {
                    // Time elapsed in the active window (a negative speed runs it backwards, as long).
                    let local = (t - a.timing.beginTime) * abs(a.timing.speed)
                    if !a.started && local >= 0 { a.started = true; starts.append(a) }
                    if local >= a.timing.activeDuration {
                        if !a.started { a.started = true; starts.append(a) }
                        a.stopped = true
                        stops.append((a, true))
                        if a.removedOnCompletion { finished.append(a) }
                    }
                }
                if !finished.isEmpty {
                    // A change the renderer must hear of (at the next commit).
                    layer.touch()
                    layer.attachedAnimations.removeAll { a in finished.contains { $0 === a } }
                    layer.renderVersion &+= 1
                }
            }
            TreeDepth.descend("animated", fallback: ()) {
                if let m = layer._mask { walk(m, t) }
                for sub in layer._sublayers { walk(sub, t) }
            }
        }
        let parentTime = root._superlayer.map { $0.convertTime(time, from: nil) } ?? time
        walk(root, parentTime)
        for a in starts { a.animation.delegate?.animationDidStart(a.animation) }
        for (a, finished) in stops {
            a.animation.delegate?.animationDidStop(a.animation, finished: finished)
            for g in a.completionGroups { g.release() }
            a.completionGroups = []
        }
        TransactionCommitter.runCompletions(s)
    }
}
