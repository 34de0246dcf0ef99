import Testing
import Foundation
@testable import UIKit

/// A root view of `size` with `build` adding constrained subviews, laid out.
@MainActor
func laidOut(_ size: CGSize = CGSize(width: 400, height: 300), _ build: (UIView) -> Void) -> UIView {
    let root = UIView(frame: CGRect(origin: .zero, size: size))
    build(root)
    root.layoutIfNeeded()
    return root
}

@MainActor
func constrained() -> UIView {
    let v = UIView()
    v.translatesAutoresizingMaskIntoConstraints = false
    return v
}

@MainActor
final class FixedSizeView: UIView {
    var size: CGSize
    init(_ size: CGSize) {
        self.size = size
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }
    required init?(coder: NSCoder) { size = .zero; super.init(coder: coder) }
    override var intrinsicContentSize: CGSize { size }
}

@MainActor
final class UpdatingView: UIView {
    var updates = 0
    let child = constrained()
    var widthConstraint: NSLayoutConstraint?
    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(child)
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
    override func updateConstraints() {
        updates += 1
        if widthConstraint == nil {
            widthConstraint = child.widthAnchor.constraint(equalToConstant: 50)
            NSLayoutConstraint.activate([widthConstraint!, child.heightAnchor.constraint(equalToConstant: 10),
                                         child.leadingAnchor.constraint(equalTo: leadingAnchor),
                                         child.topAnchor.constraint(equalTo: topAnchor)])
        }
        super.updateConstraints()
    }
}

@MainActor
@Suite("Auto Layout")
struct AutoLayoutTests {
    @Test func centredWithFixedSize() {
        let box = constrained()
        _ = laidOut { root in
            root.addSubview(box)
            NSLayoutConstraint.activate([
                box.centerXAnchor.constraint(equalTo: root.centerXAnchor),
                box.centerYAnchor.constraint(equalTo: root.centerYAnchor),
                box.widthAnchor.constraint(equalToConstant: 100),
                box.heightAnchor.constraint(equalToConstant: 50),
            ])
        }
        #expect(box.frame == CGRect(x: 150, y: 125, width: 100, height: 50))
    }

