@_implementationOnly import CFreeType

/// Font faces Lamina finds by path or bytes, never through fontconfig: fonts an application
/// registers (`CTFontManagerRegisterFontsForURL`, `CTFontManagerRegisterGraphicsFont`), Apple's
/// own fonts from a folder the user names, and the faces shipped inside the package. A name is
/// looked up here first, in that order, and only then through fontconfig.
@_spi(Lamina) public final class FontCatalog: @unchecked Sendable {
    /// Where a face came from, in lookup order.
    public enum Origin: Int, Sendable, Comparable {
        case registered, appleFonts, bundled
        public static func < (a: Origin, b: Origin) -> Bool { a.rawValue < b.rawValue }
    }

    /// One face and the names it answers to.
    public struct Face: Sendable {
        public enum Location: Sendable, Equatable {
            /// Face `index` of the font file at `path`.
            case file(String, index: Int32)
            /// Font bytes (a registered `CGFont`), with the face's index.
            case data(Data, index: Int32)
        }
        public let location: Location
        public let family: String
        public let style: String
        public let postScriptName: String
        public let fullName: String
        /// The OS/2 weight class (100 thin … 400 regular … 900 black).
        public let weight: Int
        public let italic: Bool
        public let origin: Origin
    }

    /// The process's catalog.
    public static let shared = FontCatalog()

    /// Catalogs the shipped fonts and the Apple fonts `LAMINA_APPLE_FONTS` names, once per process.
    static func ensureDefaults() { _ = defaults }
    private static let defaults: Void = {
        BundledFonts.ensureLoaded()
        AppleFonts.useEnvironment(ProcessInfo.processInfo.environment)
    }()

    private let lock = NSLock()
    private var faces: [Face] = []
    /// Answers of ``face(named:)`` and ``face(family:weight:italic:origins:)`` so far, forgotten
    /// when faces are added or removed (a text layer looks its font up every time it draws).
    private var namedAnswers: [String: Face?] = [:]
    private var familyAnswers: [FamilyQuery: Face?] = [:]
    private struct FamilyQuery: Hashable {
        let family: String, weight: Int, italic: Bool, origins: Set<Origin>
    }

    /// The faces of `origin` (all when nil), in lookup order.
    public func faces(from origin: Origin? = nil) -> [Face] {
        FontCatalog.ensureDefaults()
        lock.lock(); defer { lock.unlock() }
        return faces.filter { origin == nil || $0.origin == origin }
    }

    /// How many times faces were added or removed (Lamina SPI: kept layouts made before a change
    /// may have chosen other faces, so they are not reused across it).
    @_spi(Lamina) public var changeCount: Int {
        lock.lock(); defer { lock.unlock() }
        return changes
    }
    private var changes = 0

    /// Adds faces (kept in origin order, later additions of one origin after earlier ones).
    public func add(_ new: [Face]) {
        lock.lock(); defer { lock.unlock() }
        namedAnswers = [:]; familyAnswers = [:]
        changes += 1
        for f in new {
            let i = faces.firstIndex { $0.origin > f.origin } ?? faces.count
            faces.insert(f, at: i)
        }
    }

    /// Removes the faces `remove` picks; returns how many.
    @discardableResult
    public func remove(where remove: (Face) -> Bool) -> Int {
        lock.lock(); defer { lock.unlock() }
        let before = faces.count
        faces.removeAll(where: remove)
        if faces.count != before { namedAnswers = [:]; familyAnswers = [:]; changes += 1 }
        return before - faces.count
    }

    /// The face `name` names: a PostScript or full name, else a family with an optional weight
    /// or style suffix ("Inter Display-Bold", "SF Pro Text Semibold"). Nil when none matches.
    public func face(named name: String) -> Face? {
        FontCatalog.ensureDefaults()
        lock.lock(); defer { lock.unlock() }
        if let known = namedAnswers[name] { return known }
        let answer = lookUp(named: name)
        if namedAnswers.count >= 4096 { namedAnswers = [:] }
        namedAnswers[name] = answer
        return answer
    }

    /// ``face(named:)`` without the memo (lock held).
    private func lookUp(named name: String) -> Face? {
        let key = FontCatalog.key(name)
        guard !key.isEmpty else { return nil }
        if let f = faces.first(where: { FontCatalog.key($0.postScriptName) == key }) { return f }
        if let f = faces.first(where: { FontCatalog.key($0.fullName) == key }) { return f }
        let (family, weight, italic) = FontCatalog.splitStyle(name)
        return closest(in: faces.filter { FontCatalog.key($0.family) == FontCatalog.key(family) }, weight: weight ?? 400, italic: italic)
    }

    /// The face of `family` closest to `weight` (and italic or not), among `origins`.
    public func face(family: String, weight: Int, italic: Bool, origins: Set<Origin> = [.registered, .appleFonts, .bundled]) -> Face? {
        FontCatalog.ensureDefaults()
        lock.lock(); defer { lock.unlock() }
        let query = FamilyQuery(family: family, weight: weight, italic: italic, origins: origins)
        if let known = familyAnswers[query] { return known }
        let key = FontCatalog.key(family)
        let answer = closest(in: faces.filter { origins.contains($0.origin) && FontCatalog.key($0.family) == key }, weight: weight,
                             italic: italic)
        if familyAnswers.count >= 4096 { familyAnswers = [:] }
        familyAnswers[query] = answer
        return answer
    }

    /// The first of `candidates` of the lowest origin, nearest in weight, italic as asked when it can be.
    private func closest(in candidates: [Face], weight: Int, italic: Bool) -> Face? {
        guard let best = candidates.map(\.origin).min() else { return nil }
        let pool = candidates.filter { $0.origin == best }
        let styled = pool.filter { $0.italic == italic }
        return (styled.isEmpty ? pool : styled).min { abs($0.weight - weight) < abs($1.weight - weight) }
    }

