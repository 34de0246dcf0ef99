import Foundation
import LaminaWindow
import QuartzCore

/// `lamina-bench window [SECONDS]`: the compositor benchmark's screen (393x852 pt at 3x, a
/// 1179x2556-pixel window) on a display, one badge spinning, for SECONDS (default 10): frames
/// presented and late, median and p99 frame time (preparation to present) and raster time, and
/// the process's CPU time per frame. Needs a display (xvfb-run for a virtual one).
enum WindowBenchmark {
    static func cpuSeconds() -> Double {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
    }

    static func run(seconds: Double) {
        let (root, badges, count) = CompositorBenchmark.screen()
        let window: NativeWindow
        do {
            window = try NativeWindow(title: "lamina-bench window", size: root.bounds.size, scale: 3, resizable: false)
        } catch {
            FileHandle.standardError.write(Data("lamina-bench window: \(error)\n".utf8))
            exit(1)
        }
        let driver = FrameDriver(layer: root, scale: 3, startTime: 0)
        driver.run {
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.toValue = Double.pi * 2
            spin.duration = 2
            spin.repeatCount = .infinity
            badges[0].add(spin, forKey: "spin")
        }
        let host = LayerWindowHost(driver: driver, window: window)
        // The first frame (text drawn into backing stores) is not part of the measure.
        host.run(forSeconds: 1)
        let framesBefore = host.pacing.frames, lateBefore = host.pacing.late
        let cpu0 = cpuSeconds(), wall0 = MediaClock.system.now
        host.run(forSeconds: seconds)
        let frames = host.pacing.frames - framesBefore
        let cpu = cpuSeconds() - cpu0, wall = MediaClock.system.now - wall0
        let p = host.pacing
        print(String(format: "window 1179x2556 (%@%@), %d layers, one spinning: %d frames in %.1f s (%.1f fps), %d late",
                     "\(window.presentation)", window.isVsynced ? ", vsync" : "", count, frames, wall, Double(frames) / wall, p.late - lateBefore))
        print(String(format: "  frame time p50 %.2f ms, p99 %.2f ms; prepare p50 %.2f ms; raster p50 %.2f ms, p99 %.2f ms; present p50 %.2f ms; CPU %.2f ms per frame",
                     p.p50FrameTime * 1000, p.p99FrameTime * 1000, p.p50PrepareTime * 1000, p.p50RenderTime * 1000, p.p99RenderTime * 1000, p.p50PresentTime * 1000,
                     frames > 0 ? cpu / Double(frames) * 1000 : 0))
        window.close()
    }
}
