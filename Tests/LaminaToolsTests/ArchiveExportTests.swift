import Testing
import Foundation
@testable import LaminaTools
import QuartzCore
import LaminaTestSupport

/// `lamina render`'s engine: states, times and transitions of the example toggle archive.
@Suite("Archive export")
struct ArchiveExportTests {
    func toggle() throws -> CAMLDocument {
        try CAMLDocument(contentsOf: GalleryAssets.archive("toggle.ca"))
    }

    func pixel(_ image: CGImage, _ x: Int, _ y: Int) throws -> [UInt8] {
        let px = try image.straightRGBA8()
        let i = (y * image.width + x) * 4
        return Array(px[i..<i + 4])
    }

    @Test func stillsOfEachState() throws {
        let base = try ArchiveExport(document: toggle(), scale: 2).frames(for: .still(state: nil, time: 0))
        let on = try ArchiveExport(document: toggle(), scale: 2).frames(for: .still(state: "On", time: 0))
        let named = try ArchiveExport(document: toggle(), scale: 2).frames(for: .still(state: "base", time: 0))
        #expect(base.frames.count == 1 && base.frames[0].width == 400 && base.frames[0].height == 240)
        #expect(try base.frames[0].straightRGBA8() == named.frames[0].straightRGBA8())
        // The track is grey in the base state and green when on; the knob moved right.
        let trackBase = try pixel(base.frames[0], 2 * 150, 2 * 60), trackOn = try pixel(on.frames[0], 2 * 80, 2 * 60)
        #expect(trackBase[1] < 210 && abs(Int(trackBase[0]) - Int(trackBase[1])) < 10)
        #expect(trackOn[1] > 180 && trackOn[0] < 80)
        #expect(try pixel(on.frames[0], 2 * 108, 2 * 60) == [255, 255, 255, 255])
        #expect(try pixel(base.frames[0], 2 * 108, 2 * 60) == trackBase)
    }

    @Test func timesAndFrameCounts() throws {
        let export = ArchiveExport(document: try toggle(), scale: 1, framesPerSecond: 10)
        #expect(try export.frameTimes(for: .still(state: nil, time: 1.5)) == [1.5])
        #expect(try export.frameTimes(for: .animation(state: nil, duration: 1)).count == 11)
        // The transition's own length is its longest element (the 0.8 s spring).
        let own = try export.frameTimes(for: .transition(from: nil, to: "On", duration: nil))
        #expect(own.count == 9 && own.last == 0.8)
        #expect(try export.frameTimes(for: .transition(from: nil, to: "On", duration: 2)).count == 21)
        // The ring spins: an animation's frames differ over time.
        let spin = try export.frames(for: .animation(state: nil, duration: 0.5))
        #expect(spin.frames.count == 6)
        #expect(try spin.frames[0].straightRGBA8() != spin.frames[3].straightRGBA8())
    }

    @Test func aTransitionGoesFromOneStateToTheOther() throws {
        let export = ArchiveExport(document: try toggle(), scale: 1, framesPerSecond: 10)
        let moving = try export.frames(for: .transition(from: nil, to: "On", duration: 1))
        let start = try ArchiveExport(document: toggle(), scale: 1).frames(for: .still(state: nil, time: 0))
        let end = try ArchiveExport(document: toggle(), scale: 1).frames(for: .still(state: "On", time: 1))
        #expect(try moving.frames.first!.straightRGBA8() == start.frames[0].straightRGBA8())
        #expect(try moving.frames.last!.straightRGBA8() == end.frames[0].straightRGBA8())
        // Halfway the knob is between its places (the spring overshoots, so only roughly).
        let mid = moving.frames[3]
        #expect(try mid.straightRGBA8() != start.frames[0].straightRGBA8() && mid.straightRGBA8() != end.frames[0].straightRGBA8())
    }

