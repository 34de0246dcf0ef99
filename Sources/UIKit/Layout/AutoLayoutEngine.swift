import Foundation
@_spi(Lamina) import QuartzCore

/// The Auto Layout engine of one view hierarchy (kept on its root view).
///
/// Every view or guide that takes part has four variables: left, top, width and height in the
/// root's coordinates. The system holds the active constraints; the root's size (edit
/// variables); for views that translate their autoresizing mask, the mask's constraints
/// relative to their superview; for the others, their intrinsic size at their hugging and
/// compression-resistance priorities; guides follow their view's bounds and margins. The engine
/// is rebuilt when constraints or the hierarchy change (changes to views outside Auto Layout,
/// such as a control's own subviews, do not count); a changed intrinsic size only moves the
/// constants of that view's constraints (a multi-line label's wrapped height, a label's new
/// text), and a root resize only suggests new edit values, both re-solved in place. Required
/// constraints that conflict are broken (left out) and logged the way UIKit does. Constraint
/// and variable names are made only when a diagnostic prints them.
@MainActor final class AutoLayoutEngine {
    unowned let root: UIView
    private var dirty = true
    private var solver = LayoutSolver()
    private var frames: [ObjectIdentifier: Item] = [:]
    /// The views of the last rebuild, held weakly: the root holds its engine, and the views
    /// are the root and its descendants, so strong references would keep the hierarchy alive.
    private var involvedWeakly: [WeakView] = []
    private var involvedViews: [UIView] { involvedWeakly.compactMap(\.view) }
    /// The views and guides of the last rebuild (with those its constraints refer to).
    private var involvedIDs: Set<ObjectIdentifier> = []
    /// Whether the last rebuild took `view` in (a view that has gone since may share its
    /// identifier: the answer errs towards rebuilding).
    func involves(_ view: UIView) -> Bool { involvedIDs.contains(ObjectIdentifier(view)) }
    private struct WeakView { weak var view: UIView? }
    private var rootWidth = LayoutVariable("root.width"), rootHeight = LayoutVariable("root.height")
    private var lastRootSize: CGSize?
    /// A guard against layout re-entering itself while frames are applied.
    private var applying = false

    /// The variables of one view or guide.
    final class Item {
        let left: LayoutVariable, top: LayoutVariable, width: LayoutVariable, height: LayoutVariable
        init(_ name: @autoclosure @escaping () -> String) {
            left = LayoutVariable("\(name()).left"); top = LayoutVariable("\(name()).top")
            width = LayoutVariable("\(name()).width"); height = LayoutVariable("\(name()).height")
        }
        var frame: CGRect { CGRect(x: left.value, y: top.value, width: width.value, height: height.value) }
    }

    init(root: UIView) { self.root = root }

    func invalidate() { dirty = true }

    /// A view's intrinsic-size constraints in the solver: the compression and hugging pair of
    /// each dimension it has a size in.
    private struct Intrinsic {
        var width: [LayoutConstraintRef], height: [LayoutConstraintRef]
        /// The alignment insets the constraints (the view's own and others') were made with.
        var insets: UIEdgeInsets
    }
    private var intrinsics: [ObjectIdentifier: Intrinsic] = [:]
    /// Views whose baselines constraints refer to (a new intrinsic size may move them, and
    /// they are constants of those constraints: such views rebuild).
    private var baselineViews: Set<ObjectIdentifier> = []
    /// Views whose intrinsic size changed since, in the order they changed (the order the
    /// solver takes the new constants in, so layouts are the same from run to run).
    private var staleIntrinsic: [WeakView] = []

    /// Tells the engine `view`'s intrinsic size changed. Returns whether the next layout moves
    /// just the constants of that view's intrinsic constraints: false when the engine is to be
    /// rebuilt anyway or the view has none in it.
    func intrinsicSizeChanged(_ view: UIView) -> Bool {
        guard !dirty, intrinsics[ObjectIdentifier(view)] != nil, !baselineViews.contains(ObjectIdentifier(view)) else { return false }
        if !staleIntrinsic.contains(where: { $0.view === view }) { staleIntrinsic.append(WeakView(view: view)) }
        return true
    }

