/// Transparency-layer and shadow buffers kept for reuse by every context in the process. A
/// compositor draws each band of a frame with a context of its own, so a pool per context
/// would hand the system a fresh buffer (and its page faults) for every band of every frame.
/// At most ``maximumBytes`` are kept; a buffer is given to one context at a time.
enum OffscreenBuffers {
    /// The most memory kept for reuse: 64 MiB (a few full-screen buffers of a 1179x2556 bitmap).
    static let maximumBytes = 64 << 20
    private struct Pool {
        /// Addresses (as integers: pointers are not Sendable) by size.
        var buffers: [Int: [UInt]] = [:]
        var bytes = 0
    }
    /// Locked with a pthread mutex (`Locked`), which ThreadSanitizer sees.
    private static let pool = Locked(Pool())

    /// A buffer of `byteCount` bytes (16-byte aligned), its contents unspecified.
    static func take(_ byteCount: Int) -> UnsafeMutableRawPointer {
        let reused: UInt? = pool.withLock { p in
            guard let b = p.buffers[byteCount]?.popLast() else { return nil }
            p.bytes -= byteCount
            return b
        }
        if let reused, let b = UnsafeMutableRawPointer(bitPattern: reused) { return b }
        return UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
    }

    /// Returns a buffer taken with ``take(_:)`` (freed when the pool is full).
    static func give(_ buffer: UnsafeMutableRawPointer, byteCount: Int) {
        let address = UInt(bitPattern: buffer)
        let kept = pool.withLock { p -> Bool in
            guard p.bytes + byteCount <= maximumBytes else { return false }
            p.buffers[byteCount, default: []].append(address)
            p.bytes += byteCount
            return true
        }
        if !kept { buffer.deallocate() }
    }
}
