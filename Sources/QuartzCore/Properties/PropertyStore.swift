/// The values a single object has set: sparse, indexed by slot through a 256-bit presence map.
///
/// Only properties that were set take space, so a layer that sets five properties stores five
/// values, and copying a store (for `init(layer:)` and presentation copies) is a copy-on-write
/// array copy. Lookup is O(1): the index of a slot is the number of present slots below it.
struct PropertyStore {
    /// The number of slots one class may use (built-in and `@Managed` properties together).
    static let slotLimit = 256

    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var values: ContiguousArray<Any> = []
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

    /// The value set for `slot`, or nil when it was never set.
    @inline(__always)
    func value(at slot: Int) -> Any? {
        let (i, present) = index(of: slot)
        return present ? values[i] : nil
    }

    /// Whether `slot` has been set.
    func contains(_ slot: Int) -> Bool { index(of: slot).present }

    /// Sets the value for `slot`.
    mutating func set(_ value: Any, at slot: Int) {
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
