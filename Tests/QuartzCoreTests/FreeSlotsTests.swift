import Testing
@testable import LaminaRender

/// The render store hands out the lowest free slot (a tree built in order gets ascending,
/// nearby slots) from a heap rather than a list sorted again on every release.
@Suite("Free slots")
struct FreeSlotsTests {
    @Test func theLowestComesFirstWhateverTheOrderOfRelease() {
        var state: UInt64 = 99
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        var heap = FreeSlots()
        var reference: [Int32] = []
        for step in 0..<5_000 {
            if next(3) == 0, !reference.isEmpty {
                let lowest = reference.min()!
                reference.remove(at: reference.firstIndex(of: lowest)!)
                #expect(heap.popLowest() == lowest, "step \(step)")
            } else {
                let slot = Int32(next(10_000))
                reference.append(slot)
                heap.insert(slot)
            }
            #expect(heap.count == reference.count)
        }
        while let lowest = reference.min() {
            reference.remove(at: reference.firstIndex(of: lowest)!)
            #expect(heap.popLowest() == lowest)
        }
        #expect(heap.popLowest() == nil && heap.isEmpty)
    }

    /// A large tree freed at once: the slots appended and the heap rebuilt.
    @Test func manySlotsGivenBackAtOnce() {
        var heap = FreeSlots()
        heap.insert(contentsOf: [40, 7, 19])
        let bulk = (0..<2_000).map { Int32(($0 * 7919) % 10_007) }
        heap.insert(contentsOf: bulk)
        var out: [Int32] = []
        while let s = heap.popLowest() { out.append(s) }
        #expect(out == ([40, 7, 19] + bulk).sorted())
    }
}
