import Foundation

/// The code shown with a gallery entry: the lines between `// gallery:begin <id>` and
/// `// gallery:end` in the entry's source file (several blocks are joined by a blank line),
/// with their common indentation removed.
enum Snippet {
    static func extract(id: String, fromFile path: String) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return extract(id: id, from: text)
    }

    static func extract(id: String, from text: String) -> String? {
        var blocks: [[Substring]] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("// gallery:begin ") {
                let ids = t.dropFirst("// gallery:begin ".count).split(separator: " ").map(String.init)
                if ids.contains(id) { current = [] }
            } else if t == "// gallery:end" {
                if let c = current { blocks.append(c) }
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        guard !blocks.isEmpty else { return nil }
        return blocks.map(dedent).joined(separator: "\n\n")
    }

    private static func dedent(_ lines: [Substring]) -> String {
        let indents = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }
        let cut = indents.min() ?? 0
        return lines.map { $0.count >= cut ? String($0.dropFirst(cut)) : "" }.joined(separator: "\n")
    }
}
