@_spi(Lamina) import CoreGraphics

/// Laid-out text kept for the whole process (Lamina SPI): text layers, labels, string drawing
/// and measurement ask for the layout of the same runs in the same box again and again (a cell
/// made anew for each row, `sizeThatFits` before drawing, a label redrawn for another reason),
/// and text that did not change is then never shaped or broken into lines again.
///
/// Bounded: at most ``entryLimit`` layouts and ``glyphLimit`` glyphs in all, the least recently
/// used dropped a quarter at a time; a layout of more than a quarter of ``glyphLimit`` glyphs is
/// made and not kept.
@_spi(Lamina) public enum SharedTextLayouts {
    /// The most layouts kept.
    public static let entryLimit = 4096
    /// The most glyphs the kept layouts hold together (about 20 MB).
    public static let glyphLimit = 200_000

    /// Counts since the process started.
    public struct Statistics: Sendable, Equatable {
        public var hits = 0, misses = 0, evictions = 0
        public var count = 0, glyphs = 0
    }

    struct Key: Hashable {
        var runs: [LaminaTextRun]
        var width: CGFloat?
        var height: CGFloat
        var wraps: Bool
        var alignment: CTTextAlignment
        var truncation: CTLineTruncationType?
        var maximumLines: Int
        var direction: Bidi.Direction
        /// Whether the layout only measures (``TextLayout``'s `placesGlyphs` false).
        var measuring: Bool
        /// The font catalog's changes when the layout was made (fallback faces may differ after).
        var fonts: Int
        /// A hash of the runs' texts, sizes and fonts and of the box, made once: the dictionary
        /// compares it before the runs themselves (its probes meet other keys).
        let digest: Int

        init(runs: [LaminaTextRun], width: CGFloat?, height: CGFloat, wraps: Bool, alignment: CTTextAlignment,
             truncation: CTLineTruncationType?, maximumLines: Int, direction: Bidi.Direction, measuring: Bool, fonts: Int) {
            self.runs = runs; self.width = width; self.height = height; self.wraps = wraps; self.alignment = alignment
            self.truncation = truncation; self.maximumLines = maximumLines; self.direction = direction
            self.measuring = measuring; self.fonts = fonts
            var h = Hasher()
            h.combine(width); h.combine(height); h.combine(wraps); h.combine(maximumLines); h.combine(measuring)
            for r in runs {
                h.combine(r.text); h.combine(r.size); h.combine(ObjectIdentifier(r.font))
            }
            digest = h.finalize()
        }

        static func == (a: Key, b: Key) -> Bool {
            a.digest == b.digest && a.fonts == b.fonts && a.width == b.width && a.height == b.height && a.wraps == b.wraps
                && a.alignment == b.alignment && a.truncation == b.truncation && a.maximumLines == b.maximumLines
                && a.direction == b.direction && a.measuring == b.measuring && a.runs == b.runs
        }

        func hash(into h: inout Hasher) { h.combine(digest) }
    }

    private static let storage = Locked(WeightedLRU<Key, TextLayout>(countLimit: entryLimit, weightLimit: glyphLimit))

    /// The counts so far.
    public static var statistics: Statistics {
        storage.withLock { s in Statistics(hits: s.hits, misses: s.misses, evictions: s.evictions, count: s.count, glyphs: s.weight) }
    }

    /// Whether a layout is kept for `key` (tests).
    static func isKept(_ key: Key) -> Bool { storage.withLock { $0.contains(key) } }

    /// Drops every kept layout and zeroes the counts.
    public static func removeAll() { storage.withLock { $0.removeAll() } }

    /// The layout of `runs` in the box, kept from an earlier call or made now (outside the lock).
    /// `measuring`: a layout that only measures (``TextLayout``'s `placesGlyphs` false), kept
    /// apart from full ones.
    public static func layout(runs: [LaminaTextRun], width: CGFloat?, height: CGFloat, wraps: Bool, alignment: CTTextAlignment,
                              truncation: CTLineTruncationType?, maximumLines: Int = 0,
                              direction: Bidi.Direction = .natural, measuring: Bool = false) -> TextLayout {
        let key = Key(runs: runs, width: width, height: height, wraps: wraps, alignment: alignment, truncation: truncation,
                      maximumLines: maximumLines, direction: direction, measuring: measuring, fonts: FontCatalog.shared.changeCount)
        let found: TextLayout? = storage.withLock { $0.value(for: key) }
        if let found { return found }
        let made = TextLayout(runs: runs, width: width, height: height, wraps: wraps, alignment: alignment, truncation: truncation,
                              maximumLines: maximumLines, direction: direction, placesGlyphs: !measuring)
        let glyphs = max(1, made.glyphs.count)
        guard glyphs <= glyphLimit / 4 else { return made }
        storage.withLock { $0.insert(made, weight: glyphs, for: key) }
        return made
    }
}
