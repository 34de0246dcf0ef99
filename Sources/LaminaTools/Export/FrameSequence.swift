import Foundation
import CoreGraphics

/// Frames with how long each is shown, ready to be written as a PNG, APNG or GIF.
public struct FrameSequence {
    public private(set) var frames: [CGImage]
    /// Seconds each frame is shown.
    public private(set) var durations: [Double]

    /// `frames` each shown for `frameDuration` seconds, the last held `hold` seconds longer.
    public init(frames: [CGImage], frameDuration: Double, hold: Double = 0) {
        self.frames = frames
        durations = Array(repeating: frameDuration, count: frames.count)
        if !durations.isEmpty { durations[durations.count - 1] += max(0, hold) }
    }

    /// The same sequence with runs of identical frames shown as one longer frame (the files
    /// shrink and players do less work; the timing is unchanged).
    public func mergingRepeats() throws -> FrameSequence {
        var out = FrameSequence(frames: [], frameDuration: 0)
        var previous: [UInt8]?
        for (frame, duration) in zip(frames, durations) {
            let pixels = try frame.straightRGBA8()
            if let p = previous, p == pixels {
                out.durations[out.durations.count - 1] += duration
            } else {
                out.frames.append(frame)
                out.durations.append(duration)
                previous = pixels
            }
        }
        return out
    }

    /// The total duration in seconds.
    public var duration: Double { durations.reduce(0, +) }
}

/// The image formats Lamina writes, chosen by file extension.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// `.png`: a still PNG for one frame, an animated PNG (APNG) for more.
    case png
    /// `.gif`: an animated (or single-frame) GIF.
    case gif

    /// The format for `url`'s extension, or nil when Lamina cannot write it.
    public init?(url: URL) {
        self.init(rawValue: url.pathExtension.lowercased())
    }

    /// Encodes `sequence`, looping `loopCount` times (0: forever).
    public func encode(_ sequence: FrameSequence, loopCount: Int = 0, dither: Bool = true) throws -> Data {
        switch self {
        case .png:
            if sequence.frames.count == 1 { return try sequence.frames[0].pngData() }
            return try APNGEncoder.encode(sequence.frames, durations: sequence.durations, loopCount: loopCount)
        case .gif:
            return try GIFEncoder.encode(sequence.frames, durations: sequence.durations, loopCount: loopCount, dither: dither)
        }
    }
}
