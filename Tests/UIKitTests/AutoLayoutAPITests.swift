import Foundation
import Testing
import UIKit

/// Auto Layout API a layout library's suite names, with UIKit's semantics.
@MainActor
@Suite("Auto Layout API")
struct AutoLayoutAPITests {
    /// A view that counts the constraint updates asked of it (overriding UIKit's open methods).
    final class Counting: UIView {
        var asked = 0, ran = 0
        override func setNeedsUpdateConstraints() { asked += 1; super.setNeedsUpdateConstraints() }
        override func updateConstraintsIfNeeded() { ran += 1; super.updateConstraintsIfNeeded() }
    }

    @Test func anchorsAreTheSameObjectEachTimeAndConstraintsNameTheirs() {
        let v = UIView(), w = UIView()
        #expect(v.topAnchor === v.topAnchor && v.widthAnchor === v.widthAnchor)
        #expect(v.topAnchor == v.topAnchor && v.leadingAnchor !== w.leadingAnchor)
        let c = v.topAnchor.constraint(equalTo: w.bottomAnchor, constant: 8)
        #expect(c.firstAnchor.description.isEmpty == false)
        #expect(c.secondAnchor != nil && v.widthAnchor.constraint(equalToConstant: 10).secondAnchor == nil)
        let empty = NSLayoutConstraint()
        #expect(empty.firstItem == nil && empty.firstAttribute == .notAnAttribute && empty.constant == 0 && empty.multiplier == 1)
        empty.shouldBeArchived = true
        #expect(empty.shouldBeArchived)
        #expect(UIEdgeInsets() == .zero && NSDirectionalEdgeInsets() == .zero)
        #expect(UIImage.checkmark.size.width > 0 && UIImage.add.size.width > 0)
    }

    @Test func constraintUpdatesGoThroughOverridableMethods() {
        let v = Counting()
        v.setNeedsUpdateConstraints()
        v.updateConstraintsIfNeeded()
        #expect(v.asked == 1 && v.ran == 1 && !v.needsUpdateConstraints())
    }

    @Test func ambiguityIsFoundAndExercised() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let loose = UIView(), pinned = UIView()
        for v in [loose, pinned] { v.translatesAutoresizingMaskIntoConstraints = false; root.addSubview(v) }
        NSLayoutConstraint.activate([
            // Sized but not placed horizontally.
            loose.widthAnchor.constraint(equalToConstant: 50), loose.heightAnchor.constraint(equalToConstant: 50),
            loose.topAnchor.constraint(equalTo: root.topAnchor),
            pinned.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            pinned.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            pinned.widthAnchor.constraint(equalToConstant: 20), pinned.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(loose.hasAmbiguousLayout)
        #expect(!pinned.hasAmbiguousLayout)
        let before = loose.frame
        loose.exerciseAmbiguityInLayout()
        #expect(loose.frame != before && loose.frame.size == before.size)
    }

    /// A controller whose view an app made itself, with a box pinned to its margins.
    final class Pinned: UIViewController {
        let box = UIView()
        override func loadView() { view = UIView() }
        override func viewDidLoad() {
            super.viewDidLoad()
            box.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(box)
            let m = view.layoutMarginsGuide
            NSLayoutConstraint.activate([
                box.leadingAnchor.constraint(equalTo: m.leadingAnchor), box.trailingAnchor.constraint(equalTo: m.trailingAnchor),
                box.topAnchor.constraint(equalTo: m.topAnchor), box.bottomAnchor.constraint(equalTo: m.bottomAnchor),
            ])
        }
    }

    @Test func aControllersViewHasIOSMarginsInBothOrientations() {
        // iPhone 13 mini in portrait: (16, 50, 343, 728) on iOS.
        let portrait = Pinned()
        let w1 = UIWindow(screen: UIScreen(size: CGSize(width: 375, height: 812), scale: 3,
                                           safeAreaInsets: UIEdgeInsets(top: 50, left: 0, bottom: 34, right: 0)))
        w1.rootViewController = portrait
        w1.makeKeyAndVisible()
        w1.layoutIfNeeded()
        #expect(portrait.box.frame == CGRect(x: 16, y: 50, width: 343, height: 728))
        // iPhone 13 in landscape: (63, 0, 718, 369) on iOS.
        let landscape = Pinned()
        let w2 = UIWindow(screen: UIScreen(size: CGSize(width: 844, height: 390), scale: 3,
                                           safeAreaInsets: UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47)))
        w2.rootViewController = landscape
        w2.makeKeyAndVisible()
        w2.layoutIfNeeded()
        #expect(landscape.box.frame == CGRect(x: 63, y: 0, width: 718, height: 369))
    }

