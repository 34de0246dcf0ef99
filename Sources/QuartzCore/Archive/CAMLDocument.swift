import Foundation
@_spi(Lamina) import CoreGraphics

/// A Core Animation archive (`.caml`, or a `.ca` folder holding `main.caml` and its images),
/// loaded into a layer tree with its animations, states and state transitions (Lamina API;
/// format notes in the project's `spec/caml.md`).
///
/// Layer elements are named by class; properties are attributes or child elements; values are
/// read by the property's type (numbers, Booleans, points, sizes, rectangles, colours `r g b [a]`,
/// CSS-like transforms, PostScript-like paths, images relative to the archive). What Lamina does
/// not know (elements, classes, key paths, missing images) is listed once in ``warnings`` and the
/// rest still loads; malformed XML is an error naming the line.
public final class CAMLDocument {
    /// The root layer.
    public private(set) var rootLayer = CALayer()
    /// Things that were skipped or approximated, each once.
    public private(set) var warnings: [String] = []
    /// The names of the states, in document order.
    public private(set) var stateNames: [String] = []

    private var layersByID: [String: CALayer] = [:]
    private var states: [String: State] = [:]
    private var transitions: [Transition] = []
    private var baseValues: [String: Any?] = [:]      // "id|keyPath" → value before any state
    private let baseURL: URL?
    private var warned = Set<String>()
    private var images: [String: CGImage?] = [:]
    /// The state applied last (nil: the base tree).
    public private(set) var currentState: String?

    struct State {
        var basedOn: String?
        var values: [(target: String, keyPath: String, value: Any?)]
    }

    struct Transition {
        var from: String, to: String
        var elements: [(key: String, target: String, animation: CAAnimation)]
    }

    /// The largest archive document read (64 MiB; Lamina's limit): real archives are a few
    /// megabytes at most. Reading stops there and ``CAMLError/tooLarge(path:limit:)`` is thrown.
    public static let maximumFileSize = 64 << 20
    /// The largest image file an archive may name (256 MiB; Lamina's limit); a larger one is
    /// left out with a warning. Decoded images have their own limit,
    /// `CGImage.maximumDecodedPixelCount`.
    public static let maximumImageFileSize = 256 << 20

    /// Loads `url`: a `.caml` file, or a folder with `main.caml` (or the document its
    /// `index.xml` names).
    public convenience init(contentsOf url: URL) throws(CAMLError) {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else { throw .unreadable(url.path) }
        var file = url
        if isDir.boolValue {
            var name = "main.caml"
            let indexPath = url.appendingPathComponent("index.xml").path
            if case .success(let bytes) = BoundedFileReader.read(indexPath, limit: 1 << 20),
               let index = String(data: bytes, encoding: .utf8),
               let r = index.range(of: "<key>rootDocument</key>") {
                let rest = index[r.upperBound...]
                if let s = rest.range(of: "<string>"), let e = rest.range(of: "</string>"), s.upperBound < e.lowerBound {
                    name = String(rest[s.upperBound..<e.lowerBound]).trimmingCharacters(in: .whitespaces)
                }
            }
            file = url.appendingPathComponent(name)
        }
        let data: Data
        switch BoundedFileReader.read(file.path, limit: CAMLDocument.maximumFileSize) {
        case .success(let d): data = d
        case .failure(.tooLarge(let limit)): throw .tooLarge(path: file.path, limit: limit)
        case .failure: throw .unreadable(file.path)
        }
        try self.init(data: data, baseURL: file.deletingLastPathComponent())
    }

    /// Loads an archive from its XML; images are looked up relative to `baseURL`.
    public init(data: Data, baseURL: URL?) throws(CAMLError) {
        self.baseURL = baseURL
        let root = try XMLReader.parse(data)
        guard root.name == "caml" else { throw .notCAML("the root element is <\(root.name)>, not <caml>") }
        guard let layerElement = root.children.first(where: { CAMLDocument.layerClass($0.name) != nil || $0.name.hasPrefix("CA") })
        else { throw .notCAML("<caml> holds no layer") }
        rootLayer = buildLayer(layerElement)
        // States and transitions may sit on the root element or beside it.
        for e in [layerElement, root] {
            if let s = e.child("states") { readStates(s) }
            if let t = e.child("stateTransitions") { readTransitions(t) }
        }
    }

