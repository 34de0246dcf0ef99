import Foundation
import LaminaWindow
import QuartzCore
import UIKit

/// `lamina preview --gallery ID`: a gallery entry live in a window, its scheduled changes made
/// at their media times and its controls answering the pointer (Lamina API). An animated entry
/// starts over when its duration has passed (R restarts it at once; Space pauses, S slows it).
@MainActor public final class GalleryPreview {
    /// The entry shown.
    public let entry: GalleryEntry
    private var stage: GalleryStage
    private var pending: [(time: CFTimeInterval, body: () -> Void)] = []
    private var restartRequested = false
    private var paused = false
    private var slow = false

    /// Builds the entry and opens its window. Throws `WindowError` without a display, and what
    /// the entry's build throws.
    public init(entry: GalleryEntry) throws {
        self.entry = entry
        stage = try GalleryPreview.build(entry)
        try open()
    }

    private static func build(_ entry: GalleryEntry) throws -> GalleryStage {
        let stage = GalleryStage(size: entry.size, scale: 1)
        try stage.window.run { try entry.build(stage) }
        return stage
    }

    private func open() throws {
        let window = stage.window
        window.makeKeyAndVisible()
        let host = try window.showOnScreen(title: "\(entry.id) · \(entry.title)")
        host.isPaused = paused
        host.speed = slow ? 0.1 : 1
        pending = stage.schedule.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        let start = window.time
        let gestures = host.beforeFrame
        host.beforeFrame = { [unowned self] t in
            gestures?(t)
            while let next = pending.first, next.time <= t - start + 1e-9 {
                pending.removeFirst()
                stage.window.run(next.body)
            }
            if case .animation(let d) = entry.output, t - start > d + 1 { restartRequested = true }
        }
        let touches = host.onEvent
        host.onEvent = { [unowned self] e in
            if case let .keyDown(key, isRepeat, _) = e, !isRepeat {
                switch key.name.lowercased() {
                case "r": restartRequested = true
                case "space": paused.toggle(); stage.window.screenHost?.isPaused = paused
                case "s": slow.toggle(); stage.window.screenHost?.speed = slow ? 0.1 : 1
                default: break
                }
            }
            touches?(e)
        }
    }

    /// Runs until the window is closed (or for `seconds`).
    public func run(seconds: Double? = nil) throws {
        let end = seconds.map { MediaClock.system.now + $0 }
        while true {
            restartRequested = false
            var closedByUser = true
            stage.window.runOnScreen { [unowned self] in
                if restartRequested { closedByUser = false; return true }
                if let end, MediaClock.system.now >= end { return true }
                return false
            }
            guard !closedByUser else { return }
            stage = try GalleryPreview.build(entry)
            try open()
        }
    }
}
