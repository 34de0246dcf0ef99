import Foundation

/// A variable of a linear constraint system (SPI: Lamina's layout engines).
@_spi(Lamina) public final class LayoutVariable: Hashable, CustomStringConvertible {
    /// A name for diagnostics, made when one asks for it.
    public var name: String { makeName() }
    private let makeName: () -> String
    /// The value after the last `LayoutSolver.updateVariables()`.
    public internal(set) var value: Double = 0
    /// The solver symbol, once the variable is in a solver.
    var symbol = 0

    public init(_ name: @autoclosure @escaping () -> String = "") { self.makeName = name }
    public static func == (l: LayoutVariable, r: LayoutVariable) -> Bool { l === r }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
    public var description: String { name.isEmpty ? "v\(ObjectIdentifier(self).hashValue & 0xFFFF)" : name }
}

/// A linear expression: Σ coefficient × variable + constant.
@_spi(Lamina) public struct LayoutExpression: CustomStringConvertible {
    public var terms: [(variable: LayoutVariable, coefficient: Double)]
    public var constant: Double

    public init(_ terms: [(LayoutVariable, Double)] = [], constant: Double = 0) {
        self.terms = terms.map { (variable: $0.0, coefficient: $0.1) }
        self.constant = constant
    }

    public init(_ v: LayoutVariable) { self.init([(v, 1)]) }

    public static func + (l: LayoutExpression, r: LayoutExpression) -> LayoutExpression {
        LayoutExpression(l.terms.map { ($0.variable, $0.coefficient) } + r.terms.map { ($0.variable, $0.coefficient) },
                         constant: l.constant + r.constant)
    }
    public static func - (l: LayoutExpression, r: LayoutExpression) -> LayoutExpression { l + r * -1 }
    public static func * (l: LayoutExpression, k: Double) -> LayoutExpression {
        LayoutExpression(l.terms.map { ($0.variable, $0.coefficient * k) }, constant: l.constant * k)
    }
    public static func + (l: LayoutExpression, k: Double) -> LayoutExpression {
        LayoutExpression(l.terms.map { ($0.variable, $0.coefficient) }, constant: l.constant + k)
    }
    public static func - (l: LayoutExpression, k: Double) -> LayoutExpression { l + -k }

    public var description: String {
        (terms.map { "\($0.coefficient)·\($0.variable)" } + ["\(constant)"]).joined(separator: " + ")
    }
}

/// How strongly a constraint holds: required, or a weight (higher wins, and the three named
/// levels are a million times apart, so a stronger constraint is never traded for weaker ones).
@_spi(Lamina) public struct LayoutStrength: Comparable, Sendable {
    public let weight: Double
    public init(_ weight: Double) { self.weight = max(0, min(LayoutStrength.required.weight, weight)) }
    public static let required = LayoutStrength(unclamped: 1_001_001_000)
    public static let strong = LayoutStrength(unclamped: 1_000_000)
    public static let medium = LayoutStrength(unclamped: 1_000)
    public static let weak = LayoutStrength(unclamped: 1)
    private init(unclamped w: Double) { weight = w }
    public var isRequired: Bool { weight >= LayoutStrength.required.weight }
    public static func < (l: LayoutStrength, r: LayoutStrength) -> Bool { l.weight < r.weight }

    /// The strength of a UIKit priority (1…1000): 1000 is required; below it each 125 points
    /// are ten times stronger (250 → 10², 500 → 10⁴, 750 → 10⁶, 999 → 10⁸), so a higher
    /// priority outweighs many lower ones, as Auto Layout's priorities order constraints.
    public static func priority(_ p: Float) -> LayoutStrength {
        if p >= 1000 { return .required }
        return LayoutStrength(pow(10, Double(max(0, p)) / 125))
    }
}

/// A constraint `expression relation 0` at a strength.
@_spi(Lamina) public final class LayoutConstraintRef: Hashable, CustomStringConvertible {
    public enum Relation: Sendable { case lessOrEqual, equal, greaterOrEqual }
    public let expression: LayoutExpression
    public let relation: Relation
    public let strength: LayoutStrength
    /// A name for diagnostics, made when a diagnostic asks for it (a layout adds hundreds of
    /// constraints and names few).
    public var name: String { makeName() }
    private let makeName: () -> String

