import Foundation

/// A keyframe animation compiled: its keyframes (values, or segments of a path), when each is
/// reached, per-segment timing functions and the calculation mode (spec §6).
package final class KeyframeCurve: @unchecked Sendable {
    package enum Mode: Sendable { case linear, discrete, cubic }
    /// A piece of a path between two keyframes.
    package enum Segment: Sendable {
        case line(CGPoint, CGPoint)
        case quad(CGPoint, CGPoint, CGPoint)
        case cubic(CGPoint, CGPoint, CGPoint, CGPoint)
        /// A move-to: the position jumps (no time of its own is spent moving).
        case jump(CGPoint)

        package func point(_ s: Double) -> CGPoint {
            let t = CGFloat(s), u = 1 - t
            switch self {
            case let .line(a, b): return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            case let .quad(a, c, b):
                return CGPoint(x: u * u * a.x + 2 * u * t * c.x + t * t * b.x, y: u * u * a.y + 2 * u * t * c.y + t * t * b.y)
            case let .cubic(a, c1, c2, b):
                let x = u * u * u * a.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * b.x
                let y = u * u * u * a.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * b.y
                return CGPoint(x: x, y: y)
            case .jump(let p): return p
            }
        }

        /// The direction of motion at `s`.
        func tangent(_ s: Double) -> CGVector {
            let t = CGFloat(s), u = 1 - t
            switch self {
            case let .line(a, b): return CGVector(dx: b.x - a.x, dy: b.y - a.y)
            case let .quad(a, c, b):
                return CGVector(dx: 2 * u * (c.x - a.x) + 2 * t * (b.x - c.x), dy: 2 * u * (c.y - a.y) + 2 * t * (b.y - c.y))
            case let .cubic(a, c1, c2, b):
                let dx = 3 * u * u * (c1.x - a.x) + 6 * u * t * (c2.x - c1.x) + 3 * t * t * (b.x - c2.x)
                let dy = 3 * u * u * (c1.y - a.y) + 6 * u * t * (c2.y - c1.y) + 3 * t * t * (b.y - c2.y)
                if dx == 0 && dy == 0 { return CGVector(dx: b.x - a.x, dy: b.y - a.y) }
                return CGVector(dx: dx, dy: dy)
            case .jump: return CGVector(dx: 0, dy: 0)
            }
        }

        /// Approximate length (32 chords).
        var length: Double {
            if case .jump = self { return 0 }
            var total = 0.0
            var last = point(0)
            for i in 1...32 {
                let p = point(Double(i) / 32)
                total += Double(hypot(p.x - last.x, p.y - last.y))
                last = p
            }
            return total
        }

        /// The parameter at which a fraction `f` of the length is reached (paced motion).
        func parameter(atLengthFraction f: Double) -> Double {
            guard case .line = self else {
                let n = 64
                var lengths = [0.0]
                var last = point(0)
                for i in 1...n {
                    let p = point(Double(i) / Double(n))
                    lengths.append(lengths[i - 1] + Double(hypot(p.x - last.x, p.y - last.y)))
                    last = p
                }
                let target = f * lengths[n]
                guard lengths[n] > 0 else { return f }
                var i = 1
                while i < n && lengths[i] < target { i += 1 }
                let span = lengths[i] - lengths[i - 1]
                return (Double(i - 1) + (span > 0 ? (target - lengths[i - 1]) / span : 0)) / Double(n)
            }
            return f
        }
    }

    package let values: [AnimatedValue]
    package let segments: [Segment]?
    package let keyTimes: [Double]
    package let timingFunctions: [TimingCurve?]
    package let mode: Mode
    package let isPaced: Bool
    /// Kochanek–Bartels tangents (outgoing, incoming) per keyframe, as component vectors.
    let tangents: [(out: [Double], inc: [Double])]
    /// Numeric keyframes as vectors (numbers, points, sizes, rects, colours), interpolated
    /// without copying values.
    let vectors: [SIMD4<Double>]?
    let vectorKind: AnimatedKind
    /// When the layer turns with the path (`rotationMode`): whether it faces backwards.
    package let rotationReverse: Bool?
    /// Key times outside 0…1 or going back, kept as given (linear keyframes): a moment takes the
    /// first segment whose times span it, as Apple's frames show.
    let rawTimes: Bool
    /// A path drives a size-valued target (`transform.translation`): its points are given as
    /// sizes (Apple animates `transform.translation` along a path as it does `position`).
    let pathGivesSizes: Bool

    /// Compiles a keyframe animation for a target of `kind`; nil (with a diagnostic) when it
    /// cannot be animated.
    package init?(_ a: KeyframeSpec, kind: AnimatedKind) {
        guard let p = Parts(a, kind: kind) else { return nil }
        values = p.values; segments = p.segments; keyTimes = p.keyTimes; timingFunctions = p.timingFunctions
        mode = p.mode; isPaced = p.isPaced; tangents = p.tangents; vectors = p.vectors; vectorKind = p.vectorKind
        rotationReverse = p.rotationReverse
        rawTimes = p.rawTimes
        pathGivesSizes = p.segments != nil && kind == .size
    }

    /// The curve's parts as the compilation works them out (the curve itself is immutable, so
    /// reading it while frames are evaluated needs no run-time exclusivity checks).
    private struct Parts {
        var values: [AnimatedValue]
        var segments: [Segment]?
        var keyTimes: [Double]
        var timingFunctions: [TimingCurve?]
        var mode: Mode
        var isPaced: Bool
        /// Kochanek–Bartels tangents (outgoing, incoming) per keyframe, as component vectors.
        var tangents: [(out: [Double], inc: [Double])] = []
        /// Numeric keyframes as vectors (numbers, points, sizes, rects, colours), interpolated
        /// without copying values.
        var vectors: [SIMD4<Double>]?
        var vectorKind: AnimatedKind = .number
        /// When the layer turns with the path (`rotationMode`): whether it faces backwards.
        var rotationReverse: Bool?
        var rawTimes = false

        /// Compiles a keyframe animation for a target of `kind`; nil (with a diagnostic) when it
        /// cannot be animated.
        init?(_ a: KeyframeSpec, kind: AnimatedKind) {
            let name = a.name
            isPaced = a.calculation == .paced || a.calculation == .cubicPaced
            switch a.calculation {
            case .discrete: mode = .discrete
            case .cubic, .cubicPaced: mode = .cubic
            case .linear, .paced: mode = .linear
            case .unknown(let other):
                LaminaDiagnostics.report("\(name): unknown calculationMode \(other); linear used")
                mode = .linear
            }
            if let path = a.path {
                guard kind == .point || kind == .size else {
                    LaminaDiagnostics.report("\(name): a path animates points (or a translation) only; this key path is neither")
                    return nil
                }
                var segs: [Segment] = []
                var current = CGPoint.zero, start = CGPoint.zero
                var first: CGPoint?
                for e in path.elements {
                    switch e {
                    case .move(let p):
                        if first == nil { first = p } else { segs.append(.jump(p)) }
                        current = p; start = p
                    case .line(let p): segs.append(.line(current, p)); current = p
                    case let .quad(c, p): segs.append(.quad(current, c, p)); current = p
                    case let .cubic(c1, c2, p): segs.append(.cubic(current, c1, c2, p)); current = p
                    case .close:
                        if current != start { segs.append(.line(current, start)) }
                        current = start
                    }
                    if first == nil { first = current }
                }
                // Jumps take no time: fold each into the following segment's start.
                segs = segs.filter { if case .jump = $0 { return false }; return true }
                guard !segs.isEmpty else {
                    LaminaDiagnostics.report("\(name): the path has no segments; not animated")
                    return nil
                }
                segments = segs
                values = [.point(segs[0].point(0))] + segs.map { .point($0.point(1)) }
                if let r = a.rotation { rotationReverse = r == .autoReverse }
                if mode == .cubic { mode = .linear }   // the path's own curves are followed
                if mode == .discrete {
                    // Hold keyframes: the vertices in turn, no motion along the segments.
                    segments = nil
                    if kind == .size {
                        values = values.map { v in
                            guard case .point(let p) = v else { return v }
                            return .size(CGSize(width: p.x, height: p.y))
                        }
                    }
                }
            } else {
                guard let vs = a.values, !vs.isEmpty else {
                    LaminaDiagnostics.report("\(name): no values and no path; not animated")
                    return nil
                }
                values = vs
                segments = nil
                if a.rotation != nil {
                    LaminaDiagnostics.report("\(name): rotationMode needs a path; ignored")
                }
            }
            // Key times: Apple's rules by calculation mode (see `KeyframeCurve` below).
            let discrete = mode == .discrete
            if discrete && values.count == 1 && a.path == nil {
                // A single held value has no effect: Apple shows the model value (seen in
                // animation engines' groups recorded on iOS).
                LaminaDiagnostics.report("\(name): a discrete keyframe animation of one value has no effect, as on Apple's")
                return nil
            }
            var times: [Double]?
            /// Held segments added in front (key times not starting at 0) and at the end (key
            /// times ending before 1), to shift the per-segment timing functions.
            var lead = 0, trail = 0
            /// Keyframes (and so segments) the key times pair with.
            var given = values.count
            if isPaced {
                // Key times, `timingFunctions` and the animation's `timingFunction` are ignored;
                // times are made for constant speed (by arc length along a path).
                let lengths = segments.map { $0.map(\.length) }
                    ?? zip(values, values.dropFirst()).map { AnimatedValue.distance($0, $1) }
                let total = lengths.reduce(0, +)
                if total > 0 {
                    var acc = 0.0
                    var t = [0.0]
                    for l in lengths { acc += l; t.append(acc / total) }
                    t[t.count - 1] = 1
                    times = t
                }
            } else if let raw = a.keyTimes, mode == .linear, a.path == nil, raw.count == values.count, raw.count > 1,
                      raw.allSatisfy(\.isFinite),
                      raw.contains(where: { $0 < 0 || $0 > 1 }) || zip(raw, raw.dropFirst()).contains(where: { $0 > $1 }) {
                // Linear keyframes with key times outside 0…1 or going back (exporters write
                // arrays such as [0, −0.0395, 0.0588, …, 1.147, 1]): Apple interpolates on the
                // times as given, in the first segment that spans the moment. The spec calls such
                // arrays invalid and ignored; iOS's recorded frames of animation engines show this
                // reading instead (at t = 0 the first value, not evenly spaced keyframes).
                times = raw
                rawTimes = true
            } else if let raw = a.keyTimes, !raw.isEmpty, let kt = KeyframeCurve.orderedKeyTimes(raw, name: name) {
                let n = values.count, m = kt.count
                // Each keyframe takes the key time of its index. Linear and cubic want one per
                // keyframe, discrete one more (the end of the last value); a path may run on past
                // its last key time (a closing segment is common), and those keyframes are never
                // reached.
                let fits = discrete ? (m == n || m == n + 1) : m == n
                if !fits && !(a.path != nil && m < n) {
                    LaminaDiagnostics.report("\(name): \(m) keyTimes for \(n) keyframes in \(a.calculation.name) mode; "
                        + "keyframes pair with key times by index (keyframes past the last key time are not reached)")
                }
                given = min(n, m)
                if given < n {
                    values.removeLast(n - given)
                    if segments != nil { segments!.removeLast(n - given) }
                }
                if discrete {
                    // Value k shows from its key time until the next one; the first from the
                    // start, the last until the end.
                    var b = Array(kt.prefix(given + 1))
                    if b.count == given { b.append(1) }
                    b[0] = 0
                    times = b
                } else if given == 1 {
                    // One keyframe: its value throughout.
                    values.append(values[0])
                    if segments != nil, case .point(let p)? = values.first { segments = [.line(p, p)] }
                    times = [0, 1]
                } else {
                    // Apple shows each value at its key time and holds the first before the first
                    // key time and the last after the last one.
                    var t = Array(kt.prefix(given))
                    if t[0] > 0 {
                        t.insert(0, at: 0); values.insert(values[0], at: 0); lead = 1
                        if let s = segments?.first { let p = s.point(0); segments!.insert(.line(p, p), at: 0) }
                    }
                    if t[t.count - 1] < 1 {
                        t.append(1); values.append(values[values.count - 1]); trail = 1
                        if let s = segments?.last { let p = s.point(1); segments!.append(.line(p, p)) }
                    }
                    times = t
                }
            }
            let n = values.count
            let intervals = discrete ? n : max(1, n - 1)
            keyTimes = times ?? (0...intervals).map { Double($0) / Double(intervals) }
            if segments == nil, [.number, .point, .size, .rect, .color].contains(kind) {
                let vs = values.compactMap { v -> SIMD4<Double>? in
                    guard let c = v.components, c.count <= 4 else { return nil }
                    var s = SIMD4<Double>(repeating: 0)
                    for (i, x) in c.enumerated() { s[i] = x }
                    return s
                }
                if vs.count == values.count { vectors = vs; vectorKind = kind }
            }
            // One timing function per segment between the given keyframes (n − 1); missing ones
            // are linear, extra ones unused; none for the held segments added around them.
            let fns = a.timingFunctions
            timingFunctions = isPaced || discrete ? [] : (0..<intervals).map { j in
                let k = j - lead
                return k >= 0 && k < fns.count && k < given - 1 ? fns[k] : nil
            }
            if mode == .cubic {
                guard values.allSatisfy({ $0.components != nil }) else {
                    LaminaDiagnostics.report("\(name): cubic interpolation of these values is not supported; linear used")
                    mode = .linear
                    return
                }
                // The curve runs through the given keys (tension, continuity and bias index
                // them); the held segments added before and after are flat.
                let given = lead..<(values.count - trail)
                var t = KeyframeCurve.kochanekBartels(values[given].map { $0.components! }, times: Array(keyTimes[given]),
                                                      tension: a.tension, continuity: a.continuity, bias: a.bias)
                let zero = [Double](repeating: 0, count: values[0].components!.count)
                if lead > 0 {
                    t[0].inc = zero
                    t.insert((zero, zero), at: 0)
                }
                if trail > 0 {
                    t[t.count - 1].out = zero
                    t.append((zero, zero))
                }
                tangents = t
            }
        }
    }

    /// Key times as the curve uses them: times outside 0…1 are clamped and a time earlier than
    /// the one before it is taken as that one (Apple asks for non-decreasing times in 0…1 and
    /// leaves others undefined; exporters write arrays such as [0, −0.0167, 0.089, 1]), with a
    /// diagnostic. Nil (with a diagnostic: uniform times are used) when one is not finite.
    static func orderedKeyTimes(_ raw: [Double], name: String) -> [Double]? {
        guard raw.allSatisfy(\.isFinite) else {
            LaminaDiagnostics.report("\(name): keyTimes \(raw) are not all finite; ignored (keyframes evenly spaced)")
            return nil
        }
        var t = raw.map { min(1, max(0, $0)) }
        var wentBack = false
        for i in t.indices.dropFirst() where t[i] < t[i - 1] { t[i] = t[i - 1]; wentBack = true }
        if wentBack || raw.contains(where: { $0 < 0 || $0 > 1 }) {
            LaminaDiagnostics.report("\(name): keyTimes \(raw) are not increasing within 0…1; taken as \(t)")
        }
        return t
    }

    /// Tangents with Kochanek–Bartels parameters (0 each gives Catmull-Rom), scaled for uneven
    /// key times. [U] The ends reflect their neighbour (P₋₁ = P₀, Pₙ = Pₙ₋₁).
    static func kochanekBartels(_ p: [[Double]], times: [Double], tension: [Double]?, continuity: [Double]?,
                                bias: [Double]?) -> [(out: [Double], inc: [Double])] {
        let n = p.count
        func param(_ a: [Double]?, _ i: Int) -> Double {
            guard let a, i < a.count else { return 0 }
            return max(-1, min(1, a[i]))
        }
        var out: [(out: [Double], inc: [Double])] = []
        for i in 0..<n {
            let prev = p[max(0, i - 1)], cur = p[i], next = p[min(n - 1, i + 1)]
            let T = param(tension, i), C = param(continuity, i), B = param(bias, i)
            let dIn = zip(cur, prev).map { $0 - $1 }, dOut = zip(next, cur).map { $0 - $1 }
            let a1 = (1 - T) * (1 + C) * (1 + B) / 2, b1 = (1 - T) * (1 - C) * (1 - B) / 2   // outgoing
            let a2 = (1 - T) * (1 - C) * (1 + B) / 2, b2 = (1 - T) * (1 + C) * (1 - B) / 2   // incoming
            var o = zip(dIn, dOut).map { a1 * $0 + b1 * $1 }
            var c = zip(dIn, dOut).map { a2 * $0 + b2 * $1 }
            // Uneven key times: scale so the speed matches on both sides.
            if i > 0 && i < n - 1 {
                let before = times[i] - times[i - 1], after = times[i + 1] - times[i]
                if before + after > 0 {
                    let ko = 2 * after / (before + after), kc = 2 * before / (before + after)
                    o = o.map { $0 * ko }; c = c.map { $0 * kc }
                }
            }
            out.append((o, c))
        }
        return out
    }

    /// The keyframe segment containing progress `f`, and the fraction through it after the
    /// segment's timing function.
    @inline(__always)
    private func segment(at f: Double) -> (i: Int, s: Double) {
        keyTimes.withUnsafeBufferPointer { times in
            let last = times.count - 1
            if rawTimes { return rawSegment(at: f, times) }
            // The segment containing f.
            var i = 0
            if f >= times[last] {
                i = max(0, last - 1)
            } else {
                while i < last - 1 && f >= times[i + 1] { i += 1 }
            }
            let span = times[i + 1] - times[i]
            var s = span > 0 ? (f - times[i]) / span : (f >= times[i + 1] ? 1 : 0)
            s = max(0, min(1, s))
            if i < timingFunctions.count, let tf = timingFunctions[i] { s = tf.evaluate(s) }
            return (i, s)
        }
    }

    /// The segment for key times as given: the first whose two times span `f`; before them all
    /// the first value, after them all the last.
    private func rawSegment(at f: Double, _ times: UnsafeBufferPointer<Double>) -> (i: Int, s: Double) {
        let last = times.count - 1
        var found = -1
        for k in 0..<last where min(times[k], times[k + 1]) <= f && f <= max(times[k], times[k + 1]) {
            found = k
            break
        }
        var i = found, s = 0.0
        if found < 0 {
            let lo = times.min() ?? 0
            if f <= lo { i = 0; s = 0 } else { i = last - 1; s = 1 }
        } else {
            let span = times[i + 1] - times[i]
            s = span != 0 ? max(0, min(1, (f - times[i]) / span)) : 0
        }
        if i < timingFunctions.count, let tf = timingFunctions[i] { s = tf.evaluate(s) }
        return (i, s)
    }

    /// For keyframes of numbers or geometry (not along a path, not cubic): the value at progress
    /// `f` as a vector of components; nil for other keyframes.
    @inline(__always)
    package func vector(at f: Double) -> SIMD4<Double>? {
        guard let vectors, mode != .cubic else { return nil }
        if !rawTimes && timingFunctions.allSatisfy({ $0 == nil }) {
            return keyTimes.withUnsafeBufferPointer { times in
                vectors.withUnsafeBufferPointer { v in
                    KeyframeTable.vector(at: f, times: times.baseAddress!, vectors: v.baseAddress!, count: v.count,
                                         discrete: mode == .discrete)
                }
            }
        }
        let (i, s) = segment(at: f)
        return vectors.withUnsafeBufferPointer { v in
            if mode == .discrete {
                return keyTimes.withUnsafeBufferPointer { times in
                    var k = 0
                    while k < v.count - 1 && f >= times[k + 1] { k += 1 }
                    return v[k]
                }
            }
            let a = v[i], b = v[min(i + 1, v.count - 1)]
            return a + (b - a) * s
        }
    }

    /// Whether the keyframes fit a ``KeyframeTable`` (numeric, linear or discrete, without
    /// per-segment timing functions).
    var isTabulable: Bool {
        vectors != nil && mode != .cubic && !rawTimes && timingFunctions.allSatisfy { $0 == nil }
    }

    /// The value at progress `f` ∈ [0, 1], and the path's tangent angle when rotating.
    package func value(at f: Double) -> (AnimatedValue, angle: Double?) {
        if let c = vector(at: f) {
            return (PropertyAnimationBody.FixedEnds(kind: vectorKind, a: c, d: .zero).value(0), nil)
        }
        let times = keyTimes
        let (i, s) = segment(at: f)
        if let segs = segments {
            let seg = segs[min(i, segs.count - 1)]
            let param = isPaced ? seg.parameter(atLengthFraction: s) : s
            let point = seg.point(param)
            var angle: Double?
            if let reverse = rotationReverse {
                let d = seg.tangent(param)
                angle = Double(atan2(d.dy, d.dx)) + (reverse ? Double.pi : 0)
            }
            return (pathGivesSizes ? .size(CGSize(width: point.x, height: point.y)) : .point(point), angle)
        }
        switch mode {
        case .discrete:
            // Value k holds from its key time until the next; the last holds to the end.
            var k = 0
            while k < values.count - 1 && f >= times[k + 1] { k += 1 }
            return (values[k], nil)
        case .linear:
            return (AnimatedValue.lerp(values[i], values[min(i + 1, values.count - 1)], s), nil)
        case .cubic:
            let j = min(i + 1, values.count - 1)
            guard let p0 = values[i].components, let p1 = values[j].components else { return (values[i], nil) }
            let m0 = tangents[i].out, m1 = tangents[j].inc
            let s2 = s * s, s3 = s2 * s
            let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
            let c = (0..<p0.count).map { h00 * p0[$0] + h10 * m0[$0] + h01 * p1[$0] + h11 * m1[$0] }
            return (values[i].withComponents(c), nil)
        }
    }
}

