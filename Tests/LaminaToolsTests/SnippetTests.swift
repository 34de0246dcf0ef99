import Testing
@testable import LaminaTools

@Suite("Gallery snippets")
struct SnippetTests {
    @Test func blocksAreJoinedAndDedented() {
        let source = """
            func f() {
                // gallery:begin a b
                let x = 1
                    let y = 2
                // gallery:end
                // gallery:begin c
                let z = 3
                // gallery:end
                // gallery:begin a
                print(x)
                // gallery:end
            }
            """
        #expect(Snippet.extract(id: "a", from: source) == "let x = 1\n    let y = 2\n\nprint(x)")
        #expect(Snippet.extract(id: "b", from: source) == "let x = 1\n    let y = 2")
        #expect(Snippet.extract(id: "d", from: source) == nil)
    }
}
