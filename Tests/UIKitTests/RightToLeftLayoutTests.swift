import Foundation
import Testing
import UIKit

/// Auto Layout in a right-to-left interface, as UIKit lays it out: leading is the right edge,
/// leading and trailing constants count inwards from it, stack views run from the right, and
/// directional margins put the leading margin on the right.
@MainActor
@Suite struct RightToLeftLayoutTests {
    /// A 200 x 100 content view whose controller has `direction` as its traits' layout direction.
    static func content(_ direction: UITraitEnvironmentLayoutDirection) -> (UIWindow, UIView) {
        let (window, _, content) = DynamicAppearanceTests.host(UITraitCollection(layoutDirection: direction),
                                                               size: CGSize(width: 200, height: 100))
        window.layoutIfNeeded()
        return (window, content.view)
    }

    @Test func leadingAndTrailingFollowTheDirection() {
        for direction in [UITraitEnvironmentLayoutDirection.leftToRight, .rightToLeft] {
            let (window, root) = Self.content(direction)
            let badge = UIView()
            badge.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(badge)
            NSLayoutConstraint.activate([
                badge.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
                badge.widthAnchor.constraint(equalToConstant: 50),
                badge.topAnchor.constraint(equalTo: root.topAnchor),
                badge.heightAnchor.constraint(equalToConstant: 10),
            ])
            let tail = UIView()
            tail.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(tail)
            NSLayoutConstraint.activate([
                tail.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
                tail.leadingAnchor.constraint(equalTo: badge.trailingAnchor, constant: 10),
                tail.topAnchor.constraint(equalTo: root.topAnchor),
                tail.heightAnchor.constraint(equalToConstant: 10),
            ])
            window.layoutIfNeeded()
            let width = root.bounds.width, guide = root.layoutMarginsGuide.layoutFrame
            #expect(width == 200 && guide.minX > 0 && guide.maxX < 200)
            if direction == .leftToRight {
                #expect(badge.frame == CGRect(x: 20, y: 0, width: 50, height: 10))
                #expect(tail.frame.minX == 80 && tail.frame.maxX == guide.maxX)
            } else {
                #expect(badge.frame == CGRect(x: 130, y: 0, width: 50, height: 10))
                #expect(tail.frame.maxX == 120 && tail.frame.minX == guide.minX)
            }
        }
    }

    @Test func stackViewsRunFromTheLeadingEdge() {
        let (window, root) = Self.content(.rightToLeft)
        let views = (0..<3).map { _ in UIView() }
        let stack = UIStackView(arrangedSubviews: views)
        stack.distribution = .fillEqually
        stack.spacing = 10
        stack.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        root.addSubview(stack)
        window.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [140, 70, 0])
        #expect(views.allSatisfy { $0.frame.width == 60 })
    }

    @Test func directionalMarginsPutLeadingOnTheRight() {
        let (window, root) = Self.content(.rightToLeft)
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        root.addSubview(card)
        card.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 5)
        #expect(card.layoutMargins.right == 30 && card.layoutMargins.left == 5)
        #expect(card.directionalLayoutMargins.leading == 30)
        let label = UIView()
        label.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: card.layoutMarginsGuide.leadingAnchor),
            label.trailingAnchor.constraint(equalTo: card.layoutMarginsGuide.trailingAnchor),
            label.topAnchor.constraint(equalTo: card.topAnchor), label.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.layoutIfNeeded()
        #expect(label.frame.minX == 5 && label.frame.maxX == 170)
    }

    @Test func aViewForcedLeftToRightKeepsLeftToRight() {
        let (window, root) = Self.content(.rightToLeft)
        root.semanticContentAttribute = .forceLeftToRight
        let badge = UIView()
        badge.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(badge)
        badge.semanticContentAttribute = .forceLeftToRight
        NSLayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            badge.widthAnchor.constraint(equalToConstant: 50),
            badge.topAnchor.constraint(equalTo: root.topAnchor), badge.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.layoutIfNeeded()
        #expect(badge.frame.minX == 20)
    }
}