    @Test func pinnedWithMarginsFollowsTheSuperview() {
        let box = constrained()
        let root = laidOut { root in
            root.addSubview(box)
            NSLayoutConstraint.activate([
                box.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
                box.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
                box.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
                box.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -20),
            ])
        }
        #expect(box.frame == CGRect(x: 8, y: 20, width: 384, height: 260))
        #expect(root.layoutMarginsGuide.layoutFrame == CGRect(x: 8, y: 8, width: 384, height: 284))
        root.frame.size = CGSize(width: 200, height: 100)
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 8, y: 20, width: 184, height: 60))
        // Margin attributes directly.
        let m = constrained()
        let r2 = laidOut { r in
            r.addSubview(m)
            r.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
            NSLayoutConstraint.activate([
                NSLayoutConstraint(item: m, attribute: .left, relatedBy: .equal, toItem: r, attribute: .leftMargin, multiplier: 1, constant: 0),
                NSLayoutConstraint(item: m, attribute: .right, relatedBy: .equal, toItem: r, attribute: .rightMargin, multiplier: 1, constant: 0),
                NSLayoutConstraint(item: m, attribute: .top, relatedBy: .equal, toItem: r, attribute: .topMargin, multiplier: 1, constant: 0),
                NSLayoutConstraint(item: m, attribute: .bottom, relatedBy: .equal, toItem: r, attribute: .bottomMargin, multiplier: 1, constant: 0),
            ])
        }
        #expect(m.frame == CGRect(x: 20, y: 10, width: 340, height: 260) && r2.subviews.count == 1)
    }

    @Test func equalWidthsAndAspectRatio() {
        let a = constrained(), b = constrained()
        _ = laidOut { root in
            root.addSubview(a); root.addSubview(b)
            NSLayoutConstraint.activate([
                a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 10),
                b.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
                a.widthAnchor.constraint(equalTo: b.widthAnchor),
                a.topAnchor.constraint(equalTo: root.topAnchor),
                b.topAnchor.constraint(equalTo: root.topAnchor),
                a.heightAnchor.constraint(equalTo: a.widthAnchor, multiplier: 0.5),
                b.heightAnchor.constraint(equalTo: b.widthAnchor, multiplier: 9.0 / 16),
            ])
        }
        // Solved frames land on the screen's pixel grid, as in UIKit (92.5 and 104.0625 points
        // high at 3x: 92.6667 and 104).
        let k = UIScreen.main.scale
        func pixels(_ v: CGFloat) -> CGFloat { (v * k).rounded(.toNearestOrAwayFromZero) / k }
        #expect(a.frame == CGRect(x: 10, y: 0, width: 185, height: pixels(92.5)))
        #expect(b.frame.minX == 205 && b.frame.width == 185 && abs(b.frame.height - pixels(185 * 9 / 16)) < 1e-6)
    }

    @Test func intrinsicSizesCompeteByPriority() {
        let left = FixedSizeView(CGSize(width: 200, height: 20))
        let right = FixedSizeView(CGSize(width: 200, height: 20))
        right.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        // The root is kept: a superview is not retained by its subviews.
        let root = laidOut { root in
            root.addSubview(left); root.addSubview(right)
            NSLayoutConstraint.activate([
                left.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                right.leadingAnchor.constraint(equalTo: left.trailingAnchor),
                right.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                left.topAnchor.constraint(equalTo: root.topAnchor),
                right.topAnchor.constraint(equalTo: root.topAnchor),
            ])
        }
        // 400 points for 2 × 200 wanted, minus nothing: both fit; at 300, the one with the lower
        // compression resistance gives way.
        #expect(left.frame.width == 200 && right.frame.width == 200 && left.frame.height == 20)
        root.frame.size.width = 300
        root.layoutIfNeeded()
        #expect(left.frame.width == 200 && right.frame.width == 100)
        // Hugging: with room to spare, the lower hugging priority stretches.
        root.frame.size.width = 500
        left.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        root.layoutIfNeeded()
        #expect(left.frame.width == 200 && right.frame.width == 300)
        // A label's intrinsic size.
        let label = UILabel()
        label.translatesAutoresizingMaskIntoConstraints = false
        label.text = "Intrinsic"
        root.addSubview(label)
        NSLayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     label.topAnchor.constraint(equalTo: root.topAnchor, constant: 50)])
        root.layoutIfNeeded()
        #expect(label.frame.size == label.intrinsicContentSize)
    }

    @Test func conflictsAreReportedAndBroken() throws {
        let box = constrained()
        let wide = box.widthAnchor.constraint(equalToConstant: 100)
        let narrow = box.widthAnchor.constraint(equalToConstant: 50)
        narrow.identifier = "narrow"
        let log = LaminaDiagnostics.collecting {
            laidOut { root in
                root.addSubview(box)
                NSLayoutConstraint.activate([wide, narrow, box.heightAnchor.constraint(equalToConstant: 10),
                                             box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                             box.topAnchor.constraint(equalTo: root.topAnchor)])
            }
        }
        let message = try #require(log.diagnostics.first { $0.contains("Unable to simultaneously satisfy constraints") })
        #expect(message.contains("Will attempt to recover by breaking constraint"))
        #expect(box.frame.width == 100 || box.frame.width == 50)
        #expect(wide.isBroken != narrow.isBroken)
        // Lowering the priority resolves it quietly.
        narrow.isActive = false
        narrow.priority = .defaultHigh
        narrow.isActive = true
        let root = log.result
        let quiet = LaminaDiagnostics.collecting { root.layoutIfNeeded() }
        #expect(quiet.diagnostics.isEmpty && box.frame.width == 100)
    }

    @Test func constantsPrioritiesAndDeactivation() {
        let box = constrained()
        let w = box.widthAnchor.constraint(equalToConstant: 40)
        let root = laidOut { root in
            root.addSubview(box)
            NSLayoutConstraint.activate([w, box.heightAnchor.constraint(equalToConstant: 10),
                                         box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 5),
                                         box.topAnchor.constraint(equalTo: root.topAnchor)])
        }
        // A one-view constraint lives on the view; one between views on their common ancestor.
        #expect(box.frame.width == 40 && w.isActive && box.constraints.contains(w) && root.constraints.count == 2)
        w.constant = 70
        root.layoutIfNeeded()
        #expect(box.frame.width == 70)
        // Removing the view deactivates constraints that reached outside it.
        box.removeFromSuperview()
        #expect(root.constraints.isEmpty && w.isActive)      // the width is installed on the box itself
        #expect(box.constraints.contains(w))
    }

    @Test func translatedAutoresizingMasks() {
        let free = constrained()
        let legacy = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 30))
        legacy.autoresizingMask = [.flexibleWidth]
        let root = laidOut { root in
            root.addSubview(legacy)
            root.addSubview(free)
            NSLayoutConstraint.activate([free.topAnchor.constraint(equalTo: legacy.bottomAnchor, constant: 5),
                                         free.leadingAnchor.constraint(equalTo: legacy.leadingAnchor),
                                         free.trailingAnchor.constraint(equalTo: legacy.trailingAnchor),
                                         free.heightAnchor.constraint(equalToConstant: 20)])
        }
        #expect(free.frame == CGRect(x: 10, y: 45, width: 100, height: 20))
        root.frame.size.width = 600
        root.layoutIfNeeded()
        #expect(legacy.frame.width == 300 && free.frame.width == 300)
    }

    @Test func fittingSizeAndUpdateConstraints() {
        let card = UIView()
        let title = UILabel(), body = FixedSizeView(CGSize(width: 120, height: 40))
        title.translatesAutoresizingMaskIntoConstraints = false
        title.text = "Title"
        card.addSubview(title); card.addSubview(body)
        NSLayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
            body.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            body.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -10),
            body.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -10),
        ])
        let fit = card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        #expect(fit.width == 140 && fit.height == 10 + title.intrinsicContentSize.height + 8 + 40 + 10)
        // updateConstraints runs before layout.
        let u = UpdatingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        u.layoutIfNeeded()
        #expect(u.updates == 1 && u.child.frame == CGRect(x: 0, y: 0, width: 50, height: 10))
        u.widthConstraint?.constant = 60
        u.setNeedsUpdateConstraints()
        u.layoutIfNeeded()
        #expect(u.updates == 2 && u.child.frame.width == 60)
    }

    @Test func baselines() {
        let a = UILabel(), b = UILabel()
        for l in [a, b] { l.translatesAutoresizingMaskIntoConstraints = false }
        a.text = "Small"; a.font = .systemFont(ofSize: 12)
        b.text = "Large"; b.font = .systemFont(ofSize: 30)
        _ = laidOut { root in
            root.addSubview(a); root.addSubview(b)
            NSLayoutConstraint.activate([
                b.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
                b.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                a.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 8),
                a.firstBaselineAnchor.constraint(equalTo: b.firstBaselineAnchor),
            ])
        }
        let baselineA = a.frame.minY + (a.frame.height - a.intrinsicContentSize.height) / 2 + a.font.ascender
        let baselineB = b.frame.minY + (b.frame.height - b.intrinsicContentSize.height) / 2 + b.font.ascender
        // Within half a pixel: both frames are placed on the pixel grid.
        #expect(abs(baselineA - baselineB) <= 0.5 / UIScreen.main.scale + 1e-6)
    }

    @Test func layerAnchorsInsideAView() {
        // A hosted gradient sublayer follows its view through layer anchors.
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let g = CAGradientLayer()
        v.layer.addSublayer(g)
        CALayerConstraint.activate([
            g.leftAnchor.constraint(equalTo: v.layer.leftAnchor, constant: 10),
            g.rightAnchor.constraint(equalTo: v.layer.rightAnchor, constant: -10),
            g.topAnchor.constraint(equalTo: v.layer.topAnchor),
            g.bottomAnchor.constraint(equalTo: v.layer.bottomAnchor),
        ])
        v.layoutIfNeeded()
        #expect(g.frame == CGRect(x: 10, y: 0, width: 180, height: 100))
        v.frame.size = CGSize(width: 300, height: 50)
        v.layoutIfNeeded()
        #expect(g.frame == CGRect(x: 10, y: 0, width: 280, height: 50))
    }

    @Test func multiLineLabelsWrapToTheirLaidOutWidth() {
        // No preferredMaxLayoutWidth: the label's height follows the width the constraints give it.
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 400))
        let label = UILabel()
        label.numberOfLines = 0
        label.text = "A long sentence that cannot fit on one line of a narrow column."
        label.translatesAutoresizingMaskIntoConstraints = false
        let below = UIView()
        below.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        root.addSubview(below)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            below.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 4),
            below.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            below.widthAnchor.constraint(equalToConstant: 10), below.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        let fits = label.sizeThatFits(CGSize(width: 140, height: CGFloat.greatestFiniteMagnitude))
        #expect(label.frame.width == 140)
        #expect(label.frame.height == fits.height && fits.height > 2 * label.font.lineHeight, "\(label.frame) \(fits)")
        #expect(below.frame.minY == label.frame.maxY + 4)
        // Wider: fewer lines, and the view below moves up.
        root.frame.size.width = 400
        root.layoutIfNeeded()
        #expect(label.frame.height < fits.height && below.frame.minY == label.frame.maxY + 4)
        // A single-line label keeps its one-line height.
        label.numberOfLines = 1
        root.layoutIfNeeded()
        #expect(abs(label.frame.height - label.font.lineHeight) < 2)
    }
}

