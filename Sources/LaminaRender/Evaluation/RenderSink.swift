import Foundation

/// Writes animated values into a frame's columns. Values are converted as a layer's property
/// store converts them (non-finite numbers and geometry are refused, colours clamped to
/// [0, 1]), so a frame shows exactly what a presentation copy would.
struct RenderSink: AnimationSink {
    let tree: RenderTree
    let values: UnsafeMutablePointer<NodeColumns>
    var slot = 0
    var animationID: UInt64 = 0
    var transitions: [FrameTransition] = []

    init(tree: RenderTree, values: UnsafeMutablePointer<NodeColumns>) {
        self.tree = tree
        self.values = values
    }

    func current(_ target: AnimationTargetInfo) -> AnimatedValue? {
        guard let r = target.render, let whole = RenderSink.read(values.pointee, slot, r.property) else { return nil }
        return r.component.read(whole)
    }

    func model(_ target: AnimationTargetInfo) -> AnimatedValue? {
        guard let r = target.render, let whole = RenderSink.read(tree.columns, slot, r.property) else { return nil }
        return r.component.read(whole)
    }

    mutating func write(_ value: AnimatedValue, to target: AnimationTargetInfo) -> Bool {
        guard let r = target.render else { return false }
        var whole = value
        if r.component != .whole {
            guard let current = RenderSink.read(values.pointee, slot, r.property),
                  let updated = r.component.write(value, into: current) else { return false }
            whole = updated
        }
        return RenderSink.write(whole, &values.pointee, slot, r.property)
    }

    mutating func transition(_ body: TransitionBody, progress: Double) {
        transitions.append(FrameTransition(animationID: animationID, body: body, before: tree.transitionBefore[animationID], progress: progress))
    }

    // MARK: Reading

    static func color(_ c: RGBA?) -> AnimatedValue {
        guard let c else { return .discrete(nil) }
        return .color(r: Double(c.r), g: Double(c.g), b: Double(c.b), a: Double(c.a))
    }

    /// A property's value as an animated value of the property's kind.
    static func read(_ c: NodeColumns, _ i: Int, _ p: RenderProperty) -> AnimatedValue? {
        switch p {
        case .bounds: return .rect(c.bounds[i])
        case .position: return .point(c.position[i])
        case .zPosition: return .number(Double(c.zPosition[i]))
        case .anchorPoint: return .point(c.anchorPoint[i])
        case .anchorPointZ: return .number(Double(c.anchorPointZ[i]))
        case .transform: return .transform(c.transform[i])
        case .sublayerTransform: return .transform(c.sublayerTransform[i])
        case .hidden: return .discrete(c.flags[i].contains(.hidden))
        case .doubleSided: return .discrete(c.flags[i].contains(.doubleSided))
        case .masksToBounds: return .discrete(c.flags[i].contains(.masksToBounds))
        case .contents:
            switch c.contents[i] {
            case .none: return .image(CrossfadeContents(from: nil, to: nil, fraction: 0))
            case .image(let image): return .image(CrossfadeContents(from: image, to: image, fraction: 0))
            case let .crossfade(from, to, fraction): return .image(CrossfadeContents(from: from, to: to, fraction: fraction))
            }
        case .contentsRect: return .rect(c.contentsRect[i])
        case .contentsCenter: return .rect(c.contentsCenter[i])
        case .contentsScale: return .number(Double(c.contentsScale[i]))
        case .backgroundColor: return color(c.backgroundColor[i])
        case .cornerRadius: return .number(Double(c.cornerRadius[i]))
        case .borderWidth: return .number(Double(c.borderWidth[i]))
        case .borderColor: return color(c.borderColor[i])
        case .opacity: return .number(Double(c.opacity[i]))
        case .compositingFilter: return nil
        case .shadowColor: return color(c.shadowColor[i])
        case .shadowOpacity: return .number(Double(c.shadowOpacity[i]))
        case .shadowOffset: return .size(c.shadowOffset[i])
        case .shadowRadius: return .number(Double(c.shadowRadius[i]))
        case .shadowPath: return c.shadowPath[i].path.map { .path($0) } ?? .discrete(nil)
        default: return readContent(c.content[i], p)
        }
    }