    public init(_ expression: LayoutExpression, _ relation: Relation, strength: LayoutStrength = .required,
                name: @autoclosure @escaping () -> String = "") {
        self.expression = expression
        self.relation = relation
        self.strength = strength
        self.makeName = name
    }
    public static func == (l: LayoutConstraintRef, r: LayoutConstraintRef) -> Bool { l === r }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
    public var description: String {
        let op = relation == .equal ? "==" : relation == .lessOrEqual ? "<=" : ">="
        return (name.isEmpty ? "" : "\(name): ") + "\(expression) \(op) 0"
    }
}

/// Why the solver refused a request.
@_spi(Lamina) public enum LayoutSolverError: Error, CustomStringConvertible, Equatable {
    case unsatisfiable(String)
    case duplicate(String)
    case unknown(String)
    case badEditVariable(String)
    case internalError(String)

    public var description: String {
        switch self {
        case .unsatisfiable(let c): "unsatisfiable required constraint: \(c)"
        case .duplicate(let c): "constraint added twice: \(c)"
        case .unknown(let c): "constraint not in the solver: \(c)"
        case .badEditVariable(let v): "bad edit variable: \(v)"
        case .internalError(let s): "solver error: \(s)"
        }
    }
}

/// An incremental Cassowary solver (SPI): a simplex tableau kept in solved form, to which
/// constraints are added and removed one by one, with edit variables whose suggested values
/// are re-solved by the dual simplex method (Badros, Borning and Stuckey's algorithm).
///
/// For speed the tableau is one value (`Tableau`) worked on in place: rows are sparse sorted
/// arrays of (symbol, coefficient) in one contiguous array, found through an array indexed by
/// symbol number, each with a 64-bit filter of the symbols it holds so substitutions skip rows
/// that cannot contain a symbol; rows are combined by merging into reused scratch arrays, so a
/// re-solve after `suggestValue` allocates nothing once the arrays have grown.
@_spi(Lamina) public final class LayoutSolver {
    struct Tag { var marker = 0, other = 0 }

    private var t = Tableau()
    /// The constraints held, each with its tag and its constant now (``setConstant(_:_:)``).
    private var constraints: [ObjectIdentifier: (constraint: LayoutConstraintRef, tag: Tag, constant: Double)] = [:]
    private var variables: [(symbol: Int, variable: LayoutVariable)] = []
    /// Each edit variable's constraint `v = 0`, whose constant a suggested value moves.
    private var edits: [ObjectIdentifier: LayoutConstraintRef] = [:]

    public init() {}

    /// The number of constraints in the solver.
    public var constraintCount: Int { constraints.count }

    public func hasConstraint(_ c: LayoutConstraintRef) -> Bool { constraints[ObjectIdentifier(c)] != nil }

    private func symbol(for v: LayoutVariable) -> Int {
        if v.symbol != 0, v.symbol >> 3 < t.owner.count, t.owner[v.symbol >> 3] == ObjectIdentifier(self).hashValue { return v.symbol }
        let s = t.newSymbol(Tableau.external)
        t.owner[s >> 3] = ObjectIdentifier(self).hashValue
        v.symbol = s
        variables.append((s, v))
        return s
    }

    /// Adds a constraint; throws when it is required and cannot be satisfied (it is not added,
    /// and the solver still holds the others), or already present.
    public func add(_ c: LayoutConstraintRef) throws(LayoutSolverError) {
        guard constraints[ObjectIdentifier(c)] == nil else { throw .duplicate(c.description) }
        let terms = c.expression.terms.filter { abs($0.coefficient) >= Tableau.epsilon }.map { (symbol(for: $0.variable), $0.coefficient) }
        var tag = Tag()
        let ok = try t.addConstraint(terms: terms, constant: c.expression.constant, relation: c.relation,
                                     strength: c.strength, tag: &tag)
        guard ok else { throw .unsatisfiable(c.description) }
        constraints[ObjectIdentifier(c)] = (c, tag, c.expression.constant)
    }

