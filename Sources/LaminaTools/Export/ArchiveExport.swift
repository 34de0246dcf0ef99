import Foundation
@_spi(Lamina) import CoreGraphics
import QuartzCore

/// Renders a Core Animation archive: one state as a still, the archive's own animations over
/// time, or a transition between two states (what `lamina render` does).
public struct ArchiveExport {
    /// What to draw.
    public enum Request: Equatable, Sendable {
        /// The state (nil: the base state) at media time `time`.
        case still(state: String?, time: CFTimeInterval)
        /// The state's own animations for `duration` seconds.
        case animation(state: String?, duration: CFTimeInterval)
        /// The transition from `from` to `to` (nil: the base state), for `duration` seconds
        /// (nil: the transition's own length).
        case transition(from: String?, to: String?, duration: CFTimeInterval?)
    }

    /// Why an export was refused before drawing.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        case unknownState(String, known: [String])
        case tooLarge(String)
        case emptyLayer(String)
        case outOfRange(String)

        public var description: String {
            switch self {
            case let .unknownState(name, known):
                "the archive has no state named \"\(name)\"; its states are: "
                    + (known.isEmpty ? "(none)" : known.joined(separator: ", ")) + " (and \"base\", the tree as built)"
            case .tooLarge(let m): m
            case .emptyLayer(let m): m
            case .outOfRange(let m): m
            }
        }
    }

    /// The loaded archive.
    public let document: CAMLDocument
    /// Pixels per point.
    public var scale: CGFloat
    /// Frames per second of animations.
    public var framesPerSecond: Double
    /// How many frames are drawn at once (each on its own thread); the pictures are the same
    /// for any number. The processors, by default.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount

    /// Most pixels an export may hold in memory across its frames (4 GiB of RGBA).
    public static let pixelBudget = 1 << 30

    public init(document: CAMLDocument, scale: CGFloat = 1, framesPerSecond: Double = 30) {
        self.document = document
        self.scale = scale
        self.framesPerSecond = framesPerSecond
    }

    /// The most frames one export draws (a transition an archive says lasts 1e300 seconds is
    /// refused, not attempted).
    public static let maximumFrames = 100_000

    /// A number for a message: whole numbers without decimals, anything else (1e30, NaN) as
    /// Swift prints it. Never converts to `Int` (which traps beyond its range).
    static func describe(_ v: CGFloat) -> String {
        if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return String(format: "%.0f", Double(v)) }
        return "\(v)"
    }

    /// A state name as given on the command line: nil and "base" mean the base state (unless
    /// the archive has a state called "base").
    func resolve(_ name: String?) throws(Failure) -> String? {
        guard let name else { return nil }
        if document.stateNames.contains(name) { return name }
        if name.lowercased() == "base" { return nil }
        throw .unknownState(name, known: document.stateNames)
    }

    /// The media times of the frames `request` draws.
    public func frameTimes(for request: Request) throws(Failure) -> [CFTimeInterval] {
        let duration: CFTimeInterval
        switch request {
        case .still(_, let t): return [t]
        case .animation(_, let d): duration = d
        case .transition(let from, let to, let d):
            if let d { duration = d } else {
                let restore = document.currentState
                document.setState(try resolve(from))
                duration = max(document.transitionDuration(to: try resolve(to)), 1 / framesPerSecond)
                document.setState(restore)
            }
        }
        let count = Int(saturating: (duration * framesPerSecond).rounded(.down) + 1)
        guard count <= ArchiveExport.maximumFrames else {
            throw .tooLarge("\(ArchiveExport.describe(duration)) s at \(ArchiveExport.describe(framesPerSecond)) frames per second "
                            + "is more than \(ArchiveExport.maximumFrames) frames")
        }
        return (0..<max(1, count)).map { Double($0) / framesPerSecond }
    }

    /// Draws the frames of `request` (or only those whose indices are in `range`, for a
    /// numbered sequence split across processes: the model still moves through the frames
    /// before it, so each is the same picture as in a whole export); `progress` is told how many
    /// frames are done and how many there are, from any thread.
    public func frames(for request: Request, range: ClosedRange<Int>? = nil,
                       progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws -> FrameSequence {
        let allTimes = try frameTimes(for: request)
        if let range, range.lowerBound < 0 || range.upperBound >= allTimes.count {
            throw Failure.outOfRange("frames \(range.lowerBound)..\(range.upperBound) asked for, but there are \(allTimes.count) "
                + "(0..\(allTimes.count - 1))")
        }
        let wanted = range ?? 0...(allTimes.count - 1)
        let times = Array(allTimes[wanted])
        let size = document.rootLayer.bounds.size
        let pixels = Double(size.width * scale) * Double(size.height * scale)
        guard pixels.isFinite, pixels >= 1 else {
            throw Failure.emptyLayer("the archive's root layer is \(Self.describe(size.width))×\(Self.describe(size.height)) points at scale "
                + "\(Self.describe(scale)): nothing to draw")
        }
        guard pixels * Double(times.count) <= Double(Self.pixelBudget) else {
            throw Failure.tooLarge("\(times.count) frames of \(Self.describe(size.width * scale))×\(Self.describe(size.height * scale)) "
                + "pixels is too much to hold; lower --duration, --fps or --scale")
        }
        let driver = FrameDriver(layer: document.rootLayer, scale: scale)
        switch request {
        case .still(let state, _), .animation(let state, _):
            let s = try resolve(state)
            driver.run {
                document.setState(s)
                CATransaction.flush()
            }
        case .transition(let from, let to, _):
            let (f, t) = (try resolve(from), try resolve(to))
            driver.run {
                document.setState(f)
                CATransaction.flush()
                document.transition(to: t)
                CATransaction.flush()
            }
        }
        // Frames before the range: the model moves through them (events, removals) undrawn.
        for t in allTimes[..<wanted.lowerBound] { driver.advance(to: t) }
        let total = times.count
        let drawn = driver.frames(at: times, jobs: jobs) { progress($0, total) }
        var frames: [CGImage] = []
        frames.reserveCapacity(drawn.count)
        for (k, frame) in drawn.enumerated() {
            guard let frame else {
                throw Failure.emptyLayer("frame \(wanted.lowerBound + k) at \(times[k]) s could not be drawn")
            }
            frames.append(frame)
        }
        let isStill = if case .still = request { true } else { false }
        return FrameSequence(frames: frames, frameDuration: isStill ? 0 : 1 / framesPerSecond)
    }
}
