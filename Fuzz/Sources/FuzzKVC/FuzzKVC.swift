import Foundation
import QuartzCore
import FuzzSupport

/// Key-value coding with arbitrary key paths and values on every layer class, then a commit and
/// a frame. The input is lines "keyPath=value"; the value's first character picks its type:
/// `#` number, `@` point, `[` rect, `%` colour, `?` bool, `!` nil, `^` layer, `*` transform,
/// `~` array of numbers, anything else a string. The first byte picks the layer class.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKVC(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    Fuzz.run {
        let data = Fuzz.data(bytes, count)
        guard let first = data.first else { return }
        let classes: [() -> CALayer] = [{ CALayer() }, { CAShapeLayer() }, { CATextLayer() }, { CAGradientLayer() },
                                        { CAReplicatorLayer() }, { CAEmitterLayer() }, { CAScrollLayer() }, { CATransformLayer() }]
        let clock = MediaClock(manualAt: 0)
        clock.run {
            let layer = classes[Int(first) % classes.count]()
            layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            let child = CALayer()
            layer.addSublayer(child)
            let text = String(decoding: data.dropFirst().prefix(4096), as: UTF8.self)
            for line in text.split(separator: "\n").prefix(64) {
                let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { _ = layer.value(forKeyPath: String(line)); continue }
                let target: CALayer = parts[0].hasPrefix("sub.") ? child : layer
                let key = parts[0].hasPrefix("sub.") ? String(parts[0].dropFirst(4)) : parts[0]
                target.setValue(value(parts[1]), forKeyPath: key)
                _ = target.value(forKeyPath: key)
            }
            CATransaction.flush()
            clock.set(0.3)
            CARenderer(layer: layer, scale: 0.5).render(in: Fuzz.context(16, 16), atTime: 0.3)
        }
    }
    return 0
}

private func numbers(_ s: Substring) -> [Double] {
    s.split(whereSeparator: { $0 == " " || $0 == "," }).prefix(16).compactMap { Double($0) }
}

private func value(_ s: String) -> Any? {
    guard let c = s.first else { return "" }
    let rest = s.dropFirst()
    let n = numbers(rest)
    func at(_ i: Int) -> CGFloat { i < n.count ? CGFloat(n[i]) : 0 }
    switch c {
    case "#": return n.first ?? 0
    case "@": return CGPoint(x: at(0), y: at(1))
    case "[": return CGRect(x: at(0), y: at(1), width: at(2), height: at(3))
    case "%": return CGColor(red: at(0), green: at(1), blue: at(2), alpha: at(3))
    case "?": return rest.first == "1"
    case "!": return nil
    case "^": return CALayer()
    case "*": return CATransform3DMakeRotation(at(0), at(1), at(2), at(3))
    case "~": return n.map { NSNumber(value: $0) }
    case "&": return NSValue(cgRect: CGRect(x: at(0), y: at(1), width: at(2), height: at(3)))
    default: return s
    }
}
