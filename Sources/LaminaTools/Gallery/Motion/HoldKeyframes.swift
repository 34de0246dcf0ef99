import Foundation
import UIKit

extension Gallery {
    static let holdKeyframes = GalleryEntry(
        "hold-keyframes", section: .motion, title: "Hold keyframes, hidden layers and key times on a path",
        caption: "Discrete (hold) keyframes of hidden switch a signal's three lamps in turn, and of contents turn a "
            + "flip-book's pages; a marker follows a closed path with one key time per corner, as animation exporters "
            + "write it, so each side takes its own share of the time; a dot jumps from vertex to vertex of a path "
            + "with calculationMode .discrete.",
        size: CGSize(width: 420, height: 240), output: .animation(duration: 3.2)
    ) { stage in
        // gallery:begin hold-keyframes
        // A signal: each lamp is shown for its third of the cycle by a hold keyframe of "hidden".
        let colors: [UIColor] = [.systemRed, .systemYellow, .systemGreen]
        var lamps: [CALayer] = []
        for (i, color) in colors.enumerated() {
            let lamp = CALayer()
            lamp.frame = CGRect(x: 30, y: 30 + CGFloat(i) * 62, width: 52, height: 52)
            lamp.cornerRadius = 26
            lamp.backgroundColor = color.cgColor
            lamp.isHidden = true
            stage.addSublayer(lamp)
            lamps.append(lamp)
        }

        // A square route with uneven key times: the long top side takes half of the time.
        let corners = [CGPoint(x: 130, y: 40), CGPoint(x: 280, y: 40), CGPoint(x: 280, y: 130), CGPoint(x: 130, y: 130)]
        let route = CGMutablePath()
        route.addLines(between: corners + [corners[0]])
        route.closeSubpath()
        let outline = CAShapeLayer()
        outline.path = route
        outline.fillColor = nil
        outline.strokeColor = UIColor.systemGray3.cgColor
        outline.lineWidth = 2
        stage.addSublayer(outline)
        let marker = CALayer()
        marker.bounds = CGRect(x: 0, y: 0, width: 18, height: 18)
        marker.cornerRadius = 4
        marker.position = corners[0]
        marker.backgroundColor = UIColor.systemBlue.cgColor
        stage.addSublayer(marker)

        // A zigzag whose vertices a dot jumps between.
        let zigzag = CGMutablePath()
        zigzag.addLines(between: [CGPoint(x: 140, y: 200), CGPoint(x: 180, y: 170), CGPoint(x: 220, y: 210), CGPoint(x: 260, y: 170)])
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 14, height: 14)
        dot.cornerRadius = 7
        dot.position = CGPoint(x: 140, y: 200)
        dot.backgroundColor = UIColor.systemPink.cgColor
        stage.addSublayer(dot)

        // A flip-book of three pages.
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let pages = [UIColor.systemTeal, .systemOrange, .systemPurple].enumerated().map { n, color in
            UIGraphicsImageRenderer(size: CGSize(width: 80, height: 100), format: format).image { c in
                color.setFill()
                UIBezierPath(roundedRect: c.format.bounds, cornerRadius: 10).fill()
                let label = NSAttributedString(string: "\(n + 1)", attributes: [
                    .font: UIFont.systemFont(ofSize: 48, weight: .bold), .foregroundColor: UIColor.white])
                label.draw(at: CGPoint(x: 40 - label.size().width / 2, y: 50 - label.size().height / 2))
            }.cgImage!
        }
        let book = CALayer()
        book.frame = CGRect(x: 320, y: 60, width: 80, height: 100)
        book.contents = pages[0]
        stage.addSublayer(book)
        // gallery:end
        stage.at(0.2) {
            // gallery:begin hold-keyframes
            for (i, lamp) in lamps.enumerated() {
                let shown = CAKeyframeAnimation(keyPath: "hidden")
                shown.calculationMode = .discrete
                // Hidden, shown for this lamp's third, hidden: one more key time than values.
                shown.values = [true, false, true]
                shown.keyTimes = [0, NSNumber(value: Double(i) / 3), NSNumber(value: Double(i + 1) / 3), 1]
                shown.duration = 1.5
                shown.repeatCount = .infinity
                lamp.add(shown, forKey: "signal")
            }

            let lap = CAKeyframeAnimation(keyPath: "position")
            lap.path = route
            lap.keyTimes = [0, 0.5, 0.65, 0.85, 1]      // one per corner and the return to the start
            lap.duration = 3
            lap.repeatCount = .infinity
            marker.add(lap, forKey: "lap")

            let hops = CAKeyframeAnimation(keyPath: "position")
            hops.path = zigzag
            hops.calculationMode = .discrete
            hops.keyTimes = [0, 0.25, 0.5, 0.75, 1]
            hops.duration = 2
            hops.repeatCount = .infinity
            dot.add(hops, forKey: "hops")

            let flip = CAKeyframeAnimation(keyPath: "contents")
            flip.values = pages
            flip.calculationMode = .discrete
            flip.duration = 1.8
            flip.repeatCount = .infinity
            book.add(flip, forKey: "flip")
            // gallery:end
        }
    }
}
