import Foundation

/// Where an animation's values go while it is evaluated: the frame being rendered (the render
/// tree's columns) or a presentation copy of a layer (the model's `presentation()`). Both run
/// the same evaluation below, so what is drawn and what `presentation()` answers agree.
package protocol AnimationSink {
    /// The value shown so far at `target` (its base value with earlier animations applied).
    func current(_ target: AnimationTargetInfo) -> AnimatedValue?
    /// The layer's own (committed) value at `target`, for endpoints that follow the model.
    func model(_ target: AnimationTargetInfo) -> AnimatedValue?
    /// Writes `value` at `target`; false when it does not fit there.
    mutating func write(_ value: AnimatedValue, to target: AnimationTargetInfo) -> Bool
    /// A transition in progress on the layer.
    mutating func transition(_ body: TransitionBody, progress: Double)
}

/// What evaluating a layer's animations wrote, digested: to tell frames apart (damage
/// tracking), to tell when the layer's own content changed, and whether it must be redrawn.
package struct EvaluationDigest: Sendable {
    package var fingerprint: UInt64 = 0
    package var contentFingerprint: UInt64 = 0
    /// A property that `needsDisplay(forKey:)` names changed.
    package var needsDisplay = false

    package init() {}

    package mutating func note(_ v: AnimatedValue, target: AnimationTargetInfo) {
        let f = v.fingerprint &+ target.keyPathHash
        fingerprint = (fingerprint &* 31) ^ f
        if target.isContent || target.redraws { contentFingerprint = (contentFingerprint &* 31) ^ f }
        if target.redraws { needsDisplay = true }
    }
}

/// An animation compiled: an immutable description of what it computes, shared by the model
/// (presentation copies) and the renderer. Values only: no layers.
package indirect enum AnimationBody: @unchecked Sendable {
    case property(PropertyAnimationBody)
    case group([(timing: TimingModel, body: AnimationBody, timingFunction: TimingCurve?)])
    case transition(TransitionBody)
    case none

    /// Applies the animation at local time `local` through `sink`.
    package func apply<S: AnimationSink>(local: TimingModel.Local, timing: TimingModel, timingFunction: TimingCurve?,
                                         sink: inout S, digest: inout EvaluationDigest) {
        switch self {
        case .property(let p):
            p.apply(local: local, timing: timing, timingFunction: timingFunction, sink: &sink, digest: &digest)
        case .group(let children):
            // Children run in the group's time, warped by its timing function [U], clipped to
            // its duration.
            var t = local.time
            if let tf = timingFunction, timing.duration > 0 { t = timing.duration * tf.evaluate(t / timing.duration) }
            for c in children {
                guard let l = c.timing.local(t, inclusiveEnd: true) else { continue }
                c.body.apply(local: l, timing: c.timing, timingFunction: c.timingFunction, sink: &sink, digest: &digest)
            }
        case .transition(let tb):
            let f = timing.duration > 0 ? local.time / timing.duration : 1
            let eased = timingFunction?.evaluate(f) ?? f
            sink.transition(tb, progress: tb.progress(eased))
            digest.fingerprint = (digest.fingerprint &* 31) ^ eased.bitPattern
        case .none:
            break
        }
    }

    /// Whether the animation writes the property `key`.
    package func touches(key: String) -> Bool {
        switch self {
        case .property(let p): return p.target.topKey == key || (key == "transform" && p.rotation != nil)
        case .group(let kids): return kids.contains { $0.body.touches(key: key) }
        case .transition, .none: return false
        }
    }

    /// Whether the animation changes a property that redraws the layer.
    package var redraws: Bool {
        switch self {
        case .property(let p): return p.target.redraws || (p.rotation?.redraws ?? false)
        case .group(let kids): return kids.contains { $0.body.redraws }
        case .transition, .none: return false
        }
    }

    /// Every target the animation writes.
    package var targets: [AnimationTargetInfo] {
        switch self {
        case .property(let p): return [p.target] + (p.rotation.map { [$0] } ?? [])
        case .group(let kids): return kids.flatMap { $0.body.targets }
        case .transition, .none: return []
        }
    }
}

