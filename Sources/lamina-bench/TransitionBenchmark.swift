import Foundation
import QuartzCore
import UIKit

/// `lamina-bench transition`: a `UINavigationController`'s animated push and pop in a
/// 393x852 pt window at 3x (1179x2556 pixels), an iPhone's safe area (47 pt above, 34 below).
/// Two controllers, each a table of rows (symbol, title, subtitle) under the navigation bar: on
/// push the second slides in from the right edge over the first, which moves a third of the
/// width left under a dimming view, the incoming view casting a shadow on it; pop runs it
/// backwards (0.35 s, ease in-out, the bar's titles cross-fading): the transition UIKit runs,
/// as Lamina's navigation controller runs it. Drawn frame by frame at 120 Hz by one renderer
/// through damage tracking (the whole screen moves, so all of it is redrawn). Reports the p50
/// and p99 of the frames of each, and what the caches did; with `TIMES=1`, every frame's time
/// in order; `THREADS=n` sets the renderer's threads (2).
@MainActor enum TransitionBenchmark {
    /// A table of rows under the navigation bar.
    @MainActor final class Screen: UIViewController {
        let rows: ScrollBenchmark.Rows
        init(name: String, symbols: [String]) {
            rows = ScrollBenchmark.Rows(name: name, count: 100, symbols: symbols)
            super.init()
            title = name
        }
        required init?(coder: NSCoder) { return nil }
        override func loadView() {
            let table = UITableView(frame: UIScreen.main.bounds, style: .plain)
            table.dataSource = rows
            table.rowHeight = 60
            view = table
        }
    }

    static func run() {
        let window = UIWindow(screen: UIScreen(size: CGSize(width: 393, height: 852), scale: 3,
                                               safeAreaInsets: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)))
        window.run {
            let first = Screen(name: "Inbox", symbols: ["folder.fill", "paperplane.fill", "bookmark.fill"])
            let second = Screen(name: "Message", symbols: ["star.fill", "heart.fill", "bell.fill"])
            let nav = UINavigationController(rootViewController: first)
            window.rootViewController = nav
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            CATransaction.flush()
            let renderer = CARenderer(layer: window.layer, scale: 3)
            if let threads = Int(ProcessInfo.processInfo.environment["THREADS"] ?? "") { renderer.threads = threads }
            _ = renderer.nextFrame(atTime: window.time)
            let duration = 0.35, step = 1.0 / 120

            /// Runs `change` (a push or a pop) and draws its frames; the frame times.
            @MainActor func frames(_ change: () -> Void) -> [Double] {
                change()
                var times: [Double] = []
                var t = 0.0
                while t < duration + step / 2 {
                    // The window's clock moves (animation events, completions, commits), then
                    // the frame is drawn: only the drawing is timed.
                    window.advance(to: window.time + step)
                    t += step
                    times.append(CompositorBenchmark.seconds { _ = renderer.nextFrame(atTime: window.time) })
                }
                // The transition's end, then one frame of the end state.
                window.advance(to: window.time + step)
                _ = renderer.nextFrame(atTime: window.time)
                return times
            }

            // Both screens drawn once, so neither transition pays for a first layout.
            nav.pushViewController(second, animated: false)
            window.layoutIfNeeded()
            nav.popViewController(animated: false)
            window.layoutIfNeeded()
            window.advance(to: window.time + step)
            _ = renderer.nextFrame(atTime: window.time)
            let before = renderer.cacheStatistics
            let push = frames { nav.pushViewController(second, animated: true) }
            let pop = frames { nav.popViewController(animated: true) }
            let after = renderer.cacheStatistics
            func percentile(_ v: [Double], _ p: Double) -> Double { v.sorted()[min(v.count - 1, Int(Double(v.count) * p))] }
            print("UINavigationController push and pop between two tables of rows in a 1179x2556 window: 0.35 s ease in-out, frames at 120 Hz, \(renderer.threads) threads")
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
