import Foundation
import UIKit

extension Gallery {
    static let controls = GalleryEntry(
        "uikit-controls", section: .layers, title: "UIKit controls in light and dark",
        caption: "The same settings screen twice, the right one with overrideUserInterfaceStyle = .dark: a scroll view "
            + "over grouped rows with symbols tinted on coloured squares, switches, a segmented control, a slider, a "
            + "progress bar, a spinner and buttons in "
            + "the iOS 15 configurations. Semantic colours (.label, .systemBackground, .systemGroupedBackground…) "
            + "resolve per appearance. At 0.3 s a switch turns on and the slider moves, animated.",
        size: CGSize(width: 620, height: 420), output: .animation(duration: 1.2)
    ) { stage in
        let window = stage.window
        window.backgroundColor = .systemGray4
        for (i, dark) in [false, true].enumerated() {
            // gallery:begin uikit-controls
            let screen = UIViewController()
            screen.overrideUserInterfaceStyle = dark ? .dark : .light
            screen.view.frame = CGRect(x: 10 + CGFloat(i) * 305, y: 10, width: 295, height: 400)
            screen.view.backgroundColor = .systemGroupedBackground
            screen.view.layer.cornerRadius = 18
            screen.view.clipsToBounds = true

            let scroll = UIScrollView(frame: screen.view.bounds)
            scroll.contentSize = CGSize(width: 295, height: 520)
            screen.view.addSubview(scroll)

            let title = UILabel(frame: CGRect(x: 16, y: 14, width: 260, height: 34))
            title.text = "Settings"
            title.font = .boldSystemFont(ofSize: 28)
            scroll.addSubview(title)

            let group = UIView(frame: CGRect(x: 16, y: 60, width: 263, height: 176))
            group.backgroundColor = .secondarySystemGroupedBackground
            group.layer.cornerRadius = 10
            scroll.addSubview(group)
            let wifi = UISwitch()
            let rows: [(String, UIView)] = [("Wi-Fi", wifi), ("Bluetooth", UISwitch()), ("Appearance",
                UISegmentedControl(items: ["Light", "Dark"])), ("Brightness", UISlider())]
            let icons: [(String, UIColor)] = [("wifi", .systemBlue), ("antenna.radiowaves.left.and.right", .systemBlue),
                                               ("moon.fill", .systemIndigo), ("sun.max.fill", .systemOrange)]
            for (k, (name, control)) in rows.enumerated() {
                let y = CGFloat(k) * 44
                // A symbol, tinted white on a coloured square, as Settings shows them.
                let badge = UIView(frame: CGRect(x: 12, y: y + 8, width: 28, height: 28))
                badge.backgroundColor = icons[k].1
                badge.layer.cornerRadius = 6
                let icon = UIImageView(image: UIImage(systemName: icons[k].0, withConfiguration: UIImage.SymbolConfiguration(pointSize: 15)))
                icon.tintColor = .white
                icon.center = CGPoint(x: 14, y: 14)
                badge.addSubview(icon)
                group.addSubview(badge)
                let label = UILabel(frame: CGRect(x: 50, y: y + 11, width: 100, height: 22))
                label.text = name
                label.font = .systemFont(ofSize: 17)
                group.addSubview(label)
                if let s = control as? UISwitch {
                    s.isOn = k == 1
                    s.frame.origin = CGPoint(x: 263 - 16 - 51, y: y + 6.5)
                } else if let seg = control as? UISegmentedControl {
                    seg.selectedSegmentIndex = dark ? 1 : 0
                    seg.frame = CGRect(x: 148, y: y + 6, width: 99, height: 32)
                } else if let slider = control as? UISlider {
                    slider.value = 0.35
                    slider.frame = CGRect(x: 140, y: y + 6.5, width: 107, height: 31)
                    stage.at(0.3) { slider.setValue(0.8, animated: true) }
                }
                group.addSubview(control)
                if k > 0 {
                    let line = UIView(frame: CGRect(x: 50, y: y, width: 213, height: 0.5))
                    line.backgroundColor = .separator
                    group.addSubview(line)
                }
            }
            stage.at(0.3) { wifi.setOn(true, animated: true) }

            let progress = UIProgressView(progressViewStyle: .default)
            progress.frame = CGRect(x: 16, y: 254, width: 220, height: 4)
            progress.progress = 0.6
            scroll.addSubview(progress)
            let spinner = UIActivityIndicatorView(style: .medium)
            spinner.center = CGPoint(x: 262, y: 256)
            spinner.startAnimating()
            scroll.addSubview(spinner)

            var x: CGFloat = 16
            for (name, style) in [("Plain", UIButton.Configuration.plain()), ("Gray", .gray()), ("Tinted", .tinted())] {
                var c = style
                c.title = name
                let b = UIButton(configuration: c)
                b.sizeToFit()
                b.frame.origin = CGPoint(x: x, y: 278)
                scroll.addSubview(b)
                x = b.frame.maxX + 8
            }
            var done = UIButton.Configuration.filled()
            done.title = "Done"
            done.cornerStyle = .capsule
            done.buttonSize = .large
            let doneButton = UIButton(configuration: done)
            doneButton.frame = CGRect(x: 16, y: 330, width: 263, height: 50)
            scroll.addSubview(doneButton)
            window.addSubview(screen.view)
            // gallery:end
            stage.keepAlive(screen)
        }
    }
}
