import Foundation

/// A printf-style file name pattern for a numbered frame sequence: `out-%04d.png` gives
/// `out-0000.png`, `out-0001.png`… (`%d` without padding also works; `%%` is a percent sign).
public struct NumberedFiles: Equatable, Sendable {
    private let prefix: String
    private let suffix: String
    private let width: Int
    private let zeroPadded: Bool

    /// Parses `pattern`; nil unless it holds exactly one `%d`, `%Nd` or `%0Nd` (N ≤ 12).
    public init?(_ pattern: String) {
        var prefix = "", suffix = ""
        var found: (width: Int, zero: Bool)?
        var chars = Array(pattern)[...]
        while let c = chars.popFirst() {
            guard c == "%" else {
                if found == nil { prefix.append(c) } else { suffix.append(c) }
                continue
            }
            if chars.first == "%" {
                chars.removeFirst()
                if found == nil { prefix.append("%") } else { suffix.append("%") }
                continue
            }
            guard found == nil else { return nil }
            var zero = false
            if chars.first == "0" { zero = true; chars.removeFirst() }
            var digits = ""
            while let d = chars.first, d.isASCII, d.isNumber { digits.append(d); chars.removeFirst() }
            guard chars.popFirst() == "d", digits.count <= 2 else { return nil }
            let width = Int(digits) ?? 0
            guard width <= 12 else { return nil }
            found = (width, zero)
        }
        guard let found else { return nil }
        self.prefix = prefix
        self.suffix = suffix
        width = found.width
        zeroPadded = found.zero
    }

    /// The file name of frame `index` (≥ 0).
    public func name(_ index: Int) -> String {
        var n = String(index)
        if n.count < width { n = String(repeating: zeroPadded ? "0" : " ", count: width - n.count) + n }
        return prefix + n + suffix
    }
}