@MainActor
@Suite("UIStackView")
struct StackViewTests {
    func stack(_ axis: NSLayoutConstraint.Axis, _ views: [UIView], configure: (UIStackView) -> Void) -> (UIView, UIStackView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        let s = UIStackView(arrangedSubviews: views)
        s.axis = axis
        s.translatesAutoresizingMaskIntoConstraints = false
        configure(s)
        root.addSubview(s)
        NSLayoutConstraint.activate([
            s.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            s.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            s.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
        ])
        root.layoutIfNeeded()
        return (root, s)
    }

    @Test func fillEquallyWithSpacing() {
        let views = (0..<3).map { _ in FixedSizeView(CGSize(width: 30, height: 40)) }
        let (_, s) = stack(.horizontal, views) { $0.distribution = .fillEqually; $0.spacing = 10 }
        #expect(s.frame == CGRect(x: 10, y: 10, width: 300, height: 40))
        #expect(zip(views.map(\.frame.minX), [0, 310.0 / 3, 620.0 / 3]).allSatisfy { abs($0 - $1) < 1e-5 })
        #expect(views.allSatisfy { abs($0.frame.width - 280.0 / 3) < 1e-5 && $0.frame.height == 40 })
    }

    @Test func fillByHuggingAndHiddenViewsCollapse() {
        let a = FixedSizeView(CGSize(width: 50, height: 20)), b = FixedSizeView(CGSize(width: 60, height: 20))
        let c = FixedSizeView(CGSize(width: 70, height: 20))
        b.setContentHuggingPriority(UILayoutPriority(200), for: .horizontal)   // b stretches
        let (root, s) = stack(.horizontal, [a, b, c]) { $0.spacing = 5 }
        #expect(a.frame.width == 50 && c.frame.width == 70 && b.frame.width == 300 - 50 - 70 - 10)
        #expect(c.frame.maxX == 300)
        b.isHidden = true
        root.layoutIfNeeded()
        #expect(b.frame.width == 0 && c.frame.minX == a.frame.maxX + 5 && s.arrangedSubviews.count == 3)
    }

