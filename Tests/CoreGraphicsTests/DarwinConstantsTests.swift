import Testing
import CoreGraphics

@Suite("Darwin constants")
struct DarwinConstantsTests {
    @Test func hugeAndMaxFloatAreDarwinsValues() {
        // math.h on Darwin: MAXFLOAT is 0x1.fffffep+127f and HUGE is MAXFLOAT.
        #expect(MAXFLOAT == Float(bitPattern: 0x7F7F_FFFF))
        #expect(HUGE == MAXFLOAT && HUGE.isFinite)
        let repeatCount: Float = HUGE
        #expect(repeatCount > 1e38)
    }
}
