import Foundation
import Synchronization
@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import QuartzCore

extension UIView {
    /// Options of `UIView.animate` (UIKit's raw values).
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        var curve: CAMediaTimingFunction {
            switch (rawValue >> 16) & 0xF {
            case 1: CAMediaTimingFunction(name: .easeIn)
            case 2: CAMediaTimingFunction(name: .easeOut)
            case 3: CAMediaTimingFunction(name: .linear)
            default: CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }
        var transition: UInt { (rawValue >> 20) & 0xF }
    }

    /// Options of `UIView.animateKeyframes` (UIKit's raw values).
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
    }

    // MARK: Animation blocks

    /// Animates the changes `animations` makes to views over `duration` seconds after `delay`:
    /// each changed layer key gets an additive animation from the old value to the new one, so
    /// overlapping blocks blend. `completion(finished)` runs once they all ended (`false` when
    /// one was removed early). A duration ≤ 0 applies the changes without animation.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        UIViewAnimationContext.run(UIViewAnimationContext(duration: duration, delay: delay, options: options, spring: nil),
                                   animations: animations, completion: completion)
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Animates with a spring: `dampingRatio` in (0, 1] (1: no overshoot), `velocity` in whole
    /// distances per second. [U] The spring settles within `duration`: its natural frequency is
    /// chosen so the motion is within 0.1 % of the target by then.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                              initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let spring = (damping: max(0.01, min(1, dampingRatio.isFinite ? dampingRatio : 1)), velocity: velocity.isFinite ? velocity : 0)
        UIViewAnimationContext.run(UIViewAnimationContext(duration: duration, delay: delay, options: options, spring: spring),
                                   animations: animations, completion: completion)
    }

    /// Keyframe animation: `animations` adds keyframes with `addKeyframe(withRelativeStartTime:…)`;
    /// changes made directly in it animate over the whole duration.
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                       options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                       completion: ((Bool) -> Void)? = nil) {
        var o = AnimationOptions(rawValue: options.rawValue & 0x3FF)
        o.insert(.curveLinear)
        let c = UIViewAnimationContext(duration: duration, delay: delay, options: o, spring: nil)
        c.isKeyframes = true
        UIViewAnimationContext.run(c, animations: animations, completion: completion)
    }

    /// A keyframe of the enclosing `animateKeyframes` block: the changes `animations` makes
    /// animate from `frameStartTime` for `frameDuration` (fractions of the whole).
    public class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                  animations: @escaping () -> Void) {
        guard let outer = UIViewAnimationContext.current, outer.isKeyframes else {
            LaminaDiagnostics.report("UIView.addKeyframe: called outside animateKeyframes; the changes are applied without animation")
            UIView.performWithoutAnimation(animations)
            return
        }
        let start = max(0, min(1, frameStartTime)), length = max(0, min(1 - start, frameDuration))
        let k = UIViewAnimationContext(duration: outer.duration * length, delay: outer.delay + outer.duration * start,
                                       options: outer.options, spring: nil)
        k.parent = outer
        UIViewAnimationContext.stack.append(k)
        animations()
        UIViewAnimationContext.stack.removeLast()
    }

    /// Core Animation's (private) flip transition type, which UIKit's flips use.
    private static let flip = CATransitionType(rawValue: "oglFlip")

    /// A transition of `view`'s whole appearance while `animations` changes it: the changes
    /// apply at once and the view cross-dissolves from its old look (`.transitionCrossDissolve`)
    /// or turns over to show it (the four flips); curls are drawn as cross-dissolves, with a
    /// diagnostic.
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let t = CATransition()
        t.type = .fade
        t.duration = duration
        t.timingFunction = options.curve
        switch options.transition {
        case 1: t.type = Self.flip; t.subtype = .fromLeft
        case 2: t.type = Self.flip; t.subtype = .fromRight
        case 6: t.type = Self.flip; t.subtype = .fromTop
        case 7: t.type = Self.flip; t.subtype = .fromBottom
        case 3, 4: LaminaDiagnostics.report("UIView.transition: curl transitions are drawn as cross-dissolves")
        default: break
        }
        CATransaction.begin()
        CATransaction.setCompletionBlock { completion?(true) }
        if duration > 0 { view.layer.add(t, forKey: kCATransition) }
        if let animations { UIView.performWithoutAnimation(animations) }
        CATransaction.commit()
    }

    /// Replaces `fromView` with `toView` in its superview with a transition.
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                 options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let parent = fromView.superview else {
            LaminaDiagnostics.report("UIView.transition(from:to:): the view has no superview")
            completion?(false)
            return
        }
        transition(with: parent, duration: duration, options: options, animations: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                parent.insertSubview(toView, aboveSubview: fromView)
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }

    /// Runs `actionsWithoutAnimation` with view animations off.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        UIViewAnimationContext.withoutAnimation += 1
        defer { UIViewAnimationContext.withoutAnimation -= 1 }
        actionsWithoutAnimation()
    }

    /// Turns view animations on or off everywhere.
    public class func setAnimationsEnabled(_ enabled: Bool) { UIViewAnimationContext.enabled.withLock { $0 = enabled } }

    /// Whether view animations are on.
    public class var areAnimationsEnabled: Bool { UIViewAnimationContext.enabled.withLock { $0 } }

    /// How long the current animation block animates (0 outside one).
    public class var inheritedAnimationDuration: TimeInterval { UIViewAnimationContext.current?.duration ?? 0 }
}

