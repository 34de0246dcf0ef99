import Synchronization
@_implementationOnly import CFreeType
@_implementationOnly import CHarfBuzz

/// A glyph index in a font.
public typealias CGGlyph = UInt16

/// Why a font could not be loaded.
public enum CGFontError: Error, Equatable, CustomStringConvertible {
    /// No installed font matches the name.
    case notFound(String)
    /// The font data is not a font FreeType can read.
    case unreadable(String)
    public var description: String {
        switch self {
        case .notFound(let n): "no installed font matches \"\(n)\""
        case .unreadable(let m): "the font data cannot be read: \(m)"
        }
    }
}

/// A font: glyphs, their metrics and their outlines (Apple's `CGFont`), read with FreeType.
///
/// Apple's system font names map to installed families (SF, the system font, to Inter Display,
/// the openly licensed face closest to it in width, reporting San Francisco's vertical metrics;
/// Helvetica and Arial to Liberation Sans; Times to Liberation Serif; Menlo and Courier to DejaVu Sans Mono; PingFang, Hiragino and
/// Heiti to WenQuanYi Micro Hei); other names are looked up with fontconfig. Glyph outlines are
/// returned as `CGPath`s in font units and cached; text is drawn from glyph masks rasterized from
/// them by Lamina's own rasterizer (`GlyphMaskCache`).
public final class CGFont: @unchecked Sendable, CustomStringConvertible {
    /// The FreeType face (an `FT_Face`), kept untyped so that no stored property names a
    /// FreeType type: CFreeType is hidden from the modules that import CoreGraphics.
    private let faceAddress: OpaquePointer
    /// The FreeType face.
    var face: FT_Face { FT_Face(faceAddress) }
    /// Font bytes loaded from memory, kept alive as long as the face.
    private let memory: UnsafeMutableRawBufferPointer?
    private var outlines: [CGGlyph: CGPath] = [:]
    /// Ink bounds asked for before (`CGRect.null`: no ink); read and written under the font
    /// library's lock, as `outlines`.
    private var inkBoxes: [CGGlyph: CGRect] = [:]
    /// The glyph mask cache's name for this face: the same for every font opened from one face
    /// of one file, else a number no other font of the process has (an object identifier could
    /// be reused by a later font at the same address).
    let cacheID: UInt64
    private static let fontCount = Atomic<UInt64>(0)
    private static let fileIDs = Locked<[String: UInt64]>([:])

    /// The cache identity of a face from `file` (nil: from memory).
    private static func cacheID(file: String?) -> UInt64 {
        guard let file else { return fontCount.add(1, ordering: .relaxed).newValue }
        return fileIDs.withLock { ids in
            if let id = ids[file] { return id }
            let id = fontCount.add(1, ordering: .relaxed).newValue
            ids[file] = id
            return id
        }
    }
    /// The HarfBuzz font over `face` (font units), made on first use under the FreeType lock.
    var shapingFont: OpaquePointer?
    /// Colour bitmap glyphs made so far (nil: the glyph has none), under the FreeType lock.
    var colorGlyphs: [CGGlyph: ColorGlyph?] = [:]
    /// The family name of the installed font.
    public let familyName: String

    /// Loads the installed font that `name` names (a family, a PostScript name, or an Apple font
    /// name); nil when none matches, as on Apple platforms.
    public convenience init?(_ name: CFString) {
        guard let opened = try? CGFont.open(named: name, size: nil) else { return nil }
        self.init(face: opened.face, memory: opened.memory, family: opened.family, systemMetrics: opened.systemMetrics, file: opened.file)
    }

    /// The font `name` names for text `size` points tall: Apple's system-font names choose
    /// San Francisco's Text or Display optical size by it when Apple's fonts are in use
    /// (`AppleFonts`); other names ignore it (nil: as `CGFont(_:)` chooses). Nil when nothing
    /// matches (Lamina SPI).
    ///
    /// A face from a file is opened once per process and shared (Apple's `UIFont.systemFont`
    /// hands out shared fonts too): code that asks for a font on every draw does not open the
    /// file, or hold a FreeType face, each time. The process keeps one per face it has used.
    @_spi(Lamina) public static func named(_ name: String, size: CGFloat?) -> CGFont? {
        guard let (location, family, origin) = FontLibrary.locate(name, size: size) else { return nil }
        let systemMetrics = FontLibrary.isSystemFontName(name) && origin != .appleFonts
        guard case let .file(path, index) = location else {
            guard let o = try? open(named: name, size: size) else { return nil }
            return CGFont(face: o.face, memory: o.memory, family: o.family, systemMetrics: o.systemMetrics, file: o.file)
        }
        let key = SharedFace(path: path, index: index, family: family, systemMetrics: systemMetrics)
        if let f = sharedFaces.withLock({ $0[key] }) { return f }
        guard let o = try? open(named: name, size: size) else { return nil }
        let made = CGFont(face: o.face, memory: o.memory, family: o.family, systemMetrics: o.systemMetrics, file: o.file)
        return sharedFaces.withLock { faces in
            if let f = faces[key] { return f }
            faces[key] = made
            return made
        }
    }

