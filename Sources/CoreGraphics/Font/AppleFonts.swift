/// Apple's own fonts, used when the user has them: SF Pro (Text, Display and Rounded), SF
/// Compact, SF Mono and New York, which Apple offers to developers under its own licence
/// (developer.apple.com/fonts). Lamina ships none of them.
///
/// Point Lamina at a folder holding the font files, with the environment variable
/// `LAMINA_APPLE_FONTS` or ``use(folder:)``. Then the system font (`UIFont.systemFont`, text
/// styles, `CTFontCreateWithName(".SFUI-…")`) is SF Pro Text below 20 points and SF Pro Display
/// from 20 points, as on iOS, with the tracking Apple publishes for each size
/// (`SystemFontTracking`); the rounded, monospaced and serif designs are SF Pro Rounded, SF Mono
/// and New York; weights are the nearest the folder has. A design whose files are missing keeps
/// Lamina's stand-in, with one diagnostic. Files are found by the names inside them, in any
/// sub-folder; files that are not fonts are skipped, each with one diagnostic.
///
/// The licence: Apple's fonts may be used to design and develop software for Apple's platforms.
/// Rendering your own iOS app's snapshot tests on a Linux machine is that use as long as the
/// machine is yours and the fonts stay on it; do not ship them in a package, an image or a
/// repository. Read the licence that comes with the fonts before you rely on this.
public enum AppleFonts {
    /// What ``use(folder:)`` found.
    public struct Report: Sendable {
        /// The folder read.
        public let folder: URL
        /// The PostScript names of the faces found.
        public let faces: [String]
        /// Files that were not used, each with why.
        public let skipped: [String]
    }

    /// The system-font designs (`UIFontDescriptor.SystemDesign`).
    public enum Design: Sendable {
        case `default`, rounded, monospaced, serif
    }

    /// The most files read from a folder (Lamina's limit): Apple's fonts are a few dozen files;
    /// a folder with more is read no further, with a diagnostic.
    public static let maximumFileCount = 4096

    private static let lock = NSLock()
    nonisolated(unsafe) private static var current: URL?
    nonisolated(unsafe) private static var reportedMissing: Set<String> = []

    /// The folder in use, or nil.
    public static var folder: URL? {
        FontCatalog.ensureDefaults()
        lock.lock(); defer { lock.unlock() }
        return current
    }

    /// Uses the fonts in `folder` (and its sub-folders) for the system font and its designs,
    /// replacing the fonts of any folder used before. Returns what was found; a folder with no
    /// Apple font in it is reported with a diagnostic.
    @discardableResult
    public static func use(folder: URL) -> Report {
        FontCatalog.ensureDefaults()
        return load(folder)
    }

    /// Stops using Apple's fonts: the stand-ins draw the system font again.
    public static func stopUsing() {
        FontCatalog.shared.remove { $0.origin == .appleFonts }
        lock.lock(); current = nil; reportedMissing = []; lock.unlock()
    }

    /// Reads `LAMINA_APPLE_FONTS` from `environment` (once per process, at the first font lookup).
    @_spi(Lamina) public static func useEnvironment(_ environment: [String: String]) {
        guard let path = environment["LAMINA_APPLE_FONTS"], !path.isEmpty else { return }
        load(URL(fileURLWithPath: path))
    }

