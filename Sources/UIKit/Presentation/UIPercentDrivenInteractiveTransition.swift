import Foundation

/// Drives a transition's animations by a fraction (UIKit's
/// `UIPercentDrivenInteractiveTransition`): the animator runs with its container's time paused,
/// `update(_:)` moves it to a fraction of its duration, `finish()` lets it run to the end and
/// `cancel()` runs it back to the start, at `completionSpeed`.
@preconcurrency @MainActor
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    /// The animator's duration.
    open var duration: CGFloat { CGFloat(animator?.transitionDuration(using: context) ?? 0) }
    /// How far the transition is (0 to 1).
    open private(set) var percentComplete: CGFloat = 0
    /// The speed of the rest of the animation after `finish()` or `cancel()` (1).
    open var completionSpeed: CGFloat = 1
    /// The curve of the rest of the animation.
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    /// The timing curve of the rest of the animation (nil: `completionCurve`).
    open var timingCurve: (any UITimingCurveProvider)?
    /// Whether the transition starts interactive (true).
    open var wantsInteractiveStart = true

    /// The animator UIKit pairs with this controller (held until the transition ends).
    var animator: (any UIViewControllerAnimatedTransitioning)?
    private var context: (any UIViewControllerContextTransitioning)?
    private var finisher: TransitionTimeFinisher?

    public override init() { super.init() }

    /// Starts the animator with the container's time paused at the start.
    open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        context = transitionContext
        let layer = transitionContext.containerView.layer
        layer.speed = 0
        layer.timeOffset = 0
        layer.beginTime = 0
        animator?.animateTransition(using: transitionContext)
        if animator == nil {
            LaminaDiagnostics.report("UIPercentDrivenInteractiveTransition: started without an animator (it drives the animator UIKit pairs it with); the transition completes at once")
            transitionContext.completeTransition(true)
        }
    }

    /// Moves the transition to `percentComplete` of its duration.
    open func update(_ percentComplete: CGFloat) {
        guard let context, percentComplete.isFinite else { return }
        self.percentComplete = min(max(percentComplete, 0), 1)
        context.updateInteractiveTransition(self.percentComplete)
        context.containerView.layer.timeOffset = CFTimeInterval(self.percentComplete * duration)
    }

    /// Holds the transition where it is.
    open func pause() { context?.pauseInteractiveTransition() }

    /// Runs the rest of the transition to its end.
    open func finish() { complete(cancelled: false) }

    /// Runs the transition back to its start and cancels it.
    open func cancel() { complete(cancelled: true) }

    private func complete(cancelled: Bool) {
        guard let context else { return }
        if cancelled { context.cancelInteractiveTransition() } else { context.finishInteractiveTransition() }
        let layer = context.containerView.layer
        let speed = completionSpeed.isFinite && completionSpeed > 0 ? Double(completionSpeed) : 1
        let offset = layer.timeOffset
        let d = Double(duration)
        let run = {
            let now = CACurrentMediaTime()
            // Local time runs on from the paused offset, forwards or backwards.
            layer.speed = Float(cancelled ? -speed : speed)
            layer.beginTime = layer.superlayer.map { $0.convertTime(now, from: nil) } ?? now
            layer.timeOffset = offset
            let remaining = (cancelled ? offset : max(0, d - offset)) / speed
            // Held by the finisher's animation until then (nothing else may hold the controller).
            self.finisher = TransitionTimeFinisher(after: remaining, on: layer.superlayer ?? layer) {
                self.ended(cancelled: cancelled)
            }
        }
        if let w = context.containerView.window { w.run(run) } else { run() }
    }

    /// The container's time reached the end (or the start): time runs normally again.
    private func ended(cancelled: Bool) {
        guard let context else { return }
        let layer = context.containerView.layer
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        finisher = nil
        self.context = nil
        animator = nil
        if cancelled {
            // The animations are taken off: the animator's completion hears they did not
            // finish and completes the transition as cancelled.
            var stack: [CALayer] = [layer]
            while let l = stack.popLast() {
                l.removeAllAnimations()
                stack.append(contentsOf: l.sublayers ?? [])
            }
        }
    }
}

/// Calls back once `duration` seconds of a layer's time have passed (a hidden animation whose
/// end the frame driver reports, so the callback follows the window's clock).
@MainActor final class TransitionTimeFinisher: NSObject, CAAnimationDelegate {
    private let done: () -> Void
    private weak var layer: CALayer?
    private let key = "lamina.transitionFinisher"

    init(after duration: CFTimeInterval, on layer: CALayer, done: @escaping () -> Void) {
        self.done = done
        self.layer = layer
        super.init()
        // Adds nothing to the opacity: it only keeps time.
        let a = CABasicAnimation(keyPath: "opacity")
        a.isAdditive = true
        a.fromValue = 0
        a.toValue = 0
        a.duration = max(duration, 1e-3)
        a.delegate = self
        layer.add(a, forKey: key)
    }

    nonisolated func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        MainActor.assumeIsolated {
            guard flag else { return }
            done()
        }
    }
}
