/// A stored value with its type erased; ``PropertyBox`` holds the typed value.
class AnyPropertyBox {
    var anyValue: Any { fatalError("AnyPropertyBox is abstract") }
}

/// An immutable box holding one property value. Boxes are shared freely between stores (copies,
/// presentation layers) because they never change.
final class PropertyBox<T>: AnyPropertyBox {
    let value: T
    init(_ value: T) { self.value = value }
    override var anyValue: Any { value }
}

/// The values a single object has set: sparse, indexed by slot through a 256-bit presence map.
///
/// Only properties that were set take space, so a layer that sets five properties stores five
/// boxes, and copying a store (for `init(layer:)` and presentation copies) is a copy-on-write
/// array copy. Lookup is O(1): the index of a slot is the number of present slots below it.
/// Reading a typed value is an unchecked downcast: a slot is only ever written through its own
/// descriptor (`CAProperty<T>`), or by copying a box between stores of the same class.
struct PropertyStore {
    /// The number of slots one class may use (built-in and `@Managed` properties together).
    static let slotLimit = 256

    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var values: ContiguousArray<AnyPropertyBox> = []
    /// Values for keys no property declares (`setValue(_:forKey:)` with an arbitrary key).
    var extras: [String: Any] = [:]

    @inline(__always)
    private func word(_ i: Int) -> UInt64 {
        switch i { case 0: bits.0; case 1: bits.1; case 2: bits.2; default: bits.3 }
    }

    @inline(__always)
    private func index(of slot: Int) -> (index: Int, present: Bool) {
        let w = slot >> 6, bit = UInt64(1) << UInt64(slot & 63)
        var before = (word(w) & (bit &- 1)).nonzeroBitCount
        if w > 0 { before += bits.0.nonzeroBitCount }
        if w > 1 { before += bits.1.nonzeroBitCount }
        if w > 2 { before += bits.2.nonzeroBitCount }
        return (before, word(w) & bit != 0)
    }

    /// The box set for `slot`, or nil when it was never set.
    @inline(__always)
    func box(at slot: Int) -> AnyPropertyBox? {
        let (i, present) = index(of: slot)
        return present ? values[i] : nil
    }

    /// The typed value set for `slot`, or nil when it was never set.
    @inline(__always)
    func value<T>(at slot: Int, as type: T.Type) -> T? {
        guard let b = box(at: slot) else { return nil }
        return unsafeDowncast(b, to: PropertyBox<T>.self).value
    }

    /// Whether `slot` has been set.
    func contains(_ slot: Int) -> Bool { index(of: slot).present }

    /// Sets the box for `slot`.
    mutating func set(_ value: AnyPropertyBox, at slot: Int) {
        let (i, present) = index(of: slot)
        if present { values[i] = value; return }
        values.insert(value, at: i)
        let bit = UInt64(1) << UInt64(slot & 63)
        switch slot >> 6 { case 0: bits.0 |= bit; case 1: bits.1 |= bit; case 2: bits.2 |= bit; default: bits.3 |= bit }
    }

    /// The slots that have been set, in increasing order.
    var setSlots: [Int] {
        var out: [Int] = []
        for w in 0..<4 {
            var x = word(w)
            while x != 0 {
                out.append(w * 64 + x.trailingZeroBitCount)
                x &= x - 1
            }
        }
        return out
    }

    /// How many declared slots are set.
    var count: Int { values.count }
}