    /// The layer with archive identifier `id` (`"#3"` or `"3"`).
    public func layer(withID id: String) -> CALayer? {
        layersByID[id] ?? layersByID[id.hasPrefix("#") ? String(id.dropFirst()) : "#" + id]
    }

    // MARK: States

    /// Shows `name` (nil: the base tree) at once: the base values, then the state's (and the
    /// states it is based on) set-values. Unknown names are reported.
    public func setState(_ name: String?) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        applyState(name)
    }

    private func applyState(_ name: String?) {
        for (key, value) in baseValues {
            let parts = key.split(separator: "|", maxSplits: 1).map(String.init)
            layer(withID: parts[0])?.setValue(value, forKeyPath: parts[1])
        }
        currentState = nil
        guard let name else { return }
        guard states[name] != nil else {
            warn("no state named \"\(name)\" (states: \(stateNames.joined(separator: ", ")))")
            return
        }
        for s in chain(name) {
            for v in states[s]!.values { layer(withID: v.target)?.setValue(v.value, forKeyPath: v.keyPath) }
        }
        currentState = name
    }

    /// The transition the archive gives for going from the current state to `name`: an exact
    /// match first, then one to `name` from `*`, then one from anywhere to `*`.
    private func matchingTransition(to name: String?) -> Transition? {
        let from = currentState ?? "", to = name ?? ""
        let candidates = transitions.filter { ($0.from == from || $0.from == "*") && ($0.to == to || $0.to == "*") }
        return candidates.first { $0.from == from && $0.to == to } ?? candidates.first { $0.to == to } ?? candidates.first
    }

    /// How long ``transition(to:)`` would animate from the current state to `name`: the latest
    /// end of its animations (a spring without a duration lasts its settling duration; repeats
    /// and autoreverses count, endless repeats count once). 0 when no transition matches.
    public func transitionDuration(to name: String?) -> CFTimeInterval {
        var longest: CFTimeInterval = 0
        for e in matchingTransition(to: name)?.elements ?? [] {
            let a = e.animation
            var d = a.duration
            if d <= 0, let spring = a as? CASpringAnimation { d = spring.settlingDuration }
            if d <= 0 { d = CATransaction.animationDuration() }
            let repeats = a.repeatCount.isFinite && a.repeatCount > 1 ? CFTimeInterval(a.repeatCount) : 1
            var total = d * repeats * (a.autoreverses ? 2 : 1)
            if a.speed > 0 { total /= CFTimeInterval(a.speed) }
            longest = max(longest, a.beginTime + total)
        }
        return longest
    }

    private func chain(_ name: String) -> [String] {
        var out: [String] = []
        var n: String? = name
        while let c = n, let s = states[c], !out.contains(c) {
            out.insert(c, at: 0)
            n = s.basedOn
        }
        return out
    }

    /// Moves from the current state to `name` with the archive's transition animations (the
    /// matching `LKStateTransition`, `*` matching any state); keys without an animation change
    /// at once. `nil` is the base state (the tree as the archive builds it).
    public func transition(to name: String?) {
        let from = currentState ?? "", to = name ?? ""
        let best = matchingTransition(to: name)
        if best == nil {
            warn("no transition from \(from.isEmpty ? "the base state" : "\"\(from)\"") to \(to.isEmpty ? "the base state" : "\"\(to)\""); the state changes at once")
        }
        // Animations first, so they start from the values shown now.
        for e in best?.elements ?? [] {
            guard let l = layer(withID: e.target) else { warn("transition target \(e.target) is not in the archive"); continue }
            if let p = e.animation as? CAPropertyAnimation, p.keyPath == nil { p.keyPath = e.key }
            l.add(e.animation, forKey: e.key)
        }
        setState(name)
    }

    // MARK: Building layers

    static func layerClass(_ name: String) -> CALayer.Type? {
        switch name {
        case "CALayer": CALayer.self
        case "CATransformLayer": CATransformLayer.self
        case "CAShapeLayer": CAShapeLayer.self
        case "CAReplicatorLayer": CAReplicatorLayer.self
        case "CATextLayer": CATextLayer.self
        case "CAGradientLayer": CAGradientLayer.self
        case "CAEmitterLayer": CAEmitterLayer.self
        case "CAScrollLayer": CAScrollLayer.self
        default: nil
        }
    }

    func warn(_ s: String) {
        if warned.insert(s).inserted { warnings.append(s) }
    }

    private func buildLayer(_ e: XMLElement) -> CALayer {
        let cls: CALayer.Type
        if let c = CAMLDocument.layerClass(e.name) {
            cls = c
        } else {
            warn("layer class \(e.name) is drawn as a plain CALayer (line \(e.line))")
            cls = CALayer.self
        }
        let layer = DynamicInit.make(cls)
        for (key, raw) in e.attributes.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "id":
                layersByID[raw] = layer
            case "continuousCorners":
                if CAMLValues.bool(raw) == true { layer.cornerCurve = .continuous }
            case "xmlns":
                break
            default:
                setProperty(layer, key, raw: raw, line: e.line)
            }
        }
        for child in e.children {
            switch child.name {
            case "sublayers":
                for s in child.children { layer.addSublayer(buildLayer(s)) }
            case "mask":
                if let m = child.children.first { layer.mask = buildLayer(m) }
            case "animations":
                for a in child.children {
                    if let anim = buildAnimation(a) { layer.add(anim, forKey: (anim as? CAPropertyAnimation)?.keyPath ?? "animation") }
                }
            case "states", "stateTransitions":
                break
            case "emitterCells":
                if let emitter = layer as? CAEmitterLayer {
                    emitter.emitterCells = child.children.map { buildCell($0) }
                } else {
                    warn("emitterCells on a layer that is not an emitter (line \(child.line))")
                }
            default:
                setPropertyElement(layer, child)
            }
        }
        return layer
    }

    private func buildCell(_ e: XMLElement) -> CAEmitterCell {
        let cell = CAEmitterCell()
        for (key, raw) in e.attributes {
            guard let d = cell.propertyClassInfo.descriptor(forKey: key) else {
                warn("unknown CAEmitterCell property \(key) (line \(e.line))")
                continue
            }
            if let v = value(raw, for: d.valueType, key: key, line: e.line) { cell.setValue(v, forKey: key) }
        }
        for child in e.children {
            if child.name == "emitterCells" {
                cell.emitterCells = child.children.map { buildCell($0) }
            } else if child.name == "contents", let img = image(child) {
                cell.contents = img
            } else if let v = typedValue(child) {
                cell.setValue(v, forKey: child.name)
            }
        }
        return cell
    }

    /// A property given as an attribute.
    private func setProperty(_ layer: CALayer, _ key: String, raw: String, line: Int) {
        guard let d = layer.propertyClassInfo.descriptor(forKey: key) else {
            warn("unknown property \(key) on \(layer.diagnosticName) (line \(line)); kept as a value")
            layer.setValue(raw, forKey: key)
            return
        }
        guard let v = value(raw, for: d.valueType, key: d.key, line: line) else {
            warn("cannot read \(key)=\"\(raw)\" (line \(line))")
            return
        }
        layer.setValue(v, forKey: d.key)
    }

    /// A property given as a child element (`<backgroundColor value=… />`, `<contents src=…/>`,
    /// `<colors>` with typed values…).
    private func setPropertyElement(_ layer: CALayer, _ e: XMLElement) {
        guard let d = layer.propertyClassInfo.descriptor(forKey: e.name) else {
            warn("unknown element <\(e.name)> (line \(e.line))")
            return
        }
        if d.key == "contents" || e.attribute("type") == "CGImage" {
            if let img = image(e) { layer.setValue(img, forKey: d.key) }
            return
        }
        if d.key == "compositingFilter" {
            layer.compositingFilter = e.attribute("filter") ?? e.attribute("value")
            return
        }
        if let raw = e.attribute("value") {
            var v = value(raw, for: d.valueType, key: d.key, line: e.line)
            if let c = v as? CGColor, let op = e.attribute("opacity").flatMap(Double.init) {
                v = c.copy(alpha: CGFloat(op) * c.alpha)
            }
            if let v { layer.setValue(v, forKey: d.key) } else { warn("cannot read <\(e.name) value=\"\(raw)\"> (line \(e.line))") }
            return
        }
        if !e.children.isEmpty {
            let values = e.children.compactMap { typedValue($0) }
            if d.key == "lineDashPattern" || d.key == "locations" {
                layer.setValue(values.compactMap { ($0 as? Double).map { NSNumber(value: $0) } }, forKey: d.key)
            } else {
                layer.setValue(values, forKey: d.key)
            }
            return
        }
        if let t = typedValue(e) { layer.setValue(t, forKey: d.key) }
    }

    /// A string read as a property of `type`.
    func value(_ raw: String, for type: Any.Type, key: String, line: Int) -> Any? {
        switch type {
        case is CGFloat.Type, is Float.Type, is Double.Type, is Int.Type, is Int32.Type, is Int64.Type, is UInt.Type, is UInt32.Type:
            return CAMLValues.number(raw)
        case is Bool.Type: return CAMLValues.bool(raw)
        case is CGPoint.Type: return CAMLValues.numbers(raw, 2).map { CGPoint(x: $0[0], y: $0[1]) }
        case is CGSize.Type: return CAMLValues.numbers(raw, 2).map { CGSize(width: $0[0], height: $0[1]) }
        case is CGRect.Type: return CAMLValues.numbers(raw, 4).map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        case is CATransform3D.Type:
            let (t, problem) = CAMLValues.transform(raw)
            if let problem { warn("\(problem) in \(key) (line \(line))") }
            return t
        case is CGColor.Type, is CGColor?.Type: return CAMLValues.color(raw)
        case is [NSNumber].Type, is [NSNumber]?.Type:
            // A list of numbers as one attribute (`lineDashPattern="4 2"`, `locations="0 0.5 1"`).
            return CAMLValues.numberList(raw).map { $0.map { NSNumber(value: $0) } }
        case is CGPath.Type, is CGPath?.Type:
            let (p, problem) = CAMLValues.path(raw)
            if let problem { warn("\(problem) in \(key) (line \(line))") }
            return p
        default:
            if key == "contents" { return loadImage(raw, line: line) }
            if let n = CAMLValues.number(raw), ["fontSize", "instanceCount"].contains(key) { return n }
            return raw
        }
    }

    /// A typed value element: `<real value=…/>`, `<CGColor value=…/>`, `<CGImage src=…/>`…
    func typedValue(_ e: XMLElement) -> Any? {
        let type = e.attribute("type") ?? e.name
        let raw = e.attribute("value") ?? e.text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch type {
        case "real", "float", "double", "NSNumber", "number": return CAMLValues.number(raw)
        case "integer", "int": return CAMLValues.number(raw).map { $0.rounded() }
        case "bool", "BOOL", "boolean": return CAMLValues.bool(raw)
        case "CGColor", "color": return CAMLValues.color(raw)
        case "CGPoint", "point": return CAMLValues.numbers(raw, 2).map { CGPoint(x: $0[0], y: $0[1]) }
        case "CGSize", "size": return CAMLValues.numbers(raw, 2).map { CGSize(width: $0[0], height: $0[1]) }
        case "CGRect", "rect": return CAMLValues.numbers(raw, 4).map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        case "CGPath", "path": return CAMLValues.path(raw).0
        case "CATransform3D", "transform": return CAMLValues.transform(raw).0
        case "CGImage", "image": return image(e)
        case "string", "NSString": return raw
        case "CAMediaTimingFunction": return CAMLValues.timingFunction(raw)
        default:
            warn("unknown value type \(type) (line \(e.line))")
            return nil
        }
    }

    private func image(_ e: XMLElement) -> CGImage? {
        guard let src = e.attribute("src") ?? e.attribute("value") else {
            warn("<\(e.name)> has no src (line \(e.line))")
            return nil
        }
        return loadImage(src, line: e.line)
    }

    /// Loads an image once per file name: later references share the decoded image, and a missing
    /// or undecodable file is reported once, at its first use.
    private func loadImage(_ src: String, line: Int) -> CGImage? {
        if let cached = images[src] { return cached }
        let url = URL(fileURLWithPath: src, relativeTo: baseURL)
        var result: CGImage?
        switch BoundedFileReader.read(url.path, limit: CAMLDocument.maximumImageFileSize) {
        case .success(let data):
            do {
                result = try CGImage.decodeImageData(data)
            } catch {
                warn("cannot decode image \(src): \(error) (first used on line \(line))")
            }
        case .failure(.tooLarge(let limit)):
            warn("image \(src) is larger than \(BoundedFileReader.describe(bytes: limit)); left out (first used on line \(line))")
        case .failure:
            warn("missing image \(src) (first used on line \(line))")
        }
        images[src] = .some(result)
        return result
    }

    // MARK: Animations

    func buildAnimation(_ e: XMLElement) -> CAAnimation? {
        let type = e.attribute("type") ?? e.name
        let anim: CAAnimation
        switch type {
        case "CABasicAnimation": anim = CABasicAnimation()
        case "CASpringAnimation": anim = CASpringAnimation()
        case "CAKeyframeAnimation": anim = CAKeyframeAnimation()
        case "CAAnimationGroup": anim = CAAnimationGroup()
        case "CATransition": anim = CATransition()
        default:
            warn("unknown animation type \(type) (line \(e.line))")
            return nil
        }
        for (key, raw) in e.attributes where key != "type" {
            switch key {
            case "timingFunction":
                anim.timingFunction = CAMLValues.timingFunction(raw)
            case "fillMode":
                anim.fillMode = CAMediaTimingFillMode(rawValue: raw)
            case "calculationMode":
                (anim as? CAKeyframeAnimation)?.calculationMode = CAAnimationCalculationMode(rawValue: raw)
            case "path":
                (anim as? CAKeyframeAnimation)?.path = CAMLValues.path(raw).0
            default:
                if let d = anim.propertyClassInfo.descriptor(forKey: key) {
                    if let v = value(raw, for: d.valueType, key: key, line: e.line) { anim.setValue(v, forKey: d.key) }
                } else {
                    warn("unknown animation attribute \(key) (line \(e.line))")
                }
            }
        }
        for child in e.children {
            switch child.name {
            case "fromValue", "toValue", "byValue":
                let v = child.children.first.flatMap { typedValue($0) } ?? (child.attribute("type") != nil ? typedValue(child) : nil)
                anim.setValue(v, forKey: child.name)
            case "values":
                (anim as? CAKeyframeAnimation)?.values = child.children.compactMap { typedValue($0) }
            case "keyTimes":
                (anim as? CAKeyframeAnimation)?.keyTimes = child.children.compactMap { typedValue($0) as? Double }.map { NSNumber(value: $0) }
            case "timingFunctions":
                (anim as? CAKeyframeAnimation)?.timingFunctions = child.children.compactMap { typedValue($0) as? CAMediaTimingFunction }
            case "animations":
                (anim as? CAAnimationGroup)?.animations = child.children.compactMap { buildAnimation($0) }
            case "path":
                (anim as? CAKeyframeAnimation)?.path = child.children.first.flatMap { typedValue($0) as? CGPath }
                    ?? CAMLValues.path(child.attribute("value") ?? child.text).0
            default:
                warn("unknown animation element <\(child.name)> (line \(child.line))")
            }
        }
        // Key paths must name something the layers animate; unknown ones are found when added.
        return anim
    }

    // MARK: States and transitions

    private func readStates(_ e: XMLElement) {
        for s in e.children where s.name == "LKState" {
            guard let name = s.attribute("name") else { warn("an LKState has no name (line \(s.line))"); continue }
            var values: [(String, String, Any?)] = []
            for el in s.child("elements")?.children ?? [] where el.name == "LKStateSetValue" {
                guard let target = el.attribute("targetId"), let keyPath = el.attribute("keyPath") else {
                    warn("an LKStateSetValue lacks targetId or keyPath (line \(el.line))")
                    continue
                }
                guard let l = layer(withID: target) else { warn("state target \(target) is not in the archive (line \(el.line))"); continue }
                let v = el.child("value").flatMap { typedValue($0) }
                let key = "\(target)|\(keyPath)"
                if baseValues[key] == nil { baseValues[key] = .some(l.value(forKeyPath: keyPath)) }
                values.append((target, keyPath, v))
            }
            states[name] = State(basedOn: s.attribute("basedOn"), values: values)
            stateNames.append(name)
        }
    }

    private func readTransitions(_ e: XMLElement) {
        for t in e.children where t.name == "LKStateTransition" {
            var elements: [(String, String, CAAnimation)] = []
            for el in t.child("elements")?.children ?? [] where el.name == "LKStateTransitionElement" {
                guard let key = el.attribute("key"), let target = el.attribute("targetId"),
                      let a = el.children.first(where: { $0.name == "animation" }).flatMap({ buildAnimation($0) }) else {
                    warn("an LKStateTransitionElement lacks key, targetId or animation (line \(el.line))")
                    continue
                }
                elements.append((key, target, a))
            }
            transitions.append(Transition(from: t.attribute("fromState") ?? "*", to: t.attribute("toState") ?? "*", elements: elements))
        }
    }
}