    @discardableResult
    private static func load(_ folder: URL) -> Report {
        FontCatalog.shared.remove { $0.origin == .appleFonts }
        var faces: [FontCatalog.Face] = []
        var skipped: [String] = []
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue {
            var files: [URL] = []
            if let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) {
                for case let url as URL in walk where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                    guard files.count < maximumFileCount else {
                        LaminaDiagnostics.report("Apple's fonts: \(folder.path) holds more than \(maximumFileCount) files; the rest are not read")
                        break
                    }
                    files.append(url)
                }
            }
            files.sort { $0.path < $1.path }
            for file in files {
                do {
                    let found = try FontCatalog.read(file: file.path, origin: .appleFonts)
                    faces += found
                } catch {
                    skipped.append("\(error)")
                    LaminaDiagnostics.report("Apple's fonts: skipped \(error)")
                }
            }
        } else {
            skipped.append("\(folder.path): not a folder")
            LaminaDiagnostics.report("Apple's fonts: \(folder.path) is not a folder")
        }
        if faces.isEmpty {
            LaminaDiagnostics.report("Apple's fonts: no font in \(folder.path); the system font keeps Lamina's stand-in")
        }
        FontCatalog.shared.add(faces)
        lock.lock(); current = faces.isEmpty ? nil : folder; reportedMissing = []; lock.unlock()
        return Report(folder: folder, faces: faces.map(\.postScriptName), skipped: skipped)
    }

    // MARK: The system font

    /// The size at which iOS switches San Francisco from its Text to its Display optical size.
    public static let displaySize: CGFloat = 20

    /// Whether `name` names the system font in some design (Lamina SPI).
    @_spi(Lamina) public static func isSystemFontName(_ name: String) -> Bool { systemRequest(name) != nil }

    /// The design and style a system-font name asks for (".SFUI-Semibold", ".SFUIRounded-Bold",
    /// "SFMono-Regular", "NewYork-Italic", "SF Pro Text"…), or nil for other names.
    static func systemRequest(_ name: String) -> (design: Design, weight: Int, italic: Bool)? {
        let (family, weight, italic) = FontCatalog.splitStyle(name)
        let key = FontCatalog.key(family)
        let design: Design
        if key.hasPrefix("sfuirounded") || key.hasPrefix("sfprorounded") || key.hasPrefix("sfcompactrounded") {
            design = .rounded
        } else if key.hasPrefix("sfmono") {
            design = .monospaced
        } else if key.hasPrefix("newyork") {
            design = .serif
        } else if FontLibrary.isSystemFontName(family) {
            design = .default
        } else {
            return nil
        }
        return (design, weight ?? 400, italic)
    }

    /// Apple's face for a system-font request at `size` points (nil size: the text optical
    /// size), or nil when no folder is in use or it holds no face of the design.
    static func face(_ design: Design, weight: Int, italic: Bool, size: CGFloat?) -> FontCatalog.Face? {
        lock.lock(); let active = current != nil; lock.unlock()
        guard active else { return nil }
        let display = (size ?? 0) >= displaySize
        let families: [String]
        switch design {
        case .default:
            families = display ? ["SF Pro Display", "SF Pro", "SF Pro Text"] : ["SF Pro Text", "SF Pro", "SF Pro Display"]
        case .rounded: families = ["SF Pro Rounded", "SF Compact Rounded"]
        case .monospaced: families = ["SF Mono"]
        case .serif:
            // New York's optical sizes [U]: Small below 20 pt, Medium to 28, Large to 36, Extra Large above.
            let s = size ?? 17
            let optical = s < 20 ? "New York Small" : s < 28 ? "New York Medium" : s < 36 ? "New York Large" : "New York Extra Large"
            families = ["New York", optical, "New York Small", "New York Medium", "New York Large", "New York Extra Large"]
        }
        for (i, family) in families.enumerated() {
            guard let f = FontCatalog.shared.face(family: family, weight: weight, italic: italic, origins: [.appleFonts]) else { continue }
            if i > 0 { reportMissing(families[0], using: family) }
            return f
        }
        reportMissing(families[0], using: nil)
        return nil
    }

    private static func reportMissing(_ family: String, using other: String?) {
        lock.lock()
        let first = reportedMissing.insert(family).inserted
        lock.unlock()
        guard first else { return }
        if let other {
            LaminaDiagnostics.report("Apple's fonts: no \(family) in the folder; \(other) draws it")
        } else {
            LaminaDiagnostics.report("Apple's fonts: no \(family) in the folder; Lamina's stand-in draws it")
        }
    }
}