    /// Gives the intrinsic constraints of the views whose intrinsic size changed their new
    /// constants; marks the engine dirty instead when a view gained or lost a dimension, or the
    /// solver refuses (a required priority that now conflicts: a rebuild breaks what UIKit
    /// breaks).
    private func refreshIntrinsic() {
        let stale = staleIntrinsic
        staleIntrinsic.removeAll()
        for w in stale {
            guard let v = w.view, let entry = intrinsics[ObjectIdentifier(v)] else { continue }
            let (size, ins) = (v.intrinsicContentSize, alignmentInsets(v))
            guard (size.width >= 0) == !entry.width.isEmpty, (size.height >= 0) == !entry.height.isEmpty, ins == entry.insets else {
                dirty = true
                return
            }
            let k = Self.intrinsicConstants(size, ins)
            do {
                for c in entry.width { try solver.setConstant(c, k.width) }
                for c in entry.height { try solver.setConstant(c, k.height) }
            } catch {
                dirty = true
                return
            }
        }
    }

    /// The geometry generation and root size after the last layout: while both hold and
    /// nothing is dirty, the views are where the last layout put them (the subviews of a large
    /// hierarchy each ask again during one layout pass).
    private var settled: (generation: Int, size: CGSize)?

    /// Solves if anything changed and places the constrained views.
    func layoutIfNeeded() {
        guard !applying else { return }
        if root.superview != nil {
            // The view is no longer a root: its new root's engine takes over.
            root.autoLayoutEngine = nil
            root.rootView?.autoLayoutChanged()
            return
        }
        root.updateConstraintsIfNeeded()
        if !dirty, staleIntrinsic.isEmpty, let s = settled, s.generation == UIView.geometryGeneration, s.size == root.bounds.size {
            return
        }
        defer { settled = (UIView.geometryGeneration, root.bounds.size) }
        if safeAreaMoved() { dirty = true }
        solveAndApply()
        // Frames that moved views under a bar change their safe areas: solve with the new ones.
        for _ in 0..<3 where safeAreaMoved() {
            dirty = true
            solveAndApply()
        }
        // Multi-line labels wrap to the width the layout gave them, which changes their height:
        // lay out again with the wrapped sizes (UIKit's second pass; a few rounds at most).
        for _ in 0..<3 {
            var wrapped = false
            for v in involvedViews {
                guard let l = v as? UILabel, l.adoptLayoutWidth() else { continue }
                wrapped = true
                if !intrinsicSizeChanged(l) { dirty = true }
            }
            guard wrapped else { break }
            solveAndApply()
        }
    }

    /// The safe-area insets each view's guide was built with.
    private var safeInsets: [ObjectIdentifier: UIEdgeInsets] = [:]
    /// The margins each view that preserves its superview's margins was built with (they
    /// depend on where the layout puts it).
    private var preservedMargins: [ObjectIdentifier: UIEdgeInsets] = [:]
    /// Scroll views whose content guide takes part: the edit variables of their content
    /// offset (scrolling suggests new values; nothing is rebuilt) and the offset suggested last.
    private var scrollers: [(view: Weak, x: LayoutVariable, y: LayoutVariable, offset: CGPoint?)] = []
    private struct Weak { weak var view: UIScrollView? }

    /// Whether a view whose safe-area guide is used now has other insets than it was built
    /// with, or a view preserving its superview's margins other margins.
    private func safeAreaMoved() -> Bool {
        involvedViews.contains { v in
            (v.safeAreaGuideUsed && safeInsets[ObjectIdentifier(v)].map { $0 != v.safeAreaInsets } ?? false)
                || (v.preservesSuperviewLayoutMargins
                    && preservedMargins[ObjectIdentifier(v)].map { $0 != v.effectiveLayoutMargins } ?? false)
        }
    }

    private func solveAndApply() {
        if !dirty && !staleIntrinsic.isEmpty { refreshIntrinsic() }
        if dirty { rebuild() }
        let size = root.bounds.size
        if size != lastRootSize {
            try? solver.suggestValue(rootWidth, Double(size.width))
            try? solver.suggestValue(rootHeight, Double(size.height))
            lastRootSize = size
        }
        for k in scrollers.indices {
            guard let scroll = scrollers[k].view.view else { continue }
            let o = scroll.bounds.origin
            guard o != scrollers[k].offset, o.x.isFinite, o.y.isFinite else { continue }
            try? solver.suggestValue(scrollers[k].x, Double(o.x))
            try? solver.suggestValue(scrollers[k].y, Double(o.y))
            scrollers[k].offset = o
        }
        solver.updateVariables()
        apply()
    }

