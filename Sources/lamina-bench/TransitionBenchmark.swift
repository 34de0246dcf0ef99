import Foundation
import QuartzCore
import UIKit

/// `lamina-bench transition`: the motion of a navigation push and pop in a 393x852 pt window at
/// 3x (1179x2556 pixels). Two screens, each a navigation-bar-like header over a table of rows
/// (symbol, title, subtitle): on push the second slides in from the right edge over the first,
/// which moves a third of the width left under a dimming view, the incoming screen casting a
/// shadow on it; pop runs it backwards. Animated with `UIView.animate` (0.35 s, ease in-out), drawn
/// frame by frame at 120 Hz by one renderer through damage tracking (the whole screen moves, so
/// all of it is redrawn). Reports the p50 and p99 of the frames of each, and what the caches did;
/// with `TIMES=1`, every frame's time in order; `THREADS=n` sets the renderer's threads (2).
///
/// Lamina's `UINavigationController` does not animate its pushes yet; this benchmark animates
/// the same views the way UIKit's transition moves them.
@MainActor enum TransitionBenchmark {
    /// A header with a title over a table of rows.
    @MainActor final class Screen {
        let view: UIView
        let table: UITableView
        let rows: ScrollBenchmark.Rows
        init(name: String, symbols: [String], frame: CGRect) {
            rows = ScrollBenchmark.Rows(name: name, count: 100, symbols: symbols)
            view = UIView(frame: frame)
            view.backgroundColor = .systemBackground
            table = UITableView(frame: CGRect(x: 0, y: 91, width: frame.width, height: frame.height - 91), style: .plain)
            table.dataSource = rows
            table.rowHeight = 60
            let header = UIView(frame: CGRect(x: 0, y: 0, width: frame.width, height: 91))
            header.backgroundColor = .secondarySystemBackground
            let title = UILabel(frame: CGRect(x: 0, y: 47, width: frame.width, height: 44))
            title.text = name
            title.textAlignment = .center
            title.font = .boldSystemFont(ofSize: 17)
            header.addSubview(title)
            view.addSubview(table)
            view.addSubview(header)
        }
    }

    static func run() {
        let clock = MediaClock(manualAt: 0)
        clock.run {
            let window = UIWindow(screen: UIScreen(size: CGSize(width: 393, height: 852), scale: 3))
            let width = window.bounds.width
            let first = Screen(name: "Inbox", symbols: ["folder.fill", "paperplane.fill", "bookmark.fill"], frame: window.bounds)
            let second = Screen(name: "Message", symbols: ["star.fill", "heart.fill", "bell.fill"], frame: window.bounds)
            window.addSubview(first.view)
            let dimming = UIView(frame: window.bounds)
            dimming.backgroundColor = UIColor(white: 0, alpha: 0.1)
            dimming.alpha = 0
            // The incoming screen's shadow on the one under it.
            second.view.layer.shadowOpacity = 0.15
            second.view.layer.shadowRadius = 6
            second.view.layer.shadowOffset = .zero
            second.view.layer.shadowPath = CGPath(rect: second.view.bounds, transform: nil)
            window.layoutIfNeeded()
            CATransaction.flush()
            let renderer = CARenderer(layer: window.layer, scale: 3)
            if let threads = Int(ProcessInfo.processInfo.environment["THREADS"] ?? "") { renderer.threads = threads }
            _ = renderer.nextFrame(atTime: clock.now)
            let duration = 0.35, step = 1.0 / 120

            /// Runs `animate` in a UIView animation and draws its frames; the frame times.
            @MainActor func frames(_ animate: @escaping @MainActor () -> Void, done: @escaping @MainActor () -> Void) -> [Double] {
                UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut], animations: animate) { _ in done() }
                window.layoutIfNeeded()
                CATransaction.flush()
                var times: [Double] = []
                var t = 0.0
                while t < duration + step / 2 {
                    clock.advance(by: step)
                    t += step
                    times.append(CompositorBenchmark.seconds { _ = renderer.nextFrame(atTime: clock.now) })
                }
                // The animation's completion, then one frame of the end state.
                clock.advance(by: step)
                _ = renderer.nextFrame(atTime: clock.now)
                return times
            }

            // Push: the second screen from the right edge, the first a third of the way left.
            second.view.frame.origin.x = width
            window.addSubview(dimming)
            window.addSubview(second.view)
            window.layoutIfNeeded()
            CATransaction.flush()
            _ = renderer.nextFrame(atTime: clock.now)
            let before = renderer.cacheStatistics
            let push = frames({
                second.view.frame.origin.x = 0
                first.view.frame.origin.x = -width / 3
                dimming.alpha = 1
            }, done: {})
            // Pop: back again.
            let pop = frames({
                second.view.frame.origin.x = width
                first.view.frame.origin.x = 0
                dimming.alpha = 0
            }, done: {
                second.view.removeFromSuperview()
                dimming.removeFromSuperview()
            })
            let after = renderer.cacheStatistics
            func percentile(_ v: [Double], _ p: Double) -> Double { v.sorted()[min(v.count - 1, Int(Double(v.count) * p))] }
            print("navigation push and pop between two screens of rows in a 1179x2556 window: 0.35 s ease in-out, frames at 120 Hz, \(renderer.threads) threads")
            print(String(format: "push: %d frames, p50 %6.2f ms, p99 %6.2f ms", push.count, percentile(push, 0.5) * 1000,
                         percentile(push, 0.99) * 1000))
            print(String(format: "pop:  %d frames, p50 %6.2f ms, p99 %6.2f ms", pop.count, percentile(pop, 0.5) * 1000,
                         percentile(pop, 0.99) * 1000))
            // TIMES=1: every frame's time, in order (which frames are the slow ones).
            if ProcessInfo.processInfo.environment["TIMES"] == "1" {
                print("push frames (ms): " + push.map { String(format: "%.2f", $0 * 1000) }.joined(separator: " "))
                print("pop frames (ms):  " + pop.map { String(format: "%.2f", $0 * 1000) }.joined(separator: " "))
            }
            print("caches over both: shadows \(after.shadows.since(before.shadows)); shape and gradient content \(after.content.since(before.content))")
            withExtendedLifetime((first, second)) {}
        }
    }
}
