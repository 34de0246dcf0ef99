import ArgumentParser
import Foundation
import LaminaTools

/// `lamina gallery`: every article example and a tour of layers and animation, as PNGs and
/// animated PNGs with an index.html.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render the gallery: PNG stills, animated PNGs and an index.html showing each with its code.")

    @Option(name: .shortAndLong, help: "The folder to write (created if needed).")
    var out: String = "gallery"

    @Option(help: "Pixels per point (0.5–4).")
    var scale: Double = 2

    @Option(help: "Frames per second of the animations (1–120).")
    var fps: Double = 50

    @Option(parsing: .upToNextOption, help: "Render only these entries (see --list).")
    var only: [String] = []

    @Flag(help: "List the entries and exit.")
    var list = false

    func validate() throws {
        guard scale.isFinite, scale >= 0.5, scale <= 4 else { throw ValidationError("--scale must be between 0.5 and 4 (got \(scale))") }
        guard fps.isFinite, fps >= 1, fps <= 120 else { throw ValidationError("--fps must be between 1 and 120 (got \(fps))") }
        let ids = Gallery.entries.map(\.id)
        for name in only where !ids.contains(name) {
            throw ValidationError("no gallery entry named \(name); see lamina gallery --list")
        }
    }

    func run() throws {
        var entries = Gallery.entries
        if list {
            for e in entries {
                let kind = if case .animation(let d) = e.output { "animation \(d) s" } else { "still" }
                print("\(e.id)\t\(kind)\t\(e.title)")
            }
            return
        }
        if !only.isEmpty { entries = entries.filter { only.contains($0.id) } }
        let bar = ProgressBar(total: entries.count)
        let start = Date()
        let report: Gallery.Report
        do {
            // Commands run on the main thread, where UIKit's scenes are built.
            report = try MainActor.assumeIsolated {
                try Gallery.write(entries, to: URL(fileURLWithPath: out),
                                  renderer: GalleryRenderer(scale: scale, framesPerSecond: fps)) { k, entry in
                    bar.update(k, entry.id)
                }
            }
        } catch let error as GalleryError {
            bar.finish()
            LaminaCLI.report("error", error.description)
            if case .cannotWrite = error { throw Exit.cannotCreate }
            if case .missingAsset = error { throw Exit.noInput }
            throw Exit.software
        }
        bar.finish()
        for d in report.diagnostics { LaminaCLI.report("warning", d) }
        for id in report.missingSnippets { LaminaCLI.report("warning", "the code of \(id) could not be read from its source file") }
        let bytes = report.items.reduce(0) { $0 + $1.bytes }
        let animated = report.items.filter { $0.frames > 1 }.count
        print(String(format: "wrote %d pictures (%d animated, %.1f MB) and index.html to %@ in %.1f s",
                     report.items.count, animated, Double(bytes) / 1_000_000, out, Date().timeIntervalSince(start)))
    }
}