    /// Removes a constraint.
    public func remove(_ c: LayoutConstraintRef) throws(LayoutSolverError) {
        guard let (_, tag, _) = constraints.removeValue(forKey: ObjectIdentifier(c)) else { throw .unknown(c.description) }
        try t.removeConstraint(tag: tag, strength: c.strength)
    }

    /// Gives a constraint the solver holds another constant (its expression's, which the
    /// constraint itself keeps as it was made) and re-solves by the dual simplex method, as a
    /// suggested edit value does: the constant shifts the constraint's marker (its slack, or
    /// its positive error) by the difference, so rows change their constants and nothing is
    /// pivoted until one turns negative. Far cheaper than removing the constraint and adding it
    /// anew. Not for required equalities (their marker is a dummy that cannot move): those
    /// throw `badEditVariable`, as does a constant that is not finite.
    public func setConstant(_ c: LayoutConstraintRef, _ constant: Double) throws(LayoutSolverError) {
        let id = ObjectIdentifier(c)
        guard let entry = constraints[id] else { throw .unknown(c.description) }
        guard constant.isFinite else { throw .badEditVariable("\(c.description): a constant that is not finite") }
        guard !(c.relation == .equal && c.strength.isRequired) else {
            throw .badEditVariable("\(c.description): a required equality keeps its constant")
        }
        let difference = constant - entry.constant
        guard difference != 0 else { return }
        constraints[id]!.constant = constant
        // The marker enters the row with +1 for ≤ and −1 for ≥ and weak equalities.
        try t.suggest(marker: entry.tag.marker, delta: c.relation == .lessOrEqual ? difference : -difference)
    }

    /// Makes `v` an edit variable at `strength` (not required).
    public func addEditVariable(_ v: LayoutVariable, strength: LayoutStrength) throws(LayoutSolverError) {
        guard edits[ObjectIdentifier(v)] == nil else { throw .badEditVariable("\(v) is already an edit variable") }
        guard !strength.isRequired else { throw .badEditVariable("\(v): an edit variable cannot be required") }
        let c = LayoutConstraintRef(LayoutExpression(v), .equal, strength: strength, name: "edit \(v)")
        try add(c)
        edits[ObjectIdentifier(v)] = c
    }

    public func removeEditVariable(_ v: LayoutVariable) throws(LayoutSolverError) {
        guard let e = edits.removeValue(forKey: ObjectIdentifier(v)) else { throw .badEditVariable("\(v) is not an edit variable") }
        try remove(e)
    }

    public func hasEditVariable(_ v: LayoutVariable) -> Bool { edits[ObjectIdentifier(v)] != nil }

    /// Suggests a value for an edit variable and re-solves (dual simplex): the constant of its
    /// constraint `v − value = 0` moves (``setConstant(_:_:)``); a value that is not finite is
    /// refused.
    public func suggestValue(_ v: LayoutVariable, _ value: Double) throws(LayoutSolverError) {
        guard let e = edits[ObjectIdentifier(v)] else { throw .badEditVariable("\(v) is not an edit variable") }
        try setConstant(e, -value)
    }

    /// Copies the solution into the variables' values.
    public func updateVariables() {
        for (s, v) in variables { v.value = t.value(of: s) }
    }
}

/// The simplex tableau of `LayoutSolver`, as one value so its loops run without dynamic
/// exclusivity checks.
struct Tableau {
    static let external = 1, slack = 2, error = 3, dummy = 4
    static let epsilon = 1e-8
    @inline(__always) static func kind(_ s: Int) -> Int { s & 7 }
    @inline(__always) static func bit(_ s: Int) -> UInt64 { 1 << UInt64((s >> 3) & 63) }

    /// A sparse row: constant + Σ coefficient·symbol, symbols sorted, with a filter of them.
    struct Row {
        var constant: Double
        var symbols: [Int] = []
        var coefficients: [Double] = []
        var filter: UInt64 = 0

        init(_ constant: Double) { self.constant = constant }

        @inline(__always) func index(of s: Int) -> (Int, Bool) {
            var lo = 0, hi = symbols.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if symbols[mid] < s { lo = mid + 1 } else { hi = mid }
            }
            return (lo, lo < symbols.count && symbols[lo] == s)
        }

