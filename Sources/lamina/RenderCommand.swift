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

    @Flag(help: "GIF only: no dithering (flat colours, larger bands).")
    var noDither = false

    @Flag(name: .shortAndLong, help: "Do not print warnings (about the archive, or values Lamina clamped).")
    var quiet = false

    @Option(name: .shortAndLong, help: "The file to write: .png or .gif.")
    var output: String

    func validate() throws {
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
        let export = ArchiveExport(document: document, scale: CGFloat(scale), framesPerSecond: fps ?? 30)
        let sequence: FrameSequence
        let bar = ProgressBar(total: (try? export.frameTimes(for: request).count) ?? 1)
        do {
            sequence = try export.frames(for: request) { k, _ in bar.update(k) }.mergingRepeats()
        } catch let failure as ArchiveExport.Failure {
            bar.finish()
            LaminaCLI.report("error", failure.description)
            if case .unknownState = failure { throw Exit.dataError }
            throw Exit.software
        }
        bar.finish()
        showWarnings()          // found while applying states (a missing transition, say)
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
