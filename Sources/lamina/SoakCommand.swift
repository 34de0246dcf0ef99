import ArgumentParser
import Foundation
import LaminaTools

/// `lamina soak`: plays the gallery's animated scenes over and over while adding and removing
/// layers, printing resident memory each minute; fails when memory grows after the warm-up.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Render the animated gallery scenes in a loop with layers added and removed; print memory per minute.")

    @Option(help: "How long to run, in minutes (the first sample is the warm-up).")
    var minutes: Double = 10

    @Option(help: "Layers added and removed each frame.")
    var churn = 40

    @Option(help: "Seconds between memory samples.")
    var interval: Double = 60

    @Option(parsing: .upToNextOption, help: "Play only these animated gallery entries.")
    var only: [String] = []

    func validate() throws {
        guard minutes.isFinite, minutes > 0, minutes <= 24 * 60 else {
            throw ValidationError("--minutes must be above 0 and at most 1440 (got \(minutes))")
        }
        guard interval.isFinite, interval >= 1, interval <= 3600 else { throw ValidationError("--interval must be 1–3600 seconds") }
        guard (0...10_000).contains(churn) else { throw ValidationError("--churn must be 0–10000") }
    }

    func run() throws {
        var soak = Soak()
        soak.churnPerFrame = churn
        soak.sampleInterval = interval
        soak.only = only
        print("sample  resident MB  passes  frames  layers made")
        // Commands run on the main thread, where UIKit's scenes are built.
        let configured = soak
        let samples = try MainActor.assumeIsolated {
            try configured.run(minutes: minutes) { s in
                print(String(format: "%6d  %11.1f  %6d  %6d  %11d", s.minute, Double(s.residentBytes) / 1_048_576,
                             s.passes, s.frames, s.layersMade))
                fflush(nil)
            }
        }
        guard let flat = soak.isFlat(samples), let first = samples.first, let last = samples.last else {
            print("soak: too short to judge")
            return
        }
        let growth = Double(last.residentBytes - first.residentBytes) / 1_048_576
        if flat {
            print(String(format: "soak: flat after the warm-up (%+.1f MB from sample 1 to sample %d)", growth, last.minute))
        } else {
            LaminaCLI.report("error", String(format: "soak: resident memory grew %.1f MB from sample 1 to sample %d", growth, last.minute))
            throw Exit.software
        }
    }
}
