import Foundation

/// An animation added to a layer: the copy `animation(forKey:)` returns, compiled once into its
/// timing and a body that writes values into a presentation copy, plus its event state.
final class AttachedAnimation {
    let key: String?
    let animation: CAAnimation
    var timing: TimingModel
    /// Whether `beginTime` was 0 and is still to be set to the commit time.
    var beginPending: Bool
    /// Seconds after the commit the animation begins.
    let commitDelay: Double
    let body: AnimationBody
    /// The body when it is a property animation (the common case, applied without the enum).
    let property: PropertyAnimationBody?
    let timingFunction: CAMediaTimingFunction?
    let removedOnCompletion: Bool
    var started = false
    var stopped = false
    /// The transaction completion blocks waiting for this animation.
    var completionGroups: [CompletionGroup] = []

    init(key: String?, animation: CAAnimation, timing: TimingModel, body: AnimationBody) {
        self.key = key
        self.animation = animation
        self.timing = timing
        commitDelay = animation.beginDelayAfterCommit ?? 0
        beginPending = animation.beginTime == 0 || animation.beginDelayAfterCommit != nil
        self.body = body
        if case .property(let p) = body { property = p } else { property = nil }
        timingFunction = animation.timingFunction
        removedOnCompletion = animation.isRemovedOnCompletion
    }

    /// The animation's local time for the layer's local time, or nil when it has no effect
    /// (outside its active interval without fill, not begun yet, or finished and due for removal).
    func local(atLayerTime t: Double) -> TimingModel.Local? {
        if beginPending { return nil }
        guard let l = timing.local(t) else { return nil }
        if l.phase == .after && removedOnCompletion { return nil }
        return l
    }

    /// Applies the animation to `copy` (a presentation copy of `model`) at the layer's local time.
    /// Returns a digest of what was written (0 when nothing).
    func apply(to copy: CALayer, model: CALayer, layerTime t: Double, state: inout PresentationState) {
        guard let l = local(atLayerTime: t) else { return }
        if let p = property {
            p.apply(to: copy, model: model, local: l, timing: timing, timingFunction: timingFunction, state: &state)
        } else {
            body.apply(to: copy, model: model, local: l, timing: timing, timingFunction: timingFunction, state: &state)
        }
    }
}

/// What applying animations to a presentation copy produced.
struct PresentationState {
    var fingerprint: UInt64 = 0
    var contentFingerprint: UInt64 = 0
    var needsDisplay = false
    /// Transitions in progress on the layer.
    var transitions: [(TransitionBody, Double)] = []

    mutating func note(_ v: AnimatedValue, target: AnimationTarget) {
        let f = v.fingerprint &+ target.keyPathHash
        fingerprint = (fingerprint &* 31) ^ f
        if target.isContent || target.redraws { contentFingerprint = (contentFingerprint &* 31) ^ f }
        if target.redraws { needsDisplay = true }
    }
}

/// The compiled behaviour of an animation.
indirect enum AnimationBody {
    case property(PropertyAnimationBody)
    case group([(timing: TimingModel, body: AnimationBody, timingFunction: CAMediaTimingFunction?)])
    case transition(TransitionBody)
    case none

    func apply(to copy: CALayer, model: CALayer, local: TimingModel.Local, timing: TimingModel,
               timingFunction: CAMediaTimingFunction?, state: inout PresentationState) {
        switch self {
        case .property(let p):
            p.apply(to: copy, model: model, local: local, timing: timing, timingFunction: timingFunction, state: &state)
        case .group(let children):
            // Children run in the group's time, warped by its timing function [U], clipped to
            // its duration.
            var t = local.time
            if let tf = timingFunction, timing.duration > 0 { t = timing.duration * tf.evaluate(t / timing.duration) }
            for c in children {
                guard let l = c.timing.local(t) else { continue }
                c.body.apply(to: copy, model: model, local: l, timing: c.timing, timingFunction: c.timingFunction, state: &state)
            }
        case .transition(let tb):
            let f = timing.duration > 0 ? local.time / timing.duration : 1
            let eased = timingFunction?.evaluate(f) ?? f
            state.transitions.append((tb, tb.progress(eased)))
            state.fingerprint = (state.fingerprint &* 31) ^ eased.bitPattern
        case .none:
            break
        }
    }
}

/// A property animation compiled: where it writes, how it computes the value, and the
/// additive, cumulative and value-function modifiers.
final class PropertyAnimationBody {
    enum Endpoint {
        case value(AnimatedValue)
        /// The model's current value, plus an offset.
        case current(plus: AnimatedValue?)
    }
    enum Curve {
        case basic(from: Endpoint, to: Endpoint)
        case spring(SpringSolver, from: Endpoint, to: Endpoint)
        case keyframes(KeyframeCurve)
    }
    let target: AnimationTarget
    let curve: Curve
    let additive: Bool
    let cumulative: Bool
    let valueFunction: CAValueFunction?
    /// The kind interpolated (numbers for value functions, else the target's).
    let kind: AnimatedKind

