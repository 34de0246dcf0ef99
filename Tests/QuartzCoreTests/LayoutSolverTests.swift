import Testing
@_spi(Lamina) @testable import QuartzCore

@Suite("Cassowary solver")
struct LayoutSolverTests {
    func v(_ n: String) -> LayoutVariable { LayoutVariable(n) }
    func e(_ v: LayoutVariable) -> LayoutExpression { LayoutExpression(v) }

    @Test func requiredEqualities() throws {
        let s = LayoutSolver()
        let x = v("x"), y = v("y")
        try s.add(LayoutConstraintRef(e(x) - 10, .equal))                 // x = 10
        try s.add(LayoutConstraintRef(e(y) - e(x) * 2 - 5, .equal))      // y = 2x + 5
        s.updateVariables()
        #expect(x.value == 10 && y.value == 25)
    }

    @Test func inequalitiesAndStrengths() throws {
        let s = LayoutSolver()
        let left = v("left"), width = v("width")
        try s.add(LayoutConstraintRef(e(left), .greaterOrEqual))                       // left ≥ 0
        try s.add(LayoutConstraintRef(e(left) + e(width) - 100, .lessOrEqual))         // right ≤ 100
        try s.add(LayoutConstraintRef(e(width) - 80, .equal, strength: .strong))       // width = 80 (strong)
        try s.add(LayoutConstraintRef(e(width) - 120, .equal, strength: .weak))        // width = 120 (weak, loses)
        try s.add(LayoutConstraintRef(e(left) - 50, .equal, strength: .medium))        // left = 50 (medium)
        s.updateVariables()
        // width 80 wins over 120; left wants 50 but right ≤ 100 caps it at 20.
        #expect(abs(width.value - 80) < 1e-9 && abs(left.value - 20) < 1e-9)
    }

    @Test func unsatisfiableRequiredIsReported() throws {
        let s = LayoutSolver()
        let x = v("x")
        try s.add(LayoutConstraintRef(e(x) - 10, .equal, name: "x = 10"))
        let bad = LayoutConstraintRef(e(x) - 20, .equal, name: "x = 20")
        #expect(throws: LayoutSolverError.unsatisfiable(bad.description)) { try s.add(bad) }
        #expect(!s.hasConstraint(bad))
        s.updateVariables()
        #expect(x.value == 10)
        let twice = LayoutConstraintRef(e(x), .greaterOrEqual)
        try s.add(twice)
        #expect(throws: LayoutSolverError.duplicate(twice.description)) { try s.add(twice) }
        // Inequalities that contradict each other.
        let y = v("y")
        try s.add(LayoutConstraintRef(e(y) - 5, .greaterOrEqual))
        #expect(throws: (any Error).self) { try s.add(LayoutConstraintRef(e(y) - 3, .lessOrEqual)) }
    }

    @Test func removingConstraints() throws {
        let s = LayoutSolver()
        let x = v("x")
        let a = LayoutConstraintRef(e(x) - 10, .equal)
        let b = LayoutConstraintRef(e(x) - 20, .equal, strength: .weak)
        try s.add(a); try s.add(b)
        s.updateVariables()
        #expect(x.value == 10)
        try s.remove(a)
        s.updateVariables()
        #expect(abs(x.value - 20) < 1e-9)
        #expect(throws: LayoutSolverError.unknown(a.description)) { try s.remove(a) }
        #expect(s.constraintCount == 1)
    }