/// The settings of a `UIView.animate` block, current on its thread while the block runs, and
/// how a view's layer actions are made from them.
@MainActor final class UIViewAnimationContext: @preconcurrency CAAnimationDelegate {
    let duration: Double
    let delay: Double
    let options: UIView.AnimationOptions
    let spring: (damping: CGFloat, velocity: CGFloat)?
    var isKeyframes = false
    weak var parent: UIViewAnimationContext?
    /// A timing function that replaces the options' curve (a property animator's cubic).
    var timingFunction: CAMediaTimingFunction?
    /// The property animator the block's animations belong to, told of each one made.
    weak var animator: UIViewPropertyAnimator?
    /// Whether every animation made reached its end.
    var allFinished = true

    init(duration: Double, delay: Double, options: UIView.AnimationOptions, spring: (damping: CGFloat, velocity: CGFloat)?) {
        self.duration = duration.isFinite ? duration : 0
        self.delay = delay.isFinite ? max(0, delay) : 0
        self.options = options
        self.spring = spring
    }

    /// The layer keys UIKit animates inside blocks. [U] The full list is not documented; these
    /// are the view's animatable properties' keys plus the common layer ones.
    static let animatedKeys: Set<String> = [
        "position", "bounds", "transform", "opacity", "backgroundColor", "anchorPoint", "cornerRadius", "borderWidth",
        "borderColor", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "sublayerTransform",
        "zPosition", "contentsRect", "anchorPointZ",
    ]

    // Per-thread state (blocks run on the thread that changes the views).
    nonisolated(unsafe) private static var stacks: [ObjectIdentifier: [UIViewAnimationContext]] = [:]
    nonisolated(unsafe) private static var withoutDepth: [ObjectIdentifier: Int] = [:]
    private static let lock = NSLock()
    static let enabled = Locked(true)

    private static var threadKey: ObjectIdentifier { ObjectIdentifier(Thread.current) }

    static var stack: [UIViewAnimationContext] {
        get { lock.lock(); defer { lock.unlock() }; return stacks[threadKey] ?? [] }
        set { lock.lock(); stacks[threadKey] = newValue.isEmpty ? nil : newValue; lock.unlock() }
    }

    static var withoutAnimation: Int {
        get { lock.lock(); defer { lock.unlock() }; return withoutDepth[threadKey] ?? 0 }
        set { lock.lock(); withoutDepth[threadKey] = newValue == 0 ? nil : newValue; lock.unlock() }
    }

    static var current: UIViewAnimationContext? { stack.last }

    /// Runs a block with `context` current, inside a transaction whose completion block calls
    /// `completion` once the block's animations are done.
    static func run(_ context: UIViewAnimationContext, animations: () -> Void, completion: ((Bool) -> Void)?) {
        CATransaction.begin()
        CATransaction.setCompletionBlock { completion?(context.allFinished) }
        stack.append(context)
        animations()
        if context.options.contains(.layoutSubviews) {
            // Layout done in the block animates too.
        }
        stack.removeLast()
        CATransaction.commit()
    }

    /// The action a view gives its layer for `key`: `NSNull` outside blocks, without
    /// animation, for keys UIKit does not animate, or for zero durations; otherwise an action
    /// that, once the value has changed, adds an additive animation from the old value.
    static func action(for layer: CALayer, forKey key: String) -> (any CAAction)? {
        guard let c = current, c.duration > 0, withoutAnimation == 0, enabled.withLock({ $0 }),
              animatedKeys.contains(key) else { return NSNull() }
        return UIViewAnimationAction(context: c, old: layer.value(forKey: key))
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if let animator { animator.animationDidStop(anim, finished: flag); return }
        if !flag { allFinished = false; parent?.allFinished = false }
    }
}

