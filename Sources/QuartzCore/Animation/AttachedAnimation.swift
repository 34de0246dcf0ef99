import Foundation
import Synchronization
import LaminaRender

/// An animation added to a layer: the copy `animation(forKey:)` returns, compiled once into its
/// timing and a body (shared with the renderer), plus the model's own view of the targets it
/// writes and its event state.
final class AttachedAnimation {
    /// Unique among all animations added (the renderer's name for it).
    let id = AttachedAnimation.nextID.add(1, ordering: .relaxed).newValue
    private static let nextID = Atomic<UInt64>(0)
    let key: String?
    let animation: CAAnimation
    var timing: TimingModel
    /// Whether `beginTime` was 0 and is still to be set to the commit time.
    var beginPending: Bool
    /// Seconds after the commit the animation begins.
    let commitDelay: Double
    let body: AnimationBody
    /// The model's description of each target the body writes, by the target's index.
    let targets: [AnimationTarget]
    let timingFunction: TimingCurve?
    let removedOnCompletion: Bool
    var started = false
    var stopped = false
    /// The transaction completion blocks waiting for this animation.
    var completionGroups: [CompletionGroup] = []

    init(key: String?, animation: CAAnimation, timing: TimingModel, compiled: AnimationCompiler.Compiled) {
        self.key = key
        self.animation = animation
        self.timing = timing
        commitDelay = animation.beginDelayAfterCommit ?? 0
        beginPending = animation.beginTime == 0 || animation.beginDelayAfterCommit != nil
        body = compiled.body
        targets = compiled.targets
        timingFunction = animation.timingFunction?.curve
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
    func apply(to copy: CALayer, model: CALayer, layerTime t: Double, state: inout PresentationState) {
        guard let l = local(atLayerTime: t) else { return }
        var sink = PresentationSink(copy: copy, model: model, targets: targets)
        body.apply(local: l, timing: timing, timingFunction: timingFunction, sink: &sink, digest: &state.digest)
    }
}

/// What applying animations to a presentation copy produced.
struct PresentationState {
    var digest = EvaluationDigest()
    var fingerprint: UInt64 { digest.fingerprint }
    var contentFingerprint: UInt64 { digest.contentFingerprint }
    var needsDisplay: Bool { digest.needsDisplay }
}

/// Writes an animation's values into a presentation copy of a layer, through the model's own
/// description of each target (properties, struct fields, transform parts, undeclared keys).
struct PresentationSink: AnimationSink {
    let copy: CALayer
    let model: CALayer
    let targets: [AnimationTarget]

    func current(_ target: AnimationTargetInfo) -> AnimatedValue? { targets[target.index].read(copy) }
    func model(_ target: AnimationTargetInfo) -> AnimatedValue? { targets[target.index].read(model) }
    mutating func write(_ value: AnimatedValue, to target: AnimationTargetInfo) -> Bool {
        targets[target.index].write(value, to: copy)
    }
    /// Transitions change how a layer is drawn, not its properties: nothing to write.
    mutating func transition(_ body: TransitionBody, progress: Double) {}
}