    static func readContent(_ content: NodeContent, _ p: RenderProperty) -> AnimatedValue? {
        switch content {
        case .shape(let s):
            switch p {
            case .path: return s.path.map { .path($0) } ?? .discrete(nil)
            case .fillColor: return color(s.fillColor)
            case .strokeColor: return color(s.strokeColor)
            case .strokeStart: return .number(Double(s.strokeStart))
            case .strokeEnd: return .number(Double(s.strokeEnd))
            case .lineWidth: return .number(Double(s.lineWidth))
            case .miterLimit: return .number(Double(s.miterLimit))
            case .lineDashPhase: return .number(Double(s.lineDashPhase))
            case .lineDashPattern: return s.lineDashPattern.map { .numbers($0.map(Double.init)) } ?? .discrete(nil)
            default: return nil
            }
        case .gradient(let g):
            switch p {
            case .colors: return .colors(g.colors.map(AnimatedValue.color))
            case .locations: return g.locations.map { .numbers($0.map(Double.init)) } ?? .discrete(nil)
            case .startPoint: return .point(g.startPoint)
            case .endPoint: return .point(g.endPoint)
            default: return nil
            }
        case .replicator(let r):
            switch p {
            case .instanceCount: return .number(Double(r.instanceCount))
            case .instanceDelay: return .number(r.instanceDelay)
            case .instanceTransform: return .transform(r.instanceTransform)
            case .instanceColor: return color(r.instanceColor)
            case .instanceRedOffset: return .number(Double(r.redOffset))
            case .instanceGreenOffset: return .number(Double(r.greenOffset))
            case .instanceBlueOffset: return .number(Double(r.blueOffset))
            case .instanceAlphaOffset: return .number(Double(r.alphaOffset))
            default: return nil
            }
        case .emitter(let e):
            switch p {
            case .birthRate: return .number(Double(e.birthRate))
            case .lifetime: return .number(Double(e.lifetime))
            case .velocity: return .number(Double(e.velocity))
            case .scale: return .number(Double(e.scale))
            case .spin: return .number(Double(e.spin))
            case .emitterPosition: return .point(e.emitterPosition)
            case .emitterZPosition: return .number(Double(e.emitterZPosition))
            case .emitterSize: return .size(e.emitterSize)
            case .emitterDepth: return .number(Double(e.emitterDepth))
            default: return nil
            }
        case .none:
            return nil
        }
    }

    // MARK: Writing

    /// A finite number, or nil.
    static func number(_ v: AnimatedValue) -> Double? {
        if case .number(let d) = v, d.isFinite { return d }
        return nil
    }

    /// A colour clamped to [0, 1] as a layer stores an animated one, `.some(nil)` for none, nil
    /// when the value is not a colour.
    static func rgba(_ v: AnimatedValue) -> RGBA?? {
        switch v {
        case let .color(r, g, b, a):
            func c(_ x: Double) -> CGFloat { CGFloat(max(0, min(1, x))) }
            return .some(RGBA(r: c(r), g: c(g), b: c(b), a: c(a)))
        case .discrete(nil): return .some(nil)
        case .discrete(let x?):
            if let color = x as? CGColor { return .some(RGBA(color)) }
            return nil
        default: return nil
        }
    }

    /// A Boolean from a discrete value (a Bool, or a number: non-zero is true).
    static func bool(_ v: AnimatedValue) -> Bool? {
        switch v {
        case .discrete(let x?):
            // As KVC converts to Bool: any number, non-zero being true.
            switch x {
            case let v as Bool: return v
            case let v as Double: return v != 0
            case let v as CGFloat: return v != 0
            case let v as Float: return v != 0
            case let v as Int: return v != 0
            case let v as Int32: return v != 0
            case let v as Int64: return v != 0
            case let v as UInt: return v != 0
            case let v as UInt32: return v != 0
            case let v as NSNumber: return v.doubleValue != 0
            default: return nil
            }
        case .number(let d): return d != 0
        default: return nil
        }
    }