    @Test func refusals() throws {
        let export = ArchiveExport(document: try toggle(), scale: 8, framesPerSecond: 120)
        #expect(throws: ArchiveExport.Failure.unknownState("Of", known: ["On", "Loud"])) {
            try export.frames(for: .still(state: "Of", time: 0))
        }
        let message = ArchiveExport.Failure.unknownState("Of", known: ["On", "Loud"]).description
        #expect(message.contains("On, Loud") && message.contains("base"))
        // Ten minutes at 120 fps of 1600×960 pixels is refused before anything is drawn.
        var tooLarge = false
        do { _ = try export.frames(for: .animation(state: nil, duration: 600)) } catch let f as ArchiveExport.Failure {
            if case .tooLarge(let m) = f { tooLarge = m.contains("--duration") }
        }
        #expect(tooLarge)
        // An empty root layer has nothing to draw.
        let empty = try CAMLDocument(data: Data(#"<caml xmlns="http://www.apple.com/CoreAnimation/1.0"><CALayer bounds="0 0 0 0"/></caml>"#.utf8), baseURL: nil)
        #expect(throws: ArchiveExport.Failure.self) { try ArchiveExport(document: empty).frames(for: .still(state: nil, time: 0)) }
    }

    @Test func encodesEveryFormat() throws {
        let export = ArchiveExport(document: try toggle(), scale: 1, framesPerSecond: 10)
        let sequence = try export.frames(for: .animation(state: "On", duration: 0.3)).mergingRepeats()
        let apng = try decodeAPNG(OutputFormat.png.encode(sequence, loopCount: 3))
        #expect(apng.frames.count == 4 && apng.loop == 3 && apng.width == 200)
        #expect(try apng.frames[2] == sequence.frames[2].straightRGBA8())
        let gif = decodeGIF([UInt8](try OutputFormat.gif.encode(sequence, loopCount: 0, dither: false)))
        #expect(gif.frames.count == 4 && gif.loop == 0 && gif.delays.allSatisfy { $0 == 10 })
        #expect(OutputFormat(url: URL(fileURLWithPath: "a/b.GIF")) == .gif && OutputFormat(url: URL(fileURLWithPath: "x.jpg")) == nil)
        // A still is a plain PNG.
        let still = try OutputFormat.png.encode(export.frames(for: .still(state: nil, time: 0)))
        #expect(try !pngChunks(still).contains { $0.type == "acTL" })
    }

    @Test func enormousOrEmptyRootsAreRefusedWithMessagesThatDoNotTrap() throws {
        for width in ["1e30", "0", "1e300"] {
            let caml = """
                <caml xmlns="http://www.apple.com/CoreAnimation/1.0"><CALayer bounds="0 0 \(width) 20" backgroundColor="#ff0000"/></caml>
                """
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID().uuidString).caml")
            try Data(caml.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let export = ArchiveExport(document: try CAMLDocument(contentsOf: url), scale: 3)
            #expect(throws: ArchiveExport.Failure.self) { try export.frames(for: .still(state: nil, time: 0)) }
            do { _ = try export.frames(for: .animation(state: nil, duration: 1)) } catch let f as ArchiveExport.Failure {
                #expect(f.description.contains(width == "0" ? "nothing to draw" : "too much"), "\(f.description)")
            }
        }
        #expect(ArchiveExport.describe(1e30) == "1e+30" && ArchiveExport.describe(12) == "12" && ArchiveExport.describe(.nan) == "nan")
    }

    @Test func partsOfAnExportAreThePicturesOfTheWhole() throws {
        var export = ArchiveExport(document: try toggle(), scale: 1, framesPerSecond: 10)
        export.jobs = 1
        let whole = try export.frames(for: .transition(from: nil, to: "On", duration: 1))
        var parallel = ArchiveExport(document: try toggle(), scale: 1, framesPerSecond: 10)
        parallel.jobs = 3
        let part = try parallel.frames(for: .transition(from: nil, to: "On", duration: 1), range: 3...8)
        #expect(part.frames.count == 6)
        for k in 0..<6 { #expect(try part.frames[k].straightRGBA8() == whole.frames[k + 3].straightRGBA8(), "frame \(k + 3)") }
        #expect(throws: ArchiveExport.Failure.self) { try parallel.frames(for: .animation(state: nil, duration: 1), range: 0...11) }
    }
}
