import Foundation
import UIKit
@_spi(Lamina) import CoreGraphics
@_spi(Lamina) import CoreText

/// Part of `lamina-bench text`: sizing 1,000 `UILabel`s with `sizeThatFits`, each with text of
/// its own (as a list's rows have), one line of 17-point system text, then three wrapped lines
/// in 240 points; each label sized twice, as a layout pass asks a label for its size more than
/// once. Median of 7, one core: with the process's kept layouts emptied first (labels of text
/// never laid out before), and again with them kept (new labels of text laid out before, as a
/// list's cells made again for the same rows).
@MainActor enum LabelSizingBenchmark {
    /// The width three-line labels wrap in, and the labels' font size.
    static let width: CGFloat = 240, size: CGFloat = 17

    /// The 1,000 labels' texts: of one line, or of three wrapped lines.
    static func texts(lines: Int) -> [String] {
        let words = ["Wi-Fi", "Bluetooth", "Mobile Data", "Personal Hotspot", "Notifications", "Sounds & Haptics",
                     "Focus", "Screen Time", "General", "Control Centre", "Display & Brightness", "Wallpaper"]
        return (0..<1000).map { i in
            lines == 1 ? "\(words[i % words.count]) \(i)"
                : (0..<9).map { words[(i + $0) % words.count] }.joined(separator: " ") + " \(i)"
        }
    }

    static func labels(lines: Int) -> [UILabel] {
        texts(lines: lines).map { text in
            let label = UILabel()
            label.font = .systemFont(ofSize: size)
            label.numberOfLines = lines == 1 ? 1 : 0
            label.text = text
            return label
        }
    }

    /// For `lamina-bench text-runs` (compared with Skia and Pango): each label of new text sized
    /// once, no layout kept from before; median of 21 after 3, in microseconds.
    static func sizedOnce(lines: Int) -> (median: Double, best: Double) {
        var times: [Double] = []
        for k in 0..<24 {
            let ls = labels(lines: lines)
            SharedTextLayouts.removeAll()
            WordShapeCache.removeAll()
            let t = TextBenchmark.time {
                for l in ls { _ = l.sizeThatFits(CGSize(width: lines == 1 ? .greatestFiniteMagnitude : width, height: .greatestFiniteMagnitude)) }
            }
            if k >= 3 { times.append(t) }
        }
        times.sort()
        return (times[times.count / 2], times[0])
    }

    static func run() {
        let clock = ContinuousClock()
        // LABELS_PROFILE=1 (or =one): sizing of new wrapped (one-line) text over and over, for
        // profilers (LABELS_ROUNDS times the 1,000 labels).
        // LABELS_PROFILE=kept: one-line labels of text laid out before.
        if let mode = ProcessInfo.processInfo.environment["LABELS_PROFILE"], mode == "1" || mode == "one" || mode == "kept" {
            let lines = mode == "1" ? 3 : 1
            let rounds = ProcessInfo.processInfo.environment["LABELS_ROUNDS"].flatMap { Int($0) } ?? (mode == "one" ? 40 : 10)
            for _ in 0..<max(1, rounds) {
                let ls = labels(lines: lines)
                if mode != "kept" { SharedTextLayouts.removeAll(); WordShapeCache.removeAll() }
                for l in ls { _ = l.sizeThatFits(CGSize(width: lines == 1 ? .greatestFiniteMagnitude : 240, height: CGFloat.greatestFiniteMagnitude)) }
            }
            return
        }
        for (name, lines, width) in [("one line", 1, CGFloat.greatestFiniteMagnitude), ("three wrapped lines", 3, width)] {
            for cold in [true, false] {
                var times: [Double] = []
                var height: CGFloat = 0
                for _ in 0..<7 {
                    let ls = labels(lines: lines)
                    if cold { SharedTextLayouts.removeAll(); WordShapeCache.removeAll() }
                    let start = clock.now
                    for l in ls {
                        height = l.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude)).height
                        height = max(height, l.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude)).height)
                    }
                    let d = clock.now - start
                    times.append((Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18) * 1000)
                }
                times.sort()
                print("label sizing, 1,000 labels, \(name), \(cold ? "new text" : "text laid out before")".padding(toLength: 72, withPad: " ", startingAt: 0)
                      + String(format: "%9.2f ms (median; last height %.1f pt)", times[times.count / 2], height))
                if cold {
                    // New text starts with no word kept: words met again among the labels come
                    // from the word cache.
                    let w = WordShapeCache.statistics
                    print("  word cache over the last run: \(w.hits) hits, \(w.misses) misses, \(w.words) words kept")
                }
            }
        }
    }
}
