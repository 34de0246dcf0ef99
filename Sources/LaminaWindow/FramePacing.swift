import Foundation

/// Frame pacing statistics of a window host (Lamina API): how long frames took from the start
/// of their preparation to being on screen, and how many missed the refresh they were made for.
public struct FramePacing: Sendable, CustomStringConvertible {
    /// How many samples the percentiles are taken over (the most recent).
    public static let window = 600

    /// Frames presented.
    public private(set) var frames = 0
    /// Frames presented after the refresh they were prepared for.
    public private(set) var late = 0
    /// Refreshes on which nothing changed, so nothing was drawn.
    public private(set) var idle = 0
    private var frameTimes: [Double] = []
    private var renderTimes: [Double] = []
    private var prepareTimes: [Double] = []
    private var presentTimes: [Double] = []
    private var next = 0

    public init() {}

    mutating func record(frameTime: Double, renderTime: Double, prepareTime: Double, presentTime: Double, late isLate: Bool) {
        frames += 1
        if isLate { late += 1 }
        if frameTimes.count < FramePacing.window {
            frameTimes.append(frameTime); renderTimes.append(renderTime)
            prepareTimes.append(prepareTime); presentTimes.append(presentTime)
        } else {
            frameTimes[next] = frameTime; renderTimes[next] = renderTime
            prepareTimes[next] = prepareTime; presentTimes[next] = presentTime
            next = (next + 1) % FramePacing.window
        }
    }

    mutating func recordIdle() { idle += 1 }

    /// The median frame time in seconds (preparation start to present), over recent frames.
    public var p50FrameTime: Double { FramePacing.percentile(frameTimes, 0.5) }
    /// The 99th-percentile frame time in seconds.
    public var p99FrameTime: Double { FramePacing.percentile(frameTimes, 0.99) }
    /// The median time the render thread spent rasterizing a frame, in seconds.
    public var p50RenderTime: Double { FramePacing.percentile(renderTimes, 0.5) }
    /// The 99th-percentile rasterizing time in seconds.
    public var p99RenderTime: Double { FramePacing.percentile(renderTimes, 0.99) }

    /// The median time the window's thread spent preparing a frame (advancing the model,
    /// committing, evaluating), in seconds.
    public var p50PrepareTime: Double { FramePacing.percentile(prepareTimes, 0.5) }
    /// The median time presenting a frame took (copying the damage to the window), in seconds.
    public var p50PresentTime: Double { FramePacing.percentile(presentTimes, 0.5) }

    static func percentile(_ xs: [Double], _ p: Double) -> Double {
        guard !xs.isEmpty else { return 0 }
        let s = xs.sorted()
        let i = min(s.count - 1, max(0, Int((Double(s.count - 1) * p).rounded())))
        return s[i]
    }

    public var description: String {
        String(format: "%d frames, %d late, %d idle; frame p50 %.1f ms p99 %.1f ms; prepare p50 %.1f ms, raster p50 %.1f ms p99 %.1f ms, present p50 %.1f ms",
               frames, late, idle, p50FrameTime * 1000, p99FrameTime * 1000, p50PrepareTime * 1000,
               p50RenderTime * 1000, p99RenderTime * 1000, p50PresentTime * 1000)
    }
}
