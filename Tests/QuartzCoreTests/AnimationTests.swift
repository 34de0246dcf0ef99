import Testing
import Foundation
@testable import QuartzCore

/// A committed standalone layer (opacity 0.2, position (0,0), 100×100) with a manual clock at
/// media time 0, and the body run with that clock current.
func withCommittedLayer(_ body: (CALayer, MediaClock) throws -> Void) rethrows {
    let clock = MediaClock(manualAt: 0)
    try clock.run {
        let layer = CALayer()
        withoutActions {
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            layer.position = .zero
            layer.opacity = 0.2
        }
        CATransaction.flush()
        try body(layer, clock)
    }
}

func near(_ a: CGFloat?, _ b: CGFloat, _ tol: CGFloat = 1e-6) -> Bool { a.map { abs($0 - b) <= tol } ?? false }
func near(_ a: Float?, _ b: Float, _ tol: Float = 1e-5) -> Bool { a.map { abs($0 - b) <= tol } ?? false }

@Suite("Basic animations: the seven from/to/by cases")
struct BasicAnimationTests {
    func opacity(_ layer: CALayer, at t: Double, _ clock: MediaClock) -> Float? {
        clock.set(t)
        return layer.presentation()?.opacity
    }

    func run(_ configure: (CABasicAnimation) -> Void) -> (CALayer, MediaClock) {
        var result: (CALayer, MediaClock)!
        withCommittedLayer { layer, clock in
            let a = CABasicAnimation(keyPath: "opacity")
            a.duration = 1
            configure(a)
            layer.add(a, forKey: "o")
            CATransaction.flush()
            result = (layer, clock)
        }
        return result
    }

