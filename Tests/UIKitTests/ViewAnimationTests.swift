import Testing
import Foundation
@testable import UIKit

/// A window with one 100×100 view at (0, 0), shown (committed) at time 0.
@MainActor
func shownView() -> (UIWindow, UIView) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    v.backgroundColor = .red
    window.addSubview(v)
    window.makeKeyAndVisible()
    return (window, v)
}

func close(_ a: CGFloat?, _ b: CGFloat, _ tol: CGFloat = 1e-6) -> Bool { a.map { abs($0 - b) <= tol } ?? false }

/// The layer-actions forwarder of article 5: gives a hosted sublayer its view's animation rules.
@MainActor
final class LayerActionsForwarder: NSObject, @preconcurrency CALayerDelegate {
    weak var view: UIView?
    init(view: UIView) { self.view = view }
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        view?.action(for: layer, forKey: event)
    }
    func display(_ layer: CALayer) { layer.noteDefaultDelegateMethod() }
    func draw(_ layer: CALayer, in ctx: CGContext) { layer.noteDefaultDelegateMethod() }
    func layerWillDraw(_ layer: CALayer) { layer.noteDefaultDelegateMethod() }
    func layoutSublayers(of layer: CALayer) { layer.noteDefaultDelegateMethod() }
}

@MainActor
@Suite("View animation")
struct ViewAnimationTests {
    @Test func noAnimationOutsideBlocks() {
        let (window, v) = shownView()
        window.run {
            v.center = CGPoint(x: 200, y: 200)
            v.alpha = 0.5
            v.backgroundColor = .blue
        }
        #expect(v.layer.animationKeys() == nil)
        #expect(v.layer.action(forKey: "position") == nil)      // the view's NSNull, as nil
    }