    /// Whether the constraints leave `view`'s frame free to move (UIKit's `hasAmbiguousLayout`):
    /// a probe weaker than any priority pulls each of its four variables in turn; one that
    /// follows the pull is not determined by the constraints. With `exercise`, the view is left
    /// at the other place the probe found (the next layout puts it back).
    func isAmbiguous(_ view: UIView, exercise: Bool = false) -> Bool {
        layoutIfNeeded()
        guard let i = frames[ObjectIdentifier(view)] else { return false }
        for v in [i.left, i.top, i.width, i.height] {
            let before = v.value
            let probe = LayoutConstraintRef(LayoutExpression(v) - (before + 17), .equal, strength: LayoutStrength(0.001), name: "ambiguity probe")
            guard (try? solver.add(probe)) != nil else { continue }
            solver.updateVariables()
            let moved = abs(v.value - before) > 0.5
            if moved && exercise { apply() }
            try? solver.remove(probe)
            solver.updateVariables()
            if moved { return true }
        }
        return false
    }

    private func item(_ object: AnyObject) -> Item {
        let id = ObjectIdentifier(object)
        if let i = frames[id] { return i }
        let identifier = (object as? UILayoutGuide)?.identifier, kind: any AnyObject.Type = type(of: object)
        let i = Item(identifier ?? "\(kind)")
        frames[id] = i
        return i
    }

    /// How many times the engine built its system from the constraints (for tests).
    private(set) var rebuilds = 0

