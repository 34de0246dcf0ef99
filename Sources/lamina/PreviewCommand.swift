import ArgumentParser
import Foundation
import LaminaTools
import LaminaWindow
import QuartzCore

/// `lamina preview`: a Core Animation archive, or a gallery entry, live in a window.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Play a Core Animation archive (or a gallery entry) live in a window.",
        discussion: """
            Needs a display (a desktop session, or xvfb-run). The window reloads the archive when \
            the file changes on disk, keeping the state shown; an archive that fails to load leaves \
            the previous version on screen and shows the error.

            Keys: 0 base state, 1-9 the archive's states, Right/Left next/previous state (with the \
            archive's transitions), Space pause, . step one frame, S slow motion, R reload. The \
            title shows the state and the layer under the pointer (name, class, frame).
            """)

    @Argument(help: "The archive: a .ca folder (holding main.caml) or a .caml file.")
    var archive: String?

    @Option(help: "Show this gallery entry instead of an archive (its id, as in the gallery).")
    var gallery: String?

    @Option(help: "The state to show first.")
    var state: String?

    @Option(help: "Pixels per point (default: the display's).")
    var scale: Double?

    @Option(help: "Close the window after this many seconds.")
    var seconds: Double?

    @Flag(help: "Show frame pacing (frames late, p50/p99 frame time) in the title and print it at the end.")
    var stats = false

    func validate() throws {
        if (archive == nil) == (gallery == nil) { throw ValidationError("give an archive or --gallery ID (one of the two)") }
        if let scale, !(scale.isFinite && scale > 0 && scale <= 8) { throw ValidationError("--scale must be in (0, 8] (got \(scale))") }
        if let seconds, !(seconds.isFinite && seconds >= 0) { throw ValidationError("--seconds must be a finite number ≥ 0") }
    }

    func run() throws {
        if case .failure(let why) = SDLVideo.availability {
            LaminaCLI.report("error", "\(why); nothing can be previewed (lamina render draws to files without one)")
            throw Exit.unavailable
        }
        if let id = gallery {
            guard let entry = Gallery.entries.first(where: { $0.id == id }) else {
                LaminaCLI.report("error", "no gallery entry \(id) (known: \(Gallery.entries.map(\.id).joined(separator: ", ")))")
                throw Exit.usage
            }
            do {
                // Commands run on the main thread, where UIKit's scenes are built.
                try MainActor.assumeIsolated {
                    let preview = try GalleryPreview(entry: entry)
                    try preview.run(seconds: seconds)
                }
            } catch {
                LaminaCLI.report("error", "\(error)")
                throw Exit.software
            }
            return
        }
        let url = URL(fileURLWithPath: archive!)
        let preview: ArchivePreview
        do {
            preview = try ArchivePreview(url: url, scale: scale.map { CGFloat($0) })
        } catch let e as CAMLError {
            LaminaCLI.report("error", e.description)
            if case .unreadable = e { throw Exit.noInput }
            throw Exit.dataError
        } catch {
            LaminaCLI.report("error", "\(error)")
            throw Exit.software
        }
        for w in preview.document.warnings { LaminaCLI.report("warning", w) }
        if let state {
            guard preview.document.stateNames.contains(state) else {
                LaminaCLI.report("error", "no state \(state) in \(archive!) (states: \(preview.document.stateNames.joined(separator: ", ")))")
                throw Exit.dataError
            }
            preview.show(state: state)
        }
        preview.host.showsStatistics = stats
        preview.run(seconds: seconds)
        if stats { print(preview.host.pacing) }
    }
}
