@_implementationOnly import CFontconfig

/// Fonts for characters the requested font lacks, found through fontconfig and cached, so a
/// frame never asks fontconfig per glyph.
///
/// The order, per grapheme cluster (a character with its marks, an emoji sequence):
/// 1. an emoji in emoji presentation (an emoji-presentation character, or any followed by
///    U+FE0F, a keycap or a flag) takes Noto Color Emoji, as iOS takes Apple Color Emoji, even
///    when the requested font has a black-and-white glyph for it;
/// 2. the requested font, when it has a glyph for every character of the cluster;
/// 3. for Latin, Greek, Cyrillic, Han, kana, Hangul and shared characters, DejaVu Sans and then
///    WenQuanYi Micro Hei (shipped with Lamina);
/// 4. the script faces shipped with Lamina (`BundledFonts`): Noto Sans Arabic UI, Noto Sans
///    Hebrew, Noto Sans Devanagari UI, Noto Sans Thai UI (UI faces: line metrics made for
///    interfaces, as iOS's system fonts have);
/// 5. otherwise an installed font that covers the characters, fontconfig asked with the family
///    "Noto Sans": Noto's UI face for the script first, then Noto Sans, then any Noto face, then
///    whatever fontconfig ranks first (a diagnostic, once per process, names the first);
/// 6. when nothing covers the cluster, the requested font's missing-glyph box.
///
/// Steps 1 to 4 use only the shipped faces, so text in those scripts draws the same bytes on
/// every machine; step 5 depends on the machine's fonts.
@_spi(Lamina) public enum FontFallback {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var byKey: [Key: CGFont?] = [:]
    nonisolated(unsafe) private static var byFile: [String: CGFont] = [:]
    nonisolated(unsafe) private static var defaultFaces: [CGFont]?
    nonisolated(unsafe) private static var emojiFace: CGFont??

    private struct Key: Hashable { var scalar: UInt32; var emoji: Bool }
    nonisolated(unsafe) private static var queries: [UInt32: Int] = [:]

    /// How many times fontconfig has been asked for a fallback for clusters starting with
    /// `scalar` in this process: once, as later lookups come from the cache.
    public static func fontconfigQueries(for scalar: Unicode.Scalar) -> Int {
        lock.lock(); defer { lock.unlock() }
        return queries[scalar.value, default: 0]
    }

    /// The families tried first for the scripts `TextScript.prefersDefaultFaces` names.
    public static let defaultFamilies = ["DejaVu Sans", "WenQuanYi Micro Hei"]
    /// The colour emoji family.
    public static let emojiFamily = "Noto Color Emoji"
    /// The family fontconfig is asked for with the characters when the defaults lack them.
    public static let scriptFamily = "Noto Sans"

    /// The faces tried for Latin-like and Han text, in order.
    public static var defaults: [CGFont] {
        lock.lock(); defer { lock.unlock() }
        if let d = defaultFaces { return d }
        let d = defaultFamilies.compactMap { try? CGFont.named($0) }
        defaultFaces = d
        return d
    }

    /// The families of the shipped script faces, in the order they are tried.
    public static let scriptFamilies = ["Noto Sans Arabic UI", "Noto Sans Hebrew", "Noto Sans Devanagari UI", "Noto Sans Thai UI"]
    nonisolated(unsafe) private static var scriptFaceList: [CGFont]?
    nonisolated(unsafe) private static var reportedFontconfig = false

    /// The shipped script faces (regular weight), in order.
    public static var scriptFaces: [CGFont] {
        lock.lock(); defer { lock.unlock() }
        if let f = scriptFaceList { return f }
        let f = scriptFamilies.compactMap { family -> CGFont? in
            guard let face = FontCatalog.shared.face(family: family, weight: 400, italic: false, origins: [.bundled]),
                  case let .file(path, index) = face.location else { return nil }
            return CGFont.load(file: path, index: index)
        }
        scriptFaceList = f
        return f
    }

    /// The colour emoji face, when installed.
    public static var emoji: CGFont? {
        lock.lock(); defer { lock.unlock() }
        if let e = emojiFace { return e }
        let e = try? CGFont.named(emojiFamily)
        emojiFace = .some(e)
        return e
    }