    @Test func verticalAlignmentAndEqualSpacing() {
        let views = [FixedSizeView(CGSize(width: 40, height: 20)), FixedSizeView(CGSize(width: 80, height: 20)),
                     FixedSizeView(CGSize(width: 60, height: 20))]
        let (root, s) = stack(.vertical, views) { $0.alignment = .center; $0.spacing = 4 }
        #expect(views.map(\.frame.width) == [40, 80, 60])
        #expect(views.map(\.frame.midX) == [150, 150, 150])
        #expect(views.map(\.frame.minY) == [0, 24, 48] && s.frame.height == 68)
        // Equal spacing in a fixed height.
        let h = s.heightAnchor.constraint(equalToConstant: 120)
        h.isActive = true
        s.distribution = .equalSpacing
        root.layoutIfNeeded()
        #expect(views.map(\.frame.minY) == [0, 50, 100])
    }

    @Test func marginsRelativeArrangement() {
        let v = FixedSizeView(CGSize(width: 10, height: 10))
        let (_, s) = stack(.horizontal, [v]) {
            $0.isLayoutMarginsRelativeArrangement = true
            $0.layoutMargins = UIEdgeInsets(top: 5, left: 6, bottom: 7, right: 8)
        }
        #expect(v.frame.minX == 6 && v.frame.minY == 5 && v.frame.width == 300 - 14 && s.frame.height == 22)
    }

