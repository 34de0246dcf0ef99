import Testing
@_spi(Lamina) @testable import CoreGraphics

/// Text layout answers ASCII from tables made from the full lookups: the tables must agree with
/// them for every ASCII scalar, and `ASCIICharacter.byte` with `Character.asciiValue` except
/// for CR LF (which it does not treat as one byte).
@Suite("ASCII fast paths")
struct ASCIIFastPathTests {
    @Test func scriptsAndLineBreakClassesOfASCIIAreTheTables() {
        for v in UInt8(0)..<128 {
            let s = Unicode.Scalar(v)
            #expect(TextScript.of(s) == TextScript.database(s), "U+\(String(v, radix: 16))")
            #expect(LineBreakClass(s) == LineBreakClass(looking: s), "U+\(String(v, radix: 16))")
        }
        // Beyond ASCII the lookups answer.
        #expect(TextScript.of("é") == TextScript.database("é"))
        #expect(LineBreakClass("—") == LineBreakClass(looking: "—"))
    }

    @Test func asciiBytesOfCharacters() {
        for v in UInt8(0)..<128 {
            let c = Character(Unicode.Scalar(v))
            #expect(ASCIICharacter.byte(c) == v)
        }
        #expect(ASCIICharacter.byte("\r\n") == nil)
        #expect(ASCIICharacter.byte("é") == nil)
        #expect(ASCIICharacter.byte("e\u{301}") == nil)
        #expect(ASCIICharacter.byte("#\u{FE0F}\u{20E3}") == nil)
    }
}
