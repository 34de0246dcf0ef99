import Foundation
import UIKit

/// Why a gallery entry could not be drawn or written.
public enum GalleryError: Error, CustomStringConvertible, Equatable {
    /// An image or archive the gallery uses is not where the checkout keeps it.
    case missingAsset(String)
    /// The entry's window drew no frame (its size is zero or not finite).
    case noFrame(entry: String)
    /// No entry has this id.
    case unknownEntry(String, known: [String])
    /// The output directory could not be created or written.
    case cannotWrite(String, reason: String)

    public var description: String {
        switch self {
        case .missingAsset(let p): "gallery asset not found: \(p) (run lamina from a Lamina checkout)"
        case .noFrame(let id): "gallery entry \(id) drew no frame"
        case .unknownEntry(let id, let known): "no gallery entry named \(id); entries: \(known.joined(separator: ", "))"
        case .cannotWrite(let p, let reason): "cannot write \(p): \(reason)"
        }
    }
}

/// Draws gallery entries: builds each scene in a fresh headless window, runs its schedule on the
/// window's clock, and records frames at exact media times.
public struct GalleryRenderer: Sendable {
    /// Pixels per point.
    public var scale: CGFloat
    /// Frame rate of animations.
    public var framesPerSecond: Double
    /// How long the last frame of an animation is held before it loops, in seconds.
    public var hold: Double

    public init(scale: CGFloat = 2, framesPerSecond: Double = 50, hold: Double = 1) {
        self.scale = scale
        self.framesPerSecond = framesPerSecond
        self.hold = hold
    }

    /// The frames of `entry`: one for a still, `duration × framesPerSecond + 1` for an animation.
    @MainActor public func frames(of entry: GalleryEntry) throws -> FrameSequence {
        try frames(of: entry, inspect: nil)
    }

    /// The frames of `entry`; `inspect` sees the window, the media time and each frame as it
    /// is drawn (the tests compare the incremental frames with full renders).
    @MainActor func frames(of entry: GalleryEntry, inspect: ((UIWindow, CFTimeInterval, CGImage) throws -> Void)?) throws -> FrameSequence {
        let stage = GalleryStage(size: entry.size, scale: scale)
        let window = stage.window
        try window.run { try entry.build(stage) }
        window.makeKeyAndVisible()
        let times: [CFTimeInterval]
        switch entry.output {
        case .still(let t):
            times = [t]
        case .animation(let d):
            let n = Int((d * framesPerSecond).rounded(.down))
            times = (0...n).map { Double($0) / framesPerSecond }
        }
        var pending = stage.schedule.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var frames: [CGImage] = []
        for t in times {
            while let next = pending.first, next.time <= t + 1e-9 {
                pending.removeFirst()
                window.advance(to: next.time)
                window.run(next.body)
            }
            guard let frame = window.render(atTime: t) else { throw GalleryError.noFrame(entry: entry.id) }
            try inspect?(window, t, frame)
            frames.append(frame)
        }
        let isStill = if case .still = entry.output { true } else { false }
        return FrameSequence(frames: frames, frameDuration: 1 / framesPerSecond, hold: isStill ? 0 : hold)
    }
}