    /// Faces opened from files by ``named(_:size:)``, shared by every caller.
    private struct SharedFace: Hashable {
        let path: String, index: Int32, family: String, systemMetrics: Bool
    }
    private static let sharedFaces = Locked<[SharedFace: CGFont]>([:])

    /// Loads a font from font data (TrueType, OpenType or anything FreeType reads); nil when the
    /// data is not a font.
    public convenience init?(_ provider: CGDataProvider) {
        guard let data = provider.data, let opened = try? CGFont.open(data: data) else { return nil }
        self.init(face: opened.face, memory: opened.memory, family: opened.family)
    }

    private init(face: FT_Face, memory: UnsafeMutableRawBufferPointer?, family: String, systemMetrics: Bool = false,
                 file: String? = nil) {
        self.faceAddress = OpaquePointer(face); self.memory = memory; self.familyName = family
        self.usesSystemFontMetrics = systemMetrics
        self.cacheID = CGFont.cacheID(file: file)
        self.sourceFile = file
        // The face is not shared yet: its character map is read without the lock.
        self.asciiGlyphs = (0..<128).map { CGGlyph(truncatingIfNeeded: FT_Get_Char_Index(face, FT_ULong($0))) }
    }

    /// The file and face index the font was opened from, as "path#index" (nil for a font made
    /// from bytes; Lamina SPI: benchmarks draw the same faces with other engines).
    @_spi(Lamina) public let sourceFile: String?

    /// The ink bounds of the glyph of ASCII character `ascii` when `glyph` is that glyph (kept
    /// in an array: text layout asks for figures' ink per character), else of `glyph`.
    func inkBounds(of glyph: CGGlyph, ascii: UInt8) -> CGRect? {
        guard ascii < 0x80, asciiGlyphs[Int(ascii)] == glyph else { return inkBounds(of: glyph) }
        if let kept = FontLibrary.withLock({ _ in asciiInk[Int(ascii)] }) { return kept.isNull ? nil : kept }
        let box = inkBounds(of: glyph) ?? .null
        FontLibrary.withLock { _ in asciiInk[Int(ascii)] = box }
        return box.isNull ? nil : box
    }

    /// The ink bounds of `glyph`'s outline in font units (y up), or nil when it has none.
    func inkBounds(of glyph: CGGlyph) -> CGRect? {
        if let kept = FontLibrary.withLock({ _ in inkBoxes[glyph] }) { return kept.isNull ? nil : kept }
        let box = path(for: glyph).flatMap { $0.isEmpty ? nil : $0.boundingBoxOfPath } ?? .null
        FontLibrary.withLock { _ in inkBoxes[glyph] = box }
        return box.isNull ? nil : box
    }

    /// The bytes a font made from data was read from (nil for a font opened from a file).
    @_spi(Lamina) public var sourceData: Data? { memory.map { Data($0) } }

    /// Whether this font stands in for San Francisco (an Apple system font name): it then
    /// reports San Francisco's published vertical metrics (hhea ascender 1950, descender −494,
    /// no line gap, per 2048 units: `UIFont.systemFont(ofSize: 17).lineHeight` is 20.287), so
    /// lines and baselines sit where iOS puts them whatever face draws the glyphs.
    public let usesSystemFontMetrics: Bool
    /// Whether (and how) the face's text may be shaped a word at a time, analysed on first use
    /// under the FreeType lock (``WordShaping``).
    var wordShaping: WordShaping?
    var wordShapingAnalyzed = false
    /// The glyphs of the ASCII scalars, read once: text layout asks for them per character.
    private let asciiGlyphs: [CGGlyph]
    /// The ink bounds of the ASCII characters' glyphs found so far (`.null`: no ink), under the
    /// FreeType lock.
    private var asciiInk = [CGRect?](repeating: nil, count: 128)

    deinit {
        FontLibrary.withLock { _ in
            if let shapingFont { hb_font_destroy(shapingFont) }
            _ = FT_Done_Face(face)
        }
        memory?.deallocate()
    }

