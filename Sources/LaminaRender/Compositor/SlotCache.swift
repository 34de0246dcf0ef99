import Foundation

/// What a ``SlotCache`` did since it was made: lookups answered from the cache, values made,
/// values evicted to stay within the bound, and what it holds now.
package struct CacheStatistics: Equatable, Sendable, CustomStringConvertible {
    package var hits = 0
    package var misses = 0
    package var evictions = 0
    /// Values too large for the bound: made for one use and not kept.
    package var oversized = 0
    package var entries = 0
    package var bytes = 0

    package var description: String {
        "\(hits) hits, \(misses) misses, \(evictions) evicted, \(entries) entries, \(bytes / 1024) KiB"
    }

    /// The counts from `earlier` to this.
    package func since(_ earlier: CacheStatistics) -> CacheStatistics {
        CacheStatistics(hits: hits - earlier.hits, misses: misses - earlier.misses, evictions: evictions - earlier.evictions,
                        oversized: oversized - earlier.oversized, entries: entries, bytes: bytes)
    }
}

/// One value per render-tree node, kept while its key stays the same, within a bound on the
/// bytes held: the least recently used values are evicted when a new one would exceed it, and a
/// value larger than the whole bound is made for one use and not kept. Shared by every band and
/// thread drawing for a renderer: a value being made by one thread is waited for by the others.
final class SlotCache<Key: Equatable, Value>: @unchecked Sendable {
    private enum Entry {
        case making(Key)
        case made(Key, Value, bytes: Int, lastUse: UInt64)
    }
    private enum Found { case value(Value), wait, make(keep: Bool) }
    private var table: [Int32: Entry] = [:]
    private var builds: [Int32: Int] = [:]
    private var clock: UInt64 = 0
    private var stats = CacheStatistics()
    private let lock = NSLock()
    private let condition = Condition()
    /// The most bytes the values held may take.
    private(set) var byteLimit: Int
    /// Whether values are kept at all (tests turn it off: every lookup makes its value, as the
    /// first lookup does, so the pixels must not change).
    var isEnabled: Bool {
        get { locked { enabled } }
        set { locked { enabled = newValue } }
    }
    private var enabled = true

    init(byteLimit: Int) { self.byteLimit = max(0, byteLimit) }

    private func locked<R>(_ body: () -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// The value for `key` of node `slot`: the cached one, or one made by `make` (nil when it
    /// fails), kept when its `size` fits the bound.
    func value(_ slot: Int32, _ key: Key, size: (Value) -> Int, make: () -> Value?) -> Value? {
        while true {
            let generation = condition.generation
            let found: Found = locked {
                if !enabled { stats.misses += 1; return .make(keep: false) }
                switch table[slot] {
                case .made(let k, let v, let bytes, _)? where k == key:
                    clock &+= 1
                    table[slot] = .made(k, v, bytes: bytes, lastUse: clock)
                    stats.hits += 1
                    return .value(v)
                case .making(let k)? where k == key:
                    return .wait
                case .making?:
                    // Another thread makes this node with another key (an offscreen plane at
                    // another resolution): make ours without keeping it.
                    stats.misses += 1
                    return .make(keep: false)
                case .made(_, _, let bytes, _)?:
                    stats.bytes -= bytes
                    stats.entries -= 1
                    table[slot] = .making(key)
                    stats.misses += 1
                    return .make(keep: true)
                case nil:
                    table[slot] = .making(key)
                    stats.misses += 1
                    return .make(keep: true)
                }
            }
            switch found {
            case .value(let v): return v
            case .wait: condition.wait(after: generation)
            case .make(let keep):
                let v = make()
                let bytes = v.map(size) ?? 0
                locked {
                    builds[slot, default: 0] += 1
                    guard keep, case .making(let k)? = table[slot], k == key else { return }
                    guard let v, bytes <= byteLimit else {
                        if v != nil { stats.oversized += 1 }
                        table[slot] = nil
                        return
                    }
                    evict(toFit: bytes)
                    clock &+= 1
                    table[slot] = .made(key, v, bytes: bytes, lastUse: clock)
                    stats.bytes += bytes
                    stats.entries += 1
                }
                condition.broadcast()
                return v
            }
        }
    }

    /// Evicts the least recently used values until `bytes` more fit the bound (lock held).
    private func evict(toFit bytes: Int) {
        guard stats.bytes + bytes > byteLimit else { return }
        var held: [(slot: Int32, lastUse: UInt64, bytes: Int)] = []
        for (slot, e) in table { if case .made(_, _, let b, let t) = e { held.append((slot, t, b)) } }
        held.sort { $0.lastUse < $1.lastUse }
        for h in held {
            if stats.bytes + bytes <= byteLimit { break }
            table[h.slot] = nil
            stats.bytes -= h.bytes
            stats.entries -= 1
            stats.evictions += 1
        }
    }

    /// Changes the bound, evicting what no longer fits.
    func setByteLimit(_ limit: Int) {
        locked {
            byteLimit = max(0, limit)
            evict(toFit: 0)
        }
    }

    /// How many times node `slot`'s value was made.
    func builds(_ slot: Int32) -> Int { locked { builds[slot, default: 0] } }

    var statistics: CacheStatistics { locked { stats } }

    /// Forgets the values of nodes that are gone (or whose slot was reused).
    func forget(_ live: (Int32) -> Bool) {
        locked {
            for (slot, e) in table where !live(slot) {
                if case .made(_, _, let b, _) = e {
                    table[slot] = nil
                    stats.bytes -= b
                    stats.entries -= 1
                }
            }
            for slot in builds.keys where !live(slot) { builds[slot] = nil }
        }
    }
}