/// Run after a layer key changed inside an animation block: adds the animation UIKit makes
/// (iOS 8+): additive, from `old − new` to zero, so blocks that overlap blend; `bounds` is split
/// into `bounds.origin` and `bounds.size`. Values that cannot be subtracted (a nil colour)
/// animate from the old value instead.
@MainActor final class UIViewAnimationAction: @preconcurrency CAAction {
    let context: UIViewAnimationContext
    let old: Any?

    init(context: UIViewAnimationContext, old: Any?) {
        self.context = context
        self.old = old
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        let new = layer.value(forKey: event)
        if event == "bounds", let o = old as? CGRect, let n = new as? CGRect {
            if o.origin != n.origin { add(layer, keyPath: "bounds.origin", old: o.origin, new: n.origin) }
            if o.size != n.size { add(layer, keyPath: "bounds.size", old: o.size, new: n.size) }
            return
        }
        add(layer, keyPath: event, old: old, new: new)
    }

    private func add(_ layer: CALayer, keyPath: String, old: Any?, new: Any?) {
        let c = context
        let anim: CABasicAnimation
        if let s = c.spring {
            let spring = CASpringAnimation()
            // Natural frequency so the motion settles (0.1 %) within the duration.
            let zeta = Double(s.damping)
            let omega = zeta < 1 ? log(1000) / (zeta * max(c.duration, 1e-3)) : 9.23 / max(c.duration, 1e-3)
            spring.mass = 1
            spring.stiffness = CGFloat(omega * omega)
            spring.damping = CGFloat(2 * zeta * omega)
            spring.initialVelocity = s.velocity
            anim = spring
        } else {
            anim = CABasicAnimation()
            anim.timingFunction = c.timingFunction ?? c.options.curve
        }
        anim.keyPath = keyPath
        anim.duration = c.duration
        anim.fillMode = .both
        if c.delay > 0 { anim.beginDelayAfterCommit = c.delay }
        if c.options.contains(.repeat) { anim.repeatCount = .infinity }
        if c.options.contains(.autoreverse) { anim.autoreverses = true }
        anim.delegate = c
        if let (from, zero) = UIViewAnimationAction.additiveEnds(old: old, new: new) {
            anim.isAdditive = true
            anim.fromValue = from
            anim.toValue = zero
        } else {
            anim.fromValue = old
        }
        // Additive animations stack: each takes its own key.
        var key = keyPath
        var n = 1
        while layer.animation(forKey: key) != nil { n += 1; key = "\(keyPath)-\(n)" }
        c.animator?.record(layer: layer, key: key, keyPath: keyPath, from: old, to: new, animation: anim)
        layer.add(anim, forKey: key)
    }

    /// `(old − new, zero)` for values that subtract: numbers, points, sizes, rects,
    /// transforms, colours.
    static func additiveEnds(old: Any?, new: Any?) -> (Any, Any)? {
        switch (old, new) {
        case let (o as CGPoint, n as CGPoint): return (CGPoint(x: o.x - n.x, y: o.y - n.y), CGPoint.zero)
        case let (o as CGSize, n as CGSize): return (CGSize(width: o.width - n.width, height: o.height - n.height), CGSize.zero)
        case let (o as CGRect, n as CGRect):
            return (CGRect(x: o.minX - n.minX, y: o.minY - n.minY, width: o.width - n.width, height: o.height - n.height), CGRect.zero)
        case let (o as CATransform3D, n as CATransform3D):
            return (CATransform3DConcat(o, CATransform3DInvert(n)), CATransform3DIdentity)
        case let (o as CGColor, n as CGColor):
            let a = o.rgba, b = n.rgba
            return (CGColor(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha),
                    CGColor(red: 0, green: 0, blue: 0, alpha: 0))
        default:
            if let o = old.flatMap({ kvcNumber($0) }), let n = new.flatMap({ kvcNumber($0) }) { return (o - n, 0.0) }
            return nil
        }
    }

    private static func kvcNumber(_ v: Any) -> Double? {
        switch v {
        case let d as Double: d
        case let f as Float: Double(f)
        case let c as CGFloat: Double(c)
        case let i as Int: Double(i)
        case let n as NSNumber: n.doubleValue
        default: nil
        }
    }
}
