import Testing
@_spi(Lamina) import CoreGraphics

/// A face opened by name from a file is opened once and shared: code that asks for the system
/// font on every draw (`UIFont.systemFont(ofSize:)` in a drawing closure) must not open the
/// file, and keep a FreeType face, each time (a soak of the gallery grew by hundreds of MB a
/// minute that way).
@Suite("Shared font faces")
struct FontSharingTests {
    @Test func aNamedFaceIsOpenedOnceAndShared() throws {
        let a = try #require(CGFont.named(".SFUI-Regular", size: 12))
        let b = try #require(CGFont.named(".SFUI-Regular", size: 12))
        #expect(a === b)
        // Another weight is another face.
        let bold = try #require(CGFont.named(".SFUI-Bold", size: 12))
        #expect(bold !== a)
        #expect(CGFont.named(".SFUI-Bold", size: 12) === bold)
    }
}
