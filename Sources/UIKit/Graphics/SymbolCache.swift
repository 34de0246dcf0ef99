import Foundation
import Synchronization

/// Symbol images made once: the glyph a name maps to, its outline at each weight, the default
/// image of each size, and an image view's drawing of it at each size, placement and colour.
/// Making a settings screen asks for the same dozen symbols again and again (every cell, every
/// tint change as a view moves into a window); each drawing is a pure function of its key, so a
/// cached one is the same bytes.
///
/// Bounds: the glyphs and outlines are at most one per name of the symbol table and weight; the
/// images and drawings keep at most ``maximumImages`` each (emptied when full).
enum SymbolCache {
    /// The most images, and drawings, kept.
    static let maximumImages = 512

    struct VectorKey: Hashable { let glyph: CGGlyph; let weight: Int }
    struct ImageKey: Hashable { let path: ObjectIdentifier; let side: CGFloat; let scale: CGFloat }
    struct DrawnKey: Hashable {
        let path: ObjectIdentifier, stroke: CGFloat
        let width: Int, height: Int
        let size: CGSize, rect: CGRect
        let color: [CGFloat]
        let space: String?
    }

    /// The images and drawings are keyed by their outline's identity; each entry keeps its
    /// outline alive, so no other outline can take that identity while the entry is kept.
    private struct State {
        var glyphs: [String: (font: CGFont, glyph: CGGlyph)?] = [:]
        var vectors: [VectorKey: SymbolVector] = [:]
        var images: [ImageKey: (path: CGPath, image: CGImage)] = [:]
        var drawn: [DrawnKey: (path: CGPath, image: CGImage)] = [:]
    }
    private static let state = Mutex(State())

    /// The glyph for a symbol name (``SystemSymbols/glyph(for:)``), looked up once.
    static func glyph(for name: String) -> (font: CGFont, glyph: CGGlyph)? {
        if let known = state.withLock({ $0.glyphs[name] }) { return known }
        let found = SystemSymbols.glyph(for: name)
        // Only names of the table are kept (others give nil each time, with their diagnostic).
        if found != nil { state.withLock { $0.glyphs[name] = .some(found) } }
        return found
    }

    /// The outline of `glyph` at `weight` (``SystemSymbols/vector(font:glyph:weight:)``).
    static func vector(font: CGFont, glyph: CGGlyph, weight: UIImage.SymbolConfiguration.Weight) -> SymbolVector? {
        let key = VectorKey(glyph: glyph, weight: weight.rawValue)
        if let known = state.withLock({ $0.vectors[key] }) { return known }
        guard let made = SystemSymbols.vector(font: font, glyph: glyph, weight: weight) else { return nil }
        return state.withLock { s in
            if let raced = s.vectors[key] { return raced }
            s.vectors[key] = made
            return made
        }
    }

    /// The symbol drawn black, `side` points square at `pixelsPerPoint` (``SystemSymbols/image(_:side:pixelsPerPoint:)``).
    static func image(_ vector: SymbolVector, side: CGFloat, pixelsPerPoint: CGFloat) -> CGImage? {
        let key = ImageKey(path: ObjectIdentifier(vector.path), side: side, scale: pixelsPerPoint)
        if let hit = state.withLock({ $0.images[key] }) { return hit.image }
        guard let made = SystemSymbols.image(vector, side: side, pixelsPerPoint: pixelsPerPoint) else { return nil }
        state.withLock { s in
            if s.images.count >= maximumImages { s.images.removeAll(keepingCapacity: true) }
            s.images[key] = (vector.path, made)
        }
        return made
    }

    /// An image view's drawing of `vector`: `width` x `height` pixels for bounds of `size`, the
    /// outline in `rect`, filled with `color`; `draw` makes it when it is not kept.
    static func drawn(_ vector: SymbolVector, width: Int, height: Int, size: CGSize, rect: CGRect, color: CGColor,
                      draw: () -> CGImage?) -> CGImage? {
        let key = DrawnKey(path: ObjectIdentifier(vector.path), stroke: vector.strokeWidth, width: width, height: height,
                           size: size, rect: rect, color: color.components ?? [],
                           space: color.colorSpace?.name)
        if let hit = state.withLock({ $0.drawn[key] }) { return hit.image }
        guard let made = draw() else { return nil }
        state.withLock { s in
            if s.drawn.count >= maximumImages { s.drawn.removeAll(keepingCapacity: true) }
            s.drawn[key] = (vector.path, made)
        }
        return made
    }
}