    /// A new constant for a constraint the solver holds (Auto Layout's intrinsic sizes: a
    /// compression ≥ and a hugging ≤ pair, and weak equalities) solves as a system built
    /// afresh with that constant does; a required equality refuses one.
    @Test func newConstantsSolveAsAFreshSystem() throws {
        func system(_ intrinsic: Double, _ preferred: Double) throws -> (LayoutSolver, [LayoutVariable], [LayoutConstraintRef]) {
            let s = LayoutSolver()
            let top = v("top"), h = v("h"), below = v("below"), root = v("root"), w = v("w")
            try s.add(LayoutConstraintRef(e(top) - 10, .equal))
            try s.add(LayoutConstraintRef(e(below) - e(top) - e(h) - 4, .equal))
            try s.add(LayoutConstraintRef(e(h), .greaterOrEqual))
            try s.add(LayoutConstraintRef(e(w) - e(root) + 20, .lessOrEqual))
            try s.add(LayoutConstraintRef(e(root) - e(below) - 10, .greaterOrEqual, strength: .weak))
            try s.addEditVariable(root, strength: .strong)
            try s.suggestValue(root, 300)
            let changing = [LayoutConstraintRef(e(h) - intrinsic, .greaterOrEqual, strength: .priority(750)),
                            LayoutConstraintRef(e(h) - intrinsic, .lessOrEqual, strength: .priority(250)),
                            LayoutConstraintRef(e(w) - preferred, .equal, strength: .priority(500))]
            for c in changing { try s.add(c) }
            return (s, [h, w, below], changing)
        }
        let (s, vars, changing) = try system(61, 100)
        s.updateVariables()
        #expect(abs(vars[0].value - 61) < 1e-9 && abs(vars[1].value - 100) < 1e-9)
        for (intrinsic, preferred) in [(20.0, 400.0), (150, 30), (0, 280), (61, 100)] {
            try s.setConstant(changing[0], -intrinsic)
            try s.setConstant(changing[1], -intrinsic)
            try s.setConstant(changing[2], -preferred)
            s.updateVariables()
            let (fresh, freshVars, _) = try system(intrinsic, preferred)
            fresh.updateVariables()
            for (a, b) in zip(vars, freshVars) { #expect(abs(a.value - b.value) < 1e-9, "\(a): \(a.value), afresh \(b.value)") }
        }
        let x = v("x")
        let fixed = LayoutConstraintRef(e(x) - 5, .equal)
        try s.add(fixed)
        #expect(throws: LayoutSolverError.self) { try s.setConstant(fixed, -6) }
        #expect(throws: LayoutSolverError.self) { try s.setConstant(changing[0], .nan) }
        #expect(throws: LayoutSolverError.unknown(LayoutConstraintRef(e(x), .equal).description)) {
            try s.setConstant(LayoutConstraintRef(e(x), .equal), 1)
        }
    }

    @Test func editVariablesResolveCheaply() throws {
        // A window: left = 0, right = width; a box centred with fixed size 40.
        let s = LayoutSolver()
        let w = v("w"), boxLeft = v("boxLeft"), boxWidth = v("boxWidth")
        try s.add(LayoutConstraintRef(e(boxWidth) - 40, .equal))
        try s.add(LayoutConstraintRef(e(boxLeft) * 2 + e(boxWidth) - e(w), .equal))   // centre = w / 2
        try s.add(LayoutConstraintRef(e(boxLeft), .greaterOrEqual, strength: .strong))
        try s.addEditVariable(w, strength: .strong)
        for width in [100.0, 300, 20, 500] {
            try s.suggestValue(w, width)
            s.updateVariables()
            #expect(abs(w.value - width) < 1e-9)
            // Below 40 the box cannot stay centred without a negative left: strong ties.
            if width >= 40 { #expect(abs(boxLeft.value - (width - 40) / 2) < 1e-9) }
        }
        #expect(throws: LayoutSolverError.self) { try s.addEditVariable(w, strength: .strong) }
        #expect(throws: LayoutSolverError.self) { try s.addEditVariable(v("r"), strength: .required) }
        try s.removeEditVariable(w)
        #expect(!s.hasEditVariable(w))
    }

    @Test func chainOfViews() throws {
        // Each box 10 wide, 5 after the previous.
        let s = LayoutSolver()
        var lefts: [LayoutVariable] = []
        for i in 0..<200 {
            let l = v("l\(i)")
            if let prev = lefts.last {
                try s.add(LayoutConstraintRef(e(l) - e(prev) - 15, .equal))
            } else {
                try s.add(LayoutConstraintRef(e(l) - 3, .equal))
            }
            lefts.append(l)
        }
        s.updateVariables()
        #expect(lefts.enumerated().allSatisfy { abs($0.element.value - Double(3 + 15 * $0.offset)) < 1e-6 })
    }

    @Test func prioritiesAreOrdered() {
        #expect(LayoutStrength.priority(1000).isRequired)
        #expect(LayoutStrength.priority(750) > LayoutStrength.priority(250))
        #expect(LayoutStrength.priority(750).weight / LayoutStrength.priority(250).weight > 0.99e4)
        #expect(!LayoutStrength.priority(999).isRequired)
    }
}
