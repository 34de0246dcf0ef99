import Testing
@_spi(Lamina) import CoreGraphics

/// Pixel memory freed and made again at the same size (backing stores, frames) is reused, and
/// every new storage starts zeroed whatever the memory held before.
@Suite("Pixel storage")
struct PixelStorageTests {
    @Test func aNewStorageIsZeroedEvenOnReusedMemory() {
        for count in [100, 1 << 16, 1 << 18, 3 * 1 << 20] {
            for _ in 0..<3 {
                let s = PixelStorage(count: count)
                let bytes = s.bytes.assumingMemoryBound(to: UInt8.self)
                #expect((0..<count).allSatisfy { bytes[$0] == 0 }, "\(count) bytes")
                s.bytes.initializeMemory(as: UInt8.self, repeating: 0xA5, count: count)
                let copy = s.copy()
                #expect(copy.count == count && copy.bytes.load(fromByteOffset: count - 1, as: UInt8.self) == 0xA5)
            }
        }
    }

    @Test func anImageSharingAStorageKeepsItsBytes() throws {
        var image: CGImage?
        do {
            let s = PixelStorage(count: 256 * 256 * 4)
            s.bytes.initializeMemory(as: UInt8.self, repeating: 0x7F, count: s.count)
            image = CGImage(sharing: s, width: 256, height: 256, bytesPerRow: 1024)
        }
        // Storages made and freed meanwhile never take the memory the image still holds.
        for _ in 0..<4 { _ = PixelStorage(count: 256 * 256 * 4) }
        let data = try #require(image?.dataProvider?.data)
        #expect(data.count == 256 * 1024 && data.allSatisfy { $0 == 0x7F })
    }
}