    static func point(_ v: AnimatedValue) -> CGPoint? {
        if case .point(let p) = v, p.x.isFinite, p.y.isFinite { return p }
        return nil
    }
    static func size(_ v: AnimatedValue) -> CGSize? {
        if case .size(let s) = v, s.width.isFinite, s.height.isFinite { return s }
        return nil
    }
    static func rect(_ v: AnimatedValue) -> CGRect? {
        if case .rect(let r) = v, r.isFinite { return r }
        return nil
    }
    static func transform(_ v: AnimatedValue) -> CATransform3D? {
        if case .transform(let t) = v, t.isFinite { return t }
        return nil
    }
    static func path(_ v: AnimatedValue) -> CGPath?? {
        switch v {
        case .path(let p): return .some(p)
        case .discrete(nil): return .some(nil)
        case .discrete(let x?): return (x as? CGPath).map { .some($0) }
        default: return nil
        }
    }
    static func numbers(_ v: AnimatedValue) -> [CGFloat]?? {
        switch v {
        case .numbers(let n): return .some(n.map { CGFloat($0) })
        case .discrete(nil): return .some(nil)
        default: return nil
        }
    }

    /// Stores a whole property value; false when it does not fit.
    static func write(_ v: AnimatedValue, _ c: inout NodeColumns, _ i: Int, _ p: RenderProperty) -> Bool {
        switch p {
        case .bounds: guard let r = rect(v) else { return false }; c.bounds[i] = r
        case .position: guard let x = point(v) else { return false }; c.position[i] = x
        case .zPosition: guard let n = number(v) else { return false }; c.zPosition[i] = CGFloat(n)
        case .anchorPoint: guard let x = point(v) else { return false }; c.anchorPoint[i] = x
        case .anchorPointZ: guard let n = number(v) else { return false }; c.anchorPointZ[i] = CGFloat(n)
        case .transform: guard let t = transform(v) else { return false }; c.transform[i] = t
        case .sublayerTransform: guard let t = transform(v) else { return false }; c.sublayerTransform[i] = t
        case .hidden, .doubleSided, .masksToBounds:
            guard let b = bool(v) else { return false }
            let flag: NodeFlags = p == .hidden ? .hidden : p == .doubleSided ? .doubleSided : .masksToBounds
            var f = c.flags[i]
            if b { f.insert(flag) } else { f.remove(flag) }
            if f != c.flags[i] { c.flags[i] = f }
        case .contents:
            guard case .image = v else { return false }
            c.contents[i] = RenderContents(v.anyValue)
        case .contentsRect: guard let r = rect(v) else { return false }; c.contentsRect[i] = r
        case .contentsCenter: guard let r = rect(v) else { return false }; c.contentsCenter[i] = r
        case .contentsScale: guard let n = number(v) else { return false }; c.contentsScale[i] = CGFloat(n)
        case .backgroundColor: guard let x = rgba(v) else { return false }; c.backgroundColor[i] = x
        case .cornerRadius: guard let n = number(v) else { return false }; c.cornerRadius[i] = CGFloat(n)
        case .borderWidth: guard let n = number(v) else { return false }; c.borderWidth[i] = CGFloat(n)
        case .borderColor: guard let x = rgba(v) else { return false }; c.borderColor[i] = x
        case .opacity: guard let n = number(v), Float(n).isFinite else { return false }; c.opacity[i] = Float(n)
        case .compositingFilter:
            guard case .discrete(let name) = v else { return false }
            c.style[i].blendMode = blendMode(forCompositingFilter: name)
        case .shadowColor: guard let x = rgba(v) else { return false }; c.shadowColor[i] = x
        case .shadowOpacity: guard let n = number(v), Float(n).isFinite else { return false }; c.shadowOpacity[i] = Float(n)
        case .shadowOffset: guard let s = size(v) else { return false }; c.shadowOffset[i] = s
        case .shadowRadius: guard let n = number(v) else { return false }; c.shadowRadius[i] = CGFloat(n)
        case .shadowPath: guard let x = path(v) else { return false }; c.shadowPath[i] = CGPathBox(x)
        default:
            var content = c.content[i]
            guard writeContent(v, &content, p) else { return false }
            c.content[i] = content
        }
        return true
    }