    /// A label with padding, as apps write it: the text rectangle and the drawing inset.
    final class PaddedLabel: UILabel {
        let insets = UIEdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
        override func textRect(forBounds bounds: CGRect, limitedToNumberOfLines n: Int) -> CGRect {
            let r = super.textRect(forBounds: bounds.inset(by: insets), limitedToNumberOfLines: n)
            return CGRect(x: r.minX - insets.left, y: r.minY - insets.top, width: r.width + insets.left + insets.right,
                          height: r.height + insets.top + insets.bottom)
        }
        override func drawText(in rect: CGRect) { super.drawText(in: rect.inset(by: insets)) }
    }

    @Test func aLabelsTextRectKeepsToTheLinesAskedForAndSizesTheLabel() {
        let label = UILabel()
        label.numberOfLines = 0
        label.text = "Two lines of text\nin one label"
        let bounds = CGRect(x: 5, y: 7, width: 300, height: 1000)
        let one = label.textRect(forBounds: bounds, limitedToNumberOfLines: 1)
        let all = label.textRect(forBounds: bounds, limitedToNumberOfLines: 0)
        #expect(one.origin == bounds.origin && all.origin == bounds.origin)
        #expect(all.height > one.height * 1.8, "\(one) \(all)")
        #expect(one.height == label.textRect(forBounds: bounds, limitedToNumberOfLines: 3).height / 2)
        #expect(one.width < 300 && all.size == label.intrinsicContentSize)
        let padded = PaddedLabel()
        padded.text = "Padded"
        let plain = UILabel()
        plain.text = "Padded"
        #expect(padded.intrinsicContentSize.width == plain.intrinsicContentSize.width + 20)
        #expect(padded.intrinsicContentSize.height == plain.intrinsicContentSize.height + 8)
        #expect(padded.sizeThatFits(CGSize(width: 500, height: 500)) == padded.intrinsicContentSize)
    }

    /// A screen standing in for a device, as test suites override it.
    final class TwoTimesScreen: UIScreen {
        override var scale: CGFloat { 2 }
        override var bounds: CGRect { CGRect(x: 0, y: 0, width: 320, height: 568) }
    }

    @Test func aScreenCanBeMadeAndOverriddenAsOnIOS() {
        let plain = UIScreen()
        #expect(plain.bounds.size == CGSize(width: 390, height: 844) && plain.scale == 3)
        let fake = TwoTimesScreen()
        #expect(fake.scale == 2 && fake.nativeScale == 2 && fake.nativeBounds.size == CGSize(width: 640, height: 1136))
        #expect(fake.traitCollection.displayScale == 2 && fake.traitCollection.verticalSizeClass == .regular)
    }