/// A keyframe animation's parameters as plain values (QuartzCore reads them from a
/// `CAKeyframeAnimation` and converts its `values` to the target's kind).
package struct KeyframeSpec {
    package enum Calculation: Equatable, Sendable {
        case linear, discrete, paced, cubic, cubicPaced, unknown(String)
        package var name: String {
            switch self {
            case .linear: "linear"
            case .discrete: "discrete"
            case .paced: "paced"
            case .cubic: "cubic"
            case .cubicPaced: "cubicPaced"
            case .unknown(let s): s
            }
        }
    }
    package enum Rotation: Sendable { case auto, autoReverse }
    /// How diagnostics name the animation.
    package var name: String
    package var calculation: Calculation
    package var path: CGPath?
    package var values: [AnimatedValue]?
    package var rotation: Rotation?
    package var keyTimes: [Double]?
    package var timingFunctions: [TimingCurve?]
    package var tension: [Double]?
    package var continuity: [Double]?
    package var bias: [Double]?

    package init(name: String, calculation: Calculation, path: CGPath?, values: [AnimatedValue]?, rotation: Rotation?,
                 keyTimes: [Double]?, timingFunctions: [TimingCurve?], tension: [Double]?, continuity: [Double]?,
                 bias: [Double]?) {
        self.name = name; self.calculation = calculation; self.path = path; self.values = values
        self.rotation = rotation; self.keyTimes = keyTimes; self.timingFunctions = timingFunctions
        self.tension = tension; self.continuity = continuity; self.bias = bias
    }
}

