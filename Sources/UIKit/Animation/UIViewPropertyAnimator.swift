import Foundation
@_spi(Lamina) import QuartzCore

/// Where an animator is in its life (UIKit's raw values).
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished.
    case inactive = 0
    /// Started (running or paused).
    case active = 1
    /// Stopped without finishing: `finishAnimation(at:)` ends it.
    case stopped = 2
}

/// Where the animated properties end (UIKit's raw values).
public enum UIViewAnimatingPosition: Int, Sendable {
    case end = 0, start = 1, current = 2
}

/// The kind of a timing curve (UIKit's raw values).
public enum UITimingCurveType: Int, Sendable {
    case builtin = 0, cubic = 1, spring = 2, composed = 3
}

extension UIView {
    /// The built-in timing curves (UIKit's raw values).
    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0, easeIn = 1, easeOut = 2, linear = 3
    }
}

/// Timing for a property animator: a cubic curve or a spring.
@preconcurrency @MainActor
public protocol UITimingCurveProvider {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve, built in or from two control points.
@preconcurrency @MainActor
open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint
    let isCustom: Bool

    /// The ease-in-out curve.
    public override convenience init() { self.init(animationCurve: .easeInOut) }

    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        let points: (CGPoint, CGPoint) = switch curve {
        case .easeInOut: (CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))
        case .easeIn: (CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1))
        case .easeOut: (CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1))
        case .linear: (CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))
        }
        (controlPoint1, controlPoint2) = points
        isCustom = false
    }

    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        // Control points' x must lie in [0, 1] for time to run forward; odd values are clamped.
        func clamp(_ p: CGPoint) -> CGPoint {
            CGPoint(x: p.x.isFinite ? min(1, max(0, p.x)) : 0, y: p.y.isFinite ? p.y : 0)
        }
        controlPoint1 = clamp(point1)
        controlPoint2 = clamp(point2)
        isCustom = true
    }

    public var timingCurveType: UITimingCurveType { isCustom ? .cubic : .builtin }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }

    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y), Float(controlPoint2.x), Float(controlPoint2.y))
    }
}

/// A spring: by damping ratio (settling within the animator's duration, as `UIView.animate`'s
/// springs do), or by mass, stiffness and damping (its own settling time).
@preconcurrency @MainActor
open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    public let initialVelocity: CGVector
    let dampingRatio: CGFloat?
    let physics: (mass: CGFloat, stiffness: CGFloat, damping: CGFloat)?

    /// A critically damped spring.
    public override convenience init() { self.init(dampingRatio: 1) }
    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0)) }
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = ratio.isFinite && ratio > 0 ? ratio : 1
        initialVelocity = velocity
        physics = nil
    }
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        func positive(_ v: CGFloat, _ fallback: CGFloat) -> CGFloat { v.isFinite && v > 0 ? v : fallback }
        physics = (positive(mass, 1), positive(stiffness, 100), damping.isFinite && damping >= 0 ? damping : 10)
        dampingRatio = nil
        initialVelocity = velocity
    }

    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }
}

/// An animation UIKit runs: started, paused, scrubbed, reversed, stopped and finished.
@preconcurrency @MainActor
public protocol UIViewAnimating: AnyObject {
    var state: UIViewAnimatingState { get }
    var isRunning: Bool { get }
    var isReversed: Bool { get set }
    var fractionComplete: CGFloat { get set }
    func startAnimation()
    func startAnimation(afterDelay delay: TimeInterval)
    func pauseAnimation()
    func stopAnimation(_ withoutFinishing: Bool)
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animation that takes view changes in blocks.
@preconcurrency @MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    func addAnimations(_ animation: @escaping () -> Void)
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
}

