import CoreGraphics
import Foundation
import QuartzCore

/// The thread that rasterizes prepared frames for a window host, one at a time, so that the
/// window's thread keeps handling input while a frame is drawn.
final class RenderThread: @unchecked Sendable {
    struct Result {
        var image: CGImage?
        var damage: CGRect
        var renderSeconds: Double
        var tickStart: Double
        var deadline: Double
        var prepareSeconds: Double
    }
    private struct Job {
        var renderer: CARenderer
        var frame: CAPreparedFrame
        var tickStart: Double
        var deadline: Double
        var prepareSeconds: Double
    }

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var job: Job?
    private var result: Result?
    private var busy = false
    private var stopping = false
    private var running = false
    /// Called on the render thread when a frame is done (the host wakes its event wait).
    private let onDone: @Sendable () -> Void

    init(onDone: @escaping @Sendable () -> Void) {
        self.onDone = onDone
        let t = Thread { [self] in loop() }
        t.name = "lamina.render"
        t.stackSize = 8 << 20
        running = true
        t.start()
    }

    /// Whether a frame is being drawn.
    var isBusy: Bool { condition.withLock { busy } }

    /// Hands a frame to the thread; false (nothing done) while the previous one is drawing.
    func submit(_ frame: CAPreparedFrame, renderer: CARenderer, tickStart: Double, deadline: Double, prepareSeconds: Double) -> Bool {
        condition.withLock {
            guard !busy, !stopping else { return false }
            busy = true
            job = Job(renderer: renderer, frame: frame, tickStart: tickStart, deadline: deadline, prepareSeconds: prepareSeconds)
            condition.broadcast()
            return true
        }
    }

    /// The frame drawn since the last call, if any.
    func takeResult() -> Result? {
        condition.withLock {
            defer { result = nil }
            return result
        }
    }

    /// Waits for the frame being drawn (if any) and ends the thread.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running { condition.wait() }
        condition.unlock()
    }

    private func loop() {
        condition.lock()
        while true {
            while job == nil && !stopping { condition.wait() }
            guard let j = job, !stopping else { break }
            job = nil
            condition.unlock()
            let start = RenderThread.now()
            let image = j.renderer.draw(j.frame)
            let damage = j.renderer.lastDamage
            let r = Result(image: image, damage: damage, renderSeconds: RenderThread.now() - start,
                           tickStart: j.tickStart, deadline: j.deadline, prepareSeconds: j.prepareSeconds)
            condition.lock()
            result = r
            busy = false
            condition.broadcast()
            onDone()
        }
        running = false
        condition.broadcast()
        condition.unlock()
    }

    /// Seconds on the system's monotonic clock.
    static func now() -> Double { MediaClock.system.now }
}
