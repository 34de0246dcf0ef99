import QuartzCore
import Foundation

/// `lamina-bench`: Lamina's benchmarks. Each subcommand prints one line per measurement.
///
///     swift run -c release lamina-bench model                  # the CALayer model
///     swift run -c release lamina-bench raster SCENES OUT      # CoreGraphics vs Cairo/Skia/Blend2D
///     swift run -c release lamina-bench compositor             # a phone screen of ~500 layers
///     swift run -c release lamina-bench scroll                 # a table scrolled 1 pt per frame
///     swift run -c release lamina-bench spans                  # solid span throughput (Gpx/s)
///
/// The compositor, animation and layout benchmarks arrive with their issues.

@inline(never) func blackHole<T>(_ x: T) { withExtendedLifetime(x) {} }

/// Runs `body` repeatedly until at least 0.2 s has passed, five times, and returns the best
/// time of one run of `body`, in seconds.
func bestSeconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var best = Double.infinity
    for _ in 0..<5 {
        var runs = 0
        let start = clock.now
        var elapsed = Duration.zero
        repeat { body(); runs += 1; elapsed = clock.now - start } while elapsed < .milliseconds(200)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        best = min(best, seconds / Double(runs))
    }
    return best
}

/// Runs `body` (which performs `ops` operations) as `bestSeconds` does and prints the best time
/// per operation.
func measure(_ name: String, ops: Int, _ body: () -> Void) {
    let ns = bestSeconds(body) / Double(ops) * 1e9
    print(name.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%9.1f ns/op", ns))
}

func modelBenchmarks() {
    let n = 10_000
    measure("CALayer() creation", ops: n) {
        for _ in 0..<n { blackHole(CALayer()) }
    }
    let layers = (0..<n).map { _ in CALayer() }
    for (i, l) in layers.enumerated() where i % 2 == 0 {
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10); l.opacity = 0.5; l.cornerRadius = 4
    }
    measure("get bounds+opacity+cornerRadius (half set)", ops: n * 3) {
        var acc: CGFloat = 0
        for l in layers { acc += l.bounds.width + CGFloat(l.opacity) + l.cornerRadius }
        blackHole(acc)
    }
    measure("set position", ops: n) {
        for (i, l) in layers.enumerated() { l.position = CGPoint(x: i, y: i) }
    }
    measure("set bounds (layout effects)", ops: n) {
        for (i, l) in layers.enumerated() { l.bounds = CGRect(x: 0, y: 0, width: i & 7, height: 4) }
    }
    measure("value(forKey: \"cornerRadius\")", ops: n) {
        for l in layers { blackHole(l.value(forKey: "cornerRadius")) }
    }
    measure("setValue(Double, forKey: \"opacity\")", ops: n) {
        for l in layers { l.setValue(0.25, forKey: "opacity") }
    }
    measure("setValue(_, forKeyPath: \"position.x\")", ops: n) {
        for l in layers { l.setValue(3.0, forKeyPath: "position.x") }
    }
    measure("setValue(_, forKeyPath: \"transform.rotation.y\")", ops: n) {
        for l in layers { l.setValue(0.5, forKeyPath: "transform.rotation.y") }
    }
    measure("init(layer:) copy", ops: n) {
        for l in layers { blackHole(CALayer(layer: l)) }
    }
    measure("frame getter", ops: n) {
        for l in layers { blackHole(l.frame) }
    }
    // A chain 20 deep with transforms: convert from the leaf to the root.
    let root = CALayer()
    var leaf = root
    for i in 0..<20 {
        let c = CALayer()
        c.frame = CGRect(x: 1, y: 1, width: 100, height: 100)
        if i % 3 == 0 { c.transform = CATransform3DMakeRotation(0.1, 0, 0, 1) }
        leaf.addSublayer(c)
        leaf = c
    }
    measure("convert(_:to:) through 20 layers", ops: 1000) {
        for _ in 0..<1000 { blackHole(leaf.convert(CGPoint(x: 5, y: 5), to: root)) }
    }
    measure("hitTest through 20 layers", ops: 1000) {
        for _ in 0..<1000 { blackHole(root.hitTest(CGPoint(x: 25, y: 25))) }
    }
}

