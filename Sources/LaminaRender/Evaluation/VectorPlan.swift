import Foundation

/// The renderer's direct route for the most common animations: a number, point, size,
/// rectangle or colour of a layer, with fixed ends (basic or spring) or numeric keyframes, not
/// additive, cumulative or through a value function. The value is computed as a vector of
/// components, with the same arithmetic as the general route, and stored straight into its
/// column: no intermediate values, no allocation.
package struct VectorPlan: @unchecked Sendable {
    package enum Column: Sendable {
        case bounds, position, zPosition, anchorPoint, anchorPointZ, opacity, cornerRadius, borderWidth
        case shadowOpacity, shadowOffset, shadowRadius, contentsRect, contentsCenter, contentsScale
        case backgroundColor, borderColor, shadowColor
    }
    let column: Column
    /// Fixed ends: the value is `a + d × progress`.
    let fixedA: SIMD4<Double>, fixedD: SIMD4<Double>
    let hasFixedEnds: Bool
    let spring: SpringSolver?
    /// Held by the animation's body, which the render tree keeps alongside (no reference
    /// counting while frames are evaluated). [An `unowned(unsafe)` optional here made
    /// `Optional<VectorPlan>` read as nil when it was nil: Swift 6.3 reuses its zero pattern.]
    let keyframeRef: Unmanaged<KeyframeCurve>?
    let usesTimingFunction: Bool
    let keyPathHash: UInt64
    let isContent: Bool

    /// A plan standing for none (see ``AnimationStep/hasPlan``).
    static let placeholder = VectorPlan()
    private init() {
        column = .opacity; fixedA = .zero; fixedD = .zero; hasFixedEnds = false; spring = nil; keyframeRef = nil
        usesTimingFunction = false; keyPathHash = 0; isContent = false
    }

    /// The plan for an animation of `target`, or nil when it needs the general route.
    init?(target: AnimationTargetInfo, fixed: PropertyAnimationBody.FixedEnds?, spring: SpringSolver?, keyframe: KeyframeCurve?,
          usesTimingFunction: Bool, additive: Bool, cumulative: Bool, valueFunction: ValueFunction?, rotation: AnimationTargetInfo?) {
        guard let r = target.render, r.component == .whole, !additive, !cumulative, valueFunction == nil, rotation == nil,
              fixed != nil || (keyframe?.vectors != nil && keyframe?.mode != .cubic) else { return nil }
        let column: Column
        switch r.property {
        case .bounds: column = .bounds
        case .position: column = .position
        case .zPosition: column = .zPosition
        case .anchorPoint: column = .anchorPoint
        case .anchorPointZ: column = .anchorPointZ
        case .opacity: column = .opacity
        case .cornerRadius: column = .cornerRadius
        case .borderWidth: column = .borderWidth
        case .shadowOpacity: column = .shadowOpacity
        case .shadowOffset: column = .shadowOffset
        case .shadowRadius: column = .shadowRadius
        case .contentsRect: column = .contentsRect
        case .contentsCenter: column = .contentsCenter
        case .contentsScale: column = .contentsScale
        case .backgroundColor: column = .backgroundColor
        case .borderColor: column = .borderColor
        case .shadowColor: column = .shadowColor
        default: return nil
        }
        self.column = column
        fixedA = fixed?.a ?? .zero
        fixedD = fixed?.d ?? .zero
        hasFixedEnds = fixed != nil
        self.spring = spring
        keyframeRef = fixed == nil ? keyframe.map { Unmanaged.passUnretained($0) } : nil
        self.usesTimingFunction = usesTimingFunction
        keyPathHash = target.keyPathHash
        isContent = target.isContent || target.redraws
    }

    /// Evaluates the animation at `local` and stores the value in node `i`'s column.
    @inline(__always)
    func apply(local: TimingModel.Local, timing: TimingModel, timingFunction: TimingCurve?, columns c: inout NodeColumns, _ i: Int,
               digest: inout EvaluationDigest, springs: inout SpringMemo, table: KeyframeTableRef? = nil) {
        let d = timing.duration
        var f = d > 0 ? local.time / d : 1
        if usesTimingFunction, let tf = timingFunction { f = tf.evaluate(f) }
        let v: SIMD4<Double>
        if hasFixedEnds {
            v = fixedA + fixedD * (spring.map { springs.progress($0, local.time) } ?? f)
        } else if let table {
            v = KeyframeTable.vector(at: f, times: table.times, vectors: table.vectors, count: table.count,
                                     discrete: table.discrete) + SIMD4<Double>.zero * 0
        } else if let k = keyframeRef?._withUnsafeGuaranteedRef({ $0.vector(at: f) }) {
            v = k + SIMD4<Double>.zero * 0
        } else {
            return
        }
        @inline(__always) func finite(_ n: Int) -> Bool {
            n == 1 ? v[0].isFinite : v[0].isFinite && v[1].isFinite
        }
        @inline(__always) func colour() -> RGBA? {
            func c(_ x: Double) -> CGFloat { CGFloat(max(0, min(1, x))) }
            return RGBA(r: c(v[0]), g: c(v[1]), b: c(v[2]), a: c(v[3]))
        }
        switch column {
        case .bounds:
            let r = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
            guard r.isFinite else { return }
            c.bounds[i] = r
        case .position: guard finite(2) else { return }; c.position[i] = CGPoint(x: v[0], y: v[1])
        case .zPosition: guard finite(1) else { return }; c.zPosition[i] = CGFloat(v[0])
        case .anchorPoint: guard finite(2) else { return }; c.anchorPoint[i] = CGPoint(x: v[0], y: v[1])
        case .anchorPointZ: guard finite(1) else { return }; c.anchorPointZ[i] = CGFloat(v[0])
        case .opacity: guard finite(1), Float(v[0]).isFinite else { return }; c.opacity[i] = Float(v[0])
        case .cornerRadius: guard finite(1) else { return }; c.cornerRadius[i] = CGFloat(v[0])
        case .borderWidth: guard finite(1) else { return }; c.borderWidth[i] = CGFloat(v[0])
        case .shadowOpacity: guard finite(1), Float(v[0]).isFinite else { return }; c.shadowOpacity[i] = Float(v[0])
        case .shadowOffset: guard finite(2) else { return }; c.shadowOffset[i] = CGSize(width: v[0], height: v[1])
        case .shadowRadius: guard finite(1) else { return }; c.shadowRadius[i] = CGFloat(v[0])
        case .contentsRect:
            let r = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
            guard r.isFinite else { return }
            c.contentsRect[i] = r
        case .contentsCenter:
            let r = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
            guard r.isFinite else { return }
            c.contentsCenter[i] = r
        case .contentsScale: guard finite(1) else { return }; c.contentsScale[i] = CGFloat(v[0])
        case .backgroundColor: c.backgroundColor[i] = colour()
        case .borderColor: c.borderColor[i] = colour()
        case .shadowColor: c.shadowColor[i] = colour()
        }
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        h = (h ^ v[0].bitPattern) &* 0x100_0000_01B3 &+ 0x9E37_79B9
        h = (h ^ v[1].bitPattern) &* 0x100_0000_01B3 &+ 0x9E37_79B9
        h = (h ^ v[2].bitPattern) &* 0x100_0000_01B3 &+ 0x9E37_79B9
        h = (h ^ v[3].bitPattern) &* 0x100_0000_01B3 &+ 0x9E37_79B9
        let fp = h &+ keyPathHash
        digest.fingerprint = (digest.fingerprint &* 31) ^ fp
        if isContent { digest.contentFingerprint = (digest.contentFingerprint &* 31) ^ fp }
    }
}

/// Remembers the last few spring positions computed in a frame: layers often share a spring and
/// a local time (staggered lists repeat the same few), and the closed form costs an exponential,
/// a sine and a cosine. The same bits come back as computing them again would give.
package struct SpringMemo {
    private var keys = [SIMD4<UInt64>](repeating: SIMD4(repeating: UInt64.max), count: 64)
    private var values = [Double](repeating: 0, count: 64)

    package init() {}

    @inline(__always)
    package mutating func progress(_ s: SpringSolver, _ t: Double) -> Double {
        let key = SIMD4(s.omega0.bitPattern, s.zeta.bitPattern, s.v0.bitPattern, t.bitPattern)
        let h = Int(truncatingIfNeeded: ((key[0] &* 31 &+ key[1] &* 17 &+ key[2] &* 13 &+ key[3]) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if keys[h] == key { return values[h] }
        let v = s.progress(t)
        keys[h] = key
        values[h] = v
        return v
    }
}

/// Where a step's keyframe table is in the render tree's pools, while a frame is evaluated.
struct KeyframeTableRef {
    let times: UnsafePointer<Double>
    let vectors: UnsafePointer<SIMD4<Double>>
    let count: Int
    let discrete: Bool
}
