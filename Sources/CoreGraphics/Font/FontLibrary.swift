@_implementationOnly import CFreeType
@_implementationOnly import CFontconfig

/// The process's FreeType library and fontconfig configuration. FreeType faces are not safe to
/// use from two threads at once, so every FreeType call goes through `withLock`.
enum FontLibrary {
    nonisolated(unsafe) private static var library: FT_Library?
    private static let lock = NSRecursiveLock()

    /// Runs `body` holding the FreeType lock, with the library initialised.
    static func withLock<T>(_ body: (FT_Library?) -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        if library == nil {
            var lib: FT_Library?
            if FT_Init_FreeType(&lib) == 0 { library = lib }
            _ = FcInit()
        }
        return body(library)
    }

    /// Apple's names for the system font (San Francisco), compared without spaces, hyphens or case.
    static let systemFontNames = ["sfpro", "sfprotext", "sfprodisplay", "sfui", "sfuitext", "sfuidisplay", "sanfrancisco",
                                  "applesystemuifont", "system"]

    /// Whether `name` (with any weight suffix) names the system font.
    static func isSystemFontName(_ name: String) -> Bool {
        var base = name
        if let dash = name.lastIndex(of: "-") { base = String(name[..<dash]) }
        let key = base.lowercased().filter { $0.isLetter || $0.isNumber }
        return systemFontNames.contains(key) || systemFontNames.contains(where: { key.hasPrefix($0) && $0.count > 3 })
    }

    /// Finds a font for `name`: first among the faces Lamina knows by path (`FontCatalog`:
    /// registered, Apple's, shipped), then Apple names through their stand-ins (`AppleFontStandIns`), others by
    /// family or PostScript name through fontconfig. Nil when nothing matches the name.
    /// Apple's system-font names (".SFUI-Bold", "SFMono-Regular"…) take Apple's own fonts when
    /// a folder of them is in use (`AppleFonts`), choosing the optical size by `size`.
    static func locate(_ name: String, size: CGFloat? = nil) -> (location: FontCatalog.Face.Location, family: String,
                                                                 origin: FontCatalog.Origin?)? {
        FontCatalog.ensureDefaults()
        // Answers are kept until the catalog changes (fonts registered or removed, Apple's
        // fonts used or not): a view hierarchy asks for the same few fonts over and over.
        let change = FontCatalog.shared.changeCount
        let key = LocateKey(name: name, size: size.map { UInt64($0.bitPattern) })
        typealias Answer = (location: FontCatalog.Face.Location, family: String, origin: FontCatalog.Origin?)?
        if let kept = located.withLock({ $0.change == change ? $0.answers[key] : nil }), let answer = kept as? Answer {
            return answer
        }
        let answer = locateInCatalog(name, size: size)
        located.withLock { memo in
            if memo.change != change || memo.answers.count >= 512 { memo = (change, [:]) }
            memo.answers[key] = answer as Any
        }
        return answer
    }

    private static func locateInCatalog(_ name: String, size: CGFloat?) -> (location: FontCatalog.Face.Location, family: String,
                                                                            origin: FontCatalog.Origin?)? {
        let named = FontCatalog.shared.face(named: name)
        if let f = named, f.origin == .registered { return (f.location, f.family, f.origin) }
        if let r = AppleFonts.systemRequest(name), let f = AppleFonts.face(r.design, weight: r.weight, italic: r.italic, size: size) {
            return (f.location, f.family, f.origin)
        }
        if let f = named { return (f.location, f.family, f.origin) }
        // Split a weight/style suffix: "Helvetica-Bold", "PingFangSC-Regular", "HelveticaNeue-BoldItalic".
        var base = name, weight: Int?, italic = false
        if let dash = name.lastIndex(of: "-"), let style = AppleFontStandIns.style(String(name[name.index(after: dash)...])) {
            base = String(name[..<dash])
            (weight, italic) = style
        }
        var candidates = [base]
        let standIn = AppleFontStandIns.standIn(forKey: FontCatalog.key(base))
        if let standIn {
            candidates = standIn.families
            italic = italic || standIn.italic
        }
        /// One diagnostic when a stand-in sets text at other widths than the Apple face.
        func drawing(with face: String) {
            if let standIn, !standIn.sameMetrics { LaminaDiagnostics.report(AppleFontStandIns.message(name: name, face: face)) }
        }
        for family in candidates {
            if let f = FontCatalog.shared.face(family: family, weight: weight ?? 400, italic: italic, origins: [.registered, .bundled]) {
                drawing(with: f.fullName)
                return (f.location, f.family, f.origin)
            }
        }
        return withLock { _ in
            for family in candidates {
                if let (path, index, found) = match(family: family, weight: weight, italic: italic, exact: standIn == nil) {
                    drawing(with: found)
                    return (.file(path, index: index), found, nil)
                }
            }
            return nil
        }
    }

    /// A fontconfig match; with `exact`, only when the family or PostScript name matches.
    /// `weight` is an OS/2 weight class.
    private static func match(family: String, weight: Int?, italic: Bool, exact: Bool) -> (String, Int32, String)? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { f in FcPatternAddString(pattern, "family", UnsafeRawPointer(f).assumingMemoryBound(to: FcChar8.self)) }
        if let weight { _ = FcPatternAddInteger(pattern, "weight", FcWeightFromOpenType(Int32(clamping: weight))) }
        if italic { _ = FcPatternAddInteger(pattern, "slant", 100) }
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        func string(_ key: String) -> String? {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(matched, key, 0, &value) == FcResultMatch, let value else { return nil }
            return String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
        }
        guard let file = string("file") else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(matched, "index", 0, &index)
        let matchedFamily = string("family") ?? family
        if exact {
            let want = family.lowercased().filter { $0.isLetter || $0.isNumber }
            let names = [matchedFamily, string("postscriptname") ?? "", string("fullname") ?? ""]
                .map { $0.lowercased().filter { $0.isLetter || $0.isNumber } }
            guard names.contains(want) else { return nil }
        } else if matchedFamily.lowercased() != family.lowercased() {
            return nil
        }
        return (file, index, matchedFamily)
    }
}

/// `FontLibrary.locate`'s answers, kept until the font catalog changes.
private struct LocateKey: Hashable { let name: String, size: UInt64? }
/// (Answers are kept as `Any`: a stored property here cannot name the catalog's SPI types.)
private let located = Locked<(change: Int, answers: [LocateKey: Any])>((-1, [:]))