    static func writeContent(_ v: AnimatedValue, _ content: inout NodeContent, _ p: RenderProperty) -> Bool {
        switch content {
        case .shape(var s):
            switch p {
            case .path: guard let x = path(v) else { return false }; s.path = x
            case .fillColor: guard let x = rgba(v) else { return false }; s.fillColor = x
            case .strokeColor: guard let x = rgba(v) else { return false }; s.strokeColor = x
            case .strokeStart: guard let n = number(v) else { return false }; s.strokeStart = CGFloat(n)
            case .strokeEnd: guard let n = number(v) else { return false }; s.strokeEnd = CGFloat(n)
            case .lineWidth: guard let n = number(v) else { return false }; s.lineWidth = CGFloat(n)
            case .miterLimit: guard let n = number(v) else { return false }; s.miterLimit = CGFloat(n)
            case .lineDashPhase: guard let n = number(v) else { return false }; s.lineDashPhase = CGFloat(n)
            case .lineDashPattern: guard let x = numbers(v) else { return false }; s.lineDashPattern = x
            default: return false
            }
            content = .shape(s)
        case .gradient(var g):
            switch p {
            case .colors:
                switch v {
                case .colors(let cs):
                    var out: [CGColor] = []
                    for c in cs {
                        guard let x = rgba(c), let color = x else { return false }
                        out.append(CGColor(red: color.r, green: color.g, blue: color.b, alpha: color.a))
                    }
                    g.colors = out
                case .discrete(nil): g.colors = []
                default: return false
                }
            case .locations: guard let x = numbers(v) else { return false }; g.locations = x
            case .startPoint: guard let x = point(v) else { return false }; g.startPoint = x
            case .endPoint: guard let x = point(v) else { return false }; g.endPoint = x
            default: return false
            }
            content = .gradient(g)
        case .replicator(var r):
            switch p {
            case .instanceCount:
                guard let n = number(v), abs(n) < 9.0e18 else { return false }
                r.instanceCount = Int(n)
            case .instanceDelay: guard let n = number(v) else { return false }; r.instanceDelay = n
            case .instanceTransform: guard let t = transform(v) else { return false }; r.instanceTransform = t
            case .instanceColor: guard let x = rgba(v) else { return false }; r.instanceColor = x
            case .instanceRedOffset: guard let n = number(v), Float(n).isFinite else { return false }; r.redOffset = Float(n)
            case .instanceGreenOffset: guard let n = number(v), Float(n).isFinite else { return false }; r.greenOffset = Float(n)
            case .instanceBlueOffset: guard let n = number(v), Float(n).isFinite else { return false }; r.blueOffset = Float(n)
            case .instanceAlphaOffset: guard let n = number(v), Float(n).isFinite else { return false }; r.alphaOffset = Float(n)
            default: return false
            }
            content = .replicator(r)
        case .emitter(var e):
            func float(_ v: AnimatedValue) -> Float? { number(v).map(Float.init).flatMap { $0.isFinite ? $0 : nil } }
            switch p {
            case .birthRate: guard let n = float(v) else { return false }; e.birthRate = n
            case .lifetime: guard let n = float(v) else { return false }; e.lifetime = n
            case .velocity: guard let n = float(v) else { return false }; e.velocity = n
            case .scale: guard let n = float(v) else { return false }; e.scale = n
            case .spin: guard let n = float(v) else { return false }; e.spin = n
            case .emitterPosition: guard let x = point(v) else { return false }; e.emitterPosition = x
            case .emitterZPosition: guard let n = number(v) else { return false }; e.emitterZPosition = CGFloat(n)
            case .emitterSize: guard let x = size(v) else { return false }; e.emitterSize = x
            case .emitterDepth: guard let n = number(v) else { return false }; e.emitterDepth = CGFloat(n)
            default: return false
            }
            content = .emitter(e)
        case .none:
            return false
        }
        return true
    }
}
