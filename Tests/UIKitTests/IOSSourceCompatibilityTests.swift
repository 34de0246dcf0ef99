// Written only with iOS API spellings (nothing Lamina-specific): it must compile unchanged on
// iOS and here. It covers the controls, traits, colours, Dynamic Type, accessibility, scroll
// views, images and symbols, text attributes, property animators and tiled layers of issue 14,
// and CoreText; the display link and target–action are left out because their iOS forms need
// selectors.
import Foundation
import Testing
import UIKit
import CoreText

@MainActor
private final class SettingsViewController: UIViewController, UIScrollViewDelegate {
    let scrollView = UIScrollView()
    let toggle = UISwitch()
    let slider = UISlider()
    let segments = UISegmentedControl(items: ["One", "Two"])
    let progress = UIProgressView(progressViewStyle: .default)
    let spinner = UIActivityIndicatorView(style: .medium)
    var button: UIButton!
    var lastTraits: UITraitCollection?

    override func loadView() {
        view = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        view.backgroundColor = .systemBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        scrollView.frame = view.bounds
        scrollView.contentSize = CGSize(width: 375, height: 1200)
        scrollView.delegate = self
        scrollView.contentInsetAdjustmentBehavior = .never
        view.addSubview(scrollView)

        toggle.isOn = true
        toggle.onTintColor = .systemIndigo
        toggle.addAction(UIAction { _ in }, for: .valueChanged)
        slider.minimumValue = 0
        slider.maximumValue = 10
        slider.setValue(4, animated: false)
        slider.minimumTrackTintColor = .systemTeal
        segments.selectedSegmentIndex = 0
        segments.selectedSegmentTintColor = .systemYellow
        segments.setTitleTextAttributes([.font: UIFont.systemFont(ofSize: 12)], for: .normal)
        progress.setProgress(0.5, animated: true)
        progress.progressTintColor = .systemGreen
        spinner.color = .secondaryLabel
        spinner.hidesWhenStopped = true
        spinner.startAnimating()

        var configuration = UIButton.Configuration.filled()
        configuration.title = "Continue"
        configuration.baseBackgroundColor = .systemPink
        configuration.cornerStyle = .capsule
        configuration.buttonSize = .large
        configuration.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20)
        button = UIButton(configuration: configuration, primaryAction: UIAction(title: "Go") { action in
            _ = action.sender
        })
        button.configurationUpdateHandler = { button in
            button.configuration?.showsActivityIndicator = button.isHighlighted
        }
        let classic = UIButton(type: .system)
        classic.setTitle("Classic", for: .normal)
        classic.setTitleColor(.systemRed, for: .highlighted)
        classic.contentEdgeInsets = UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
        classic.contentHorizontalAlignment = .leading

        for v in [toggle, slider, segments, progress, spinner, button, classic] as [UIView] { scrollView.addSubview(v) }

        let label = UILabel()
        label.font = .preferredFont(forTextStyle: .headline, compatibleWith: traitCollection)
        label.adjustsFontForContentSizeCategory = true
        label.textColor = UIColor { $0.userInterfaceStyle == .dark ? .white : .black }
        label.isAccessibilityElement = true
        label.accessibilityLabel = "Title"
        label.accessibilityTraits = [.header]
        label.accessibilityIdentifier = "title"
        scrollView.addSubview(label)

