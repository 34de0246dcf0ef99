import Foundation
import CoreGraphics
import UIKit
import SnapshotTesting

extension Diffing where Value == [UIImage] {
    /// Frames of an animation, stored as one animated PNG (each frame shown until the next
    /// one's time) and compared frame by frame as `Diffing.image` compares one image. A
    /// mismatch names the frames that differ, with their times, and writes the first differing
    /// frame's reference, new image and difference for the report.
    static func frames(precision: Float, perceptualPrecision: Float, scale: CGFloat, times: [TimeInterval]) -> Diffing {
        Diffing.diff(
            toData: { frames in
                let data = animatedPNG(frames, times: times)
                if let first = frames.first { SnapshotArtifacts.noteRecording(first, png: data) }
                return data
            },
            fromData: { data in readAnimatedReference(data, scale: scale) },
            diffV2: { old, new in
                if let first = new.first { SnapshotArtifacts.noteDiffed(first) }
                if let unreadable = old.first as? UnreadableReference {
                    return ("Reference animation could not be loaded: \(unreadable.reason)", [])
                }
                if let made = new.first as? SnapshotImage, let problem = made.problem {
                    // What was recorded for such an animation is the placeholder alone.
                    let placeholder = problemImage(problem, zeroSize: made.problemIsZeroSize)
                    guard old.count == 1 else {
                        return ("Newly-taken animation is empty: \(problem)\nThe reference has \(old.count) frames.", [])
                    }
                    guard let message = compareImages(reference: old[0], new: placeholder, precision: 1, perceptualPrecision: 1)
                    else { return nil }
                    return SnapshotArtifacts.writeFailure(reference: old[0], new: placeholder,
                                                          message: "Newly-taken animation is empty: \(problem)\n" + message)
                }
                guard old.count == new.count else {
                    return ("The animation has \(new.count) frame\(new.count == 1 ? "" : "s"); the reference has \(old.count).", [])
                }
                var failing: [(Int, String)] = []
                for k in new.indices {
                    if let message = compareImages(reference: old[k], new: new[k], precision: precision, perceptualPrecision: perceptualPrecision) {
                        failing.append((k, message))
                    }
                }
                guard let (first, firstMessage) = failing.first else { return nil }
                let named = failing.prefix(10).map { k, _ in
                    k < times.count ? "\(k) (at \(format(times[k])) s)" : "\(k)"
                }.joined(separator: ", ")
                let message = "\(failing.count) of \(new.count) frames do not match the reference: \(named)\(failing.count > 10 ? ", …" : "")."
                    + "\nFrame \(first): \(firstMessage)"
                return SnapshotArtifacts.writeFailure(reference: old[first], new: new[first], message: message)
            })
    }
}

/// Seconds for a message, never trapping.
private func format(_ t: TimeInterval) -> String {
    t.isFinite ? String(format: "%g", t) : "\(t)"
}

/// The frames as an animated PNG (a problem's placeholder as a PNG of its own): each frame is
/// shown until the next one's time, the last for as long as the one before it (0.1 s alone).
func animatedPNG(_ frames: [UIImage], times: [TimeInterval]) -> Data {
    if let made = frames.first as? SnapshotImage, made.problem != nil { return pngData(of: made) }
    let images = frames.compactMap(\.cgImage)
    guard images.count == frames.count, !images.isEmpty else {
        return problemImage("The animation has no pixels.", zeroSize: false).pngData() ?? Data()
    }
    var durations: [Double] = []
    for k in images.indices {
        if k + 1 < times.count, k + 1 < images.count {
            durations.append(max(0, times[k + 1] - times[k]))
        } else {
            durations.append(durations.last ?? 0.1)
        }
    }
    do {
        return try APNGEncoder.encode(images, durations: durations)
    } catch {
        return problemImage("The animation could not be encoded: \(error)", zeroSize: false).pngData() ?? Data()
    }
}

/// The frames of a reference animation, or an `UnreadableReference` saying why there are none.
func readAnimatedReference(_ data: Data, scale: CGFloat) -> [UIImage] {
    guard data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return [UnreadableReference(reason: notAPNG(data))] }
    do {
        return try APNGDecoder.decode(data).frames.map { UIImage(cgImage: $0, scale: scale, orientation: .up) }
    } catch {
        return [UnreadableReference(reason: "\(error)")]
    }
}
