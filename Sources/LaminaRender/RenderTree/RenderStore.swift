import Foundation
import Synchronization
@_spi(Lamina) import CoreGraphics

/// The committed layer trees, as the renderer sees them: Lamina's counterpart of Core
/// Animation's render server. Every commit, on any thread, encodes what changed and applies it
/// here under one lock; a renderer takes a snapshot (a copy of the tree, made in constant time)
/// and draws from it without holding the lock and without ever touching a layer, so layers may
/// change on their own threads while frames render.
///
/// Layers get a slot the first time they are committed; a layer that is freed gives its slot
/// back at the next commit or snapshot.
package final class RenderStore: Sendable {
    /// The store every layer commits to.
    package static let shared = RenderStore()

    /// Frames release it when they let go of a tree; commits acquire it before writing the
    /// tree (see ``RaceAnnotations``: storage shared by copy on write).
    nonisolated(unsafe) package static let treeToken = RaceAnnotations.makeToken()

    private struct State: @unchecked Sendable {
        var tree = RenderTree()
        var freeSlots = FreeSlots()
        var nextSlot: Int32 = 0
        var pendingReleases: [Int32] = []
        var commits = 0
    }
    private let state = Locked(State())

    package init() {}

    /// A slot for a layer committed for the first time: the lowest free one, so a tree built
    /// in order gets ascending, nearby slots (its frames then walk the columns in order).
    package func allocateSlot() -> Int32 {
        state.withLock { s in
            if let slot = s.freeSlots.popLowest() { return slot }
            defer { s.nextSlot += 1 }
            return s.nextSlot
        }
    }

    /// A layer holding `slot` was freed (called from its `deinit`, on any thread).
    package func release(_ slot: Int32) {
        state.withLock { $0.pendingReleases.append(slot) }
    }

    /// Applies a commit's update.
    package func commit(_ update: RenderUpdate) {
        state.withLock { s in
            RaceAnnotations.acquire(RenderStore.treeToken)
            var u = update
            u.released += s.pendingReleases
            s.pendingReleases = []
            s.tree.apply(u)
            s.freeSlots.insert(contentsOf: u.released)
            s.commits += 1
        }
    }

    /// The committed trees as they are now (frees the slots of layers that are gone first).
    package func snapshot() -> RenderTree {
        state.withLock { s in
            if !s.pendingReleases.isEmpty {
                RaceAnnotations.acquire(RenderStore.treeToken)
                var u = RenderUpdate()
                u.released = s.pendingReleases
                s.pendingReleases = []
                s.tree.apply(u)
                s.freeSlots.insert(contentsOf: u.released)
            }
            return s.tree
        }
    }

    /// Lets go of a copy of the committed tree, or of columns that share its storage (a frame's
    /// values until evaluation writes them), replacing it by `empty` under the store's lock: a
    /// commit then either still sees the storage shared and copies it, or runs after and writes
    /// it in place once the reader is done with it, ordered by the lock (which ThreadSanitizer
    /// sees; it cannot see the reference counts that order copy on write).
    package func letGo<Storage>(_ storage: inout Storage, emptying empty: Storage) {
        state.withLock { _ in storage = empty }
    }

    /// How many commits have been applied (statistics and tests).
    package var commitCount: Int { state.withLock { $0.commits } }
}