    private func rebuild() {
        dirty = false
        rebuilds += 1
        solver = LayoutSolver()
        frames = [:]
        safeInsets = [:]
        preservedMargins = [:]
        scrollers = []
        intrinsics = [:]
        staleIntrinsic = []
        baselineViews = []
        lastRootSize = nil
        rootWidth = LayoutVariable("root.width")
        rootHeight = LayoutVariable("root.height")
        // The constraints of the hierarchy, and the views and guides they reach.
        var all: [NSLayoutConstraint] = []
        var involved = Set<ObjectIdentifier>()
        var views: [UIView] = []
        func visit(_ v: UIView) {
            all += v.installedConstraints
            if !v.translatesAutoresizingMaskIntoConstraints, involved.insert(ObjectIdentifier(v)).inserted { views.append(v) }
            for s in v.subviews { visit(s) }
        }
        visit(root)
        for c in all {
            for item in [c.firstItem, c.secondItem] {
                guard let v = NSLayoutConstraint.view(of: item) else { continue }
                if involved.insert(ObjectIdentifier(v)).inserted { views.append(v) }
            }
        }
        // A constraint between a scroll view's edge and a view inside it is to the content's edge
        // (UIKit's rule): such scroll views lay out their content guide.
        for c in all { _ = Self.scrollContentEdge(c)?.scroll.contentGuideForLayout }
        // Their ancestors take part too (their frames position them).
        for v in views {
            var a = v.superview
            while let p = a, involved.insert(ObjectIdentifier(p)).inserted { views.append(p); a = p.superview }
        }
        if involved.insert(ObjectIdentifier(root)).inserted { views.append(root) }
        involvedWeakly = views.map { WeakView(view: $0) }
        involvedIDs = involved

        func add(_ e: LayoutExpression, _ r: LayoutConstraintRef.Relation, _ s: LayoutStrength = .required,
                 _ name: @autoclosure @escaping () -> String) {
            do { try solver.add(LayoutConstraintRef(e, r, strength: s, name: name())) } catch {
                LaminaDiagnostics.report("Auto Layout: \(error) (\(name()))")
            }
        }
        func ex(_ v: LayoutVariable) -> LayoutExpression { LayoutExpression(v) }

        // The root: at the origin, sized by edit variables.
        let r = item(root)
        add(ex(r.left), .equal, .required, "root left")
        add(ex(r.top), .equal, .required, "root top")
        add(ex(r.width) - ex(rootWidth), .equal, .required, "root width")
        add(ex(r.height) - ex(rootHeight), .equal, .required, "root height")
        try? solver.addEditVariable(rootWidth, strength: LayoutStrength(5e8))
        try? solver.addEditVariable(rootHeight, strength: LayoutStrength(5e8))

        for v in views where v !== root {
            let i = item(v)
            let kind = type(of: v)   // names hold the type, not the view (the solver keeps no view alive)
            add(ex(i.width), .greaterOrEqual, .required, "\(kind) width ≥ 0")
            add(ex(i.height), .greaterOrEqual, .required, "\(kind) height ≥ 0")
            if v.translatesAutoresizingMaskIntoConstraints, let sv = v.superview {
                addAutoresizing(v, i, item(sv), sv, add)
            } else {
                intrinsics[ObjectIdentifier(v)] = addIntrinsic(v, i)
            }
        }
        // Guides.
        for v in views {
            let vi = item(v)
            let m = v.effectiveLayoutMargins
            if v.preservesSuperviewLayoutMargins { preservedMargins[ObjectIdentifier(v)] = m }
            for g in v.systemGuides + v.guides {
                let gi = item(g)
                switch g.kind {
                case .margins:
                    add(ex(gi.left) - ex(vi.left) - Double(m.left), .equal, .required, "margins guide left")
                    add(ex(gi.top) - ex(vi.top) - Double(m.top), .equal, .required, "margins guide top")
                    add(ex(gi.width) - ex(vi.width) + Double(m.left + m.right), .equal, .required, "margins guide width")
                    add(ex(gi.height) - ex(vi.height) + Double(m.top + m.bottom), .equal, .required, "margins guide height")
                case .safeArea:
                    // The insets as they are now; layoutIfNeeded solves again when laying out
                    // changed them (a view moved under a bar).
                    let s = v.safeAreaGuideUsed ? v.safeAreaInsets : .zero
                    safeInsets[ObjectIdentifier(v)] = s
                    add(ex(gi.left) - ex(vi.left) - Double(s.left), .equal, .required, "safe area left")
                    add(ex(gi.top) - ex(vi.top) - Double(s.top), .equal, .required, "safe area top")
                    add(ex(gi.width) - ex(vi.width) + Double(s.left + s.right), .equal, .required, "safe area width")
                    add(ex(gi.height) - ex(vi.height) + Double(s.top + s.bottom), .equal, .required, "safe area height")
                case .readable:
                    // The margins guide's height; centred in its width, no wider than the
                    // readable width of the text size.
                    let r = Double(UIView.readableWidth(v.traitCollection.preferredContentSizeCategory))
                    let inner = ex(vi.width) - Double(m.left + m.right)
                    add(ex(gi.top) - ex(vi.top) - Double(m.top), .equal, .required, "readable guide top")
                    add(ex(gi.height) - ex(vi.height) + Double(m.top + m.bottom), .equal, .required, "readable guide height")
                    add(ex(gi.left) * 2 + ex(gi.width) - ex(vi.left) * 2 - Double(m.left) * 2 - inner, .equal, .required,
                        "readable guide centred")
                    add(ex(gi.width) - inner, .lessOrEqual, .required, "readable guide within the margins")
                    add(ex(gi.width) - r, .lessOrEqual, .required, "readable guide width ≤ \(r)")
                    add(ex(gi.width) - inner, .equal, .priority(999), "readable guide as wide as it may be")
                case .scrollFrame:
                    add(ex(gi.left) - ex(vi.left), .equal, .required, "scroll frame guide left")
                    add(ex(gi.top) - ex(vi.top), .equal, .required, "scroll frame guide top")
                    add(ex(gi.width) - ex(vi.width), .equal, .required, "scroll frame guide width")
                    add(ex(gi.height) - ex(vi.height), .equal, .required, "scroll frame guide height")
                case .scrollContent:
                    // The content's origin is the frame's moved back by the content offset (an
                    // edit variable, so scrolling re-solves without rebuilding); its size is what
                    // the content's constraints make it (0 where nothing does).
                    guard let scroll = v as? UIScrollView else { break }
                    let kind = type(of: scroll)
                    let ox = LayoutVariable("\(kind).offset.x"), oy = LayoutVariable("\(kind).offset.y")
                    try? solver.addEditVariable(ox, strength: LayoutStrength(5e8))
                    try? solver.addEditVariable(oy, strength: LayoutStrength(5e8))
                    scrollers.append((Weak(view: scroll), ox, oy, nil))
                    add(ex(gi.left) - ex(vi.left) + ex(ox), .equal, .required, "scroll content guide left")
                    add(ex(gi.top) - ex(vi.top) + ex(oy), .equal, .required, "scroll content guide top")
                    add(ex(gi.width), .greaterOrEqual, .required, "scroll content width ≥ 0")
                    add(ex(gi.height), .greaterOrEqual, .required, "scroll content height ≥ 0")
                    add(ex(gi.width), .equal, .priority(1), "scroll content width, undetermined")
                    add(ex(gi.height), .equal, .priority(1), "scroll content height, undetermined")
                case .custom:
                    add(ex(gi.width), .greaterOrEqual, .required, "guide width ≥ 0")
                    add(ex(gi.height), .greaterOrEqual, .required, "guide height ≥ 0")
                }
            }
        }
        // The constraints, required ones first so a conflict breaks the later one.
        for c in all.sorted(by: { $0.priority > $1.priority }) {
            c.isBroken = false
            guard let e = expression(c) else { continue }
            let rel: LayoutConstraintRef.Relation = c.relation == .equal ? .equal : c.relation == .lessThanOrEqual ? .lessOrEqual : .greaterOrEqual
            weak let named = c   // the name is made from the constraint if a diagnostic asks
            let ref = LayoutConstraintRef(e, rel, strength: c.priority.strength, name: named?.description ?? "")
            do {
                try solver.add(ref)
            } catch {
                c.isBroken = true
                let conflicting = all.filter { $0.priority == .required && $0 !== c && !$0.isBroken && shareItems($0, c) }
                LaminaDiagnostics.report("""
                    Unable to simultaneously satisfy constraints.
                    \tProbably at least one of the constraints in the following list is one you don't want.
                    (
                    \(conflicting.map { "    \"\($0)\"" }.joined(separator: ",\n"))
                    )

                    Will attempt to recover by breaking constraint
                    \(c)
                    """)
            }
        }
    }