    @Test func systemGraysDrawAsOnIOS() {
        // iOS draws lightGray (white 2/3) as 170, darkGray (1/3) as 85, gray (1/2) as 128.
        for (color, expected) in [(UIColor.lightGray, 170), (.darkGray, 85), (.gray, 128)] as [(UIColor, Int)] {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
            view.backgroundColor = color
            let image = UIGraphicsImageRenderer(bounds: view.bounds).image { ctx in view.layer.render(in: ctx.cgContext) }
            let c = image.cgImage!
            let bytes = [UInt8](c.dataProvider!.data!)
            #expect(Int(bytes[0]) == expected && Int(bytes[1]) == expected && Int(bytes[2]) == expected,
                    "\(color): \(bytes[0..<4])")
        }
    }

    final class MarginWatcher: UIView {
        var changes = 0
        override func layoutMarginsDidChange() { changes += 1 }
    }

    @Test func preservedSuperviewMarginsAndTheReadableGuide() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 1024, height: 400))
        root.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        let near = MarginWatcher(frame: CGRect(x: 4, y: 0, width: 200, height: 100))
        root.addSubview(near)
        let inner = UIView()
        inner.translatesAutoresizingMaskIntoConstraints = false
        near.addSubview(inner)
        NSLayoutConstraint.activate([
            inner.leadingAnchor.constraint(equalTo: near.layoutMarginsGuide.leadingAnchor),
            inner.topAnchor.constraint(equalTo: near.layoutMarginsGuide.topAnchor),
            inner.widthAnchor.constraint(equalToConstant: 10), inner.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(inner.frame.origin == CGPoint(x: 8, y: 8))
        near.preservesSuperviewLayoutMargins = true
        root.layoutIfNeeded()
        // 20 - 4 at the left; at the top the superview's 10 from an edge 0 away.
        #expect(inner.frame.origin == CGPoint(x: 16, y: 10))
        near.layoutMargins = UIEdgeInsets(top: 30, left: 30, bottom: 0, right: 0)
        root.layoutIfNeeded()
        #expect(inner.frame.origin == CGPoint(x: 30, y: 30) && near.changes == 1)

        // The readable-content guide: 672 wide at Large, centred, on a 1024-point-wide view.
        let text = UIView()
        text.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(text)
        let g = root.readableContentGuide
        #expect(g === root.readableContentGuide)
        NSLayoutConstraint.activate([
            text.leadingAnchor.constraint(equalTo: g.leadingAnchor), text.trailingAnchor.constraint(equalTo: g.trailingAnchor),
            text.topAnchor.constraint(equalTo: g.topAnchor), text.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(text.frame == CGRect(x: 176, y: 10, width: 672, height: 20))
        #expect(g.layoutFrame == CGRect(x: 176, y: 10, width: 672, height: 380))
        // On a phone the readable guide is the margins guide.
        root.frame.size.width = 390
        root.layoutIfNeeded()
        #expect(text.frame == CGRect(x: 20, y: 10, width: 350, height: 20))
    }

    @Test func descriptionsNameWhatIOSNames() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        label.text = "Hi"
        label.backgroundColor = .white
        #expect(label.description.contains("; text = 'Hi'; userInteractionEnabled = NO; backgroundColor = UIExtendedGrayColorSpace 1 1; layer = <_UILabelLayer: 0x"))
        #expect(!label.description.contains("opaque"))
        let button = UIButton(type: .system)
        button.setTitle("Go", for: .normal)
        button.layoutIfNeeded()
        let title = button.titleLabel!
        #expect("\(type(of: title))" == "UIButtonLabel" && title.description.contains("text = 'Go'; opaque = NO;"))
        let tappable = UIView()
        tappable.addGestureRecognizer(UITapGestureRecognizer())
        #expect(tappable.description.contains("; gestureRecognizers = <NSArray: 0x"))
        #expect(!UIView().description.contains("gestureRecognizers"))
        #expect(UIColor.lightGray.description == "UIExtendedGrayColorSpace 0.666667 1")
    }

    @Test func badLayoutsAreReportedNotHung() {
        // Views in two windows: activation is refused with a diagnostic.
        let w1 = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let w2 = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = UIView(), b = UIView()
        w1.addSubview(a)
        w2.addSubview(b)
        let across = a.leadingAnchor.constraint(equalTo: b.leadingAnchor)
        across.isActive = true
        #expect(!across.isActive)
        // Two thousand ambiguous constraints lay out and the ambiguity is found.
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        var views: [UIView] = []
        for i in 0..<500 {
            let v = UIView()
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
            views.append(v)
            NSLayoutConstraint.activate([
                v.widthAnchor.constraint(equalToConstant: 10), v.heightAnchor.constraint(equalToConstant: 10),
                v.topAnchor.constraint(equalTo: root.topAnchor, constant: CGFloat(i % 100)),
                v.leadingAnchor.constraint(greaterThanOrEqualTo: root.leadingAnchor),
            ])
        }
        root.layoutIfNeeded()
        #expect(views.allSatisfy { $0.frame.size == CGSize(width: 10, height: 10) && $0.frame.minX >= 0 })
        #expect(views[250].frame.minY == 50 && views[250].hasAmbiguousLayout)
    }

    @Test func scrollViewContentAndFrameGuidesSizeTheContentAndFollowTheScroll() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let scroll = UIScrollView(frame: root.bounds)
        root.addSubview(scroll)
        let stack = UIStackView()
        stack.axis = .vertical
        stack.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(stack)
        for _ in 0..<3 {
            let block = UIView()
            block.heightAnchor.constraint(equalToConstant: 200).isActive = true
            stack.addArrangedSubview(block)
        }
        let badge = UIView()
        badge.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(badge)
        let content = scroll.contentLayoutGuide, visible = scroll.frameLayoutGuide
        #expect(content === scroll.contentLayoutGuide)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: content.topAnchor, constant: 16),
            stack.bottomAnchor.constraint(equalTo: content.bottomAnchor),
            stack.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            stack.widthAnchor.constraint(equalTo: visible.widthAnchor),
            badge.topAnchor.constraint(equalTo: visible.topAnchor, constant: 10),
            badge.trailingAnchor.constraint(equalTo: visible.trailingAnchor, constant: -10),
            badge.widthAnchor.constraint(equalToConstant: 20), badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(scroll.contentSize == CGSize(width: 300, height: 616))
        #expect(stack.frame == CGRect(x: 0, y: 16, width: 300, height: 600))
        #expect(badge.frame == CGRect(x: 270, y: 10, width: 20, height: 20))
        scroll.contentOffset = CGPoint(x: 0, y: 100)
        root.layoutIfNeeded()
        // The content stays where it is in the content; the badge stays in view.
        #expect(stack.frame.minY == 16 && badge.frame.minY == 110, "\(stack.frame) \(badge.frame)")
        #expect(content.layoutFrame == CGRect(x: 0, y: 0, width: 300, height: 616))
        #expect(visible.layoutFrame == CGRect(x: 0, y: 100, width: 300, height: 400))
    }

    @Test func aScrollViewsOwnEdgesMeanItsContentsEdgesToViewsInsideIt() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let scroll = UIScrollView()
        scroll.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(scroll)
        let page = UIView()
        page.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(page)
        NSLayoutConstraint.activate([
            scroll.topAnchor.constraint(equalTo: root.topAnchor), scroll.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            scroll.leadingAnchor.constraint(equalTo: root.leadingAnchor), scroll.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            page.topAnchor.constraint(equalTo: scroll.topAnchor), page.bottomAnchor.constraint(equalTo: scroll.bottomAnchor),
            page.leadingAnchor.constraint(equalTo: scroll.leadingAnchor), page.trailingAnchor.constraint(equalTo: scroll.trailingAnchor),
            page.widthAnchor.constraint(equalTo: scroll.widthAnchor), page.heightAnchor.constraint(equalToConstant: 900),
        ])
        root.layoutIfNeeded()
        #expect(scroll.frame == root.bounds)
        #expect(scroll.contentSize == CGSize(width: 300, height: 900))
        #expect(page.frame == CGRect(x: 0, y: 0, width: 300, height: 900))
    }
}
