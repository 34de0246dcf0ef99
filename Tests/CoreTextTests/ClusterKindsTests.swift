import Testing
import Foundation
@_spi(Lamina) @testable import CoreText

/// Line breaking asks every cluster whether it is a space or a line separator; the layout keeps
/// the answer from a table of the Unicode White_Space characters instead of a property lookup.
/// It must be Swift's own answer for every character.
@Test func clusterKindsAreSwiftsWhitespaceAndNewline() {
    var checked = 0
    for v in UInt32(0)...0x3100 {
        guard let scalar = Unicode.Scalar(v) else { continue }
        let c = Character(scalar)
        let kinds = TextLayout.Cluster.kinds(c)
        #expect(kinds.space == (c.isWhitespace && !c.isNewline), "U+\(String(v, radix: 16))")
        #expect(kinds.newline == c.isNewline, "U+\(String(v, radix: 16))")
        checked += 1
    }
    for c: Character in ["\r\n", "a\u{301}", "👍🏽", "\u{3000}", "\u{FEFF}", "\u{1F1EB}\u{1F1F7}", " \u{301}"] {
        let kinds = TextLayout.Cluster.kinds(c)
        #expect(kinds.space == (c.isWhitespace && !c.isNewline) && kinds.newline == c.isNewline, "\(c.unicodeScalars.map { $0.value })")
    }
    #expect(checked > 12_000)
}