    /// Loads the installed font that `name` names, or throws ``CGFontError/notFound(_:)``.
    public static func named(_ name: String) throws(CGFontError) -> CGFont {
        let o = try open(named: name, size: nil)
        return CGFont(face: o.face, memory: o.memory, family: o.family, systemMetrics: o.systemMetrics, file: o.file)
    }

    /// The most font bytes ``load(_:)`` accepts (128 MiB; Lamina's limit): the largest
    /// real font collections are a fraction of it.
    public static let maximumDataSize = 128 << 20

    /// Loads a font from bytes, or throws ``CGFontError/unreadable(_:)`` (also for more than
    /// ``maximumDataSize`` bytes).
    public static func load(_ data: Data) throws(CGFontError) -> CGFont {
        let o = try open(data: data)
        return CGFont(face: o.face, memory: o.memory, family: o.family)
    }

    /// Loads face `index` of the font file at `path` (a fallback font fontconfig found).
    static func load(file path: String, index: Int32) -> CGFont? {
        let face: FT_Face? = FontLibrary.withLock { lib in
            var face: FT_Face?
            guard FT_New_Face(lib, path, FT_Long(index), &face) == 0 else { return nil }
            return face
        }
        guard let face else { return nil }
        return CGFont(face: face, memory: nil, family: face.pointee.family_name.map { String(cString: $0) } ?? "Unknown",
                      file: "\(path)#\(index)")
    }

    /// The face `name` names at `size`, and whether it reports San Francisco's metrics (a
    /// stand-in for an Apple system-font name; Apple's own fonts report their own).
    private static func open(named name: String, size: CGFloat?) throws(CGFontError)
        -> (face: FT_Face, memory: UnsafeMutableRawBufferPointer?, family: String, systemMetrics: Bool, file: String?) {
        guard let (location, family, origin) = FontLibrary.locate(name, size: size) else { throw .notFound(name) }
        let systemMetrics = FontLibrary.isSystemFontName(name) && origin != .appleFonts
        switch location {
        case let .file(path, index):
            let face: FT_Face? = FontLibrary.withLock { lib in
                var face: FT_Face?
                guard FT_New_Face(lib, path, FT_Long(index), &face) == 0 else { return nil }
                return face
            }
            guard let face else { throw .unreadable(path) }
            return (face, nil, family, systemMetrics, "\(path)#\(index)")
        case let .data(data, index):
            let o = try open(data: data, index: index)
            return (o.face, o.memory, family, systemMetrics, nil)
        }
    }

    private static func open(data: Data, index: Int32 = 0) throws(CGFontError) -> (face: FT_Face, memory: UnsafeMutableRawBufferPointer, family: String) {
        guard !data.isEmpty else { throw .unreadable("no bytes") }
        guard data.count <= maximumDataSize else {
            throw .unreadable("\(data.count) bytes, more than the \(BoundedFileReader.describe(bytes: maximumDataSize)) Lamina reads")
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 8)
        data.withUnsafeBytes { buffer.copyMemory(from: $0) }
        let (face, error): (FT_Face?, FT_Error) = FontLibrary.withLock { lib in
            var face: FT_Face?
            let e = FT_New_Memory_Face(lib, buffer.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(data.count), FT_Long(index), &face)
            return (face, e)
        }
        guard error == 0, let face else {
            buffer.deallocate()
            throw .unreadable("FreeType error \(error)")
        }
        return (face, buffer, face.pointee.family_name.map { String(cString: $0) } ?? "Unknown")
    }

    // MARK: Names and metrics (font units)

