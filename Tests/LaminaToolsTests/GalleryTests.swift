import Testing
import Foundation
@testable import UIKit
@testable import LaminaTools
import LaminaTestSupport

/// Every gallery entry, drawn small and at a low frame rate so the whole gallery runs in seconds.
@MainActor
@Suite("Gallery")
struct GalleryTests {
    nonisolated static let ids = Gallery.entries.map(\.id)

    func entry(_ id: String) throws -> GalleryEntry { try #require(Gallery.entries.first { $0.id == id }) }

    @Test func entriesAreUniqueAndCoverEveryArticle() {
        #expect(Set(Self.ids).count == Self.ids.count)
        #expect(Self.ids.count >= 25)
        for article in 1...5 {
            #expect(Self.ids.contains { $0.hasPrefix("article\(article)") }, "article \(article)")
        }
        for section in GallerySection.allCases {
            #expect(Gallery.entries.contains { $0.section == section }, "\(section)")
        }
        // The issue's list: each is one entry's subject.
        for subject in ["contents-gravity", "corners", "shadows", "masks", "transforms-3d", "text", "gradients", "replicators",
                        "emitter", "springs", "keyframes-on-path", "view-animations", "transitions", "progress-ring"] {
            #expect(Self.ids.contains { $0.contains(subject) }, "\(subject)")
        }
    }

    /// Each entry draws without diagnostics, is not blank, shows its code, and its frames (drawn
    /// incrementally, only where something changed) equal full renders of the same instant.
    @Test(arguments: ids) func entryDraws(_ id: String) throws {
        let entry = try entry(id)
        let snippet = try #require(entry.snippet, "no // gallery:begin \(id) block in \(entry.sourceFile)")
        #expect(snippet.split(separator: "\n").count >= 3)
        #expect(!entry.caption.isEmpty && !entry.title.isEmpty)
        var compared = 0
        let renderer = GalleryRenderer(scale: 1, framesPerSecond: 8, hold: 0)
        let (sequence, diagnostics) = try LaminaDiagnostics.collecting {
            try renderer.frames(of: entry) { window, t, frame in
                let k = Int((t * 8).rounded())
                guard k % 3 == 1 || t == 0 else { return }
                let full = try #require(window.clock.run { CARenderer(layer: window.layer, scale: 1).image(atTime: t) })
                #expect(try frame.straightRGBA8() == full.straightRGBA8(), "\(id) at \(t) s: incremental frame differs")
                compared += 1
            }
        }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(compared >= 1)
        let first = try #require(sequence.frames.first)
        #expect(first.width == Int(entry.size.width) && first.height == Int(entry.size.height))
        let px = try first.straightRGBA8()
        let distinct = px.withUnsafeBytes { Set($0.bindMemory(to: UInt32.self)) }
        #expect(distinct.count >= 2, "\(id) is blank")
        if case .animation = entry.output {
            // An animation moves: at least two distinct frames survive merging repeats.
            #expect(try sequence.mergingRepeats().frames.count >= 2, "\(id) does not move")
        } else {
            #expect(sequence.frames.count == 1)
        }
    }

    @Test func writesPicturesAndThePage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-gallery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let chosen = try [entry("article4-progress-ring"), entry("contents-gravity")]
        var started: [String] = []
        let report = try Gallery.write(chosen, to: dir, renderer: GalleryRenderer(scale: 1, framesPerSecond: 10)) { _, e in
            started.append(e.id)
        }
        #expect(started == chosen.map(\.id))
        #expect(report.items.map(\.file) == ["article4-progress-ring.png", "contents-gravity.png"])
        #expect(report.diagnostics.isEmpty && report.missingSnippets.isEmpty)
        // The animation is an APNG whose frames are the renderer's; the still a plain PNG.
        let ring = try Data(contentsOf: dir.appendingPathComponent("article4-progress-ring.png"))
        let decoded = try decodeAPNG(ring)
        #expect(decoded.frames.count == report.items[0].frames && decoded.frames.count > 5)
        #expect(decoded.loop == 0)
        let expected = try GalleryRenderer(scale: 1, framesPerSecond: 10).frames(of: chosen[0]).mergingRepeats()
        #expect(try decoded.frames.last == expected.frames.last!.straightRGBA8())
        #expect(abs(decoded.delays.reduce(0, +) - expected.duration) < 0.02)
        let still = try Data(contentsOf: dir.appendingPathComponent("contents-gravity.png"))
        #expect(try pngChunks(still).contains { $0.type == "acTL" } == false)
        #expect(try CGImage.decodePNG(still).width == Int(chosen[1].size.width))
        // The page names each picture, its caption and its code (escaped).
        let html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        for e in chosen {
            #expect(html.contains("src=\"\(e.id).png\""))
            #expect(html.contains(GalleryPage.escape(e.caption)))
            let line = try #require(e.snippet?.split(separator: "\n").first { $0.contains("<") || $0.count > 20 })
            #expect(html.contains(GalleryPage.escape(String(line))), "\(line)")
        }
    }

    @Test func unwritableDirectoryIsAnError() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-not-a-dir-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: GalleryError.self) {
            try Gallery.write([entry("contents-gravity")], to: file.appendingPathComponent("out"), renderer: GalleryRenderer(scale: 1))
        }
    }

    /// The compositor's own reference suite: every gallery picture at 1× (animations at their
    /// middle frame), compared with the reference committed after a person looked at it.
    @Test(arguments: ids.filter { !$0.hasPrefix("archive-") })
    func matchesItsReference(_ id: String) throws {
        let entry = try entry(id)
        let frames = try GalleryRenderer(scale: 1, framesPerSecond: 8, hold: 0).frames(of: entry).frames
        let frame = frames[frames.count / 2]
        let failure = try toolsGolden.check("gallery-\(id)") { frame }
        #expect(failure == nil, "\(failure ?? "")")
    }
}