/// Animates view changes made in blocks, with a timing curve or spring, and lets them be paused,
/// scrubbed (`fractionComplete`), reversed, stopped and finished (UIKit's
/// `UIViewPropertyAnimator`). The blocks run when the animator starts, making the same
/// additive layer animations `UIView.animate` makes; pausing and scrubbing hold them at a time
/// (`speed` 0 and a `timeOffset`), reversing runs them backwards (`speed` −1).
///
/// Time is the media clock current where the animator is used (a window's `run`).
/// [U] UIKit's scrubbing maps `fractionComplete` to time linearly (`scrubsLinearly`); so does
/// Lamina, for cubic curves and springs alike.
@preconcurrency @MainActor
open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
    public let duration: TimeInterval
    public let timingParameters: (any UITimingCurveProvider)?
    public private(set) var delay: TimeInterval = 0
    open var isInterruptible = true
    open var isUserInteractionEnabled = true
    open var isManualHitTestingEnabled = false
    open var scrubsLinearly = true
    /// When true the animator pauses at its end instead of finishing.
    open var pausesOnCompletion = false

    public private(set) var state: UIViewAnimatingState = .inactive
    private var blocks: [() -> Void] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []

    /// One animation a block made: where it is, and the property's values before and after.
    private struct Record {
        let layer: CALayer
        let key: String
        let keyPath: String
        let from: Any?
        let to: Any?
        let animation: CAAnimation
    }
    private var records: [Record] = []
    /// Progress: `fraction` (of the duration) at media time `anchor`, moving at `rate` per second.
    private var fraction: Double = 0
    private var anchor: CFTimeInterval = 0
    private var rate: Double = 0
    private var generation = 0
    private var live = 0
    private var reversed = false

    public init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        self.duration = duration.isFinite && duration > 0 ? duration : 0
        timingParameters = parameters
        super.init()
    }

    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { blocks.append(animations) }
    }

    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { blocks.append(animations) }
    }

    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { blocks.append(animations) }
    }

    /// Runs `animations` now in a started animator of `duration` (UIKit's
    /// `runningPropertyAnimator(withDuration:delay:options:animations:completion:)`).
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let curve: UIView.AnimationCurve = switch options.rawValue >> 16 & 3 {
        case 1: .easeIn
        case 2: .easeOut
        case 3: .linear
        default: .easeInOut
        }
        let a = UIViewPropertyAnimator(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        a.addAnimations(animations)
        if let completion { a.addCompletion(completion) }
        a.startAnimation(afterDelay: delay)
        return a
    }

    // MARK: Blocks

    open func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// Adds a block; once running, it runs at once (its animations cover the rest of the
    /// duration). [U] `delayFactor` is accepted and not applied.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        if state == .active { run(animation, remaining: max(0, 1 - currentFraction)) } else { blocks.append(animation) }
    }

    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { completions.append(completion) }

    // MARK: State

    open var isRunning: Bool { state == .active && rate != 0 }

    open var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            reversed = newValue
            if isRunning { resume() }
        }
    }

    /// How far the animation has come, 0 to 1 (settable while paused: scrubbing).
    open var fractionComplete: CGFloat {
        get { CGFloat(currentFraction) }
        set {
            guard state == .active, !isRunning, newValue.isFinite else { return }
            fraction = min(1, max(0, Double(newValue)))
            anchor = now
            reapply(speed: 0)
        }
    }

    private var now: CFTimeInterval { CACurrentMediaTime() }

    private var currentFraction: Double {
        min(1, max(0, fraction + (now - anchor) * rate))
    }

    // MARK: Running

    open func startAnimation() { startAnimation(afterDelay: 0) }

    open func startAnimation(afterDelay delay: TimeInterval) {
        switch state {
        case .inactive:
            self.delay = delay.isFinite ? max(0, delay) : 0
            state = .active
            fraction = reversed ? 1 : 0
            anchor = now + self.delay
            rate = (reversed ? -1 : 1) / max(duration, 1e-9)
            let pending = blocks
            blocks.removeAll()
            for block in pending { run(block, remaining: 1, delay: self.delay) }
            if records.isEmpty { finishIfDone() }
        case .active where !isRunning:
            resume()
        default:
            break
        }
    }

    open func pauseAnimation() {
        switch state {
        case .inactive:
            // Starts paused at the beginning (UIKit: the blocks run, nothing moves).
            startAnimation()
            fraction = 0
            anchor = now
            rate = 0
            reapply(speed: 0)
        case .active where isRunning:
            fraction = currentFraction
            anchor = now
            rate = 0
            reapply(speed: 0)
        default:
            break
        }
    }

    /// Continues a paused animation (the timing parameters are accepted; the remaining time is
    /// the duration times `durationFactor` of what is left).
    open func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
        guard state == .active else { return }
        resume()
    }

    /// Stops where the animation is: the properties keep their current values. Without
    /// finishing, the animator waits in `.stopped` for `finishAnimation(at:)`; with
    /// `withoutFinishing` it ends now and calls no completion.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        fraction = currentFraction
        rate = 0
        setModel { r in r.layer.presentation()?.value(forKeyPath: r.keyPath) ?? r.to }
        removeAnimations()
        state = withoutFinishing ? .inactive : .stopped
    }

    /// Ends a stopped animator with the properties at `finalPosition` and calls the completions.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return }
        switch finalPosition {
        case .end: setModel { $0.to }
        case .start: setModel { $0.from }
        case .current: break
        }
        complete(at: finalPosition)
    }

    // MARK: Inside

    /// Runs a block in an animation context with the animator's timing, over `remaining` of
    /// the duration, its animations recorded.
    private func run(_ block: () -> Void, remaining: Double, delay: TimeInterval = 0) {
        let spring = timingParameters?.springTimingParameters
        let context = UIViewAnimationContext(duration: duration * remaining, delay: delay, options: [],
                                             spring: spring.map { ($0.dampingRatio ?? springRatio($0), $0.initialVelocity.dx) })
        context.timingFunction = timingParameters?.cubicTimingParameters?.timingFunction
        context.animator = self
        UIViewAnimationContext.run(context, animations: block, completion: nil)
    }

    /// The damping ratio of a spring given by its physics: ζ = c / (2 √(k m)).
    private func springRatio(_ s: UISpringTimingParameters) -> CGFloat {
        guard let p = s.physics else { return 1 }
        return p.damping / (2 * (p.stiffness * p.mass).squareRoot())
    }

    func record(layer: CALayer, key: String, keyPath: String, from: Any?, to: Any?, animation: CAAnimation) {
        animation.setValue(generation, forKey: "laminaAnimatorGeneration")
        live += 1
        records.append(Record(layer: layer, key: key, keyPath: keyPath, from: from, to: to, animation: animation))
    }

    /// Adds every recorded animation again, held (`speed` 0) or moving, from the current
    /// fraction: the old ones are replaced, and their stops ignored.
    private func reapply(speed: Float) {
        generation += 1
        live = 0
        let time = now
        for (i, r) in records.enumerated() {
            guard let copy = r.animation.copy() as? CAAnimation else { continue }
            let d = copy.duration
            copy.setValue(generation, forKey: "laminaAnimatorGeneration")
            copy.beginDelayAfterCommit = nil
            copy.speed = speed
            let begin = r.layer.convertTime(time, from: nil)
            if speed == 0 {
                // Held: local time is the offset alone.
                copy.beginTime = begin
                copy.timeOffset = fraction * d
            } else {
                // Moving: begun as long ago as the part already played, so it ends on time (an
                // offset would shift the phase and wrap around instead). Played backwards
                // (speed −1, from the end), the part played is what was never reached.
                copy.beginTime = begin - (speed > 0 ? fraction : 1 - fraction) * d
                copy.timeOffset = 0
            }
            // A begin time of exactly 0 means "when committed" to Core Animation: a window
            // whose clock started at 0 can land on it; a hair before 0 is the same instant.
            if copy.beginTime == 0 {
                copy.beginTime = -Double.leastNonzeroMagnitude
            }
            r.layer.removeAnimation(forKey: r.key)
            live += 1
            records[i] = Record(layer: r.layer, key: r.key, keyPath: r.keyPath, from: r.from, to: r.to, animation: copy)
            r.layer.add(copy, forKey: r.key)
        }
    }

    private func resume() {
        fraction = currentFraction
        anchor = now
        rate = (reversed ? -1 : 1) / max(duration, 1e-9)
        reapply(speed: reversed ? -1 : 1)
    }

    private func removeAnimations() {
        generation += 1
        live = 0
        for r in records { r.layer.removeAnimation(forKey: r.key) }
    }

    private func setModel(_ value: (Record) -> Any?) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        UIView.performWithoutAnimation {
            for r in records { r.layer.setValue(value(r), forKeyPath: r.keyPath) }
        }
        CATransaction.commit()
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard anim.value(forKey: "laminaAnimatorGeneration") as? Int == generation, state == .active else { return }
        live -= 1
        if live <= 0 && flag { finishIfDone() }
    }

    private func finishIfDone() {
        guard state == .active else { return }
        if pausesOnCompletion {
            fraction = reversed ? 0 : 1
            anchor = now
            rate = 0
            reapply(speed: 0)
            return
        }
        // A reversed animator ends at the start: the properties go back (UIKit does the same).
        if reversed { setModel { $0.from } }
        removeAnimations()
        complete(at: reversed ? .start : .end)
    }

    private func complete(at position: UIViewAnimatingPosition) {
        state = .inactive
        rate = 0
        records.removeAll()
        let done = completions
        completions.removeAll()
        for c in done { c(position) }
    }
}
