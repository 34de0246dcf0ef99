/// The render store's free slots, lowest first: a binary min-heap, so taking the lowest and
/// giving one back cost O(log n) whatever the number free (the store used to sort the whole list
/// again on every commit that freed a layer, O(n log n) each time in a process that had once
/// held many layers).
struct FreeSlots {
    private var heap: [Int32] = []

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }

    /// Takes the lowest free slot, or nil when none is free.
    mutating func popLowest() -> Int32? {
        guard let last = heap.popLast() else { return nil }
        guard !heap.isEmpty else { return last }
        let lowest = heap[0]
        heap[0] = last
        siftDown(0)
        return lowest
    }

    /// Gives a slot back.
    mutating func insert(_ slot: Int32) {
        heap.append(slot)
        var i = heap.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            if heap[p] <= heap[i] { break }
            heap.swapAt(i, p)
            i = p
        }
    }

    /// Gives slots back: one by one when they are few, else appended and the heap rebuilt in
    /// linear time (a commit freeing a large tree).
    mutating func insert(contentsOf slots: [Int32]) {
        guard slots.count > 16, slots.count * 4 > heap.count else {
            for s in slots { insert(s) }
            return
        }
        heap += slots
        var i = heap.count / 2
        while i > 0 { i -= 1; siftDown(i) }
    }

    private mutating func siftDown(_ start: Int) {
        heap.withUnsafeMutableBufferPointer { h in
            var i = start
            let n = h.count
            let v = h[i]
            while true {
                let l = 2 * i + 1
                if l >= n { break }
                var m = l
                if l + 1 < n && h[l + 1] < h[l] { m = l + 1 }
                if h[m] >= v { break }
                h[i] = h[m]
                i = m
            }
            h[i] = v
        }
    }
}