    private func shareItems(_ a: NSLayoutConstraint, _ b: NSLayoutConstraint) -> Bool {
        let x = [a.firstItem, a.secondItem].compactMap { $0.map(ObjectIdentifier.init) }
        let y = [b.firstItem, b.secondItem].compactMap { $0.map(ObjectIdentifier.init) }
        return !Set(x).isDisjoint(with: y)
    }

    /// The expression of `first − (multiplier × second + constant)`.
    private func expression(_ c: NSLayoutConstraint) -> LayoutExpression? {
        var firstItem = c.firstItem, secondItem = c.secondItem
        if let edge = Self.scrollContentEdge(c), let guide = edge.scroll.scrollContentGuide {
            if edge.first { firstItem = guide } else { secondItem = guide }
        }
        guard let first = firstItem, let a = attribute(first, c.firstAttribute) else { return nil }
        var e = a - Double(c.constant)
        if let second = secondItem, c.secondAttribute != .notAnAttribute {
            guard let b = attribute(second, c.secondAttribute) else { return nil }
            e = e - b * Double(c.multiplier)
        }
        return e
    }

    /// For a constraint between an edge of a scroll view and a view inside it: the scroll view,
    /// and whether it is the first item (the edge then means the content's).
    static func scrollContentEdge(_ c: NSLayoutConstraint) -> (scroll: UIScrollView, first: Bool)? {
        let edges: Set<NSLayoutConstraint.Attribute> = [.left, .right, .top, .bottom, .leading, .trailing]
        if let s = c.firstItem as? UIScrollView, edges.contains(c.firstAttribute), let other = NSLayoutConstraint.view(of: c.secondItem),
           other !== s, other.isDescendant(of: s) {
            return (s, true)
        }
        if let s = c.secondItem as? UIScrollView, edges.contains(c.secondAttribute), let other = NSLayoutConstraint.view(of: c.firstItem),
           other !== s, other.isDescendant(of: s) {
            return (s, false)
        }
        return nil
    }

