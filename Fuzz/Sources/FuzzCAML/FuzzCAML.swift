import Foundation
import QuartzCore
import FuzzSupport

/// The Core Animation archive loader (XML), every state it declares with its transitions, and
/// drawing the tree at a few media times into a small context.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCAML(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    Fuzz.run {
        guard let doc = try? CAMLDocument(data: Fuzz.data(bytes, count), baseURL: nil) else { return }
        let clock = MediaClock(manualAt: 0)
        clock.run {
            let root = doc.rootLayer
            CATransaction.flush()
            let ctx = Fuzz.context(32, 32)
            root.render(in: ctx)
            var t = 0.0
            for name in doc.stateNames.prefix(8).map(Optional.some) + [nil] {
                _ = doc.transitionDuration(to: name)
                doc.setState(name)
                CATransaction.flush()
                t += 0.37
                clock.set(t)
                let renderer = CARenderer(layer: root, scale: 0.125)
                renderer.render(in: ctx, atTime: t)
            }
        }
    }
    return 0
}
