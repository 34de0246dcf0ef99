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
}
