import Foundation
import Testing
import UIKit

/// A view hierarchy is freed when the last reference to it goes (found by `scripts/soak.sh`:
/// the Auto Layout engine, kept on the root view, held every view it laid out, the root
/// included, so no hierarchy with constraints was ever freed).
@MainActor
@Suite("View lifetimes")
struct ViewLifetimeTests {
    @Test func aConstrainedHierarchyIsFreed() {
        weak var w1: UIView?, w2: UIView?, w3: UIWindow?, w4: UIView?
        do {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            w3 = window
            let a = UIView(); w1 = a
            let b = UIView(); w2 = b
            window.addSubview(a)
            a.addSubview(b)
            a.translatesAutoresizingMaskIntoConstraints = false
            b.translatesAutoresizingMaskIntoConstraints = false
            NSLayoutConstraint.activate([
                a.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
                a.topAnchor.constraint(equalTo: window.topAnchor),
                a.widthAnchor.constraint(equalToConstant: 50), a.heightAnchor.constraint(equalToConstant: 50),
                b.centerXAnchor.constraint(equalTo: a.centerXAnchor), b.centerYAnchor.constraint(equalTo: a.centerYAnchor),
            ])
            window.layoutIfNeeded()
            let c = UIView(); w4 = c
            window.addSubview(c)
        }
        // Freed at once, or within two seconds: in the parallel suite under AddressSanitizer one
        // run in many saw `a` still alive at this line (a transient reference from another
        // test's thread; not reproduced alone in six runs). A cycle is never freed, so this
        // still fails for one.
        var waited = 0
        while (w1 != nil || w2 != nil || w3 != nil || w4 != nil) && waited < 200 {
            Thread.sleep(forTimeInterval: 0.01)
            waited += 1
        }
        #expect(w1 == nil); #expect(w2 == nil); #expect(w3 == nil); #expect(w4 == nil)
    }
}