    /// An attribute as an expression of the item's variables.
    private func attribute(_ object: AnyObject, _ a: NSLayoutConstraint.Attribute) -> LayoutExpression? {
        let i = item(object)
        let view = object as? UIView
        let m = view?.effectiveLayoutMargins ?? .zero
        let l = LayoutExpression(i.left), t = LayoutExpression(i.top), w = LayoutExpression(i.width), h = LayoutExpression(i.height)
        // Edges, centres and sizes are the alignment rectangle's (the frame's, but for an image
        // view whose image has alignment insets); margins and baselines are the frame's.
        let ins = alignmentInsets(view)
        let al = l + Double(ins.left), at = t + Double(ins.top)
        let aw = w - Double(ins.left + ins.right), ah = h - Double(ins.top + ins.bottom)
        // In a right-to-left interface the leading edge is the right one and leading and
        // trailing positions are measured leftwards (a constant of 20 from the superview's
        // leading edge is 20 points in from its right), as in UIKit.
        if a == .leading || a == .trailing || a == .leadingMargin || a == .trailingMargin, isRightToLeft(object) {
            switch a {
            case .leading: return (al + aw) * -1
            case .trailing: return al * -1
            case .leadingMargin: return (l + w - Double(m.right)) * -1
            default: return (l + Double(m.left)) * -1
            }
        }
        switch a {
        case .left, .leading: return al
        case .right, .trailing: return al + aw
        case .top: return at
        case .bottom: return at + ah
        case .width: return aw
        case .height: return ah
        case .centerX: return al + aw * 0.5
        case .centerY: return at + ah * 0.5
        case .leftMargin, .leadingMargin: return l + Double(m.left)
        case .rightMargin, .trailingMargin: return l + w - Double(m.right)
        case .topMargin: return t + Double(m.top)
        case .bottomMargin: return t + h - Double(m.bottom)
        case .centerXWithinMargins: return l + Double(m.left) + (w - Double(m.left + m.right)) * 0.5
        case .centerYWithinMargins: return t + Double(m.top) + (h - Double(m.top + m.bottom)) * 0.5
        case .firstBaseline, .lastBaseline:
            if let view { baselineViews.insert(ObjectIdentifier(view)) }
            var k: CGFloat = 1, c: CGFloat = 0
            if let b = view?.baselineOffsets() {
                (k, c) = a == .firstBaseline ? (b.first.k, b.first.c) : (b.last.k, b.last.c)
            }
            return t + h * Double(k) + Double(c)
        case .notAnAttribute: return nil
        }
    }

    /// Whether an item lays out right to left: a view's effective direction, a guide's owning
    /// view's.
    private func isRightToLeft(_ object: AnyObject) -> Bool {
        let view = object as? UIView ?? (object as? UILayoutGuide)?.owningView
        return view?.effectiveUserInterfaceLayoutDirection == .rightToLeft
    }