    /// Both ends fixed numbers or geometry: interpolated as vectors, without copying values.
    struct FixedEnds {
        let kind: AnimatedKind
        let a: SIMD4<Double>, d: SIMD4<Double>
        func value(_ t: Double) -> AnimatedValue {
            let c = a + d * t
            switch kind {
            case .number: return .number(c[0])
            case .point: return .point(CGPoint(x: c[0], y: c[1]))
            case .size: return .size(CGSize(width: c[0], height: c[1]))
            case .rect: return .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
            default: return .color(r: c[0], g: c[1], b: c[2], a: c[3])
            }
        }
    }
    let fixed: FixedEnds?
    let spring: SpringSolver?
    let keyframe: KeyframeCurve?
    /// Whether the animation's timing function shapes progress (not for paced keyframes or
    /// springs).
    let usesTimingFunction: Bool

    init(target: AnimationTarget, curve: Curve, additive: Bool, cumulative: Bool, valueFunction: CAValueFunction?,
         kind: AnimatedKind) {
        self.target = target; self.curve = curve; self.additive = additive; self.cumulative = cumulative
        self.valueFunction = valueFunction; self.kind = kind
        func vec(_ v: AnimatedValue) -> SIMD4<Double>? {
            guard let c = v.components, c.count <= 4 else { return nil }
            var s = SIMD4<Double>(repeating: 0)
            for (i, x) in c.enumerated() { s[i] = x }
            return s
        }
        var ends: (Endpoint, Endpoint)?
        switch curve {
        case let .basic(from, to): ends = (from, to); spring = nil; keyframe = nil; usesTimingFunction = true
        case let .spring(solver, from, to): ends = (from, to); spring = solver; keyframe = nil; usesTimingFunction = false
        case .keyframes(let k): spring = nil; keyframe = k; usesTimingFunction = !k.isPaced
        }
        if let (from, to) = ends, case .value(let va) = from, case .value(let vb) = to,
           [.number, .point, .size, .rect, .color].contains(kind), let a = vec(va), let b = vec(vb) {
            fixed = FixedEnds(kind: kind, a: a, d: b - a)
        } else {
            fixed = nil
        }
    }

    func endpoint(_ e: Endpoint, model: CALayer) -> AnimatedValue? {
        switch e {
        case .value(let v): return v
        case .current(let plus):
            guard let cur = target.readModel(model).map(unfunction) else { return nil }
            guard let plus else { return cur }
            return AnimatedValue.add(cur, plus) ?? cur
        }
    }

    /// A target value in the interpolated kind (a value function's numbers are read back from
    /// a transform as its components are not recoverable: use identity numbers).
    private func unfunction(_ v: AnimatedValue) -> AnimatedValue {
        guard let vf = valueFunction else { return v }
        if case .transform = v { return vf.arity == 3 ? .numbers(vf.name == .scale ? [1, 1, 1] : [0, 0, 0])
            : .number(vf.name.rawValue.hasPrefix("scale") ? 1 : 0) }
        return v
    }

    /// The value at progress `f` (after the timing function) and local time `t` (seconds).
    func value(at f: Double, time t: Double, model: CALayer) -> (AnimatedValue, angle: Double?)? {
        if let fixed { return (fixed.value(spring?.progress(t) ?? f), nil) }
        if let keyframe { return keyframe.value(at: f) }
        switch curve {
        case let .basic(from, to):
            guard let a = endpoint(from, model: model), let b = endpoint(to, model: model) else { return nil }
            return (AnimatedValue.lerp(a, b, f), nil)
        case let .spring(solver, from, to):
            guard let a = endpoint(from, model: model), let b = endpoint(to, model: model) else { return nil }
            return (AnimatedValue.lerp(a, b, solver.progress(t)), nil)
        case .keyframes(let k):
            return k.value(at: f)
        }
    }

    func apply(to copy: CALayer, model: CALayer, local: TimingModel.Local, timing: TimingModel,
               timingFunction: CAMediaTimingFunction?, state: inout PresentationState) {
        let d = timing.duration
        var f = d > 0 ? local.time / d : 1
        // Paced keyframes and springs ignore the timing function.
        if usesTimingFunction, let tf = timingFunction { f = tf.evaluate(f) }
        guard let (first, angle) = value(at: f, time: local.time, model: model) else { return }
        var v = first
        if cumulative && local.iteration > 0, let end = value(at: 1, time: d, model: model)?.0,
           let step = end.scaled(local.iteration), let sum = AnimatedValue.add(v, step) {
            v = sum
        }
        if let vf = valueFunction {
            let comps: [Double]
            switch v {
            case .number(let x): comps = [x]
            case .numbers(let n): comps = n
            default: comps = []
            }
            v = .transform(vf.transform(comps))
        }
        if additive, let base = target.read(copy), let sum = AnimatedValue.add(v, base) {
            v = sum
        }
        guard target.write(v, to: copy) else { return }
        state.note(v, target: target)
        if let angle, let rotate = keyframe?.rotationTarget {
            // rotationMode: turn the layer to the path's tangent, on top of its transform.
            let current = copy.transform
            let r = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
            let t = AnimatedValue.transform(CATransform3DConcat(r, current))
            if rotate.write(t, to: copy) { state.note(t, target: rotate) }
        }
    }
}