    // MARK: Reading faces

    /// Why a font file could not be cataloged (named after CoreText's font manager errors).
    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case fileNotFound(String)
        case unreadable(String)
        case tooLarge(String)
        case notAFont(String)
        public var description: String {
            switch self {
            case .fileNotFound(let p): "\(p): no such file"
            case .unreadable(let p): "\(p): cannot be read"
            case .tooLarge(let p): "\(p): larger than the \(BoundedFileReader.describe(bytes: CGFont.maximumDataSize)) Lamina reads"
            case .notAFont(let p): "\(p): not a font FreeType can read"
            }
        }
    }

    /// The faces of the font file at `path` (every face of a collection), as `origin`.
    public static func read(file path: String, origin: Origin) throws(ReadError) -> [Face] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw .fileNotFound(path)
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.intValue else { throw .unreadable(path) }
        guard size <= CGFont.maximumDataSize else { throw .tooLarge(path) }
        let faces = names(opening: { lib, index, face in FT_New_Face(lib, path, FT_Long(index), &face) })
            .map { Face(location: .file(path, index: $0.index), family: $0.family, style: $0.style, postScriptName: $0.postScript,
                        fullName: $0.full, weight: $0.weight, italic: $0.italic, origin: origin) }
        guard !faces.isEmpty else { throw .notAFont(path) }
        return faces
    }

    /// The faces of font bytes, as `origin`; `label` names them in errors.
    public static func read(data: Data, label: String, origin: Origin) throws(ReadError) -> [Face] {
        guard data.count <= CGFont.maximumDataSize else { throw .tooLarge(label) }
        guard !data.isEmpty else { throw .notAFont(label) }
        let faces = data.withUnsafeBytes { raw -> [Face] in
            let base = raw.baseAddress!.assumingMemoryBound(to: FT_Byte.self)
            return names(opening: { lib, index, face in FT_New_Memory_Face(lib, base, FT_Long(raw.count), FT_Long(index), &face) })
                .map { Face(location: .data(data, index: $0.index), family: $0.family, style: $0.style, postScriptName: $0.postScript,
                            fullName: $0.full, weight: $0.weight, italic: $0.italic, origin: origin) }
        }
        guard !faces.isEmpty else { throw .notAFont(label) }
        return faces
    }

    private struct Names { var index: Int32; var family, style, postScript, full: String; var weight: Int; var italic: Bool }

    /// The names of every face `open` opens (face 0 first: its count of faces says how many).
    private static func names(opening open: (FT_Library?, Int32, inout FT_Face?) -> FT_Error) -> [Names] {
        FontLibrary.withLock { lib -> [Names] in
            var out: [Names] = []
            var count: Int32 = 1
            var index: Int32 = 0
            // A collection holds at most a few hundred faces; a corrupt count stops here.
            while index < min(count, 512) {
                var face: FT_Face?
                guard open(lib, index, &face) == 0, let face else { break }
                defer { FT_Done_Face(face) }
                if index == 0 { count = Int32(clamping: face.pointee.num_faces) }
                let family = face.pointee.family_name.map { String(cString: $0) } ?? ""
                let style = face.pointee.style_name.map { String(cString: $0) } ?? "Regular"
                guard !family.isEmpty else { index += 1; continue }
                let ps = FT_Get_Postscript_Name(face).map { String(cString: $0) } ?? family.filter { $0 != " " } + "-" + style
                var weight = style.lowercased().contains("bold") ? 700 : 400
                if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
                   os2.pointee.usWeightClass >= 1, os2.pointee.usWeightClass <= 1000 {
                    weight = Int(os2.pointee.usWeightClass)
                }
                let italic = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
                let full = style == "Regular" ? family : "\(family) \(style)"
                out.append(Names(index: index, family: family, style: style, postScript: ps, full: full, weight: weight, italic: italic))
                index += 1
            }
            return out
        }
    }

    // MARK: Names

    /// A name compared without spaces, hyphens, underscores or case.
    package static func key(_ name: String) -> String { name.lowercased().filter { $0.isLetter || $0.isNumber } }

    /// The weight words font names end with, and their OS/2 weight classes (heavy between bold
    /// and black, as `UIFont.Weight.heavy` is).
    static let weightWords: [(String, Int)] = [
        ("ultralight", 200), ("extralight", 200), ("thin", 100), ("hairline", 100), ("light", 300), ("regular", 400),
        ("book", 400), ("medium", 500), ("semibold", 600), ("demibold", 600), ("demi", 600), ("bold", 700),
        ("extrabold", 800), ("ultrabold", 800), ("heavy", 800), ("black", 900), ("extrablack", 950), ("ultrablack", 950),
    ]

    /// `name` split into a family and the weight and italic its last word or `-Style` suffix
    /// gives ("Helvetica-BoldOblique", "Inter Display Semibold").
    package static func splitStyle(_ name: String) -> (family: String, weight: Int?, italic: Bool) {
        let separators: [Character] = ["-", " "]
        guard let cut = name.lastIndex(where: { separators.contains($0) }) else { return (name, nil, false) }
        var style = key(String(name[name.index(after: cut)...]))
        var italic = false
        for suffix in ["italic", "oblique"] where style.hasSuffix(suffix) {
            italic = true
            style = String(style.dropLast(suffix.count))
        }
        if style.isEmpty { return (String(name[..<cut]), nil, italic) }
        guard let w = weightWords.first(where: { $0.0 == style }) else { return (name, nil, false) }
        return (String(name[..<cut]), w.1, italic)
    }
}