    /// The autoresizing mask as constraints relative to the superview: the fixed quantities
    /// keep their current values; flexible ones share the superview's changes in proportion to
    /// their current lengths (with no flexible quantity, the far margin is treated as flexible,
    /// as UIKit keeps the frame).
    private func addAutoresizing(_ v: UIView, _ i: Item, _ s: Item, _ sv: UIView,
                                 _ add: (LayoutExpression, LayoutConstraintRef.Relation, LayoutStrength,
                                         @autoclosure @escaping () -> String) -> Void) {
        let kind = type(of: v)
        let f = v.frame.offsetBy(dx: -sv.bounds.minX, dy: -sv.bounds.minY)
        let size = sv.bounds.size
        let mask = v.autoresizingMask
        func axis(_ lead: LayoutExpression, _ len: LayoutExpression, _ superLead: LayoutExpression, _ superLen: LayoutExpression,
                  _ m1: CGFloat, _ w: CGFloat, _ m2: CGFloat, _ flex: (Bool, Bool, Bool), _ name: String) {
            let q: [LayoutExpression] = [lead - superLead, len, superLead + superLen - lead - len]
            let q0 = [m1, w, m2]
            var flexible = [flex.0, flex.1, flex.2]
            if !flexible.contains(true) { flexible[2] = true }
            let flexIdx = (0..<3).filter { flexible[$0] }
            for k in 0..<3 where !flexible[k] {
                add(q[k] - Double(q0[k]), .equal, .required, "\(kind) autoresizing \(name)\(k)")
            }
            // Flexible quantities keep their proportions: q_a·q_b0 = q_b·q_a0.
            for (a, b) in zip(flexIdx, flexIdx.dropFirst()) {
                if q0[a] == 0 && q0[b] == 0 {
                    add(q[a] - q[b], .equal, .required, "\(kind) autoresizing \(name) share")
                } else {
                    add(q[a] * Double(q0[b]) - q[b] * Double(q0[a]), .equal, .required, "\(kind) autoresizing \(name) share")
                }
            }
        }
        axis(LayoutExpression(i.left), LayoutExpression(i.width), LayoutExpression(s.left), LayoutExpression(s.width),
             f.minX, f.width, size.width - f.maxX,
             (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)), "x")
        axis(LayoutExpression(i.top), LayoutExpression(i.height), LayoutExpression(s.top), LayoutExpression(s.height),
             f.minY, f.height, size.height - f.maxY,
             (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)), "y")
    }

    /// Adds the intrinsic size (of the alignment rectangle) of `v`: not smaller (compression
    /// resistance) and not larger (hugging). Returns the constraints the solver took; one it
    /// refuses (a required priority in conflict) is reported when `diagnose`.
    private func addIntrinsic(_ v: UIView, _ i: Item, diagnose: Bool = true) -> Intrinsic {
        let size = v.intrinsicContentSize
        let ins = alignmentInsets(v)
        let k = Self.intrinsicConstants(size, ins)
        let w = LayoutExpression(i.width) + k.width, h = LayoutExpression(i.height) + k.height
        let kind = type(of: v)
        func add(_ e: LayoutExpression, _ r: LayoutConstraintRef.Relation, _ p: UILayoutPriority, _ what: String,
                 to refs: inout [LayoutConstraintRef]) {
            let ref = LayoutConstraintRef(e, r, strength: p.strength, name: "\(kind) \(what)")
            do { try solver.add(ref); refs.append(ref) } catch {
                if diagnose { LaminaDiagnostics.report("Auto Layout: \(error) (\(ref.name))") }
            }
        }
        var entry = Intrinsic(width: [], height: [], insets: ins)
        if size.width >= 0 {
            add(w, .greaterOrEqual, v.compressionPriorities.horizontal, "compression width", to: &entry.width)
            add(w, .lessOrEqual, v.huggingPriorities.horizontal, "hugging width", to: &entry.width)
        }
        if size.height >= 0 {
            add(h, .greaterOrEqual, v.compressionPriorities.vertical, "compression height", to: &entry.height)
            add(h, .lessOrEqual, v.huggingPriorities.vertical, "hugging height", to: &entry.height)
        }
        return entry
    }

    /// The constants of a view's intrinsic-size constraints (`width + constant` against 0, and
    /// height's): minus its alignment insets and its intrinsic size, per dimension.
    private static func intrinsicConstants(_ size: CGSize, _ ins: UIEdgeInsets) -> (width: Double, height: Double) {
        (-Double(ins.left + ins.right) - Double(size.width), -Double(ins.top + ins.bottom) - Double(size.height))
    }

    /// A view's alignment insets, non-finite parts taken as zero.
    private func alignmentInsets(_ view: UIView?) -> UIEdgeInsets {
        guard let i = view?.alignmentRectInsets, i != .zero else { return .zero }
        func finite(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        return UIEdgeInsets(top: finite(i.top), left: finite(i.left), bottom: finite(i.bottom), right: finite(i.right))
    }

    /// Sets the frames of the constrained views and the guides' layout frames.
    private func apply() {
        applying = true
        defer { applying = false }
        // Parents first, so each view's frame is relative to its parent's solved place.
        for v in involvedViews where v !== root && !v.translatesAutoresizingMaskIntoConstraints {
            guard let i = frames[ObjectIdentifier(v)], let sv = v.superview, let s = frames[ObjectIdentifier(sv)] else { continue }
            let f = CGRect(x: i.left.value - s.left.value + Double(sv.bounds.minX), y: i.top.value - s.top.value + Double(sv.bounds.minY),
                           width: i.width.value, height: i.height.value)
            let rounded = Self.pixelAligned(f, scale: v.pixelScale)
            // As UIKit does, the solved (untransformed) frame is applied as `bounds.size` and
            // `center`, so a view's `transform` survives layout (setting `frame` would undo it).
            let ap = v.layer.anchorPoint
            let center = CGPoint(x: rounded.minX + ap.x * rounded.width, y: rounded.minY + ap.y * rounded.height)
            if v.bounds.size != rounded.size { v.bounds = CGRect(origin: v.bounds.origin, size: rounded.size) }
            if v.center != center { v.center = center }
        }
        for v in involvedViews {
            guard let vi = frames[ObjectIdentifier(v)] else { continue }
            for g in v.systemGuides + v.guides {
                guard let gi = frames[ObjectIdentifier(g)] else { continue }
                g.layoutFrame = CGRect(x: gi.left.value - vi.left.value + Double(v.bounds.minX), y: gi.top.value - vi.top.value + Double(v.bounds.minY),
                                       width: gi.width.value, height: gi.height.value)
            }
        }
        // A scroll view's content size is its content guide's.
        for s in scrollers {
            guard let scroll = s.view.view, let g = scroll.scrollContentGuide, let gi = frames[ObjectIdentifier(g)] else { continue }
            let size = Self.pixelAligned(CGRect(x: 0, y: 0, width: gi.width.value, height: gi.height.value), scale: scroll.pixelScale).size
            if scroll.contentSize != size { scroll.contentSize = size }
        }
    }

    /// `frame` with its edges on the pixel grid of a `scale` screen, as UIKit places solved
    /// frames (a 52.6667-point label centred in 375 points starts at 161.3333, not 161.1667;
    /// halves round away from zero).
    static func pixelAligned(_ frame: CGRect, scale: CGFloat) -> CGRect {
        guard frame.minX.isFinite, frame.minY.isFinite, frame.width.isFinite, frame.height.isFinite
        else { return frame }
        // In pixels, solver noise (1e-4 of a pixel) removed first, so that a half stays a half.
        func snap(_ v: CGFloat) -> CGFloat {
            let pixels = ((v * scale) * 1e4).rounded() / 1e4
            return clean(pixels.rounded(.toNearestOrAwayFromZero) / scale)
        }
        let x0 = snap(frame.minX), y0 = snap(frame.minY)
        let x1 = snap(frame.maxX), y1 = snap(frame.maxY)
        return CGRect(x: x0, y: y0, width: max(0, clean(x1 - x0)), height: max(0, clean(y1 - y0)))
    }

    /// Removes solver noise (1e-9) so frames are exact where they should be: a value within
    /// 1e-6 of a third, half or quarter of a point (the pixel grids of 2x and 3x screens, where
    /// labels' sizes lie) becomes exactly that; others are rounded to 1e-6.
    private static func clean(_ v: CGFloat) -> CGFloat {
        for k: CGFloat in [3, 4] {
            let g = (v * k).rounded()
            if abs(v * k - g) < 1e-6 * k { return g == 0 ? 0 : g / k }
        }
        let r = (v * 1e6).rounded() / 1e6
        return r == 0 ? 0 : r
    }

    /// `systemLayoutSizeFitting`: the subtree of `view` solved with its own width and height
    /// pulled towards the target at the fitting priorities.
    static func fittingSize(of view: UIView, target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        // A temporary root: the view detached from its superview's frame, sized freely.
        let engine = AutoLayoutEngine(root: view)
        engine.rebuildForFitting(target: target, horizontal: horizontal, vertical: vertical)
        engine.solver.updateVariables()
        let i = engine.item(view)
        return CGSize(width: clean(CGFloat(i.width.value)), height: clean(CGFloat(i.height.value)))
    }

    private func rebuildForFitting(target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) {
        rebuild()
        // Replace the root size's edit variables by the fitting preferences.
        try? solver.removeEditVariable(rootWidth)
        try? solver.removeEditVariable(rootHeight)
        let w = LayoutExpression(rootWidth) - Double(target.width), h = LayoutExpression(rootHeight) - Double(target.height)
        try? solver.add(LayoutConstraintRef(w, .equal, strength: horizontal == .required ? .required : horizontal.strength, name: "fitting width"))
        try? solver.add(LayoutConstraintRef(h, .equal, strength: vertical == .required ? .required : vertical.strength, name: "fitting height"))
        if !root.translatesAutoresizingMaskIntoConstraints { return }
        // A view that translates its mask: its intrinsic size applies too.
        let r = item(root)
        _ = addIntrinsic(root, r, diagnose: false)
    }
}
