import Foundation
import QuartzCore
import UIKit

/// `lamina-bench scroll`: a `UITableView` of 200 rows (a symbol image, a title and a subtitle
/// in each) filling a 393x852 pt window at 3x (1179x2556 pixels), scrolled 1 pt per frame for
/// 240 frames. Each frame: the offset set, layout (rows reused), the commit, and the next frame
/// drawn through damage tracking (almost the whole screen moves, so almost all of it is
/// redrawn). Reports the p50 and p99 of the commit and of the drawing, on the renderer's
/// threads. `lamina-bench scroll OUT.png` also writes the last frame.
@MainActor enum ScrollBenchmark {
    /// Rows of a symbol, a title, a subtitle and a disclosure indicator (the transition
    /// benchmark's screens show them too).
    final class Rows: NSObject, UITableViewDataSource {
        let name: String, count: Int
        let symbols: [String]
        init(name: String = "Row", count: Int = 200,
             symbols: [String] = ["star.fill", "heart.fill", "bell.fill", "folder.fill", "paperplane.fill", "bookmark.fill"]) {
            self.name = name; self.count = count; self.symbols = symbols
        }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row")
                ?? UITableViewCell(style: .subtitle, reuseIdentifier: "row")
            cell.textLabel?.text = "\(name) \(indexPath.row + 1)"
            cell.detailTextLabel?.text = "A subtitle under the title of row \(indexPath.row + 1)"
            cell.imageView?.image = UIImage(systemName: symbols[indexPath.row % symbols.count])
            cell.accessoryType = .disclosureIndicator
            return cell
        }
    }

    static func run(writingLastFrameTo path: String? = nil) {
        let window = UIWindow(screen: UIScreen(size: CGSize(width: 393, height: 852), scale: 3))
        let rows = Rows()
        let table = UITableView(frame: window.bounds, style: .plain)
        table.dataSource = rows
        table.rowHeight = 60
        window.addSubview(table)
        window.layoutIfNeeded()
        CATransaction.flush()
        let renderer = CARenderer(layer: window.layer, scale: 3)
        _ = renderer.nextFrame(atTime: 0)
        var commits: [Double] = [], frames: [Double] = [], damaged: [Double] = []
        var last: CGImage?
        for k in 1...240 {
            commits.append(CompositorBenchmark.seconds {
                table.contentOffset.y = CGFloat(k)
                window.layoutIfNeeded()
                CATransaction.flush()
            })
            frames.append(CompositorBenchmark.seconds { last = renderer.nextFrame(atTime: Double(k) / 60) })
            let d = renderer.lastDamage
            damaged.append(d.isNull ? 0 : d.width * d.height / (1179 * 2556))
        }
        func percentile(_ v: [Double], _ p: Double) -> Double { v.sorted()[min(v.count - 1, Int(Double(v.count) * p))] }
        print("table of 200 rows in a 1179x2556 window, scrolled 1 pt per frame, 240 frames, \(renderer.threads) threads")
        print(String(format: "commit (offset, layout with rows reused, flush): p50 %7.2f ms, p99 %7.2f ms",
                     percentile(commits, 0.5) * 1000, percentile(commits, 0.99) * 1000))
        print(String(format: "frame (damage-tracked, %.0f%% of the pixels redrawn at the median): p50 %7.2f ms, p99 %7.2f ms",
                     percentile(damaged, 0.5) * 100, percentile(frames, 0.5) * 1000, percentile(frames, 0.99) * 1000))
        let stats = renderer.cacheStatistics
        print("caches over the scroll: shadows \(stats.shadows); shape and gradient content \(stats.content)")
        if let path, let last, let png = try? last.pngData() { try? png.write(to: URL(fileURLWithPath: path)) }
    }
}