        @inline(__always) func coefficient(_ s: Int) -> Double {
            guard filter & Tableau.bit(s) != 0 else { return 0 }
            let (i, found) = index(of: s)
            return found ? coefficients[i] : 0
        }

        mutating func insert(_ s: Int, _ c: Double) {
            let (i, found) = index(of: s)
            if found {
                let v = coefficients[i] + c
                if abs(v) < Tableau.epsilon { symbols.remove(at: i); coefficients.remove(at: i) } else { coefficients[i] = v }
            } else if abs(c) >= Tableau.epsilon {
                symbols.insert(s, at: i); coefficients.insert(c, at: i)
                filter |= Tableau.bit(s)
            }
        }

        mutating func remove(_ s: Int) {
            let (i, found) = index(of: s)
            if found { symbols.remove(at: i); coefficients.remove(at: i) }
        }

        mutating func reverseSign() {
            constant = -constant
            for k in 0..<coefficients.count { coefficients[k] = -coefficients[k] }
        }

        /// For a row meaning 0 = constant + Σ…, makes it the row of `s` (s = …).
        mutating func solve(for s: Int) {
            let (i, found) = index(of: s)
            guard found else { return }
            let k = -1 / coefficients[i]
            symbols.remove(at: i); coefficients.remove(at: i)
            constant *= k
            for j in 0..<coefficients.count { coefficients[j] *= k }
        }