    /// The PostScript name.
    public var postScriptName: CFString? {
        FontLibrary.withLock { _ in FT_Get_Postscript_Name(face).map { String(cString: $0) } }
    }
    /// The full name ("Family Style").
    public var fullName: CFString? {
        let style = face.pointee.style_name.map { String(cString: $0) } ?? ""
        return style.isEmpty || style == "Regular" ? familyName : "\(familyName) \(style)"
    }
    /// The number of glyphs.
    public var numberOfGlyphs: Int { Int(face.pointee.num_glyphs) }
    /// Font units per em.
    public var unitsPerEm: Int32 {
        let units = Int32(face.pointee.units_per_EM)
        guard units == 0 else { return units }
        // FreeType leaves it 0 for bitmap-only fonts (colour emoji): the head table has it.
        return FontLibrary.withLock { _ in
            guard let head = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self) else { return 0 }
            return Int32(head.pointee.Units_Per_EM)
        }
    }
    /// The ascent, positive above the baseline.
    public var ascent: Int32 {
        usesSystemFontMetrics ? Int32((Double(unitsPerEm) * 1950 / 2048).rounded()) : verticalMetrics.ascender
    }
    /// The descent, negative below the baseline.
    public var descent: Int32 {
        usesSystemFontMetrics ? -Int32((Double(unitsPerEm) * 494 / 2048).rounded()) : verticalMetrics.descender
    }
    /// The extra space between lines: line height minus ascent plus descent.
    public var leading: Int32 { usesSystemFontMetrics ? 0 : max(0, verticalMetrics.height - (ascent - descent)) }

    /// FreeType's ascender, descender and line height, or for a bitmap-only font (colour emoji),
    /// where FreeType leaves them 0, the hhea table's.
    private var verticalMetrics: (ascender: Int32, descender: Int32, height: Int32) {
        let f = face.pointee
        guard f.units_per_EM == 0 else { return (Int32(f.ascender), Int32(f.descender), Int32(f.height)) }
        return FontLibrary.withLock { _ in
            guard let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self) else { return (0, 0, 0) }
            let a = Int32(hhea.pointee.Ascender), d = Int32(hhea.pointee.Descender)
            return (a, d, a - d + Int32(hhea.pointee.Line_Gap))
        }
    }
    /// The height of capital letters.
    public var capHeight: Int32 { os2Metric { Int32($0.sCapHeight) } ?? Int32(Double(ascent) * 0.7) }
    /// The height of lowercase x.
    public var xHeight: Int32 { os2Metric { Int32($0.sxHeight) } ?? Int32(Double(ascent) * 0.5) }
    /// Where an underline goes, in font units: its centre below the baseline (negative) and its
    /// thickness, from the `post` table (CoreText's `CTFontGetUnderlinePosition`/`Thickness`);
    /// a tenth of the ascent below the baseline, 1/20 em thick, when the font has none.
    @_spi(Lamina) public var underlineMetrics: (position: Int32, thickness: Int32) {
        let f = face.pointee
        let thickness = f.underline_thickness > 0 ? Int32(f.underline_thickness) : max(1, unitsPerEm / 20)
        let position = f.underline_position != 0 ? Int32(f.underline_position) : -max(1, ascent / 10)
        return (position, thickness)
    }

    /// Where a strikethrough goes, in font units: its centre above the baseline and its
    /// thickness, from the OS/2 table; else at 45% of the x-height (the underline's thickness).
    @_spi(Lamina) public var strikethroughMetrics: (position: Int32, thickness: Int32) {
        let fallback = (Int32(Double(xHeight) * 0.45), underlineMetrics.thickness)
        return FontLibrary.withLock { _ in
            guard let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
                  os2.pointee.yStrikeoutSize > 0, os2.pointee.yStrikeoutPosition > 0 else { return fallback }
            // OS/2 gives the stroke's top edge; its centre is half a thickness lower.
            return (Int32(os2.pointee.yStrikeoutPosition) - Int32(os2.pointee.yStrikeoutSize) / 2, Int32(os2.pointee.yStrikeoutSize))
        }
    }

    /// The box enclosing every glyph.
    public var fontBBox: CGRect {
        let b = face.pointee.bbox
        return CGRect(x: CGFloat(b.xMin), y: CGFloat(b.yMin), width: CGFloat(b.xMax - b.xMin), height: CGFloat(b.yMax - b.yMin))
    }
    /// The italic angle in degrees, counter-clockwise from vertical.
    public var italicAngle: CGFloat {
        FontLibrary.withLock { _ in
            guard let post = FT_Get_Sfnt_Table(face, FT_SFNT_POST)?.assumingMemoryBound(to: TT_Postscript.self) else { return 0 }
            return CGFloat(post.pointee.italicAngle) / 65536
        }
    }

    private func os2Metric(_ get: (TT_OS2) -> Int32) -> Int32? {
        FontLibrary.withLock { _ in
            guard let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
                  os2.pointee.version >= 2 else { return nil }
            let v = get(os2.pointee)
            return v > 0 ? v : nil
        }
    }

    // MARK: Glyphs

    /// Fills `advances` with each glyph's horizontal advance in font units.
    public func getGlyphAdvances(glyphs: UnsafePointer<CGGlyph>, count: Int, advances: UnsafeMutablePointer<Int32>) -> Bool {
        FontLibrary.withLock { _ in
            for i in 0..<count {
                var a: FT_Fixed = 0
                guard FT_Get_Advance(face, FT_UInt(glyphs[i]), FT_Int32(lamina_ft_load_no_scale), &a) == 0 else { return false }
                advances[i] = Int32(a)
            }
            return true
        }
    }

    /// Fills `bboxes` with each glyph's bounding box in font units.
    public func getGlyphBBoxes(glyphs: UnsafePointer<CGGlyph>, count: Int, bboxes: UnsafeMutablePointer<CGRect>) -> Bool {
        for i in 0..<count {
            guard let p = path(for: glyphs[i]) else { return false }
            bboxes[i] = p.isEmpty ? .zero : p.boundingBoxOfPath
        }
        return true
    }

    /// The glyph with a PostScript glyph name, or 0.
    public func getGlyphWithGlyphName(name: CFString) -> CGGlyph {
        FontLibrary.withLock { _ in CGGlyph(truncatingIfNeeded: FT_Get_Name_Index(face, name)) }
    }

    /// The PostScript name of a glyph.
    public func name(for glyph: CGGlyph) -> CFString? {
        FontLibrary.withLock { _ in
            var buffer = [CChar](repeating: 0, count: 128)
            guard FT_Get_Glyph_Name(face, FT_UInt(glyph), &buffer, 128) == 0 else { return nil }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// The glyph for a character, or 0 (".notdef") when the font has none. A Lamina addition
    /// standing in for CoreText's character-to-glyph mapping.
    public func glyph(for scalar: Unicode.Scalar) -> CGGlyph {
        if scalar.value < 0x80 { return asciiGlyphs[Int(scalar.value)] }
        return FontLibrary.withLock { _ in CGGlyph(truncatingIfNeeded: FT_Get_Char_Index(face, FT_ULong(scalar.value))) }
    }

    /// The glyphs of a string, one per Unicode scalar.
    public func glyphs(for string: String) -> [CGGlyph] { string.unicodeScalars.map { glyph(for: $0) } }

    /// The kerning adjustment between two glyphs, in font units (0 when the font has no kerning
    /// table).
    public func kerning(_ left: CGGlyph, _ right: CGGlyph) -> Int32 {
        FontLibrary.withLock { _ in
            guard lamina_ft_has_kerning(face) != 0 else { return 0 }
            var v = FT_Vector()
            guard FT_Get_Kerning(face, FT_UInt(left), FT_UInt(right), UInt32(FT_KERNING_UNSCALED.rawValue), &v) == 0 else { return 0 }
            return Int32(v.x)
        }
    }

    /// The outline of a glyph in font units (y up, origin on the baseline), cached; nil when the
    /// glyph cannot be loaded. Blank glyphs such as the space give an empty path.
    public func path(for glyph: CGGlyph) -> CGPath? {
        FontLibrary.withLock { _ -> CGPath? in
            if let cached = outlines[glyph] { return cached }
            guard FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(lamina_ft_load_no_scale)) == 0 else { return nil }
            let builder = OutlineBuilder()
            var funcs = FT_Outline_Funcs(
                move_to: { to, user in OutlineBuilder.from(user).move(to!.pointee); return 0 },
                line_to: { to, user in OutlineBuilder.from(user).line(to!.pointee); return 0 },
                conic_to: { c, to, user in OutlineBuilder.from(user).conic(c!.pointee, to!.pointee); return 0 },
                cubic_to: { c1, c2, to, user in OutlineBuilder.from(user).cubic(c1!.pointee, c2!.pointee, to!.pointee); return 0 },
                shift: 0, delta: 0)
            var outline = face.pointee.glyph.pointee.outline
            let status = withExtendedLifetime(builder) {
                FT_Outline_Decompose(&outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
            }
            guard status == 0 else { return nil }
            builder.path.closeSubpath()
            let result = builder.path.copy()!
            outlines[glyph] = result
            return result
        }
    }

    public var description: String { "<CGFont \(postScriptName ?? familyName)>" }
}

/// Collects FreeType's outline callbacks into a path (contours are closed implicitly).
private final class OutlineBuilder {
    let path = CGMutablePath()
    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder {
        Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
    }
    func p(_ v: FT_Vector) -> CGPoint { CGPoint(x: CGFloat(v.x), y: CGFloat(v.y)) }
    func move(_ v: FT_Vector) {
        if !path.isEmpty { path.closeSubpath() }
        path.move(to: p(v))
    }
    func line(_ v: FT_Vector) { path.addLine(to: p(v)) }
    func conic(_ c: FT_Vector, _ v: FT_Vector) { path.addQuadCurve(to: p(v), control: p(c)) }
    func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ v: FT_Vector) { path.addCurve(to: p(v), control1: p(c1), control2: p(c2)) }
}
