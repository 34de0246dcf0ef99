/// Values kept by key within a count and a total weight (glyphs, bytes), the least recently used
/// dropped a quarter at a time: past either limit, until three quarters of both are left. Not
/// synchronized: its owner keeps it under a lock. The process-wide text caches are made of it
/// (`WordShapeCache`, CoreText's kept layouts). Lamina SPI, inlinable: each owner's use is
/// specialized to its keys and values (unspecialized, every call looked up the metadata of its
/// entry types).
@_spi(Lamina) public struct WeightedLRU<Key: Hashable, Value> {
    /// The most values kept, and the most weight they may have together.
    public let countLimit: Int, weightLimit: Int
    @usableFromInline var entries: [Key: (value: Value, weight: Int, lastUse: UInt64)] = [:]
    @usableFromInline var clock: UInt64 = 0
    /// Lookups that found a value and that did not, values dropped, and the kept values' weight
    /// (settable only for the inlinable methods' sake: its owners read them).
    public var hits = 0, misses = 0, evictions = 0, weight = 0

    /// An empty store within `countLimit` values and `weightLimit` weight.
    public init(countLimit: Int, weightLimit: Int) {
        self.countLimit = countLimit; self.weightLimit = weightLimit
    }

    /// How many values are kept.
    public var count: Int { entries.count }

    /// The value kept for `key` (now the most recently used), or nil; counted as a hit or a miss.
    @inlinable public mutating func value(for key: Key) -> Value? {
        clock &+= 1
        guard let i = entries.index(forKey: key) else { misses += 1; return nil }
        entries.values[i].lastUse = clock
        hits += 1
        return entries.values[i].value
    }

    /// Whether a value is kept for `key` (not counted, not touched).
    @inlinable public func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// Keeps `value` for `key` unless one is kept already, then drops the least recently used
    /// values if a limit is passed.
    @inlinable public mutating func insert(_ value: Value, weight w: Int, for key: Key) {
        guard entries[key] == nil else { return }
        entries[key] = (value, w, clock)
        weight += w
        guard entries.count > countLimit || weight > weightLimit else { return }
        let byAge = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in byAge {
            guard entries.count > countLimit - countLimit / 4 || weight > weightLimit - weightLimit / 4 else { break }
            entries[key] = nil
            weight -= entry.weight
            evictions += 1
        }
    }

    /// Drops every value and zeroes the counts (the dictionary's storage is kept for reuse).
    @inlinable public mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        hits = 0; misses = 0; evictions = 0; weight = 0
    }
}
