import Foundation
import QuartzCore
import UIKit

/// `lamina-bench lists`: modern lists.
/// 1. Applying a diffable snapshot of 10,000 items in 10 sections to a collection view with
///    1% of the items changed (50 deleted, 50 inserted at other places): the difference, the
///    batch update it runs and the layout after it, median and best of 30, on the main thread.
/// 2. A compositional list layout (`UICollectionLayoutListConfiguration(.insetGrouped)`, list
///    cells with a symbol, a title and a disclosure indicator, self-sizing) of 10,000 items in a
///    393x852 pt window at 3x, scrolled 4 pt per frame for 240 frames: the commit (offset,
///    layout with cells reused and measured) and the damage-tracked frame, p50 and p99, on the
///    renderer's threads (`THREADS=n`, 2 by default).
@MainActor enum ListsBenchmark {
    enum Section: Hashable, Sendable { case s(Int) }

    /// Both benchmarks, or the one named (`apply` or `scroll`, for profiling).
    static func run(only: String? = nil) {
        if only != "scroll" { applyBenchmark() }
        if only != "apply" { scrollBenchmark() }
    }

    static func makeList(_ window: UIWindow) -> (UICollectionView, UICollectionViewDiffableDataSource<Section, Int>) {
        var list = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        list.headerMode = .none
        let cv = UICollectionView(frame: window.bounds, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: list))
        let symbols = ["star.fill", "heart.fill", "bell.fill", "folder.fill", "paperplane.fill", "bookmark.fill"]
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { cell, _, n in
            var c = cell.defaultContentConfiguration()
            c.text = "Item \(n)"
            c.image = UIImage(systemName: symbols[n % symbols.count])
            cell.contentConfiguration = c
            cell.accessories = [.disclosureIndicator()]
        }
        let ds = UICollectionViewDiffableDataSource<Section, Int>(collectionView: cv) { cv, path, n in
            cv.dequeueConfiguredReusableCell(using: registration, for: path, item: n)
        }
        window.addSubview(cv)
        return (cv, ds)
    }

    static func snapshot(_ items: [Int]) -> NSDiffableDataSourceSnapshot<Section, Int> {
        var s = NSDiffableDataSourceSnapshot<Section, Int>()
        let sections = (0..<10).map { Section.s($0) }
        s.appendSections(sections)
        let per = items.count / 10
        for (i, sec) in sections.enumerated() { s.appendItems(Array(items[(i * per)..<min(items.count, (i + 1) * per)]), toSection: sec) }
        return s
    }

    static func applyBenchmark() {
        let window = UIWindow(screen: UIScreen(size: CGSize(width: 393, height: 852), scale: 3))
        let (cv, ds) = makeList(window)
        let base = Array(0..<10_000)
        var times: [Double] = []
        var toggle = false
        ds.apply(snapshot(base), animatingDifferences: false)
        cv.layoutIfNeeded()
        for round in 0..<31 {
            // 1% changed: 50 items gone, 50 new ones at other places.
            var items = base
            let shift = toggle ? 0 : 1
            toggle.toggle()
            let gone = Set(stride(from: 97 + shift, to: 10_000, by: 200))
            items.removeAll { gone.contains($0) }
            for (k, at) in stride(from: 150, to: 9_900, by: 197).prefix(50).enumerated() { items.insert(20_000 + k + shift * 100, at: at) }
            let s = snapshot(items)
            let t = CompositorBenchmark.seconds {
                ds.apply(s, animatingDifferences: false)
                cv.layoutIfNeeded()
            }
            if round > 0 { times.append(t) }
        }
        times.sort()
        print("diffable apply: 10000 items in 10 sections, 1% changed (50 deleted, 50 inserted), difference + batch update + layout, 30 runs")
        print(String(format: "apply: median %6.2f ms, best %6.2f ms", times[times.count / 2] * 1000, times[0] * 1000))
    }

    static func scrollBenchmark() {
        let window = UIWindow(screen: UIScreen(size: CGSize(width: 393, height: 852), scale: 3))
        let (cv, ds) = makeList(window)
        ds.apply(snapshot(Array(0..<10_000)), animatingDifferences: false)
        window.layoutIfNeeded()
        CATransaction.flush()
        let renderer = CARenderer(layer: window.layer, scale: 3)
        if let threads = Int(ProcessInfo.processInfo.environment["THREADS"] ?? "") { renderer.threads = threads }
        _ = renderer.nextFrame(atTime: 0)
        var commits: [Double] = [], frames: [Double] = []
        for k in 1...240 {
            commits.append(CompositorBenchmark.seconds {
                cv.contentOffset.y = CGFloat(4 * k)
                window.layoutIfNeeded()
                CATransaction.flush()
            })
            frames.append(CompositorBenchmark.seconds { _ = renderer.nextFrame(atTime: Double(k) / 60) })
        }
        func percentile(_ v: [Double], _ p: Double) -> Double { v.sorted()[min(v.count - 1, Int(Double(v.count) * p))] }
        print("inset-grouped list layout of 10000 self-sizing list cells in a 1179x2556 window, scrolled 4 pt per frame, 240 frames, \(renderer.threads) threads")
        print(String(format: "commit (offset, layout with cells reused and measured, flush): p50 %7.2f ms, p99 %7.2f ms",
                     percentile(commits, 0.5) * 1000, percentile(commits, 0.99) * 1000))
        print(String(format: "frame (damage-tracked): p50 %7.2f ms, p99 %7.2f ms", percentile(frames, 0.5) * 1000, percentile(frames, 0.99) * 1000))
        print(String(format: "commit + frame p99: %7.2f ms", percentile(zip(commits, frames).map { $0 + $1 }, 0.99) * 1000))
    }
}
