import Foundation
import CoreGraphics
@_spi(Lamina) import UIKit
import SnapshotTesting

// Snapshots of running animations (Lamina's strategies: swift-snapshot-testing has none): the
// view is hosted as for `.image`, `animations` runs on the host window's clock at its time zero
// (so `UIView.animate`, property animators, and `CAAnimation`s added there begin then; so do
// animations added to the view's layers beforehand with no begin time), and the window's clock
// is moved to each time asked for, delivering completion blocks on the way, before drawing.
// Nothing sleeps: the clock is the window's own.

extension Snapshotting where Value == UIView, Format == UIImage {
    /// The view `time` seconds after `animations` (and the animations already on its layers)
    /// began.
    ///
    /// ```swift
    /// assertSnapshot(of: card, as: .image(atTime: 0.15) { card in
    ///     UIView.animate(withDuration: 0.3) { card.alpha = 0 }
    /// })
    /// ```
    public static func image(atTime time: TimeInterval, precision: Float = 1, perceptualPrecision: Float = 1,
                             size: CGSize? = nil, traits: UITraitCollection = .init(),
                             animations: @escaping @MainActor (UIView) -> Void = { _ in }) -> Snapshotting {
        let scale = snapshotScale(traits)
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
            .pullback { view in
                onMainActor {
                    animationFrames(of: view, viewController: nil, size: size ?? view.frame.size, traits: traits, scale: scale,
                                    times: [time], what: "The view \(type(of: view))") { animations(view) }[0]
                }
            }
    }
}

extension Snapshotting where Value == UIViewController, Format == UIImage {
    /// The controller's view `time` seconds after `animations` began (see the view strategy).
    public static func image(atTime time: TimeInterval, on config: ViewImageConfig? = nil, precision: Float = 1,
                             perceptualPrecision: Float = 1, size: CGSize? = nil, traits: UITraitCollection = .init(),
                             animations: @escaping @MainActor (UIViewController) -> Void = { _ in }) -> Snapshotting {
        let merged = UITraitCollection(traitsFrom: [config?.traits ?? .init(), traits])
        let scale = snapshotScale(merged)
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
            .pullback { vc in
                onMainActor {
                    animationFrames(of: vc.view, viewController: vc, size: size ?? config?.size ?? vc.view.frame.size, traits: merged,
                                    scale: scale, safeArea: config?.safeArea ?? .zero, times: [time],
                                    what: "The view of \(type(of: vc))") { animations(vc) }[0]
                }
            }
    }
}

extension Snapshotting where Value == UIView, Format == [UIImage] {
    /// The view at each of `times` (seconds after `animations` began, increasing), recorded as
    /// one animated PNG and compared frame by frame.
    ///
    /// ```swift
    /// assertSnapshot(of: toast, as: .animation(times: [0, 0.1, 0.2, 0.4]) { toast in
    ///     UIView.animate(withDuration: 0.4, delay: 0, usingSpringWithDamping: 0.6,
    ///                    initialSpringVelocity: 0) { toast.transform = .identity }
    /// })
    /// ```
    public static func animation(times: [TimeInterval], precision: Float = 1, perceptualPrecision: Float = 1,
                                 size: CGSize? = nil, traits: UITraitCollection = .init(),
                                 animations: @escaping @MainActor (UIView) -> Void = { _ in }) -> Snapshotting {
        viewAnimation(times: times, problem: nil, precision: precision,
                      perceptualPrecision: perceptualPrecision, size: size, traits: traits, animations: animations)
    }

    /// The strategy for `times`, or for `problem` (a duration or rate that gives no times) when
    /// there is one; the times themselves are checked where the frames are made.
    static func viewAnimation(times: [TimeInterval], problem: String?, precision: Float, perceptualPrecision: Float,
                              size: CGSize?, traits: UITraitCollection,
                              animations: @escaping @MainActor (UIView) -> Void) -> Snapshotting {
        let scale = snapshotScale(traits)
        return Snapshotting<[UIImage], [UIImage]>(pathExtension: "png",
                                                  diffing: .frames(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale, times: times))
            .pullback { (view: UIView) -> [UIImage] in
                if let problem { return [SnapshotImage(problem: problem)] }
                return onMainActor {
                    animationFrames(of: view, viewController: nil, size: size ?? view.frame.size, traits: traits, scale: scale,
                                    times: times, what: "The view \(type(of: view))") { animations(view) }
                }
            }
    }

    /// The view from the moment `animations` began, for `duration` seconds at
    /// `framesPerSecond` (the first frame at 0, the last at `duration` when it falls on a frame).
    public static func animation(duration: TimeInterval, framesPerSecond: Double = 10, precision: Float = 1,
                                 perceptualPrecision: Float = 1, size: CGSize? = nil, traits: UITraitCollection = .init(),
                                 animations: @escaping @MainActor (UIView) -> Void = { _ in }) -> Snapshotting {
        let (times, problem) = frameTimes(duration: duration, framesPerSecond: framesPerSecond)
        return viewAnimation(times: times, problem: problem, precision: precision, perceptualPrecision: perceptualPrecision,
                             size: size, traits: traits, animations: animations)
    }
}

