@_implementationOnly import CThai

/// Word boundaries inside Thai text, from libthai's dictionary (Debian's libthai), for line
/// breaking: Thai is written without spaces between words, so UAX #14 alone would break a
/// line of it only between letters.
enum ThaiWordBreaker {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var breaker: OpaquePointer??

    /// Whether a scalar is a Thai letter, vowel, tone mark or digit (U+0E01–U+0E5B).
    static func isThai(_ s: Unicode.Scalar) -> Bool { (0x0E01...0x0E5B).contains(s.value) }

    /// The positions inside `text` (1..<count) where a word starts; empty when the
    /// dictionary is not installed.
    static func wordStarts(_ text: ArraySlice<Unicode.Scalar>) -> [Int] {
        guard text.count > 1, text.count < 1 << 20 else { return [] }
        lock.lock(); defer { lock.unlock() }
        if breaker == nil { breaker = .some(th_brk_new(nil)) }
        guard let brk = breaker ?? nil else { return [] }
        var wide: [thwchar_t] = text.map { thwchar_t(bitPattern: $0.value) }
        wide.append(0)
        var positions = [Int32](repeating: 0, count: text.count)
        let n = th_brk_wc_find_breaks(brk, &wide, &positions, positions.count)
        guard n > 0 else { return [] }
        return positions.prefix(Int(n)).map(Int.init).filter { $0 > 0 && $0 < text.count }
    }
}