    @Test func fromTo() {
        let (l, c) = run { $0.fromValue = 0; $0.toValue = 1 }
        c.run { #expect(near(opacity(l, at: 0.25, c), 0.25)) }
    }
    @Test func fromBy() {
        let (l, c) = run { $0.fromValue = 0.4; $0.byValue = 0.4 }
        c.run { #expect(near(opacity(l, at: 0.5, c), 0.6)) }
    }
    @Test func byTo() {
        let (l, c) = run { $0.byValue = 0.4; $0.toValue = 1 }
        c.run { #expect(near(opacity(l, at: 0.5, c), 0.8)) }
    }
    @Test func fromOnlyEndsAtTheModelValue() {
        let (l, c) = run { $0.fromValue = 1 }
        c.run {
            #expect(near(opacity(l, at: 0.5, c), 0.6))
            // "Current" is re-read: a model change moves the end.
            withoutActions { l.opacity = 0 }
            #expect(near(opacity(l, at: 0.5, c), 0.5))
        }
    }
    @Test func toOnlyStartsAtTheModelValue() {
        let (l, c) = run { $0.toValue = 1 }
        c.run { #expect(near(opacity(l, at: 0.5, c), 0.6)) }
    }
    @Test func byOnly() {
        let (l, c) = run { $0.byValue = 0.4 }
        c.run { #expect(near(opacity(l, at: 0.5, c), 0.4)) }
    }
    @Test func noneGoesFromThePreviousValueToTheModel() {
        withCommittedLayer { layer, clock in
            let plain = CABasicAnimation()
            plain.duration = 1
            layer.actions = ["opacity": plain]
            CATransaction.flush()
            layer.opacity = 0.8
            CATransaction.flush()
            clock.set(0.5)
            #expect(near(layer.presentation()?.opacity, 0.5))
            #expect(near(layer.opacity, 0.8))   // animations never change the model
        }
    }
    @Test func beforeAndAfterWithoutFillShowTheModel() {
        let (l, c) = run { $0.fromValue = 0; $0.toValue = 1; $0.beginTime = 2 }
        c.run {
            #expect(near(opacity(l, at: 1, c), 0.2))
            #expect(near(opacity(l, at: 2.5, c), 0.5))
            #expect(near(opacity(l, at: 3.5, c), 0.2))
        }
    }
    @Test func forwardFillKeepsTheEndOnlyWhenNotRemoved() {
        let (l, c) = run { $0.fromValue = 0; $0.toValue = 1; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        c.run { #expect(near(opacity(l, at: 5, c), 1)) }
        let (m, d) = run { $0.fromValue = 0; $0.toValue = 1; $0.fillMode = .forwards }
        d.run { #expect(near(opacity(m, at: 5, d), 0.2)) }
    }
    @Test func backwardsFillShowsTheStartBeforeBegin() {
        let (l, c) = run { $0.fromValue = 0.9; $0.toValue = 1; $0.beginTime = 3; $0.fillMode = .backwards }
        c.run { #expect(near(opacity(l, at: 1, c), 0.9)) }
    }
    @Test func timingFunctionShapesProgress() {
        let (l, c) = run { $0.fromValue = 0; $0.toValue = 1; $0.timingFunction = CAMediaTimingFunction(name: .easeIn) }
        c.run {
            let v = opacity(l, at: 0.5, c)!
            #expect(near(v, Float(CAMediaTimingFunction(name: .easeIn).evaluate(0.5))))
            #expect(v < 0.5)
        }
    }
}

@Suite("Implicit animations, actions and transactions")
struct ImplicitAnimationTests {
    @Test func aCommittedStandaloneLayerAnimatesImplicitly() throws {
        try withCommittedLayer { layer, clock in
            layer.position = CGPoint(x: 100, y: 0)
            let anim = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
            #expect(anim.duration == 0.25)
            #expect(anim.timingFunction == CAMediaTimingFunction(name: .default))
            #expect(kvcCoerce(anim.fromValue, to: CGPoint.self) == .zero)
            #expect(anim.toValue == nil)
            CATransaction.flush()
            clock.set(0.125)
            let expected = 100 * CAMediaTimingFunction(name: .default).evaluate(0.5)
            #expect(near(layer.presentation()?.position.x, CGFloat(expected)))
            clock.set(0.3)
            #expect(layer.presentation()?.position.x == 100)
        }
    }

    @Test func noActionsBeforeTheFirstCommitOrWhenDisabled() {
        let clock = MediaClock(manualAt: 0)
        clock.run {
            let fresh = CALayer()
            fresh.opacity = 0.5
            #expect(fresh.animationKeys() == nil)
            #expect(fresh.presentation() == nil)             // never committed
            CATransaction.flush()
            #expect(fresh.presentation()?.opacity == 0.5)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            fresh.opacity = 0.1
            CATransaction.commit()
            #expect(fresh.animationKeys() == nil)
            // Not animatable implicitly: no action.
            fresh.name = "x"
            fresh.isDoubleSided = false
            #expect(fresh.animationKeys() == nil)
        }
    }

    final class Stopper: CALayerDelegate {
        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
            event == "opacity" ? NSNull() : nil
        }
    }

    @Test func actionSearchOrder() {
        withCommittedLayer { layer, _ in
            // The delegate's NSNull stops the search; nil continues it.
            let stopper = Stopper()
            layer.delegate = stopper
            layer.opacity = 0.9
            #expect(layer.animation(forKey: "opacity") == nil)
            layer.position = CGPoint(x: 5, y: 5)
            #expect(layer.animation(forKey: "position") != nil)
            layer.delegate = nil
            // actions beats style, style beats the default.
            let slow = CABasicAnimation(); slow.duration = 3
            let fast = CABasicAnimation(); fast.duration = 0.1
            layer.actions = ["bounds": slow]
            layer.style = ["actions": ["bounds": fast, "cornerRadius": fast]]
            layer.bounds.size.width = 50
            #expect(layer.animation(forKey: "bounds")?.duration == 3)
            layer.cornerRadius = 4
            #expect(layer.animation(forKey: "cornerRadius")?.duration == 0.1)
            // NSNull in actions stops too.
            layer.actions = ["zPosition": NSNull()]
            layer.zPosition = 3
            #expect(layer.animation(forKey: "zPosition") == nil)
            // action(forKey:) turns a final NSNull into nil.
            #expect(layer.action(forKey: "zPosition") == nil)
            #expect(layer.action(forKey: "opacity") is CABasicAnimation)
            #expect(layer.action(forKey: "name") == nil)
        }
    }

    final class QuickLayer: CALayer {
        override class func defaultAction(forKey event: String) -> (any CAAction)? {
            guard event == "opacity" else { return super.defaultAction(forKey: event) }
            let a = CABasicAnimation(keyPath: "opacity"); a.duration = 0.05; a.fromValue = 0
            return a
        }
    }

    @Test func subclassDefaultAction() {
        let clock = MediaClock(manualAt: 0)
        clock.run {
            let layer = QuickLayer()
            layer.opacity = 0.9      // a change: the layer joins the transaction and is committed
            CATransaction.flush()
            layer.opacity = 0.5
            #expect(layer.animation(forKey: "opacity")?.duration == 0.05)
        }
    }

    @Test func transactionValuesNestAndStampAnimations() throws {
        try withCommittedLayer { layer, _ in
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            CATransaction.begin()
            #expect(CATransaction.animationDuration() == 2)
            CATransaction.setAnimationDuration(3)
            layer.opacity = 1
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 2)
            layer.cornerRadius = 5
            CATransaction.setValue("custom", forKey: "myKey")
            #expect(CATransaction.value(forKey: "myKey") as? String == "custom")
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 0.25)
            let o = try #require(layer.animation(forKey: "opacity"))
            #expect(o.duration == 3 && o.timingFunction == CAMediaTimingFunction(name: .linear))
            #expect(layer.animation(forKey: "cornerRadius")?.duration == 2)
        }
    }

    @Test func presentationShowsTheCommittedState() {
        withCommittedLayer { layer, _ in
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = 0.7
            // Not yet committed: the presentation still shows the old value.
            #expect(near(layer.presentation()?.opacity, 0.2))
            CATransaction.commit()
            #expect(near(layer.presentation()?.opacity, 0.7))
            #expect(layer.presentation()?.model() === layer)
        }
    }

    /// Apple's commit() without a begin() commits the implicit transaction, or does nothing.
    @Test func commitWithoutBeginDoesNotTrap() {
        let clock = MediaClock(manualAt: 0)
        clock.run {
            CATransaction.flush()
            CATransaction.commit()          // nothing open: nothing happens
            let l = CALayer()
            l.opacity = 0.5                 // opens the implicit transaction
            #expect(l.presentation() == nil)
            CATransaction.commit()          // commits it
            #expect(l.presentation()?.opacity == 0.5)
            CATransaction.commit()
        }
    }
}

@Suite("Animation objects: KVC, copies, events")
struct AnimationObjectTests {
    @Test func kvcContainerAndDefaults() {
        let a = CABasicAnimation(keyPath: "opacity")
        #expect(a.value(forKey: "duration") as? Double == 0)
        #expect(a.value(forKey: "removedOnCompletion") as? Bool == true)
        #expect(a.value(forKey: "speed") as? Float == 1)
        a.setValue(2, forKey: "duration")
        #expect(a.duration == 2)
        a.setValue("spin", forKey: "myTag")
        #expect(a.value(forKey: "myTag") as? String == "spin")
        #expect(CABasicAnimation.defaultValue(forKey: "fillMode") as? CAMediaTimingFillMode == .removed)
        #expect(CASpringAnimation.defaultValue(forKey: "stiffness") as? CGFloat == 100)
        #expect(CAKeyframeAnimation.defaultValue(forKey: "calculationMode") as? CAAnimationCalculationMode == .linear)
        #expect(CATransition().type == .fade && CATransition().endProgress == 1)
        // Forever is .infinity (or .greatestFiniteMagnitude); NaN is refused.
        a.repeatCount = .infinity
        #expect(a.repeatCount == .infinity)
        a.repeatCount = .nan
        #expect(a.repeatCount == .infinity)
        a.repeatDuration = .infinity
        #expect(TimingModel(a).activeDuration == .infinity)
        // The copy carries arbitrary keys and the delegate.
        let c = a.copy() as! CABasicAnimation
        #expect(c.value(forKey: "myTag") as? String == "spin" && c.duration == 2 && c.keyPath == "opacity")
    }

    @Test func addingCopiesTheAnimation() throws {
        try withCommittedLayer { layer, clock in
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0; a.toValue = 1; a.duration = 1
            layer.add(a, forKey: "a")
            a.toValue = 0.5          // no effect on the added copy
            a.duration = 10
            let added = try #require(layer.animation(forKey: "a") as? CABasicAnimation)
            #expect(added !== a && added.duration == 1)
            CATransaction.flush()
            clock.set(0.5)
            #expect(near(layer.presentation()?.opacity, 0.5))
            // A zero duration becomes the transaction's.
            let z = CABasicAnimation(keyPath: "opacity")
            layer.add(z, forKey: "z")
            #expect(layer.animation(forKey: "z")?.duration == 0.25)
            #expect(layer.animationKeys() == ["a", "z"])
            layer.removeAllAnimations()
            #expect(layer.animationKeys() == nil)
        }
    }

    final class OrderLog: CAAction {
        var events: [String] = []
        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) { events.append(event) }
    }

    @Test func orderInAndOutEvents() {
        let clock = MediaClock(manualAt: 0)
        clock.run {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            CATransaction.flush()
            let log = OrderLog()
            let child = CALayer()
            child.actions = [kCAOnOrderIn: log, kCAOnOrderOut: log, kCATransition: log]
            root.addSublayer(child)
            #expect(log.events == [kCAOnOrderIn])
            CATransaction.flush()
            child.isHidden = true
            child.isHidden = false
            #expect(log.events == [kCAOnOrderIn, kCAOnOrderOut, kCAOnOrderIn])
            child.removeFromSuperlayer()
            #expect(log.events.last == kCAOnOrderOut)
            root.addSublayer(child)
            CATransaction.flush()
            let other = CALayer()
            other.actions = [kCATransition: log]
            root.replaceSublayer(child, with: other)
            #expect(log.events.suffix(2) == [kCATransition, kCAOnOrderOut])
            // Not in a committed tree: no events.
            let loose = CALayer(), kid = CALayer()
            kid.actions = [kCAOnOrderIn: log]
            let before = log.events.count
            loose.addSublayer(kid)
            #expect(log.events.count == before)
        }
    }
}

@Suite("Implied animations: which keys")
struct ImpliedKeyTests {
    @Test func theKeysWithImpliedAnimationsAreApples() {
        let expected: Set<String> = ["anchorPoint", "backgroundColor", "borderColor", "borderWidth", "bounds", "contents",
                                     "contentsRect", "cornerRadius", "filters", "hidden", "masksToBounds", "opacity",
                                     "position", "rasterizationScale", "shadowColor", "shadowOffset", "shadowOpacity",
                                     "shadowPath", "shadowRadius", "sublayerTransform", "transform", "zPosition"]
        let layer = CALayer()
        layer.name = "committed"
        CATransaction.flush()   // committed: only then does a layer have implied animations
        let implied = Set(layer.propertyDescriptors.filter { layer.action(forKey: $0.key) != nil }.map(\.key))
        // Apple's list (spec §5) for CALayer's own keys; "sublayers" and "mask" are tree links here.
        #expect(expected.subtracting(implied).isEmpty, "missing \(expected.subtracting(implied))")
        let extra = implied.subtracting(expected)
        // Other animatable keys (anchorPointZ, contentsCenter, …) may animate implicitly too, but
        // never doubleSided or frame.
        #expect(!implied.contains("doubleSided") && !implied.contains("frame"), "\(extra)")
    }

    @Test func booleansSwitchAtTheMidpoint() {
        let a = CABasicAnimation(keyPath: "hidden")
        a.fromValue = false; a.toValue = true; a.duration = 1
        let p = presentations(a, at: [0.4, 0.6])
        #expect(p[0].isHidden == false && p[1].isHidden == true)
    }
}