extension Snapshotting where Value == UIViewController, Format == [UIImage] {
    /// The controller's view at each of `times` after `animations` began, as one animated PNG
    /// compared frame by frame (a transition, say: `animations` pushes a controller).
    public static func animation(times: [TimeInterval], on config: ViewImageConfig? = nil, precision: Float = 1,
                                 perceptualPrecision: Float = 1, size: CGSize? = nil, traits: UITraitCollection = .init(),
                                 animations: @escaping @MainActor (UIViewController) -> Void = { _ in }) -> Snapshotting {
        controllerAnimation(times: times, problem: nil, on: config, precision: precision,
                            perceptualPrecision: perceptualPrecision, size: size, traits: traits, animations: animations)
    }

    /// The strategy for `times`, or for `problem` when there is one (see the view form).
    static func controllerAnimation(times: [TimeInterval], problem: String?, on config: ViewImageConfig?, precision: Float,
                                    perceptualPrecision: Float, size: CGSize?, traits: UITraitCollection,
                                    animations: @escaping @MainActor (UIViewController) -> Void) -> Snapshotting {
        let merged = UITraitCollection(traitsFrom: [config?.traits ?? .init(), traits])
        let scale = snapshotScale(merged)
        return Snapshotting<[UIImage], [UIImage]>(pathExtension: "png",
                                                  diffing: .frames(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale, times: times))
            .pullback { (vc: UIViewController) -> [UIImage] in
                if let problem { return [SnapshotImage(problem: problem)] }
                return onMainActor {
                    animationFrames(of: vc.view, viewController: vc, size: size ?? config?.size ?? vc.view.frame.size, traits: merged,
                                    scale: scale, safeArea: config?.safeArea ?? .zero, times: times,
                                    what: "The view of \(type(of: vc))") { animations(vc) }
                }
            }
    }

    /// The controller's view for `duration` seconds at `framesPerSecond` after `animations` began.
    public static func animation(duration: TimeInterval, framesPerSecond: Double = 10, on config: ViewImageConfig? = nil,
                                 precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
                                 traits: UITraitCollection = .init(),
                                 animations: @escaping @MainActor (UIViewController) -> Void = { _ in }) -> Snapshotting {
        let (times, problem) = frameTimes(duration: duration, framesPerSecond: framesPerSecond)
        return controllerAnimation(times: times, problem: problem, on: config, precision: precision,
                                   perceptualPrecision: perceptualPrecision, size: size, traits: traits, animations: animations)
    }
}

/// The most frames an animation snapshot records.
let maximumAnimationFrames = 1_000

/// Frame times from 0 for `duration` at `fps`, or why there are none.
func frameTimes(duration: TimeInterval, framesPerSecond fps: Double) -> ([TimeInterval], String?) {
    guard duration.isFinite, duration >= 0, fps.isFinite, fps > 0 else {
        return ([], "An animation snapshot of \(duration) seconds at \(fps) frames per second: both must be finite, the rate above 0.")
    }
    let count = (duration * fps).rounded(.down) + 1
    guard count <= Double(maximumAnimationFrames) else {
        return ([], "An animation snapshot of \(duration) seconds at \(fps) frames per second is \(count) frames, more than the \(maximumAnimationFrames) one records.")
    }
    return ((0..<Int(count)).map { Double($0) / fps }, nil)
}

/// Why `times` cannot be recorded, or nil.
func animationTimesProblem(_ times: [TimeInterval]) -> String? {
    guard !times.isEmpty else { return "The animation snapshot asks for no frame times." }
    guard times.count <= maximumAnimationFrames else {
        return "The animation asks for \(times.count) frames, more than the \(maximumAnimationFrames) an animation snapshot records."
    }
    for (i, t) in times.enumerated() {
        guard t.isFinite, t >= 0, t <= 86_400 else {
            return "Frame time \(t) (frame \(i)) is not a time from 0 to 86400 seconds."
        }
        if i > 0, t < times[i - 1] { return "Frame times must increase: \(t) after \(times[i - 1])." }
    }
    return nil
}

/// The hosted view drawn at each of `times` after `animations` ran at the window's time zero.
@MainActor func animationFrames(of view: UIView, viewController: UIViewController?, size: CGSize, traits: UITraitCollection,
                                scale: CGFloat, safeArea: UIEdgeInsets = .zero, times: [TimeInterval], what: String,
                                animations: @MainActor () -> Void) -> [UIImage] {
    if let problem = animationTimesProblem(times) { return [SnapshotImage(problem: problem)] }
    let host = ViewHost(size: size, traits: traits, scale: scale, safeArea: safeArea)
        .adjusted(for: viewController).fitted(view: view, viewController: viewController)
    if let problem = snapshotSizeProblem(host.size, scale: scale, what: what) { return [problem] }
    let drawn = host.size
    return host.host(view: view, viewController: viewController) { window -> [UIImage] in
        let start = window.time
        window.run {
            animations()
            CATransaction.flush()
        }
        return times.map { t -> UIImage in
            window.advance(to: start + t)
            let made = drawSnapshot(size: drawn, scale: scale, what: what) { _ in
                window.drawHierarchyAsRenderInContext(in: CGRect(origin: .zero, size: drawn))
            }
            // A frame belongs to its moment: it is not drawn again at another scale.
            guard made.problem == nil, let cg = made.cgImage else { return made }
            return SnapshotImage(cgImage: cg, scale: scale, rerender: nil)
        }
    }
}