    @Test func blocksMakeAdditiveAnimationsFromTheOldValue() throws {
        let (window, v) = shownView()
        window.run {
            UIView.animate(withDuration: 1) { v.center = CGPoint(x: 150, y: 50) }
        }
        let a = try #require(v.layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(a.isAdditive && a.duration == 1 && a.fillMode == .both)
        #expect(a.fromValue as? CGPoint == CGPoint(x: -100, y: 0))
        #expect(a.toValue as? CGPoint == .zero)
        #expect(a.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
        window.advance(to: 0.5)
        window.run { #expect(close(v.layer.presentation()?.position.x, 100, 1e-4)) }   // ease-in-out is symmetric
        #expect(v.center == CGPoint(x: 150, y: 50))                               // the model is the end
        window.advance(to: 1.01)
        #expect(v.layer.animationKeys() == nil)
    }

    /// A view added and animated in the same turn animates (custom transitions add the
    /// arriving view to the container and slide it in at once); a plain layer added in the
    /// same turn still has no implicit animation.
    @Test func aViewAddedInTheSameTurnAnimates() throws {
        let (window, _) = shownView()
        let v = UIView(frame: CGRect(x: 0, y: 300, width: 100, height: 100))
        let plain = CALayer()
        window.run {
            window.addSubview(v)
            window.layer.addSublayer(plain)
            plain.position = CGPoint(x: 40, y: 40)
            UIView.animate(withDuration: 1) { v.frame.origin.y = 0 }
        }
        #expect(v.layer.animation(forKey: "position") != nil && plain.animationKeys() == nil)
        window.advance(to: 0)       // the end of the turn: the commit
        window.advance(to: 0.5)
        let y = try #require(window.run { v.layer.presentation()?.position.y })
        #expect(y > 50 && y < 350)
    }

    @Test func overlappingBlocksBlend() throws {
        let (window, v) = shownView()
        window.run { UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.center.x = 150 }) }
        window.advance(to: 0.5)
        let before = window.run { v.layer.presentation()!.position.x }
        window.run { UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.center.x = 250 }) }
        window.advance(to: 0.5)
        let after = window.run { v.layer.presentation()!.position.x }
        #expect(v.layer.animationKeys() == ["position", "position-2"])
        #expect(close(before, 100) && close(after, 100))                          // no jump
        window.advance(to: 1.0)
        // First: 150 + (50 − 150)·0 = 150 (ended); second: −100·(1 − 0.5) → 200.
        window.run { #expect(close(v.layer.presentation()?.position.x, 200)) }
        window.advance(to: 1.6)
        window.run { #expect(close(v.layer.presentation()?.position.x, 250)) }
    }

    @Test func completionAndFinished() {
        let (window, v) = shownView()
        var results: [Bool] = []
        window.run {
            UIView.animate(withDuration: 0.5, animations: { v.alpha = 0 }, completion: { results.append($0) })
        }
        window.advance(to: 0.25)
        #expect(results.isEmpty)
        window.advance(to: 0.6)
        #expect(results == [true])
        window.run {
            UIView.animate(withDuration: 0.5, animations: { v.alpha = 1 }, completion: { results.append($0) })
        }
        window.advance(to: 0.7)
        window.run { v.layer.removeAllAnimations() }
        window.advance(to: 0.8)
        #expect(results == [true, false])
        // Nothing animatable changed: completion at once.
        window.run { UIView.animate(withDuration: 1, animations: {}, completion: { results.append($0) }) }
        #expect(results == [true, false, true])
    }

    @Test func delaySpringAndNoAnimation() {
        let (window, v) = shownView()
        window.run { UIView.animate(withDuration: 1, delay: 1, options: .curveLinear, animations: { v.center.x = 150 }) }
        window.advance(to: 0.5)
        window.run { #expect(close(v.layer.presentation()?.position.x, 50)) }     // waiting: the old value
        window.advance(to: 1.5)
        window.run { #expect(close(v.layer.presentation()?.position.x, 100)) }
        // Spring: overshoots with damping 0.3, settled by the duration. (The block's transaction
        // commits at its end, at 1.5 s: the spring begins then.)
        window.run {
            UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0, options: [],
                           animations: { v.center.y = 150 }, completion: nil)
        }
        var peak: CGFloat = 0
        for t in stride(from: 1.5, through: 2.5, by: 0.02) {
            window.advance(to: t)
            peak = max(peak, window.run { v.layer.presentation()!.position.y })
        }
        #expect(peak > 155)
        window.advance(to: 2.49)
        window.run { #expect(close(v.layer.presentation()?.position.y, 150, 0.2)) }
        // Without animation.
        window.run {
            UIView.animate(withDuration: 1) { UIView.performWithoutAnimation { v.alpha = 0.3 } }
            UIView.animate(withDuration: 0) { v.alpha = 0.4 }
            UIView.setAnimationsEnabled(false)
            UIView.animate(withDuration: 1) { v.alpha = 0.5 }
            UIView.setAnimationsEnabled(true)
        }
        #expect(v.layer.animation(forKey: "opacity") == nil && v.alpha == 0.5)
    }

    @Test func boundsAnimateAsOriginAndSize() {
        let (window, v) = shownView()
        window.run { UIView.animate(withDuration: 1) { v.bounds = CGRect(x: 10, y: 0, width: 200, height: 100) } }
        #expect(Set(v.layer.animationKeys() ?? []) == ["bounds.origin", "bounds.size"])
        window.advance(to: 0.5)
        window.run {
            let b = v.layer.presentation()!.bounds
            #expect(close(b.minX, 5, 1e-4) && close(b.width, 150, 1e-4) && b.height == 100)
        }
    }

    @Test func keyframes() {
        let (window, v) = shownView()
        window.run {
            UIView.animateKeyframes(withDuration: 2, delay: 0, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { v.center.x = 150 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.center.y = 150 }
            })
        }
        window.advance(to: 0.5)
        window.run {
            let p = v.layer.presentation()!.position
            #expect(close(p.x, 100) && close(p.y, 50))
        }
        window.advance(to: 1.5)
        window.run {
            let p = v.layer.presentation()!.position
            #expect(close(p.x, 150) && close(p.y, 100))
        }
    }

    @Test func transitionWithView() throws {
        let (window, v) = shownView()
        window.run { UIView.transition(with: v, duration: 0.5, options: .transitionCrossDissolve, animations: { v.backgroundColor = .blue }) }
        #expect(v.layer.animation(forKey: kCATransition) is CATransition)
        #expect(v.layer.animation(forKey: "backgroundColor") == nil)
        let frame = try #require(window.render(atTime: 0.25)).straightRGBA8()
        // Half-way through the dissolve (the window is transparent): red and blue mixed.
        #expect(frame[0] > 100 && frame[2] > 100, "\(frame[0..<4])")
    }

    @Test(arguments: [(UIView.AnimationOptions.transitionFlipFromLeft, false), (.transitionFlipFromRight, false),
                      (.transitionFlipFromTop, true), (.transitionFlipFromBottom, true)])
    func flipTransitionsTurnTheViewOver(_ option: UIView.AnimationOptions, _ aboutX: Bool) throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.screen = UIScreen(size: CGSize(width: 200, height: 200), scale: 1)
        let v = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        v.backgroundColor = .red
        window.addSubview(v)
        window.makeKeyAndVisible()
        _ = window.render(atTime: 0)
        let (_, d) = LaminaDiagnostics.collecting {
            window.run { UIView.transition(with: v, duration: 1, options: [option, .curveLinear], animations: { v.backgroundColor = .blue }) }
        }
        #expect(d.isEmpty, "\(d)")
        /// The coloured extent across the middle, along the axis the flip narrows, and its colour.
        func look(_ t: Double) throws -> (extent: Int, red: Bool, blue: Bool) {
            let px = try #require(window.render(atTime: t)).straightRGBA8()
            var n = 0, red = 0, blue = 0
            for k in 0..<200 {
                let i = aboutX ? (k * 200 + 100) * 4 : (100 * 200 + k) * 4
                guard px[i + 3] > 128 else { continue }
                n += 1
                if px[i] > 150 && px[i + 2] < 100 { red += 1 }
                if px[i + 2] > 150 && px[i] < 100 { blue += 1 }
            }
            return (n, red > n / 2, blue > n / 2)
        }
        let quarter = try look(0.25), threeQuarters = try look(0.75), done = try look(1.2)
        // A quarter of the way the old (red) side is turned 45°: narrower; then the new (blue) side.
        #expect(quarter.red && quarter.extent < 85 && quarter.extent > 55, "\(quarter)")
        #expect(threeQuarters.blue && threeQuarters.extent < 85 && threeQuarters.extent > 55, "\(threeQuarters)")
        #expect(done.blue && done.extent == 100, "\(done)")
    }

    @Test func hostedSublayersAnimateUnlessForwarded() throws {
        // Article 5: a sublayer added to a view's layer animates implicitly (Core Animation's
        // 0.25 s); with the forwarder as delegate it follows the view's rules.
        let (window, v) = shownView()
        let yellow = CALayer()
        let forwarded = CALayer()
        let forwarder = LayerActionsForwarder(view: v)
        forwarded.delegate = forwarder
        v.layer.addSublayer(yellow)
        v.layer.addSublayer(forwarded)
        window.advance(to: 0)
        window.run {
            yellow.frame = v.bounds
            forwarded.frame = v.bounds
        }
        #expect(yellow.animation(forKey: "bounds")?.duration == 0.25)
        #expect(forwarded.animationKeys() == nil)
        window.run { UIView.animate(withDuration: 2) { forwarded.opacity = 0.5 } }
        #expect(forwarded.animation(forKey: "opacity")?.duration == 2)
        withExtendedLifetime(forwarder) {}
    }
}
