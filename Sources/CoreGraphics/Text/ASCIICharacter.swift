/// Fast questions about characters for text layout's per-character loops (`Character`'s own
/// `asciiValue` compares the character with CR LF as a string first).
@_spi(Lamina) public enum ASCIICharacter {
    /// The byte of a character that is one ASCII scalar (not CR LF), or nil.
    @inlinable public static func byte(_ c: Character) -> UInt8? {
        // A character's UTF-8 count is stored (no iteration).
        let utf8 = c.utf8
        guard utf8.count == 1, let b = utf8.first, b < 0x80 else { return nil }
        return b
    }

    /// The character of an ASCII byte, made once (a `Character` made from a scalar builds its
    /// string each time).
    public static func character(_ byte: UInt8) -> Character { characters[Int(byte & 0x7F)] }
    private static let characters: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }

    /// The scalars of a character (1 for an ASCII one, without counting).
    @inlinable public static func scalarCount(_ c: Character) -> Int { byte(c) != nil ? 1 : c.unicodeScalars.count }

    /// The UTF-16 code units of a character (1 for an ASCII one, without counting).
    @inlinable public static func utf16Count(_ c: Character) -> Int { byte(c) != nil ? 1 : c.utf16.count }
}