let args = CommandLine.arguments.dropFirst()
switch args.first {
case "model":
    modelBenchmarks()
case "compositor":
    CompositorBenchmark.run()
case "animation":
    AnimationBenchmark.run()
case "animation-profile":
    AnimationBenchmark.profile()
case "compositor-profile":
    CompositorBenchmark.profile()
case "damage-profile":
    CompositorBenchmark.damageProfile()
case "commit-profile":
    CompositorBenchmark.commitProfile()
case "text-runs":
    MainActor.assumeIsolated { TextRunsBenchmark.run(writingTo: args.dropFirst().first) }
case "labels":
    MainActor.assumeIsolated { LabelSizingBenchmark.run() }
case "text-profile":
    TextBenchmark.profile()
case "text":
    TextBenchmark.run()
    MainActor.assumeIsolated { LabelSizingBenchmark.run() }
case "scroll":
    ScrollBenchmark.run(writingLastFrameTo: args.dropFirst().first)
case "transition":
    TransitionBenchmark.run()
case "lists":
    ListsBenchmark.run(only: args.dropFirst().first)
case "window":
    WindowBenchmark.run(seconds: args.dropFirst().first.flatMap(Double.init).map { max(1, min($0, 600)) } ?? 10)
case "layout":
    do { try LayoutBenchmark.run(); AutoLayoutBenchmark.run() } catch {
        FileHandle.standardError.write(Data("lamina-bench layout: \(error)\n".utf8))
        exit(1)
    }
case "snapshot":
    SnapshotBenchmark.run()
case "spans":
    SpanBenchmark.run()
case "raster":
    let rest = Array(args.dropFirst())
    guard rest.count == 2 else {
        FileHandle.standardError.write(Data("usage: lamina-bench raster SCENES_DIR OUT_DIR\n".utf8))
        exit(2)
    }
    do { try RasterBenchmark.run(scenesDirectory: rest[0], outputDirectory: rest[1]) } catch {
        FileHandle.standardError.write(Data("lamina-bench raster: \(error)\n".utf8))
        exit(1)
    }
default:
    print("usage: lamina-bench model | compositor | animation | text | scroll | transition | lists | snapshot | window [SECONDS] | layout | spans | raster SCENES_DIR OUT_DIR")
    print("  snapshot five typical iOS screens at 3x, one snapshot each (layout, draw, PNG, compare): median ms (run under taskset -c 0)")
    print("  lists    a diffable snapshot of 10000 items applied with 1% changed; a 10000-item list layout scrolled at 3x")
    print("  animation   frame evaluation from the render tree: 1k–20k layers with two running animations each")
    print("  layout      the Cassowary solver on Benchmarks/layout's systems (kiwi_bench.py is kiwisolver's side)")
    print("  scroll   a 200-row UITableView in a 1179x2556 window scrolled 1 pt per frame: commit and frame p50/p99 [OUT.png]")
    print("  transition  a navigation push and pop (0.35 s slides of two screens of rows) in a 1179x2556 window: frame p50/p99 (TIMES=1: each frame)")
    print("  compositor  a 1179x2556 screen of 552 layers: full frame on 1, 2 and 4 threads, damage-tracked next frame, commit cost")
    print("  model    the CALayer model: property store, KVC, geometry")
    print("  window [SECONDS]  the compositor screen in a 1179x2556 window with one spinning layer: frame pacing, CPU per frame (needs a display)")
    print("  text     100 text layers, 10,000 glyphs of mixed scripts: first frame (layout + draw) and repeat frame (cached layout); sizing 1,000 labels")
    print("  raster   the side-by-side raster benchmark (../shared/bench/README.md)")
    print("  spans    solid span throughput: 1000x1000 opaque and 50% alpha fills, in Gpx/s")
    exit(args.isEmpty ? 0 : 2)
}
