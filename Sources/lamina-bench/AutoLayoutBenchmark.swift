import Foundation
import UIKit

/// `lamina-bench layout`, UIKit's side: a hierarchy of 2,500 views under 10,000 constraints,
/// every view placed only by an inequality (ambiguous on purpose), laid out from scratch;
/// then one `hasAmbiguousLayout` query. Median of 5 runs, milliseconds.
@MainActor enum AutoLayoutBenchmark {
    static func hierarchy(views count: Int) -> (UIView, [UIView]) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        var views: [UIView] = []
        var constraints: [NSLayoutConstraint] = []
        for i in 0..<count {
            let v = UIView()
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
            views.append(v)
            constraints += [v.widthAnchor.constraint(equalToConstant: 10), v.heightAnchor.constraint(equalToConstant: 10),
                            v.topAnchor.constraint(equalTo: root.topAnchor, constant: CGFloat(i % 100)),
                            v.leadingAnchor.constraint(greaterThanOrEqualTo: root.leadingAnchor)]
        }
        NSLayoutConstraint.activate(constraints)
        return (root, views)
    }

    static func run() {
        var layout: [Double] = [], query: [Double] = []
        var ambiguous = false
        for _ in 0..<5 {
            let (root, views) = hierarchy(views: 2500)
            layout.append(CompositorBenchmark.seconds { root.layoutIfNeeded() } * 1000)
            query.append(CompositorBenchmark.seconds { ambiguous = views[1250].hasAmbiguousLayout } * 1000)
        }
        print(String(format: "uikit-10k-ambiguous-layout %.3f", layout.sorted()[2]))
        print(String(format: "uikit-ambiguity-query %.3f", query.sorted()[2]))
        FileHandle.standardError.write(Data("check: the view is ambiguous: \(ambiguous)\n".utf8))
    }
}
