import Foundation
import Testing
import SnapshotTesting
@testable import LaminaSnapshotTesting
import UIKit
import QuartzCore

/// Snapshots of running animations: one moment (`image(atTime:)`), frames as one animated PNG
/// (`animation(times:)`, `animation(duration:framesPerSecond:)`), and bad requests.
@MainActor
@Suite struct AnimationSnapshotTests {
    /// A 40 x 20 view: white, holding a red square on the left.
    static func slider() -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        view.backgroundColor = .white
        let square = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 20))
        square.backgroundColor = .red
        view.addSubview(square)
        return view
    }

    static func take<V>(_ strategy: Snapshotting<V, UIImage>, _ value: V) -> CGImage? {
        var out: UIImage?
        strategy.snapshot(value).run { out = $0 }
        return out?.cgImage
    }

    static func frames<V>(_ strategy: Snapshotting<V, [UIImage]>, _ value: V) -> [UIImage] {
        var out: [UIImage] = []
        strategy.snapshot(value).run { out = $0 }
        return out
    }

    /// The x of the red square's left edge in a 1x picture, found on row 10.
    static func squareX(_ image: CGImage) -> Int? {
        let px = straightPixels(image)
        return (0..<image.width).first { px($0, 10) == [255, 0, 0, 255] }
    }

    @Test func oneMomentOfAnAnimation() throws {
        let strategy = { (t: TimeInterval) in
            Snapshotting<UIView, UIImage>.image(atTime: t, traits: .init(displayScale: 1)) { view in
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
                    view.subviews[0].frame.origin.x = 30
                }
            }
        }
        // Linear from x = 0 to 30 over one second.
        #expect(Self.squareX(try #require(Self.take(strategy(0), Self.slider()))) == 0)
        #expect(Self.squareX(try #require(Self.take(strategy(0.5), Self.slider()))) == 15)
        #expect(Self.squareX(try #require(Self.take(strategy(2), Self.slider()))) == 30)
    }

    @Test func completionBlocksRunOnTheWayAndLayerAnimationsBeginWhenHosted() throws {
        let view = Self.slider()
        var finished = false
        let strategy = Snapshotting<UIView, [UIImage]>.animation(times: [0, 0.2, 0.4], traits: .init(displayScale: 1)) { view in
            UIView.animate(withDuration: 0.3, animations: { view.subviews[0].alpha = 0 }, completion: { _ in
                finished = true
                view.subviews[0].alpha = 1
                view.subviews[0].backgroundColor = .blue
            })
        }
        let frames = Self.frames(strategy, view)
        #expect(frames.count == 3 && finished)
        let last = straightPixels(try #require(frames[2].cgImage))
        #expect(last(5, 10) == [0, 0, 255, 255])
        let middle = straightPixels(try #require(frames[1].cgImage))
        #expect(middle(5, 10)[0] == 255 && middle(5, 10)[1] > 60 && middle(5, 10)[1] < 200)   // red fading over white
        // An animation put on a layer before the snapshot, with no begin time, starts when hosted.
        let other = Self.slider()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 5
        move.toValue = 25
        move.duration = 1
        other.subviews[0].layer.add(move, forKey: "move")
        let at = Self.frames(Snapshotting<UIView, [UIImage]>.animation(duration: 1, framesPerSecond: 4, traits: .init(displayScale: 1)), other)
        #expect(at.count == 5)
        #expect(at.compactMap(\.cgImage).map { Self.squareX($0) } == [0, 5, 10, 15, 0])
    }

    @Test func anAnimatedReferenceIsComparedFrameByFrame() throws {
        let dir = try LaminaSnapshotTests.scratch("animation")
        let spring = Snapshotting<UIView, [UIImage]>.animation(times: [0, 0.1, 0.2, 0.3, 0.5, 0.8], traits: .init(displayScale: 2)) { view in
            UIView.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0) {
                view.subviews[0].frame.origin.x = 30
            }
        }
        let recorded = verifySnapshot(of: Self.slider(), as: spring, named: "spring", record: .all, snapshotDirectory: dir)
        #expect(recorded?.contains("Record mode is on") == true)
        // The reference is an animated PNG of six 80 x 40 frames, each shown until the next.
        let data = try #require(FileManager.default.contents(atPath: dir + "/anAnimatedReferenceIsComparedFrameByFrame.spring.png"))
        let decoded = try APNGDecoder.decode(data)
        #expect(decoded.frames.count == 6 && decoded.frames[0].width == 80 && decoded.frames[0].height == 40)
        #expect(decoded.delays.map { ($0 * 1000).rounded() } == [100, 100, 100, 200, 300, 300])
        #expect(verifySnapshot(of: Self.slider(), as: spring, named: "spring", record: .never, snapshotDirectory: dir) == nil)
        // A different colour fails in every frame, named with its time.
        let blue = Self.slider()
        blue.subviews[0].backgroundColor = .blue
        let message = try #require(verifySnapshot(of: blue, as: spring, named: "spring", record: .never, snapshotDirectory: dir))
        #expect(message.contains("6 of 6 frames do not match the reference: 0 (at 0 s), 1 (at 0.1 s)"), "\(message)")
        #expect(message.contains("Reference, failure and difference images: "))
        // Another number of frames.
        let fewer = Snapshotting<UIView, [UIImage]>.animation(times: [0, 0.5], traits: .init(displayScale: 2))
        let counted = try #require(verifySnapshot(of: Self.slider(), as: fewer, named: "spring", record: .never, snapshotDirectory: dir))
        #expect(counted.contains("The animation has 2 frames; the reference has 6."))
    }

    @Test func theCommittedSpringMatches() {
        // A toast springing in, recorded by Lamina and looked at (__Snapshots__/AnimationSnapshotTests).
        withSnapshotTesting(record: .never) {
            let toast = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 60))
            toast.backgroundColor = .systemGroupedBackground
            let pill = UILabel(frame: CGRect(x: 10, y: 14, width: 100, height: 32))
            pill.text = "Saved"
            pill.textAlignment = .center
            pill.backgroundColor = .systemBlue
            pill.textColor = .white
            pill.layer.cornerRadius = 16
            pill.layer.masksToBounds = true
            pill.transform = CGAffineTransform(translationX: 0, y: 50).scaledBy(x: 0.6, y: 0.6)
            toast.addSubview(pill)
            assertSnapshot(of: toast, as: .animation(duration: 0.6, framesPerSecond: 10, traits: .init(displayScale: 2)) { view in
                UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.55, initialSpringVelocity: 0) {
                    view.subviews[0].transform = .identity
                }
            }, named: "toast")
        }
    }

    @Test func aPresentationTransitionIsRecorded() throws {
        let screen = UIViewController()
        screen.view.backgroundColor = .white
        let strategy = Snapshotting<UIViewController, [UIImage]>.animation(times: [0, 0.15, 0.6], on: .iPhoneSe,
                                                                         traits: .init(displayScale: 1)) { vc in
            let sheet = UIViewController()
            sheet.view.backgroundColor = .systemRed
            vc.present(sheet, animated: true)
        }
        let frames = Self.frames(strategy, screen)
        #expect(frames.count == 3)
        // Near the bottom of the 320 x 568 screen: white, then the sheet on its way up, then the sheet.
        let images = try frames.map { try #require($0.cgImage as CGImage?) }
        let bottom = images.map { straightPixels($0)(160, 540) }
        #expect(bottom[0] == [255, 255, 255, 255])
        #expect(bottom[2] != [255, 255, 255, 255] && bottom[2][0] > 200 && bottom[2][1] < 100)
        // 100 points from the top the sheet has not arrived at 0.15 s (it is on its way up,
        // its top near y = 157) but has at 0.6 s.
        let high = images.map { straightPixels($0)(160, 100) }
        #expect(high[1][1] > 200 && high[2] == bottom[2])
    }

    @Test func badRequestsFailWithAMessage() throws {
        let dir = try LaminaSnapshotTests.scratch("animation-bad")
        let cases: [(Snapshotting<UIView, [UIImage]>, String)] = [
            (.animation(duration: 1e9, framesPerSecond: 60), "more than the 1000 one records"),
            (.animation(duration: .nan), "both must be finite"),
            (.animation(duration: 1, framesPerSecond: 0), "both must be finite"),
            (.animation(times: [0, 0.5, 0.2]), "Frame times must increase: 0.2 after 0.5"),
            (.animation(times: []), "asks for no frame times"),
            (.animation(times: [0, .infinity]), "Frame time inf (frame 1)"),
            (.animation(times: Array(repeating: 0, count: 1_000_001)), "1000001 frames"),
        ]
        for (k, (strategy, words)) in cases.enumerated() {
            let frames = Self.frames(strategy, Self.slider())
            #expect(frames.count == 1 && frames[0].size == .zero, "case \(k)")
            let problem = (frames.first as? SnapshotImage)?.problem
            #expect(problem?.contains(words) == true, "case \(k): \(problem ?? "nil")")
            // Compared with a reference, the failure says why the animation is empty.
            _ = verifySnapshot(of: Self.slider(), as: Snapshotting<UIView, [UIImage]>.animation(times: [0]), named: "bad\(k)",
                               record: .all, snapshotDirectory: dir)
            let message = verifySnapshot(of: Self.slider(), as: strategy, named: "bad\(k)", record: .never, snapshotDirectory: dir)
            #expect(message?.contains("Newly-taken animation is empty: " + (problem ?? "")) == true, "case \(k): \(message ?? "nil")")
        }
        // An empty animation against a reference of several frames fails too.
        _ = verifySnapshot(of: Self.slider(), as: Snapshotting<UIView, [UIImage]>.animation(times: [0, 0.1, 0.2]), named: "three",
                           record: .all, snapshotDirectory: dir)
        let empty = verifySnapshot(of: Self.slider(), as: Snapshotting<UIView, [UIImage]>.animation(times: []), named: "three",
                                   record: .never, snapshotDirectory: dir)
        #expect(empty?.contains("Newly-taken animation is empty: The animation snapshot asks for no frame times.") == true, "\(empty ?? "nil")")
        #expect(empty?.contains("The reference has 3 frames.") == true)
        // A moment at a bad time is a placeholder too, and a reference that is not an APNG a clear failure.
        #expect(Self.take(Snapshotting<UIView, UIImage>.image(atTime: -1), Self.slider())?.width == 1)
        try Data("GIF89a".utf8).write(to: URL(fileURLWithPath: dir + "/badRequestsFailWithAMessage.gif.png"))
        let unreadable = verifySnapshot(of: Self.slider(), as: Snapshotting<UIView, [UIImage]>.animation(times: [0]), named: "gif",
                                        record: .never, snapshotDirectory: dir)
        #expect(unreadable?.contains("it is not a PNG file (it starts with 47 49 46 38 39 61)") == true, "\(unreadable ?? "nil")")
    }
}
