import Testing
import Foundation

/// Text draws with the fonts shipped inside the package, never with the machine's: `lamina
/// gallery` run with fontconfig given no fonts at all writes the same bytes as with Debian's
/// font packages installed, for the entries with the most text and scripts.
@Suite("Fonts do not depend on the machine", .serialized)
struct FontIndependenceTests {
    static let entries = ["article2-layer-label", "text", "scripts", "uikit-controls", "uikit-tables", "hold-keyframes"]

    func render(environment extra: [String: String]) throws -> (files: [String: Data], stderr: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-fonts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = ProcessInfo.processInfo.environment
        for (k, v) in extra { env[k] = v }
        let r = try LaminaProcess.run(["gallery", "--out", dir.path, "--scale", "1", "--fps", "4", "--only"] + Self.entries,
                                      timeout: 600, environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".png") {
            files[name] = try Data(contentsOf: dir.appendingPathComponent(name))
        }
        return (files, r.stderr)
    }

    @Test func theGalleryIsTheSameWithoutAnyFontconfigFont() throws {
        let conf = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-no-fonts-\(getpid()).conf")
        try Data("<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".utf8).write(to: conf)
        defer { try? FileManager.default.removeItem(at: conf) }
        let usual = try render(environment: [:])
        let bare = try render(environment: ["FONTCONFIG_FILE": conf.path])
        #expect(usual.files.count == Self.entries.count)
        #expect(Set(usual.files.keys) == Set(bare.files.keys))
        for (name, data) in usual.files {
            #expect(bare.files[name] == data, "\(name) differs without fontconfig's fonts")
        }
        // Nothing had to come from fontconfig.
        #expect(!usual.stderr.contains("fontconfig"), "\(usual.stderr)")
    }
}