    /// A label's new text moves only its intrinsic constraints' constants (no rebuild) and lays
    /// out as a hierarchy laid out afresh with that text, for a label of one line and a wrapping
    /// one pinned to both edges; a control's own subviews, which take no part in Auto Layout,
    /// change nothing the engine solves; a new constrained view rebuilds it.
    @Test func newIntrinsicSizesResolveWithoutRebuilding() throws {
        func hierarchy(_ text: String) -> (root: UIView, views: [UIView]) {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
            let label = UILabel(), wrapping = UILabel(), below = UIView(), toggle = UISwitch()
            label.text = text
            wrapping.numberOfLines = 0
            wrapping.text = text
            for v in [label, wrapping, below, toggle] as [UIView] { v.translatesAutoresizingMaskIntoConstraints = false; root.addSubview(v) }
            NSLayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
                label.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -16),
                label.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
                below.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 8),
                below.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 4),
                below.widthAnchor.constraint(equalToConstant: 10), below.heightAnchor.constraint(equalToConstant: 10),
                wrapping.topAnchor.constraint(equalTo: below.bottomAnchor, constant: 8),
                wrapping.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
                wrapping.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
                toggle.topAnchor.constraint(equalTo: wrapping.bottomAnchor, constant: 8),
                toggle.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            ])
            root.layoutIfNeeded()
            return (root, [label, wrapping, below, toggle])
        }
        let (root, views) = hierarchy("Short")
        let engine = try #require(root.autoLayoutEngine)
        let built = engine.rebuilds
        for text in ["A longer line of text that wraps onto a second and a third line in this column", "Two words", ""] {
            for case let label as UILabel in views { label.text = text }
            root.layoutIfNeeded()
            let fresh = hierarchy(text)
            #expect(views.map(\.frame) == fresh.views.map(\.frame), "\(text): \(views.map(\.frame)); afresh \(fresh.views.map(\.frame))")
        }
        #expect(engine.rebuilds == built, "new text rebuilt the engine \(engine.rebuilds - built) times")
        // A subview of the switch's own (autoresizing, unconstrained) leaves the engine as it was.
        views[3].addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4)))
        root.layoutIfNeeded()
        #expect(engine.rebuilds == built)
        // A constrained view rebuilds it, once.
        let extra = UIView()
        extra.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(extra)
        NSLayoutConstraint.activate([
            extra.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 200), extra.topAnchor.constraint(equalTo: root.topAnchor),
            extra.widthAnchor.constraint(equalToConstant: 30), extra.heightAnchor.constraint(equalToConstant: 5),
        ])
        root.layoutIfNeeded()
        #expect(engine.rebuilds == built + 1 && extra.frame == CGRect(x: 200, y: 0, width: 30, height: 5))
    }
}
