import Foundation
import UIKit

/// Lamina's gallery: every example of the articles and a tour of layers and animation, written
/// as PNGs and animated PNGs with an `index.html` that shows each with its caption and code.
public enum Gallery {
    /// Every entry, in page order.
    public static var entries: [GalleryEntry] {
        articleEntries + layerEntries + motionEntries + archiveEntries
    }

    /// What `write(_:to:renderer:progress:)` produced.
    public struct Report: Sendable {
        /// One line per entry written.
        public struct Item: Sendable {
            public let entry: String
            public let file: String
            public let frames: Int
            public let bytes: Int
            public let seconds: Double
        }
        public var items: [Item] = []
        /// Diagnostics Lamina reported while drawing (odd values it clamped or refused), by entry.
        public var diagnostics: [String] = []
        /// Entries whose code could not be read for the page.
        public var missingSnippets: [String] = []
    }

    /// Draws `entries` into `directory` (created if needed): `<id>.png` for each (animated for
    /// animations) and `index.html`. `progress` is told each entry as it starts.
    @discardableResult @MainActor
    public static func write(_ entries: [GalleryEntry] = entries, to directory: URL, renderer: GalleryRenderer = GalleryRenderer(),
                             progress: (Int, GalleryEntry) -> Void = { _, _ in }) throws -> Report {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw GalleryError.cannotWrite(directory.path, reason: error.localizedDescription)
        }
        var report = Report()
        for (k, entry) in entries.enumerated() {
            progress(k, entry)
            let start = Date()
            let (sequence, diagnostics) = try LaminaDiagnostics.collecting { try renderer.frames(of: entry).mergingRepeats() }
            report.diagnostics += diagnostics.map { "\(entry.id): \($0)" }
            let data = try OutputFormat.png.encode(sequence)
            let file = directory.appendingPathComponent("\(entry.id).png")
            do { try data.write(to: file) } catch { throw GalleryError.cannotWrite(file.path, reason: error.localizedDescription) }
            if entry.snippet == nil { report.missingSnippets.append(entry.id) }
            report.items.append(.init(entry: entry.id, file: file.lastPathComponent, frames: sequence.frames.count,
                                      bytes: data.count, seconds: Date().timeIntervalSince(start)))
        }
        let page = directory.appendingPathComponent("index.html")
        do {
            try Data(GalleryPage.html(entries, scale: renderer.scale).utf8).write(to: page)
        } catch {
            throw GalleryError.cannotWrite(page.path, reason: error.localizedDescription)
        }
        return report
    }
}
