import Foundation
@_spi(Lamina) import QuartzCore

/// `lamina-bench layout`: Lamina's Cassowary solver on the two systems of
/// Benchmarks/layout/kiwi_bench.py (kiwisolver's side), timed the same way (median of 7 runs).
enum LayoutBenchmark {
    typealias V = LayoutVariable
    static func e(_ v: V) -> LayoutExpression { LayoutExpression(v) }

    static func chain(_ n: Int = 1000) throws -> Double {
        let s = LayoutSolver()
        var prev: (V, V, V, V)?
        var last: V?
        for i in 0..<n {
            let l = V("l\(i)"), t = V("t\(i)"), w = V("w\(i)"), h = V("h\(i)")
            try s.add(LayoutConstraintRef(e(w) - 40, .equal))
            try s.add(LayoutConstraintRef(e(h) - 30, .equal))
            if let (pl, pt, pw, _) = prev {
                try s.add(LayoutConstraintRef(e(l) - e(pl) - e(pw) - 8, .equal))
                try s.add(LayoutConstraintRef(e(t) - e(pt), .equal))
            } else {
                try s.add(LayoutConstraintRef(e(l), .equal))
                try s.add(LayoutConstraintRef(e(t), .equal))
            }
            prev = (l, t, w, h)
            last = l
        }
        s.updateVariables()
        return last!.value
    }

    static func formSystem() throws -> (LayoutSolver, V, V, Int) {
        let s = LayoutSolver()
        let W = V("W"), H = V("H")
        var rows: [((V, V, V, V), (V, V, V, V))] = []
        var widgets: [(V, V, V, V)] = []
        for r in 0..<5 {
            let label = (V("label\(r).l"), V("label\(r).t"), V("label\(r).w"), V("label\(r).h"))
            let field = (V("field\(r).l"), V("field\(r).t"), V("field\(r).w"), V("field\(r).h"))
            rows.append((label, field))
            widgets += [label, field]
        }
        var n = 0
        func add(_ x: LayoutExpression, _ r: LayoutConstraintRef.Relation, _ st: LayoutStrength = .required) throws {
            try s.add(LayoutConstraintRef(x, r, strength: st))
            n += 1
        }
        for (l, t, w, h) in widgets {
            try add(e(l), .greaterOrEqual)
            try add(e(t), .greaterOrEqual)
            try add(e(w) - 30, .greaterOrEqual)
            try add(e(h) - 24, .equal, .strong)
            try add(e(w) - 100, .equal, .weak)
            try add(e(l) + e(w) - e(W), .lessOrEqual)
        }
        for (i, (label, field)) in rows.enumerated() {
            try add(e(label.1) - e(field.1), .equal)
            try add(e(field.0) - e(label.0) - e(label.2) - 8, .equal)
            try add(e(field.0) + e(field.2) - e(W) + 10, .equal, .strong)
            try add(e(label.0) - 10, .equal)
            try add(e(field.3) - e(label.3), .equal)
            try add(e(field.2) - e(label.2), .greaterOrEqual, .medium)
            if i == 0 {
                try add(e(label.1) - 10, .equal)
            } else {
                try add(e(label.1) - e(rows[i - 1].0.1) - 32, .equal)
                try add(e(field.0) - e(rows[0].1.0), .equal)
                try add(e(label.2) - e(rows[0].0.2), .equal, .strong)
            }
        }
        let last = rows[4].0
        try add(e(last.1) + e(last.3) - e(H) + 10, .lessOrEqual)
        try s.addEditVariable(W, strength: .strong)
        try s.addEditVariable(H, strength: .strong)
        return (s, W, H, n)
    }

    static func form(loops: Int = 500) throws -> Double {
        let (s, W, H, _) = try formSystem()
        let sizes: [(Double, Double)] = [(320, 480), (640, 480), (800, 600), (1024, 768), (200, 300), (1280, 1024)]
        for _ in 0..<loops {
            for (w, h) in sizes {
                try s.suggestValue(W, w)
                try s.suggestValue(H, h)
                s.updateVariables()
            }
        }
        return W.value
    }

    static func medianMilliseconds(_ runs: Int, _ body: () throws -> Double) rethrows -> (Double, Double) {
        var times: [Double] = []
        var result = 0.0
        for _ in 0..<runs {
            let t = CompositorBenchmark.seconds { result = (try? body()) ?? .nan }
            times.append(t * 1000)
        }
        return (times.sorted()[runs / 2], result)
    }

    static func run() throws {
        let (_, _, _, count) = try formSystem()
        let (chainMS, chainLast) = try medianMilliseconds(7) { try chain() }
        let (formMS, formW) = try medianMilliseconds(7) { try form() }
        print("form-constraints \(count)")
        print(String(format: "chain %.3f", chainMS))
        print(String(format: "form %.3f", formMS))
        FileHandle.standardError.write(Data("check: chain last left \(chainLast) (expect \(999 * 48)); form W \(formW)\n".utf8))
    }
}
