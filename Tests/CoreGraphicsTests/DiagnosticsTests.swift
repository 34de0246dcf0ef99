import Testing
@testable import CoreGraphics

@Suite("Diagnostics")
struct DiagnosticsTests {
    /// Each message prints once; after `maximumPrintedMessages` distinct ones a notice says the
    /// rest are dropped and nothing more is remembered (a server meeting endless new odd values
    /// neither grows nor floods its log).
    @Test func printedMessagesAreBounded() {
        var set = Set<String>()
        #expect(LaminaDiagnostics.printedLine(for: "a", remembering: &set) == "lamina: warning: a\n")
        #expect(LaminaDiagnostics.printedLine(for: "a", remembering: &set) == nil)
        var last: String?
        for i in 1..<LaminaDiagnostics.maximumPrintedMessages { last = LaminaDiagnostics.printedLine(for: "m\(i)", remembering: &set) }
        #expect(last?.contains("further ones are not") == true)
        #expect(LaminaDiagnostics.printedLine(for: "one more", remembering: &set) == nil)
        #expect(set.count == LaminaDiagnostics.maximumPrintedMessages)
    }
}
