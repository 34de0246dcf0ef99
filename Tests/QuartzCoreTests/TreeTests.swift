import Testing
import QuartzCore

@Suite("The layer tree")
struct TreeTests {
    func names(_ l: CALayer) -> [String] { (l.sublayers ?? []).map { $0.name ?? "?" } }
    func named(_ n: String) -> CALayer { let l = CALayer(); l.name = n; return l }

    @Test func addingAndMoving() {
        let p = CALayer(), q = CALayer()
        let a = named("a"), b = named("b"), c = named("c")
        #expect(p.sublayers == nil)
        p.addSublayer(a); p.addSublayer(b); p.addSublayer(c)
        #expect(names(p) == ["a", "b", "c"] && a.superlayer === p)
        p.addSublayer(a)
        #expect(names(p) == ["b", "c", "a"])
        q.addSublayer(b)
        #expect(names(p) == ["c", "a"] && names(q) == ["b"] && b.superlayer === q)
    }

    @Test func inserting() {
        let p = CALayer()
        let a = named("a"), b = named("b"), c = named("c"), d = named("d"), e = named("e")
        p.insertSublayer(a, at: 0)
        p.insertSublayer(b, at: 99)
        p.insertSublayer(c, at: 1)
        #expect(names(p) == ["a", "c", "b"])
        p.insertSublayer(d, below: b)
        p.insertSublayer(e, above: a)
        #expect(names(p) == ["a", "e", "c", "d", "b"])
        p.insertSublayer(b, below: a)
        #expect(names(p) == ["b", "a", "e", "c", "d"])
        p.insertSublayer(b, above: d)
        #expect(names(p) == ["a", "e", "c", "d", "b"])
        p.insertSublayer(named("f"), below: nil)
        p.insertSublayer(named("g"), above: nil)
        #expect(names(p).first == "f" && names(p).last == "g")
    }

    @Test func replacingAndRemoving() {
        let p = CALayer()
        let a = named("a"), b = named("b"), c = named("c")
        p.sublayers = [a, b]
        p.replaceSublayer(a, with: c)
        #expect(names(p) == ["c", "b"] && a.superlayer == nil && c.superlayer === p)
        let (_, d) = LaminaDiagnostics.collecting { p.replaceSublayer(a, with: named("x")) }
        #expect(d.count == 1 && names(p) == ["c", "b"])
        b.removeFromSuperlayer()
        #expect(names(p) == ["c"] && b.superlayer == nil)
        b.removeFromSuperlayer()   // no-op
        p.sublayers = nil
        #expect(p.sublayers == nil && c.superlayer == nil)
        p.sublayers = []
        #expect(p.sublayers == [])
    }

    @Test func settingSublayersMovesLayersAndDropsDuplicates() {
        let p = CALayer(), other = CALayer()
        let a = named("a"), b = named("b")
        other.addSublayer(a)
        let (_, d) = LaminaDiagnostics.collecting { p.sublayers = [a, b, a] }
        #expect(d.count == 1)
        #expect(names(p) == ["a", "b"] && other.sublayers == [] && a.superlayer === p)
    }

    @Test func maskIsNotASublayer() {
        let p = CALayer(), m = CALayer(), holder = CALayer()
        holder.addSublayer(m)
        p.mask = m
        #expect(p.mask === m && m.superlayer === p && p.sublayers == nil && holder.sublayers == [])
        m.removeFromSuperlayer()
        #expect(p.mask == nil && m.superlayer == nil)
        p.mask = m
        p.addSublayer(m)   // moving the mask into the sublayers detaches it as a mask
        #expect(p.mask == nil && p.sublayers == [m])
    }

    @Test func drawingOrderSortsByZPositionStably() {
        let p = CALayer()
        let a = named("a"), b = named("b"), c = named("c"), d = named("d")
        p.sublayers = [a, b, c, d]
        b.zPosition = 1; d.zPosition = -1
        #expect(p.sublayersInDrawingOrder.map { $0.name! } == ["d", "a", "c", "b"])
        #expect(names(p) == ["a", "b", "c", "d"])
    }

    @Test func ancestry() {
        let a = CALayer(), b = CALayer(), c = CALayer()
        a.addSublayer(b); b.addSublayer(c)
        #expect(a.isAncestor(of: c) && !c.isAncestor(of: a) && a.isAncestor(of: a))
    }

    @Test func aLayerCycleTraps() async {
        await #expect(processExitsWith: .failure) {
            let a = CALayer(), b = CALayer()
            a.addSublayer(b)
            b.addSublayer(a)
        }
        await #expect(processExitsWith: .failure) {
            let a = CALayer()
            a.addSublayer(a)
        }
        await #expect(processExitsWith: .failure) {
            let a = CALayer(), b = CALayer()
            a.addSublayer(b)
            b.mask = a
        }
    }
}

@Suite("Very deep trees")
struct DeepTreeTests {
    /// A chain of 3,000 layers (far deeper than the 512 levels Lamina follows): committing,
    /// animating, hit testing and drawing leave the deeper layers out with a diagnostic instead
    /// of exhausting the stack; the shallow part still draws.
    @Test func aChainDeeperThanTheLimitDoesNotCrash() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        var chain: [CALayer] = []
        var parent = root
        for k in 0..<3000 {
            let l = CALayer()
            l.frame = CGRect(x: k == 0 ? 10 : 0, y: 0, width: 40, height: 40)
            parent.addSublayer(l)
            chain.append(l)
            parent = l
        }
        chain[0].backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        chain[2999].backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let (image, diagnostics) = try LaminaDiagnostics.collecting { () throws -> CGImage in
            CATransaction.flush()
            chain[100].opacity = 0.5               // an implicit animation deep in the tree
            CATransaction.flush()
            let renderer = CARenderer(layer: root, scale: 1)
            _ = renderer.nextFrame()
            withoutActions { chain[2000].backgroundColor = CGColor(gray: 0, alpha: 1) }
            _ = renderer.nextFrame()
            _ = root.hitTest(CGPoint(x: 20, y: 20))
            _ = chain[2999].presentation()
            return try #require(renderer.image())
        }
        #expect(diagnostics.contains { $0.contains("deeper than 512 levels") }, "\(diagnostics)")
        let px = try image.straightRGBA8()
        let i = (20 * 60 + 20) * 4
        #expect(px[i] > 200 && px[i + 2] < 60)      // the red layer near the top draws; the blue one is too deep
        #expect(root.hitTest(CGPoint(x: 20, y: 20)) != nil)
    }
}
