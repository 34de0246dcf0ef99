import Testing
import Foundation
@testable import QuartzCore
import LaminaTestSupport

@Suite("Transitions and cross-fades")
struct TransitionTests {
    /// A 100×50 red layer on white, committed at time 0; `change` runs with a transition added.
    func frame(_ configure: (CATransition) -> Void, at t: Double) throws -> [UInt8] {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let box = CALayer()
        box.frame = root.bounds
        box.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(box)
        let driver = FrameDriver(layer: root)
        _ = driver.frame(at: 0)
        driver.run {
            withoutActions {
                let tr = CATransition()
                tr.duration = 1
                configure(tr)
                box.add(tr, forKey: kCATransition)
                box.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            }
        }
        _ = driver.frame(at: 0)       // committed at 0: the transition begins
        return try #require(driver.frame(at: t)).straightRGBA8()
    }

    func pixel(_ px: [UInt8], _ x: Int, _ y: Int) -> [Int] {
        let i = (y * 100 + x) * 4
        return px[i..<i + 3].map(Int.init)
    }

    @Test func fadeDissolves() throws {
        let px = try frame({ $0.type = .fade }, at: 0.5)
        let p = pixel(px, 50, 25)
        #expect(abs(p[0] - 128) <= 1 && p[1] == 0 && abs(p[2] - 128) <= 1, "\(p)")
        let end = try frame({ $0.type = .fade }, at: 1.5)
        #expect(pixel(end, 50, 25) == [0, 0, 255])
        let start = try frame({ $0.type = .fade }, at: 0)
        #expect(pixel(start, 50, 25) == [255, 0, 0])
    }

    @Test func transitionsLiveUnderTheTransitionKey() {
        let layer = CALayer()
        MediaClock(manualAt: 0).run {
            layer.add(CATransition(), forKey: "anything")
            layer.add(CATransition(), forKey: nil)
            #expect(layer.animationKeys() == [kCATransition])
        }
    }

    @Test func pushFromLeft() throws {
        let px = try frame({ $0.type = .push; $0.subtype = .fromLeft }, at: 0.5)
        #expect(pixel(px, 25, 25) == [0, 0, 255])     // the new content arrives from the left
        #expect(pixel(px, 75, 25) == [255, 0, 0])     // the old is pushed right
    }

    @Test func revealFromRight() throws {
        let px = try frame({ $0.type = .reveal; $0.subtype = .fromRight }, at: 0.25)
        #expect(pixel(px, 90, 25) == [0, 0, 255])     // uncovered on the right
        #expect(pixel(px, 10, 25) == [255, 0, 0])
    }

    @Test func moveInFromTop() throws {
        let px = try frame({ $0.type = .moveIn; $0.subtype = .fromTop }, at: 0.5)
        #expect(pixel(px, 50, 10) == [0, 0, 255])
        #expect(pixel(px, 50, 40) == [255, 0, 0])
    }

    @Test func progressRange() throws {
        // startProgress 0.5: the dissolve begins half-way.
        let px = try frame({ $0.type = .fade; $0.startProgress = 0.5 }, at: 0)
        let p = pixel(px, 50, 25)
        #expect(abs(p[0] - 128) <= 1 && abs(p[2] - 128) <= 1, "\(p)")
    }

    @Test func contentsCrossFadeImplicitly() throws {
        func solid(_ r: CGFloat, _ b: CGFloat) -> CGImage {
            let c = rgbaContext(2, 2)
            c.setFillColor(red: r, green: 0, blue: b, alpha: 1)
            c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
            return c.makeImage()!
        }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.contents = solid(1, 0)
        let driver = FrameDriver(layer: root)
        _ = driver.frame(at: 0)
        driver.run { root.contents = solid(0, 1) }       // implicit: a 0.25 s cross-fade
        _ = driver.frame(at: 0)
        let px = try #require(driver.frame(at: 0.125)).straightRGBA8()
        let f = CAMediaTimingFunction(name: .default).evaluate(0.5)
        #expect(abs(Int(px[0]) - Int((255 * (1 - f)).rounded())) <= 1, "\(px[0])")
        #expect(abs(Int(px[2]) - Int((255 * f).rounded())) <= 1, "\(px[2])")
        #expect(px[3] == 255)
        let done = try #require(driver.frame(at: 0.5)).straightRGBA8()
        #expect(Array(done[0..<4]) == [0, 0, 255, 255])
    }
}
