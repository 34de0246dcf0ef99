/// The glyphs HarfBuzz gave each word of text shaped a word at a time (``WordShaping``): the
/// next label, paragraph or measurement that holds the word takes them instead of shaping it
/// again, as browsers' word caches do.
///
/// A word is kept per face (the glyph mask cache's face identity), script and text, with its
/// glyphs' clusters counted from the word's start; only left-to-right text of the simple
/// scripts without feature settings is shaped so. Bounded: at most ``maximumWords`` words and
/// ``maximumGlyphs`` glyphs (about 6 MB), the least recently used quarter evicted past either.
@_spi(Lamina) public enum WordShapeCache {
    /// The most words kept.
    public static let maximumWords = 16_384
    /// The most glyphs the kept words hold together.
    public static let maximumGlyphs = 262_144

    /// Whether text is shaped a word at a time where that gives the same glyphs, in the current
    /// task (on; tests compare with it off).
    @TaskLocal static var isEnabled = true

    /// Hits, misses, evictions and what is kept.
    public struct Statistics: Sendable {
        public var hits = 0, misses = 0, evictions = 0
        public var words = 0, glyphs = 0
    }

    public static var statistics: Statistics {
        storage.withLock { s in
            Statistics(hits: s.hits, misses: s.misses, evictions: s.evictions, words: s.count, glyphs: s.weight)
        }
    }

    /// Forgets every word (and the counts).
    public static func removeAll() { storage.withLock { $0.removeAll() } }

    /// A word of a face and script: up to 12 scalars of the Basic Multilingual Plane packed
    /// into three words (no allocation, cheap to hash), a longer word or one with other scalars
    /// in `long`.
    struct Key: Hashable {
        var face: UInt64
        var script: UInt32
        var count: Int
        var packed: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var long: [UInt32]?

        init(face: UInt64, script: UInt32, text: ArraySlice<Unicode.Scalar>) {
            self.face = face; self.script = script; count = text.count
            if text.count <= 12, text.allSatisfy({ $0.value <= 0xFFFF }) {
                var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0
                for (i, s) in text.enumerated() {
                    let v = UInt64(s.value) << UInt64(16 * (i % 4))
                    switch i / 4 {
                    case 0: w0 |= v
                    case 1: w1 |= v
                    default: w2 |= v
                    }
                }
                packed = (w0, w1, w2)
            } else {
                long = text.map(\.value)
            }
        }

        static func == (a: Key, b: Key) -> Bool {
            a.face == b.face && a.script == b.script && a.count == b.count && a.packed == b.packed && a.long == b.long
        }

        /// Two words hashed (the face, script and length folded into the text's): hashing was
        /// most of a lookup.
        func hash(into h: inout Hasher) {
            h.combine(packed.0 ^ face &* 0x9E37_79B9_7F4A_7C15)
            h.combine(packed.1 &+ packed.2 &* 0xC2B2_AE3D_27D4_EB4F ^ UInt64(script) << 32 ^ UInt64(count))
            if let long { h.combine(long) }
        }
    }

    private static let storage = Locked(WeightedLRU<Key, [ShapedGlyph]>(countLimit: maximumWords, weightLimit: maximumGlyphs))

    /// The kept glyphs of a word (clusters from the word's start), or nil.
    static func glyphs(_ key: Key) -> [ShapedGlyph]? { storage.withLock { $0.value(for: key) } }

    /// Whether a word is kept (tests).
    static func isKept(_ key: Key) -> Bool { storage.withLock { $0.contains(key) } }

    /// Keeps a word's glyphs (clusters from the word's start); a word of over a sixteenth of
    /// ``maximumGlyphs`` glyphs is not kept.
    static func keep(_ key: Key, _ glyphs: [ShapedGlyph]) {
        guard glyphs.count <= maximumGlyphs / 16 else { return }
        storage.withLock { $0.insert(glyphs, weight: glyphs.count, for: key) }
    }
}
