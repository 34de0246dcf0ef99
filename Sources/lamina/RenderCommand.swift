import ArgumentParser
import Foundation
import LaminaTools
import QuartzCore

/// `lamina render`: a Core Animation archive as a PNG, an animated PNG or a GIF.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a Core Animation archive (a .ca folder or a .caml file).",
        discussion: """
            With neither --time nor --duration, draws --state at time 0. With --time, draws it at that \
            media time (the archive's own animations run). With --duration, records the archive's \
            animations for that long. With --from, animates the archive's transition from that state \
            to --state ("base" names the tree as built), for --duration or the transition's own length.

            The output format follows the extension of -o: .png (a still, or an animated PNG when there \
            are several frames) or .gif. Warnings about what the archive holds that Lamina does not \
            know go to standard error; the rest still renders.

            A numbered PNG sequence: give -o a pattern such as 'out-%04d.png' (each frame is written \
            to its own file, numbered by its index in the whole animation), and --frames A..B to \
            draw only frames A to B (inclusive), so a long export can be split across processes or \
            machines; the frames are the same pictures as in a whole export. Frames are drawn on \
            --jobs threads at once (default: the processors), with the same result for any number.
            """)

    @Argument(help: "The archive: a .ca folder (holding main.caml) or a .caml file.")
    var archive: String

    @Option(help: "The state to show (default: the base state).")
    var state: String?

    @Option(help: "Animate the transition from this state to --state (\"base\": the base state).")
    var from: String?

    @Option(help: "The media time of a still, in seconds.")
    var time: Double?

    @Option(help: "How long to record, in seconds.")
    var duration: Double?

    @Option(help: "Frames per second of an animation (default 30).")
    var fps: Double?

    @Option(help: "Pixels per point.")
    var scale: Double = 1

    @Option(help: "How many times an animation plays (0: forever).")
    var loop: Int = 0

    @Option(help: "How many frames to draw at once, each on its own thread (default: the processors).")
    var jobs: Int?

    @Option(help: "Only frames A..B (inclusive, counted from 0) of the animation; -o must be a numbered pattern.")
    var frames: String?

    @Flag(help: "GIF only: no dithering (flat colours, larger bands).")
    var noDither = false

    @Flag(name: .shortAndLong, help: "Do not print warnings (about the archive, or values Lamina clamped).")
    var quiet = false

    @Option(name: .shortAndLong, help: "The file to write: .png or .gif, or a numbered pattern such as out-%04d.png.")
    var output: String

    /// The frame range of --frames.
    var frameRange: ClosedRange<Int>? {
        guard let frames else { return nil }
        let parts = frames.components(separatedBy: "..")
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, b >= a else { return nil }
        return a...b
    }

    func validate() throws {
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be between 1 and 256 (got \(jobs))") }
        if let frames, frameRange == nil { throw ValidationError("--frames must be A..B with 0 ≤ A ≤ B (got \(frames))") }
        if output.contains("%") {
            guard NumberedFiles(output) != nil else {
                throw ValidationError("a numbered output needs exactly one %d, %Nd or %0Nd in its name (got \(output))")
            }
            guard URL(fileURLWithPath: output).pathExtension.lowercased() == "png" else {
                throw ValidationError("a numbered sequence is written as .png files")
            }
        } else if frames != nil {
            throw ValidationError("--frames writes one file per frame: give -o a numbered pattern such as out-%04d.png")
        }
        if frames != nil && duration == nil && from == nil { throw ValidationError("--frames needs --duration or --from (a still has one frame)") }
        guard OutputFormat(url: URL(fileURLWithPath: output)) != nil else {
            let ext = URL(fileURLWithPath: output).pathExtension
            throw ValidationError("cannot write \(ext.isEmpty ? "a file without an extension" : ".\(ext) files"); use .png (still or animated) or .gif")
        }
        if time != nil && duration != nil { throw ValidationError("--time and --duration cannot be used together") }
        if time != nil && from != nil { throw ValidationError("--time draws one state; a transition (--from) needs --duration or none") }
        if let t = time, !(t.isFinite && t >= 0) { throw ValidationError("--time must be a number of seconds ≥ 0 (got \(t))") }
        if let d = duration, !(d.isFinite && d > 0 && d <= 600) { throw ValidationError("--duration must be between 0 and 600 seconds (got \(d))") }
        if let f = fps {
            guard duration != nil || from != nil else { throw ValidationError("--fps needs --duration or --from") }
            guard f.isFinite, f >= 1, f <= 120 else { throw ValidationError("--fps must be between 1 and 120 (got \(f))") }
        }
        guard scale.isFinite, scale > 0, scale <= 8 else { throw ValidationError("--scale must be between 0 and 8 (got \(scale))") }
        guard loop >= 0 else { throw ValidationError("--loop must be 0 (forever) or more") }
    }

    func run() throws {
        // Quiet: Lamina's own diagnostics (values it clamped or refused) are dropped too.
        if quiet { _ = try LaminaDiagnostics.collecting { try export() } } else { try export() }
    }

    private func export() throws {
        let document: CAMLDocument
        do {
            document = try CAMLDocument(contentsOf: URL(fileURLWithPath: archive))
        } catch {
            LaminaCLI.report("error", error.description)
            if case .unreadable = error { throw Exit.noInput }
            throw Exit.dataError
        }
        var shown = 0
        func showWarnings() {
            if !quiet { for w in document.warnings.dropFirst(shown) { LaminaCLI.report("warning", w) } }
            shown = document.warnings.count
        }
        showWarnings()

        let request: ArchiveExport.Request
        if from != nil {
            request = .transition(from: from, to: state, duration: duration)
        } else if let duration {
            request = .animation(state: state, duration: duration)
        } else {
            request = .still(state: state, time: time ?? 0)
        }
        var export = ArchiveExport(document: document, scale: CGFloat(scale), framesPerSecond: fps ?? 30)
        if let jobs { export.jobs = jobs }
        var sequence: FrameSequence
        let count = (try? export.frameTimes(for: request).count) ?? 1
        let bar = ProgressBar(total: frameRange.map { min($0.upperBound, count - 1) - $0.lowerBound + 1 } ?? count)
        let numbered = NumberedFiles(output)
        do {
            sequence = try export.frames(for: request, range: frameRange) { k, _ in bar.update(k) }
            if numbered == nil { sequence = try sequence.mergingRepeats() }
        } catch let failure as ArchiveExport.Failure {
            bar.finish()
            LaminaCLI.report("error", failure.description)
            if case .unknownState = failure { throw Exit.dataError }
            if case .outOfRange = failure { throw Exit.usage }
            throw Exit.software
        }
        bar.finish()
        showWarnings()          // found while applying states (a missing transition, say)
        if let numbered {
            let first = frameRange?.lowerBound ?? 0
            // Encoded on --jobs threads, written in order.
            let frames = sequence.frames
            let encoded = EncodedFrames(count: frames.count)
            let workers = max(1, min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, frames.count))
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                var k = w
                while k < frames.count {
                    encoded.set(k, Result { try frames[k].pngData() })
                    k += workers
                }
            }
            for k in frames.indices {
                let name = numbered.name(first + k)
                switch encoded.get(k) {
                case .success(let data): try LaminaCLI.write(data, to: name)
                case .failure(let error):
                    LaminaCLI.report("error", "cannot encode \(name): \(error)")
                    throw Exit.software
                case nil: throw Exit.software
                }
            }
            return
        }
        let format = OutputFormat(url: URL(fileURLWithPath: output))!
        let data: Data
        do {
            data = try format.encode(sequence, loopCount: loop, dither: !noDither)
        } catch {
            LaminaCLI.report("error", "cannot encode \(output): \(error)")
            throw Exit.software
        }
        try LaminaCLI.write(data, to: output)
    }
}

/// PNG files made on several threads, each slot written once.
private final class EncodedFrames: @unchecked Sendable {
    private var slots: [Result<Data, any Error>?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ k: Int, _ r: Result<Data, any Error>) { lock.lock(); slots[k] = r; lock.unlock() }
    func get(_ k: Int) -> Result<Data, any Error>? { lock.lock(); defer { lock.unlock() }; return slots[k] }
}
