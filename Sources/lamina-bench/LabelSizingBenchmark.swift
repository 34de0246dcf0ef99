import Foundation
import UIKit
@_spi(Lamina) import CoreText

/// Part of `lamina-bench text`: sizing 1,000 `UILabel`s with `sizeThatFits`, each with text of
/// its own (as a list's rows have), one line of 17-point system text, then three wrapped lines
/// in 240 points; each label sized twice, as a layout pass asks a label for its size more than
/// once. Median of 7, one core: with the process's kept layouts emptied first (labels of text
/// never laid out before), and again with them kept (new labels of text laid out before, as a
/// list's cells made again for the same rows).
@MainActor enum LabelSizingBenchmark {
    static func run() {
        let words = ["Wi-Fi", "Bluetooth", "Mobile Data", "Personal Hotspot", "Notifications", "Sounds & Haptics",
                     "Focus", "Screen Time", "General", "Control Centre", "Display & Brightness", "Wallpaper"]
        func labels(lines: Int) -> [UILabel] {
            (0..<1000).map { i in
                let label = UILabel()
                label.font = .systemFont(ofSize: 17)
                label.numberOfLines = lines == 1 ? 1 : 0
                label.text = lines == 1 ? "\(words[i % words.count]) \(i)"
                    : (0..<9).map { words[(i + $0) % words.count] }.joined(separator: " ") + " \(i)"
                return label
            }
        }
        let clock = ContinuousClock()
        // LABELS_PROFILE=1 (or =one): sizing of new wrapped (one-line) text over and over, for
        // profilers.
        if let mode = ProcessInfo.processInfo.environment["LABELS_PROFILE"], mode == "1" || mode == "one" {
            let lines = mode == "one" ? 1 : 3
            for _ in 0..<(mode == "one" ? 40 : 10) {
                let ls = labels(lines: lines)
                SharedTextLayouts.removeAll()
                for l in ls { _ = l.sizeThatFits(CGSize(width: lines == 1 ? .greatestFiniteMagnitude : 240, height: CGFloat.greatestFiniteMagnitude)) }
            }
            return
        }
        for (name, lines, width) in [("one line", 1, CGFloat.greatestFiniteMagnitude), ("three wrapped lines", 3, 240)] {
            for cold in [true, false] {
                var times: [Double] = []
                var height: CGFloat = 0
                for _ in 0..<7 {
                    let ls = labels(lines: lines)
                    if cold { SharedTextLayouts.removeAll() }
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
            }
        }
    }
}