/// Numeric keyframes as a table: key times, then the keyframes as vectors of components, in
/// contiguous memory (the render tree keeps every node's tables in one pool, in the order
/// frames walk them). The lookup is the one ``KeyframeCurve/vector(at:)`` uses, so both give
/// the same bits.
package enum KeyframeTable {
    /// The value at progress `f` of `count` keyframes (`count + 1` key times for discrete
    /// keyframes, `count` otherwise; linear: `max(1, count − 1)` intervals).
    @inline(__always)
    package static func vector(at f: Double, times: UnsafePointer<Double>, vectors v: UnsafePointer<SIMD4<Double>>, count: Int,
                               discrete: Bool) -> SIMD4<Double> {
        let last = discrete ? count : max(1, count - 1)
        // The segment containing f.
        var i = 0
        if f >= times[last] {
            i = max(0, last - 1)
        } else {
            while i < last - 1 && f >= times[i + 1] { i += 1 }
        }
        if discrete {
            var k = 0
            while k < count - 1 && f >= times[k + 1] { k += 1 }
            return v[k]
        }
        let span = times[i + 1] - times[i]
        var s = span > 0 ? (f - times[i]) / span : (f >= times[i + 1] ? 1 : 0)
        s = max(0, min(1, s))
        let a = v[i], b = v[min(i + 1, count - 1)]
        return a + (b - a) * s
    }
}