/// A property animation compiled: where it writes, how it computes the value, and the
/// additive, cumulative and value-function modifiers.
package final class PropertyAnimationBody: @unchecked Sendable {
    package enum Endpoint {
        case value(AnimatedValue)
        /// The model's current value, plus an offset.
        case current(plus: AnimatedValue?)
    }
    package enum Curve {
        case basic(from: Endpoint, to: Endpoint)
        case spring(SpringSolver, from: Endpoint, to: Endpoint)
        case keyframes(KeyframeCurve)
    }
    package let target: AnimationTargetInfo
    package let curve: Curve
    package let additive: Bool
    package let cumulative: Bool
    package let valueFunction: ValueFunction?
    /// The kind interpolated (numbers for value functions, else the target's).
    package let kind: AnimatedKind
    /// Where a path's rotation goes (`transform`), when the keyframes turn the layer.
    package let rotation: AnimationTargetInfo?

    /// Both ends fixed numbers or geometry: interpolated as vectors, without copying values.
    package struct FixedEnds {
        let kind: AnimatedKind
        package let a: SIMD4<Double>, d: SIMD4<Double>
        package init(kind: AnimatedKind, a: SIMD4<Double>, d: SIMD4<Double>) { self.kind = kind; self.a = a; self.d = d }
        package func value(_ t: Double) -> AnimatedValue {
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
    package let keyframe: KeyframeCurve?
    /// Whether the animation's timing function shapes progress (not for paced keyframes or
    /// springs).
    let usesTimingFunction: Bool
    /// The renderer's direct route, when the animation takes it.
    package let plan: VectorPlan?

    package init(target: AnimationTargetInfo, curve: Curve, additive: Bool, cumulative: Bool, valueFunction: ValueFunction?,
                 kind: AnimatedKind, rotation: AnimationTargetInfo?) {
        self.target = target; self.curve = curve; self.additive = additive; self.cumulative = cumulative
        self.valueFunction = valueFunction; self.kind = kind; self.rotation = rotation
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
        plan = VectorPlan(target: target, fixed: fixed, spring: spring, keyframe: keyframe, usesTimingFunction: usesTimingFunction,
                          additive: additive, cumulative: cumulative, valueFunction: valueFunction, rotation: rotation)
    }

    func endpoint<S: AnimationSink>(_ e: Endpoint, sink: S) -> AnimatedValue? {
        switch e {
        case .value(let v): return v
        case .current(let plus):
            guard let cur = sink.model(target).map(unfunction) else { return nil }
            guard let plus else { return cur }
            return AnimatedValue.add(cur, plus) ?? cur
        }
    }

    /// A target value in the interpolated kind (a value function's numbers are read back from
    /// a transform as its components are not recoverable: use identity numbers).
    private func unfunction(_ v: AnimatedValue) -> AnimatedValue {
        guard let vf = valueFunction else { return v }
        if case .transform = v { return vf.arity == 3 ? .numbers(vf == .scale ? [1, 1, 1] : [0, 0, 0])
            : .number(vf.scales ? 1 : 0) }
        return v
    }

    /// The value at progress `f` (after the timing function) and local time `t` (seconds).
    func value<S: AnimationSink>(at f: Double, time t: Double, sink: S) -> (AnimatedValue, angle: Double?)? {
        if let fixed { return (fixed.value(spring?.progress(t) ?? f), nil) }
        if let keyframe { return keyframe.value(at: f) }
        switch curve {
        case let .basic(from, to):
            guard let a = endpoint(from, sink: sink), let b = endpoint(to, sink: sink) else { return nil }
            return (AnimatedValue.lerp(a, b, f), nil)
        case let .spring(solver, from, to):
            guard let a = endpoint(from, sink: sink), let b = endpoint(to, sink: sink) else { return nil }
            return (AnimatedValue.lerp(a, b, solver.progress(t)), nil)
        case .keyframes(let k):
            return k.value(at: f)
        }
    }

    package func apply<S: AnimationSink>(local: TimingModel.Local, timing: TimingModel, timingFunction: TimingCurve?,
                                         sink: inout S, digest: inout EvaluationDigest) {
        let d = timing.duration
        var f = d > 0 ? local.time / d : 1
        // Paced keyframes and springs ignore the timing function.
        if usesTimingFunction, let tf = timingFunction { f = tf.evaluate(f) }
        guard let (first, angle) = value(at: f, time: local.time, sink: sink) else { return }
        var v = first
        if cumulative && local.iteration > 0, let end = value(at: 1, time: d, sink: sink)?.0,
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
        if additive, let base = sink.current(target), let sum = AnimatedValue.add(v, base) {
            v = sum
        }
        guard sink.write(v, to: target) else { return }
        digest.note(v, target: target)
        if let angle, let rotate = rotation {
            // rotationMode: turn the layer to the path's tangent, on top of its transform.
            guard case .transform(let current)? = sink.current(rotate) else { return }
            let r = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
            let t = AnimatedValue.transform(CATransform3DConcat(r, current))
            if sink.write(t, to: rotate) { digest.note(t, target: rotate) }
        }
    }
}

/// The effect of a transition.
package enum TransitionKind: String, Sendable {
    case fade, moveIn, push, reveal
    /// The layer turns over about its centre (Core Animation's "oglFlip").
    case flip = "oglFlip"
}

/// The direction of a motion transition.
package enum TransitionDirection: String, Sendable {
    case fromRight, fromLeft, fromTop, fromBottom
}

/// A transition compiled: its effect and progress range. The layer's appearance before the
/// change is captured by the renderer when the transition is committed (see
/// ``RenderTree/apply(_:)``).
package final class TransitionBody: @unchecked Sendable {
    package let kind: TransitionKind
    package let direction: TransitionDirection?
    package let start: Double, end: Double

    package init(kind: TransitionKind, direction: TransitionDirection?, startProgress: Double, endProgress: Double) {
        self.kind = kind
        self.direction = direction
        let s = max(0, min(1, startProgress)), e = max(0, min(1, endProgress))
        start = s
        end = max(s, e)
    }

    /// The transition's progress for eased time fraction `f`.
    package func progress(_ f: Double) -> Double { start + (end - start) * max(0, min(1, f)) }
}
