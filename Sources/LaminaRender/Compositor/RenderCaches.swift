@_spi(Lamina) import CoreGraphics
import Foundation

/// What a renderer keeps from frame to frame, shared by every band and thread drawing for it:
/// each node's rasterized own content and the shadow it casts (one entry of each per node,
/// replaced when its key changes), each within a bound on the memory it holds.
package final class RenderCaches: @unchecked Sendable {
    /// The bytes the own-content images may take by default (64 MiB: a few full 1179x2556
    /// screens of shapes and gradients).
    package static let defaultOwnContentBytes = 64 << 20
    /// The bytes the shadow masks may take by default (32 MiB: one byte per pixel).
    package static let defaultShadowBytes = 32 << 20

    let ownContents: SlotCache<OwnContentKey, CGImage>
    let shadows: SlotCache<ShadowMaskKey, CachedShadow>
    /// The shadows of `shadowPath`s (a node casts one or the other).
    let pathShadows: SlotCache<PathShadowKey, CachedShadow>

    package init(ownContentBytes: Int = RenderCaches.defaultOwnContentBytes,
                 shadowBytes: Int = RenderCaches.defaultShadowBytes) {
        ownContents = SlotCache(byteLimit: ownContentBytes)
        shadows = SlotCache(byteLimit: shadowBytes)
        pathShadows = SlotCache(byteLimit: shadowBytes)
    }

    /// The largest cached content, in pixels and pixels per side; bigger content is drawn
    /// directly each time.
    static let maximumPixels = 4096 * 4096
    static let maximumSide = 8192

    /// The image for `key` of node `slot`, made by `make` when not cached; nil when `make` fails.
    func ownContent(_ slot: Int32, _ key: OwnContentKey, _ make: () -> CGImage?) -> CGImage? {
        ownContents.value(slot, key, size: { $0.bytesPerRow * $0.height }, make: make)
    }

    /// How many times node `slot`'s own content was rasterized (tests and statistics).
    package func ownContentBuilds(_ slot: Int32) -> Int { ownContents.builds(slot) }

    /// How many times the shadow node `slot` casts was made (tests and statistics).
    package func shadowBuilds(_ slot: Int32) -> Int { shadows.builds(slot) + pathShadows.builds(slot) }

    /// The own-content cache's counts.
    package var ownContentStatistics: CacheStatistics { ownContents.statistics }
    /// The shadow cache's counts.
    package var shadowStatistics: CacheStatistics {
        let a = shadows.statistics, b = pathShadows.statistics
        return CacheStatistics(hits: a.hits + b.hits, misses: a.misses + b.misses, evictions: a.evictions + b.evictions,
                               oversized: a.oversized + b.oversized, entries: a.entries + b.entries, bytes: a.bytes + b.bytes)
    }

    /// Changes the bounds (in bytes), evicting what no longer fits; 0 keeps nothing (every
    /// frame makes what it draws again: the same pixels, slower).
    package func setByteLimits(ownContent: Int, shadows limit: Int) {
        ownContents.setByteLimit(ownContent)
        shadows.setByteLimit(limit)
        pathShadows.setByteLimit(limit)
        backdropCachesIfMade?.setByteLimits(ownContent: ownContent, shadows: limit)
    }

    /// Whether anything is kept from frame to frame. Off, every drawing makes the content and
    /// shadows it draws again (the same pixels, slower): tests compare the two.
    package var isEnabled: Bool {
        get { ownContents.isEnabled }
        set {
            ownContents.isEnabled = newValue
            shadows.isEnabled = newValue
            pathShadows.isEnabled = newValue
            backdropCachesIfMade?.isEnabled = newValue
        }
    }

    /// Forgets the content of nodes that are gone (or whose slot was reused).
    package func forget(_ live: (Int32) -> Bool) {
        ownContents.forget(live)
        shadows.forget(live)
        pathShadows.forget(live)
        backdropCachesIfMade?.forget(live)
    }

    private let lock = NSLock()
    private var backdropCachesStorage: RenderCaches?
    private var backdropCachesIfMade: RenderCaches? {
        lock.lock()
        defer { lock.unlock() }
        return backdropCachesStorage
    }

    /// The caches of what backdrops draw again under themselves, at their lower resolution: a
    /// node has one entry here, so sharing them would replace each node's full-resolution content
    /// with its backdrop-resolution one and back on every frame.
    var backdropCaches: RenderCaches {
        lock.lock()
        defer { lock.unlock() }
        if let c = backdropCachesStorage { return c }
        let c = RenderCaches(ownContentBytes: ownContents.byteLimit, shadowBytes: shadows.byteLimit)
        c.isEnabled = ownContents.isEnabled
        backdropCachesStorage = c
        return c
    }
}