/// Value syntax of archives.
enum CAMLValues {
    static func number(_ s: String) -> Double? {
        let t = s.trimmingCharacters(in: .whitespaces)
        switch t.lowercased() {
        case "inf", "infinity", "+inf": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: return Double(t)
        }
    }

    static func bool(_ s: String) -> Bool? {
        switch s.trimmingCharacters(in: .whitespaces).lowercased() {
        case "1", "true", "yes": true
        case "0", "false", "no": false
        default: nil
        }
    }

    /// Every token a number, separated by spaces or commas; nil when one is not.
    static func numberList(_ s: String) -> [Double]? {
        let tokens = s.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" })
        let parts = tokens.compactMap { number(String($0)) }
        return parts.count == tokens.count ? parts : nil
    }

    static func numbers(_ s: String, _ count: Int) -> [CGFloat]? {
        let parts = s.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }).compactMap { number(String($0)) }
        guard parts.count >= count else { return nil }
        return parts.prefix(count).map { CGFloat($0) }
    }

    /// `r g b` or `r g b a`, extended sRGB.
    static func color(_ s: String) -> CGColor? {
        let parts = s.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { number(String($0)) }
        guard parts.count == 3 || parts.count == 4 else { return nil }
        let space = CGColorSpace(name: CGColorSpace.extendedSRGB) ?? CGColorSpaceCreateDeviceRGB()
        return CGColor(colorSpace: space, components: parts.map { CGFloat($0) } + (parts.count == 3 ? [1] : []))
    }

    static func timingFunction(_ s: String) -> CAMediaTimingFunction {
        let parts = s.split(separator: " ").compactMap { Float($0) }
        if parts.count == 4 { return CAMediaTimingFunction(controlPoints: parts[0], parts[1], parts[2], parts[3]) }
        return CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: s.trimmingCharacters(in: .whitespaces)))
    }

    /// A CSS-like transform list: `rotate(a[, x, y, z])`, `scale(sx[, sy[, sz]])`,
    /// `translate(x, y[, z])`, `matrix(16 values)`; angles in `deg`, `rad` or radians. [U] The
    /// list composes as CSS does: the last function applies to points first.
    static func transform(_ s: String) -> (CATransform3D, String?) {
        var t = CATransform3DIdentity
        var problem: String?
        var rest = Substring(s)
        var first = true
        while let open = rest.firstIndex(of: "(") {
            let name = rest[..<open].trimmingCharacters(in: .whitespacesAndNewlines)
            guard let close = rest[open...].firstIndex(of: ")") else { problem = "unclosed \(name)("; break }
            let args = rest[rest.index(after: open)..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            rest = rest[rest.index(after: close)...]
            func num(_ i: Int, _ fallback: CGFloat) -> CGFloat {
                guard i < args.count else { return fallback }
                return number(args[i].replacingOccurrences(of: "px", with: "")).map { CGFloat($0) } ?? fallback
            }
            func angle(_ a: String) -> CGFloat {
                if a.hasSuffix("deg") { return CGFloat(number(String(a.dropLast(3))) ?? 0) * .pi / 180 }
                if a.hasSuffix("rad") { return CGFloat(number(String(a.dropLast(3))) ?? 0) }
                return CGFloat(number(a) ?? 0)
            }
            let f: CATransform3D
            switch name {
            case "rotate", "rotateZ":
                let a = angle(args.first ?? "0")
                f = args.count >= 4 ? CATransform3DMakeRotation(a, num(1, 0), num(2, 0), num(3, 1)) : CATransform3DMakeRotation(a, 0, 0, 1)
            case "rotateX": f = CATransform3DMakeRotation(angle(args.first ?? "0"), 1, 0, 0)
            case "rotateY": f = CATransform3DMakeRotation(angle(args.first ?? "0"), 0, 1, 0)
            case "scale": let sx = num(0, 1); f = CATransform3DMakeScale(sx, num(1, sx), num(2, 1))
            case "translate": f = CATransform3DMakeTranslation(num(0, 0), num(1, 0), num(2, 0))
            case "perspective":
                // [U] Not seen in Apple's archives; read as CSS's perspective(d): m34 = -1/d.
                var m = CATransform3DIdentity
                let d = num(0, 0)
                if d > 0 { m.m34 = -1 / d } else { problem = "perspective needs a positive distance" }
                f = m
            case "matrix", "matrix3d":
                let v = (0..<16).map { num($0, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1][$0]) }
                f = CATransform3D(m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                                  m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
            default:
                problem = "unknown transform function \(name)"
                continue
            }
            t = first ? f : CATransform3DConcat(f, t)
            first = false
        }
        return (t, problem)
    }

    /// A PostScript-like path: numbers then operators `m`, `l`, `c`, `q`, `h` (also `z`, and
    /// `re` for a rectangle x y w h).
    static func path(_ s: String) -> (CGPath, String?) {
        let p = CGMutablePath()
        var stack: [CGFloat] = []
        var problem: String?
        for token in s.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "," }) {
            if let n = number(String(token)) { stack.append(CGFloat(n)); continue }
            func take(_ n: Int) -> [CGFloat]? {
                guard stack.count >= n else { problem = "operator \(token) needs \(n) numbers"; return nil }
                let v = Array(stack.suffix(n))
                stack.removeLast(n)
                return v
            }
            switch token {
            case "m": if let v = take(2) { p.move(to: CGPoint(x: v[0], y: v[1])) }
            case "l": if let v = take(2) { if p.isEmpty { p.move(to: CGPoint(x: v[0], y: v[1])) } else { p.addLine(to: CGPoint(x: v[0], y: v[1])) } }
            case "c": if let v = take(6) { p.addCurve(to: CGPoint(x: v[4], y: v[5]), control1: CGPoint(x: v[0], y: v[1]), control2: CGPoint(x: v[2], y: v[3])) }
            case "q": if let v = take(4) { p.addQuadCurve(to: CGPoint(x: v[2], y: v[3]), control: CGPoint(x: v[0], y: v[1])) }
            case "h", "z", "Z": p.closeSubpath()
            case "re": if let v = take(4) { p.addRect(CGRect(x: v[0], y: v[1], width: v[2], height: v[3])) }
            default: problem = "unknown path operator \(token)"
            }
        }
        return (p, problem)
    }
}
