import Foundation
import Testing
import QuartzCore

@Suite struct DisplayLinkTests {
    final class Ticks: @unchecked Sendable { var times: [CFTimeInterval] = []; var targets: [CFTimeInterval] = [] }

    @Test func aLinkIsCalledOncePerFrameOfItsClock() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        let driver = FrameDriver(layer: layer)
        let ticks = Ticks()
        let link = CADisplayLink { l in ticks.times.append(l.timestamp); ticks.targets.append(l.targetTimestamp) }
        driver.run { link.add(to: .main, forMode: .common) }
        _ = driver.frames(duration: 0.1, framesPerSecond: 60)          // 7 frames: 0 … 0.1
        #expect(ticks.times.count == 7)
        #expect(abs(ticks.times[3] - 0.05) < 1e-9 && abs(ticks.targets[3] - (0.05 + 1.0 / 60)) < 1e-9)
        #expect(link.duration == 1.0 / 60)
        // Paused: nothing; invalidated: nothing more, ever.
        link.isPaused = true
        driver.advance(to: 0.2)
        #expect(ticks.times.count == 7)
        link.isPaused = false
        driver.advance(to: 0.25)
        #expect(ticks.times.count == 8)
        link.invalidate()
        driver.advance(to: 0.3)
        #expect(ticks.times.count == 8)
    }

    @Test func aLowerPreferredRateSkipsFramesAndOddRatesUseTheDisplays() {
        let driver = FrameDriver(layer: CALayer())
        let slow = Ticks(), odd = Ticks()
        let half = CADisplayLink { slow.times.append($0.timestamp) }
        half.preferredFramesPerSecond = 30
        let weird = CADisplayLink { odd.times.append($0.timestamp) }
        weird.preferredFrameRateRange = CAFrameRateRange(minimum: -5, maximum: .nan, preferred: -1)
        driver.run {
            half.add(to: .main, forMode: .common)
            weird.add(to: .main, forMode: .default)
        }
        for k in 0...12 { driver.advance(to: Double(k) / 60) }
        #expect(slow.times.count == 7)                  // every other frame
        #expect(odd.times.count == 13)                  // the display's 60
        #expect(half.preferredFramesPerSecond == 30)
        half.invalidate(); weird.invalidate()
    }

    @Test func aLinkHoldsItsTargetUntilInvalidated() {
        final class Game { var steps = 0 }
        var game: Game? = Game()
        weak let weakGame = game
        let driver = FrameDriver(layer: CALayer())
        let link = CADisplayLink(target: game!) { g, _ in g.steps += 1 }
        driver.run { link.add(to: .main, forMode: .common) }
        game = nil
        #expect(weakGame != nil)                       // kept alive by the link, as on iOS
        driver.advance(to: 1)
        #expect(weakGame?.steps == 1)
        link.invalidate()
    }
}