    /// Whether a grapheme cluster is an emoji in emoji presentation.
    public static func isEmojiPresentation(_ cluster: Character) -> Bool {
        let scalars = cluster.unicodeScalars
        guard let first = scalars.first else { return false }
        if scalars.contains(where: { $0.value == 0xFE0E }) { return false }
        if scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x20E3 }) { return true }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return true }
        // No scalar before U+231A (WATCH) has the Emoji_Presentation property.
        if first.value < 0x231A { return false }
        return first.properties.isEmojiPresentation
    }

    /// Scalars that need no glyph of their own: joiners and variation selectors, tag
    /// characters (their sequence is shaped by the emoji font).
    public static func isDefaultIgnorable(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x200B...0x200F, 0x2060...0x2064, 0xFE00...0xFE0F, 0xE0000...0xE0FFF, 0x180B...0x180F, 0xFEFF: true
        default: false
        }
    }

    /// Whether `font` has a glyph for every scalar of the cluster that needs one.
    public static func covers(_ font: CGFont, _ cluster: Character) -> Bool {
        cluster.unicodeScalars.allSatisfy { isDefaultIgnorable($0) || font.glyph(for: $0) != 0 }
    }

    /// The font that draws `cluster` when the requested font is `font` (the order above);
    /// `script` is the cluster's resolved script.
    public static func font(for cluster: Character, requested font: CGFont, script: UInt32) -> CGFont {
        // One ASCII character (most text): no emoji, nothing ignorable, one glyph to look for.
        if let ascii = ASCIICharacter.byte(cluster), ascii >= 0x20, font.glyph(for: Unicode.Scalar(ascii)) != 0 { return font }
        let emoji = isEmojiPresentation(cluster)
        if emoji, let e = self.emoji, covers(e, cluster) { return e }
        if covers(font, cluster) { return font }
        if !emoji || cluster.unicodeScalars.count == 1, TextScript.prefersDefaultFaces(script) {
            for f in defaults where covers(f, cluster) { return f }
        }
        if !emoji { for f in scriptFaces where covers(f, cluster) { return f } }
        guard let key = cluster.unicodeScalars.first(where: { !isDefaultIgnorable($0) }).map({ Key(scalar: $0.value, emoji: emoji) })
        else { return font }
        lock.lock()
        let cached = byKey[key]
        lock.unlock()
        if let cached {
            if let c = cached, covers(c, cluster) { return c }
            if cached == nil { return font }
        }
        let found = query(Array(cluster.unicodeScalars.filter { !isDefaultIgnorable($0) }), emoji: emoji)
        lock.lock()
        if byKey[key] == nil { byKey[key] = .some(found) }
        lock.unlock()
        return found ?? font
    }

    /// Asks fontconfig for the installed fonts best matching the family, sorted with fonts
    /// covering the characters first, and opens the first that covers them all.
    private static func query(_ scalars: [Unicode.Scalar], emoji: Bool) -> CGFont? {
        guard !scalars.isEmpty else { return nil }
        lock.lock(); queries[scalars[0].value, default: 0] += 1; lock.unlock()
        let file: (String, Int32)? = FontLibrary.withLock { _ in
            guard let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            let family = emoji ? emojiFamily : scriptFamily
            _ = family.withCString { FcPatternAddString(pattern, "family", UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            if let charset = FcCharSetCreate() {
                for s in scalars { _ = FcCharSetAddChar(charset, s.value) }
                _ = FcPatternAddCharSet(pattern, "charset", charset)
                FcCharSetDestroy(charset)
            }
            _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let set = FcFontSort(nil, pattern, 0, nil, &result) else { return nil }
            defer { FcFontSetDestroy(set) }
            // fontconfig ranks fonts covering the characters first, but among them its own
            // defaults (DejaVu Sans) before Noto: take the first "Noto Sans ... UI" face (the
            // tighter line metrics made for interfaces), then "Noto Sans", then any Noto face,
            // then the first that covers them.
            var best: (rank: Int, file: String, index: Int32)?
            for i in 0..<Int(set.pointee.nfont) {
                guard let candidate = set.pointee.fonts[i] else { continue }
                var charset: OpaquePointer?
                guard FcPatternGetCharSet(candidate, "charset", 0, &charset) == FcResultMatch, let charset,
                      scalars.allSatisfy({ FcCharSetHasChar(charset, $0.value) != 0 }) else { continue }
                var value: UnsafeMutablePointer<FcChar8>?
                guard FcPatternGetString(candidate, "file", 0, &value) == FcResultMatch, let value else { continue }
                var familyValue: UnsafeMutablePointer<FcChar8>?
                let family = FcPatternGetString(candidate, "family", 0, &familyValue) == FcResultMatch
                    ? familyValue.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? "" : ""
                let noto = family.hasPrefix("Noto Sans")
                let rank = emoji ? 0 : noto && family.hasSuffix(" UI") ? 0 : noto ? 1 : family.hasPrefix("Noto") ? 2 : 3
                guard best == nil || rank < best!.rank else { continue }
                var index: Int32 = 0
                _ = FcPatternGetInteger(candidate, "index", 0, &index)
                best = (rank, String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)), index)
                if rank == 0 { break }
            }
            if let best { return (best.file, best.index) }
            return nil
        }
        guard let (path, index) = file else { return nil }
        let id = "\(path)#\(index)"
        lock.lock(); defer { lock.unlock() }
        if let f = byFile[id] { return f }
        guard let f = CGFont.load(file: path, index: index) else { return nil }
        byFile[id] = f
        if !reportedFontconfig {
            reportedFontconfig = true
            let hex = String(scalars[0].value, radix: 16, uppercase: true)
            LaminaDiagnostics.report("text in a script Lamina ships no font for uses fontconfig's fonts (U+\(hex): \(f.familyName)); "
                + "they differ from machine to machine")
        }
        return f
    }
}