        mutating func solve(for lhs: Int, _ rhs: Int) {
            insert(lhs, -1)
            solve(for: rhs)
        }
    }

    var rows: [Row] = []
    var basic: [Int] = []
    /// Row index by symbol number, −1 for non-basic symbols.
    var rowIndex: [Int32] = [-1]
    /// The solver that made each external symbol (so a variable moved between solvers gets a
    /// fresh symbol).
    var owner: [Int] = [0]
    var objective = Row(0)
    var artificial: Row?
    var infeasible: [Int] = []
    var nextID = 1
    // Scratch arrays for merging rows.
    var scratchSymbols: [Int] = []
    var scratchCoefficients: [Double] = []

    mutating func newSymbol(_ kind: Int) -> Int {
        let s = nextID << 3 | kind
        nextID += 1
        rowIndex.append(-1)
        owner.append(0)
        return s
    }

    @inline(__always) func row(of s: Int) -> Int {
        let i = s >> 3
        return i < rowIndex.count ? Int(rowIndex[i]) : -1
    }

    func value(of s: Int) -> Double {
        let r = row(of: s)
        return r >= 0 ? rows[r].constant : 0
    }

    mutating func addRow(_ s: Int, _ r: Row) {
        rowIndex[s >> 3] = Int32(rows.count)
        rows.append(r)
        basic.append(s)
    }

    mutating func takeRow(_ s: Int) -> Row? {
        let i = row(of: s)
        guard i >= 0 else { return nil }
        let r = rows[i]
        let last = rows.count - 1
        if i != last {
            rows.swapAt(i, last)
            basic.swapAt(i, last)
            rowIndex[basic[i] >> 3] = Int32(i)
        }
        rows.removeLast()
        basic.removeLast()
        rowIndex[s >> 3] = -1
        return r
    }

    /// `row += c · other`, merging the sorted symbol lists through the scratch arrays.
    mutating func merge(_ row: inout Row, _ other: Row, _ c: Double) {
        Tableau.merge(&row, other, c, &scratchSymbols, &scratchCoefficients)
    }

    static func merge(_ row: inout Row, _ other: Row, _ c: Double, _ ss: inout [Int], _ sc: inout [Double]) {
        row.constant += other.constant * c
        let n = other.symbols.count
        if n == 0 { return }
        if n <= 2 {
            for k in 0..<n { row.insert(other.symbols[k], other.coefficients[k] * c) }
            return
        }
        let capacity = row.symbols.count + n
        if capacity > 64 {
            mergeLong(&row, other, c, &ss, &sc)
            return
        }
        // Short rows: merge into temporary stack buffers, then copy back in place (no
        // per-element uniqueness checks, no allocation once the row's arrays are large enough).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { ts in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: capacity) { tc in
                var count = 0
                var filter: UInt64 = 0
                other.symbols.withUnsafeBufferPointer { b in
                    other.coefficients.withUnsafeBufferPointer { bc in
                        row.symbols.withUnsafeBufferPointer { a in
                            row.coefficients.withUnsafeBufferPointer { ac in
                                var i = 0, j = 0
                                while i < a.count || j < b.count {
                                    let sym: Int, v: Double
                                    if j >= b.count || (i < a.count && a[i] < b[j]) {
                                        sym = a[i]; v = ac[i]; i += 1
                                    } else if i >= a.count || b[j] < a[i] {
                                        sym = b[j]; v = bc[j] * c; j += 1
                                        if abs(v) < Tableau.epsilon { continue }
                                    } else {
                                        sym = a[i]; v = ac[i] + bc[j] * c; i += 1; j += 1
                                        if abs(v) < Tableau.epsilon { continue }
                                    }
                                    ts[count] = sym; tc[count] = v; count += 1
                                    filter |= Tableau.bit(sym)
                                }
                            }
                        }
                    }
                }
                row.symbols.removeAll(keepingCapacity: true)
                row.symbols.append(contentsOf: UnsafeBufferPointer(rebasing: ts[0..<count]))
                row.coefficients.removeAll(keepingCapacity: true)
                row.coefficients.append(contentsOf: UnsafeBufferPointer(rebasing: tc[0..<count]))
                row.filter = filter
            }
        }
    }

    /// Long rows: merge into the scratch arrays and swap them with the row's.
    static func mergeLong(_ row: inout Row, _ other: Row, _ c: Double, _ ss: inout [Int], _ sc: inout [Double]) {
        ss.removeAll(keepingCapacity: true)
        sc.removeAll(keepingCapacity: true)
        var filter: UInt64 = 0
        other.symbols.withUnsafeBufferPointer { b in
            other.coefficients.withUnsafeBufferPointer { bc in
                row.symbols.withUnsafeBufferPointer { a in
                    row.coefficients.withUnsafeBufferPointer { ac in
                        var i = 0, j = 0
                        while i < a.count || j < b.count {
                            if j >= b.count || (i < a.count && a[i] < b[j]) {
                                ss.append(a[i]); sc.append(ac[i]); filter |= Tableau.bit(a[i]); i += 1
                            } else if i >= a.count || b[j] < a[i] {
                                let v = bc[j] * c
                                if abs(v) >= Tableau.epsilon { ss.append(b[j]); sc.append(v); filter |= Tableau.bit(b[j]) }
                                j += 1
                            } else {
                                let v = ac[i] + bc[j] * c
                                if abs(v) >= Tableau.epsilon { ss.append(a[i]); sc.append(v); filter |= Tableau.bit(a[i]) }
                                i += 1; j += 1
                            }
                        }
                    }
                }
            }
        }
        swap(&row.symbols, &ss)
        swap(&row.coefficients, &sc)
        row.filter = filter
    }

    /// Replaces `s` by `row` in `target`.
    @inline(__always)
    static func substitute(_ target: inout Row, _ s: Int, _ row: Row, _ ss: inout [Int], _ sc: inout [Double]) {
        guard target.filter & Tableau.bit(s) != 0 else { return }
        let (i, found) = target.index(of: s)
        guard found else { return }
        let c = target.coefficients[i]
        target.symbols.remove(at: i); target.coefficients.remove(at: i)
        merge(&target, row, c, &ss, &sc)
    }

    /// Replaces `s` by `row` everywhere.
    mutating func substituteEverywhere(_ s: Int, _ row: Row) {
        let bit = Tableau.bit(s)
        var ss: [Int] = [], sc: [Double] = []
        swap(&ss, &scratchSymbols)
        swap(&sc, &scratchCoefficients)
        var newlyInfeasible: [Int] = []
        swap(&newlyInfeasible, &infeasible)      // keeps the array's capacity
        let basicSymbols = basic
        rows.withUnsafeMutableBufferPointer { buf in
            for k in 0..<buf.count where buf[k].filter & bit != 0 {
                Tableau.substitute(&buf[k], s, row, &ss, &sc)
                if Tableau.kind(basicSymbols[k]) != Tableau.external && buf[k].constant < 0 { newlyInfeasible.append(basicSymbols[k]) }
            }
        }
        swap(&newlyInfeasible, &infeasible)
        Tableau.substitute(&objective, s, row, &ss, &sc)
        if artificial != nil { Tableau.substitute(&artificial!, s, row, &ss, &sc) }
        swap(&ss, &scratchSymbols)
        swap(&sc, &scratchCoefficients)
    }

    mutating func addConstraint(terms: [(Int, Double)], constant: Double, relation: LayoutConstraintRef.Relation,
                                strength: LayoutStrength, tag: inout LayoutSolver.Tag) throws(LayoutSolverError) -> Bool {
        var row = Row(constant)
        for (s, c) in terms {
            let r = self.row(of: s)
            if r >= 0 { merge(&row, rows[r], c) } else { row.insert(s, c) }
        }
        let w = strength.weight
        switch relation {
        case .lessOrEqual, .greaterOrEqual:
            let k: Double = relation == .lessOrEqual ? 1 : -1
            let slack = newSymbol(Tableau.slack)
            tag.marker = slack
            row.insert(slack, k)
            if !strength.isRequired {
                let err = newSymbol(Tableau.error)
                tag.other = err
                row.insert(err, -k)
                objective.insert(err, w)
            }
        case .equal:
            if !strength.isRequired {
                let plus = newSymbol(Tableau.error), minus = newSymbol(Tableau.error)
                tag.marker = plus
                tag.other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, w)
                objective.insert(minus, w)
            } else {
                let d = newSymbol(Tableau.dummy)
                tag.marker = d
                row.insert(d, 1)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        var subject = chooseSubject(row, tag)
        if subject == 0 && row.symbols.allSatisfy({ Tableau.kind($0) == Tableau.dummy }) {
            if abs(row.constant) >= Tableau.epsilon {
                undoObjective(tag, w)
                return false
            }
            subject = tag.marker
        }
        if subject == 0 {
            if try !addWithArtificialVariable(row) {
                undoObjective(tag, w)
                return false
            }
        } else {
            row.solve(for: subject)
            substituteEverywhere(subject, row)
            addRow(subject, row)
        }
        try optimize(artificialObjective: false)
        return true
    }

    mutating func undoObjective(_ tag: LayoutSolver.Tag, _ w: Double) {
        if Tableau.kind(tag.marker) == Tableau.error { removeMarkerEffects(tag.marker, w) }
        if Tableau.kind(tag.other) == Tableau.error { removeMarkerEffects(tag.other, w) }
    }

    mutating func removeMarkerEffects(_ marker: Int, _ strength: Double) {
        let r = row(of: marker)
        if r >= 0 {
            var o = objective
            objective = Row(0)
            merge(&o, rows[r], -strength)
            objective = o
        } else {
            objective.insert(marker, -strength)
        }
    }

    mutating func removeConstraint(tag: LayoutSolver.Tag, strength: LayoutStrength) throws(LayoutSolverError) {
        undoObjective(tag, strength.weight)
        if takeRow(tag.marker) == nil {
            guard let leaving = markerLeavingRow(tag.marker) else { throw .internalError("no leaving row for a marker") }
            var row = takeRow(leaving)!
            row.solve(for: leaving, tag.marker)
            substituteEverywhere(tag.marker, row)
        }
        try optimize(artificialObjective: false)
    }

    mutating func suggest(marker: Int, delta: Double) throws(LayoutSolverError) {
        let r = row(of: marker)
        if r >= 0 {
            rows[r].constant -= delta
            if rows[r].constant < 0 { infeasible.append(marker) }
        } else {
            // The marker's old value is the new one plus delta wherever it appears.
            let bit = Tableau.bit(marker)
            for k in 0..<rows.count where rows[k].filter & bit != 0 {
                let c = rows[k].coefficient(marker)
                guard c != 0 else { continue }
                rows[k].constant += delta * c
                if rows[k].constant < 0 && Tableau.kind(basic[k]) != Tableau.external { infeasible.append(basic[k]) }
            }
        }
        try dualOptimize()
    }

    func chooseSubject(_ row: Row, _ tag: LayoutSolver.Tag) -> Int {
        for s in row.symbols where Tableau.kind(s) == Tableau.external { return s }
        for m in [tag.marker, tag.other] {
            let k = Tableau.kind(m)
            if (k == Tableau.slack || k == Tableau.error) && row.coefficient(m) < 0 { return m }
        }
        return 0
    }

    mutating func addWithArtificialVariable(_ row: Row) throws(LayoutSolverError) -> Bool {
        let art = newSymbol(Tableau.slack)
        addRow(art, row)
        artificial = row
        try optimize(artificialObjective: true)
        let success = abs(artificial!.constant) < Tableau.epsilon
        artificial = nil
        if var r = takeRow(art) {
            if r.symbols.isEmpty { return success }
            guard let entering = r.symbols.first(where: { k in
                let kind = Tableau.kind(k)
                return kind == Tableau.slack || kind == Tableau.error
            }) else { return false }
            r.solve(for: art, entering)
            substituteEverywhere(entering, r)
            addRow(entering, r)
        }
        let bit = Tableau.bit(art)
        for k in 0..<rows.count where rows[k].filter & bit != 0 { rows[k].remove(art) }
        objective.remove(art)
        return success
    }

    /// Primal simplex on the objective (or the artificial one).
    mutating func optimize(artificialObjective: Bool) throws(LayoutSolverError) {
        var rounds = 0
        while true {
            rounds += 1
            if rounds > 1_000_000 { throw .internalError("the simplex did not converge") }
            let obj = artificialObjective ? artificial! : objective
            // Entering: the smallest symbol with a negative coefficient (Bland's rule).
            var entering = 0
            for k in 0..<obj.symbols.count where obj.coefficients[k] < 0 && Tableau.kind(obj.symbols[k]) != Tableau.dummy {
                entering = obj.symbols[k]
                break
            }
            if entering == 0 { return }
            var leaving = 0
            var best = Double.infinity
            let bit = Tableau.bit(entering)
            for k in 0..<rows.count where rows[k].filter & bit != 0 && Tableau.kind(basic[k]) != Tableau.external {
                let c = rows[k].coefficient(entering)
                if c < 0 {
                    let ratio = -rows[k].constant / c
                    if ratio < best || (ratio == best && basic[k] < leaving) { best = ratio; leaving = basic[k] }
                }
            }
            guard leaving != 0 else { throw .internalError("the objective is unbounded") }
            var row = takeRow(leaving)!
            row.solve(for: leaving, entering)
            substituteEverywhere(entering, row)
            addRow(entering, row)
        }
    }

    /// Dual simplex: restores rows made negative by edits.
    mutating func dualOptimize() throws(LayoutSolverError) {
        while let leaving = infeasible.popLast() {
            let r = row(of: leaving)
            guard r >= 0, rows[r].constant < 0 else { continue }
            var entering = 0
            var best = Double.infinity
            let rr = rows[r]
            for k in 0..<rr.symbols.count {
                let s = rr.symbols[k], c = rr.coefficients[k]
                if c > 0 && Tableau.kind(s) != Tableau.dummy {
                    let ratio = objective.coefficient(s) / c
                    if ratio < best { best = ratio; entering = s }
                }
            }
            guard entering != 0 else { throw .internalError("dual simplex found no entering symbol") }
            var row = takeRow(leaving)!
            row.solve(for: leaving, entering)
            substituteEverywhere(entering, row)
            addRow(entering, row)
        }
    }

    func markerLeavingRow(_ marker: Int) -> Int? {
        var r1 = Double.infinity, r2 = Double.infinity
        var first = 0, second = 0, third = 0
        let bit = Tableau.bit(marker)
        for k in 0..<rows.count where rows[k].filter & bit != 0 {
            let c = rows[k].coefficient(marker)
            if c == 0 { continue }
            let s = basic[k]
            if Tableau.kind(s) == Tableau.external {
                third = s
            } else if c < 0 {
                let ratio = -rows[k].constant / c
                if ratio < r1 { r1 = ratio; first = s }
            } else {
                let ratio = rows[k].constant / c
                if ratio < r2 { r2 = ratio; second = s }
            }
        }
        if first != 0 { return first }
        if second != 0 { return second }
        return third != 0 ? third : nil
    }
}
