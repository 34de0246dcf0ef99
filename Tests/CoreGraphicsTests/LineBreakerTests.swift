import Testing
import Foundation
@_spi(Lamina) import CoreGraphics

/// The Unicode Line Breaking Algorithm against Unicode's own conformance test.
@Suite("UAX #14 line breaking")
struct LineBreakerTests {
    static let testFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/UCD/LineBreakTest.txt")

    @Test func passesUnicodesConformanceTest() throws {
        let text = try String(contentsOf: LineBreakerTests.testFile, encoding: .utf8)
        var passed = 0, skipped = 0
        var failures: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let tokens = line.split(separator: " ")
            var scalars: [Unicode.Scalar] = []
            var expected: [Bool] = []
            var surrogate = false
            for t in tokens {
                if t == "×" || t == "÷" { expected.append(t == "÷"); continue }
                guard let v = UInt32(t, radix: 16) else { continue }
                guard let s = Unicode.Scalar(v) else { surrogate = true; break }
                scalars.append(s)
            }
            if surrogate { skipped += 1; continue }
            // expected[k] is the marker before scalar k (the last one is the end of text).
            let got = LineBreaker.opportunities(scalars, dictionaries: false)
            let want = (0..<scalars.count).map { $0 == 0 ? false : expected[$0] }
            if got == want { passed += 1 } else if failures.count < 10 { failures.append(String(line)) } else { failures.append("") }
        }
        #expect(failures.isEmpty, "\(passed) passed, \(failures.count) failed, e.g.:\n\(failures.prefix(10).joined(separator: "\n"))")
        #expect(passed > 7000)
        #expect(skipped < 50)
    }

    @Test func breaksWhereReadersExpect() {
        func breaks(_ s: String) -> [Int] {
            let o = LineBreaker.opportunities(Array(s.unicodeScalars))
            return o.indices.filter { o[$0] }
        }
        #expect(breaks("one two") == [4])
        #expect(breaks("well-known") == [5])              // after a hyphen
        #expect(breaks("(a) $12.50 done") == [4, 11])     // numbers and their signs stay together
        #expect(breaks("中文字") == [1, 2])                 // between ideographs
        #expect(breaks("中文。字") == [1, 3])               // not before the full stop
        #expect(breaks("🇫🇷🇯🇵") == [2])                    // between flags, not inside one
        #expect(breaks("👍🏽👍") == [2])                     // a skin tone stays with its emoji
        // Thai has no spaces between words: libthai's dictionary finds them.
        // สวัสดี (hello) | ชาว (people) | โลก (world)
        #expect(breaks("สวัสดีชาวโลก") == [6, 9])
        #expect(LineBreaker.opportunities(Array("สวัสดีชาวโลก".unicodeScalars), dictionaries: false).allSatisfy { !$0 })
    }
}