        let image = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8)).image { ctx in ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8)) }
        let imageView = UIImageView(image: image.withRenderingMode(.alwaysTemplate))
        imageView.tintColor = .systemOrange
        imageView.tintAdjustmentMode = .normal
        scrollView.addSubview(imageView)

        let symbol = UIImageView(image: UIImage(systemName: "heart.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 20, weight: .semibold)))
        symbol.tintColor = .systemPink
        scrollView.addSubview(symbol)

        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: 0, height: 1)
        shadow.shadowBlurRadius = 2
        shadow.shadowColor = UIColor.black.withAlphaComponent(0.3)
        let paragraph = NSMutableParagraphStyle()
        paragraph.lineHeightMultiple = 1.2
        paragraph.alignment = .natural
        paragraph.lineBreakMode = .byTruncatingTail
        let caption = UILabel()
        caption.numberOfLines = 2
        caption.adjustsFontSizeToFitWidth = true
        caption.minimumScaleFactor = 0.5
        caption.semanticContentAttribute = .forceRightToLeft
        caption.attributedText = NSAttributedString(string: "مرحبا Hello", attributes: [
            .shadow: shadow, .paragraphStyle: paragraph, .kern: 0.5, .underlineStyle: NSUnderlineStyle.single.rawValue,
            .strikethroughStyle: 0, .baselineOffset: 1, .strokeWidth: -2, .strokeColor: UIColor.systemBlue,
        ])
        scrollView.addSubview(caption)
        _ = caption.effectiveUserInterfaceLayoutDirection == .rightToLeft

        let animator = UIViewPropertyAnimator(duration: 0.3, dampingRatio: 0.8) { caption.alpha = 0.5 }
        animator.addCompletion { position in if position == .end { caption.alpha = 1 } }
        animator.startAnimation(afterDelay: 0.1)
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        animator.isReversed = true
        animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .easeOut), durationFactor: 1)

        let tiled = CATiledLayer()
        tiled.tileSize = CGSize(width: 512, height: 512)
        tiled.levelsOfDetail = 2
        tiled.levelsOfDetailBias = 1
        view.layer.addSublayer(tiled)

        let font = CTFontCreateWithName("Helvetica" as CFString, 14, nil)
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "CoreText", attributes: [.font: font]) as CFAttributedString)
        var ascent: CGFloat = 0
        _ = CTLineGetTypographicBounds(line, &ascent, nil, nil)
        for run in CTLineGetGlyphRuns(line) as! [CTRun] {
            var glyphs = [CGGlyph](repeating: 0, count: CTRunGetGlyphCount(run))
            CTRunGetGlyphs(run, CFRange(location: 0, length: 0), &glyphs)
            _ = runAttributes(CTRunGetAttributes(run))?[.font]
        }

        additionalSafeAreaInsets = UIEdgeInsets(top: 8, left: 0, bottom: 0, right: 0)
        overrideUserInterfaceStyle = .dark
        _ = UIAccessibility.isReduceMotionEnabled
        _ = UIAccessibility.isBoldTextEnabled
        _ = UIScreen.main.maximumFramesPerSecond
        _ = traitCollection.preferredContentSizeCategory.isAccessibilityCategory
        _ = UITraitCollection(traitsFrom: [.init(horizontalSizeClass: .compact), .init(userInterfaceIdiom: .phone)])
        _ = UIColor.systemBackground.resolvedColor(with: traitCollection)
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        lastTraits = traitCollection
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) {
            view.layer.borderColor = UIColor.separator.cgColor
        }
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {}
}

@MainActor
@Suite struct IOSSourceCompatibilityTests {
    @Test func aScreenWrittenForIOSBuildsAndLaysOut() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let vc = SettingsViewController()
        window.rootViewController = vc
        window.makeKeyAndVisible()
        vc.scrollView.setContentOffset(CGPoint(x: 0, y: 200), animated: false)
        #expect(vc.scrollView.contentOffset.y == 200)
        #expect(vc.lastTraits?.userInterfaceStyle == .dark)
        #expect(vc.slider.value == 4 && vc.toggle.isOn && vc.segments.selectedSegmentIndex == 0)
        #expect(vc.button.configuration?.title == "Continue")
    }
}

/// A run's attributes as a Swift dictionary, from CoreText's dictionary (a `CFDictionary` on
/// Apple's platforms, already a dictionary on Linux): the cast compiles on both without a warning.
@MainActor
private func runAttributes<T>(_ attributes: T) -> [NSAttributedString.Key: Any]? { attributes as? [NSAttributedString.Key: Any] }
