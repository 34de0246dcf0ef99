/// The fonts shipped inside the package (`Resources/Fonts`, a SwiftPM resource), found by path:
/// the system font's stand-in, the substitutes for Helvetica, Times and Menlo, colour emoji, the
/// symbol font and fallback faces for Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari, Thai
/// and Chinese, Japanese and Korean text (see `Resources/Fonts/README.md`). They are cataloged
/// (`FontCatalog`, origin `.bundled`) the first time a font is looked up, so the same code
/// draws the same bytes on every machine whatever fontconfig has.
///
/// Where: the folder `LAMINA_FONTS_DIR` names, else `Lamina_CoreGraphics.resources/Fonts` next
/// to the executable (where SwiftPM puts it, in `.build/debug` or `.build/release`; copy it along
/// with a binary you deploy), else the package's source tree.
@_spi(Lamina) public enum BundledFonts {
    /// The folder the shipped fonts were read from, or nil (with a diagnostic) when none was found.
    public static var directory: URL? { loaded.directory }

    /// The faces shipped, cataloged once per process.
    static let loaded: (directory: URL?, count: Int) = {
        guard let dir = locate() else {
            LaminaDiagnostics.report("Lamina's fonts were not found (Lamina_CoreGraphics.resources next to the executable, or "
                + "LAMINA_FONTS_DIR): text uses what fontconfig has, or draws nothing")
            return (nil, 0)
        }
        var faces: [FontCatalog.Face] = []
        let files = (FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { ["ttf", "otf", "ttc"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
        for file in files {
            do {
                faces += try FontCatalog.read(file: file.path, origin: .bundled)
            } catch {
                LaminaDiagnostics.report("a shipped font is unreadable: \(error)")
            }
        }
        FontCatalog.shared.add(faces)
        return (dir, faces.count)
    }()

    /// Catalogs the shipped fonts if not done yet.
    static func ensureLoaded() { _ = loaded }

    private static func locate() -> URL? {
        let fm = FileManager.default
        func fonts(_ url: URL) -> URL? {
            var isDirectory: ObjCBool = false
            return fm.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue ? url : nil
        }
        if let env = ProcessInfo.processInfo.environment["LAMINA_FONTS_DIR"], !env.isEmpty {
            if let d = fonts(URL(fileURLWithPath: env)) { return d }
            LaminaDiagnostics.report("LAMINA_FONTS_DIR (\(env)) is not a folder; looking next to the executable")
        }
        let bundle = "Lamina_CoreGraphics.resources/Fonts"
        var places = [Bundle.main.bundleURL.appendingPathComponent(bundle)]
        if let exe = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            places.append(URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent(bundle))
        }
        // The package's own source tree (a binary run where it was built, by another path).
        places.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/Fonts"))
        return places.lazy.compactMap(fonts).first
    }

    /// A font with no glyphs (San Francisco's vertical metrics, every character empty): what
    /// text is drawn with when no font at all is found, so it lays out and draws nothing.
    public static let emptyFont: CGFont = {
        guard let data = Data(base64Encoded: emptyFontBase64), let f = try? CGFont.load(data) else {
            fatalError("Lamina's built-in empty font is unreadable")
        }
        return f
    }()

    /// A 740-byte TrueType font (made with fontTools): one empty .notdef glyph, 2048 units per
    /// em, ascender 1950, descender −494.
    private static let emptyFontBase64 = "AAEAAAAKAIAAAwAgT1MvMlAdSUAAAAEoAAAAYGNtYXAADABGAAABjAAAACxnbHlmAAAAAAAAAbwAAAABaGVhZMS3APgAAACsAAAANmhoZWEHn/4UAAAA5AAAACRobXR4AAAAAAAAAYgAAAAEbG9jYQAAAAAAAAG4AAAABG1heHAAAgACAAABCAAAACBuYW1l31FU2QAAAcAAAAD/cG9zdAADAAAAAALAAAAAJAABAAAAAQAArethV18PPPUAAwgAAAAAALLQXgAAAAAAstBeAAAAAAAAAAAAAAAAAwACAAAAAAAAAAEAAAee/hIAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAABAAEAAAABAAAAAAAAAAAAAgAAAAAAAAAAAAAAAAAAAAAAAwAAAZAABQAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAPz8/PwAAAAAAAAee/hIAAAeeAe4AAAAAAAAAAARMBZoAAAAgAAAAAAAAAAAAAgAAAAMAAAAUAAMAAQAAABQABAAYAAAAAgACAAAAAP//AAD//wABAAAAAAAAAAAAAAAAAAgAZgABAAAAAAABAAwAAAABAAAAAAACAAcADAABAAAAAAAFAA0AEwABAAAAAAAGABMAIAADAAEECQABABgAMwADAAEECQACAA4ASwADAAEECQAFABoAWQADAAEECQAGACYAc0xhbWluYSBFbXB0eVJlZ3VsYXJWZXJzaW9uIDEuMDAwTGFtaW5hRW1wdHktUmVndWxhcgBMAGEAbQBpAG4AYQAgAEUAbQBwAHQAeQBSAGUAZwB1AGwAYQByAFYAZQByAHMAaQBvAG4AIAAxAC4AMAAwADAATABhAG0AaQBuAGEARQBtAHAAdAB5AC0AUgBlAGcAdQBsAGEAcgAAAgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABAAA="
}
