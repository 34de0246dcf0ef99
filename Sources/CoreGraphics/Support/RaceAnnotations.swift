import Foundation

/// Tells ThreadSanitizer about synchronization it cannot see (Lamina SPI); does nothing in
/// builds without it.
///
/// Copy-on-write values (the render tree's arrays) are freed or reused in place once the last
/// copy is gone, which the Swift runtime decides with atomic reference counts in code that is
/// not instrumented. A frame that read the committed tree on a render thread and then let go of
/// it is therefore correctly ordered before the next commit that writes the same storage in
/// place, but ThreadSanitizer would report the read and the write as a race. Frames call
/// ``release(_:)`` when they are done with a tree and commits call ``acquire(_:)`` on the same
/// token, which states that order.
@_spi(Lamina) public enum RaceAnnotations {
    private typealias Hook = @convention(c) (UnsafeMutableRawPointer?) -> Void

    private static let hooks: (acquire: Hook, release: Hook)? = {
        guard let handle = dlopen(nil, RTLD_NOW),
              let a = dlsym(handle, "__tsan_acquire"), let r = dlsym(handle, "__tsan_release") else { return nil }
        return (unsafeBitCast(a, to: Hook.self), unsafeBitCast(r, to: Hook.self))
    }()

    /// A token: the address both sides name.
    public static func makeToken() -> UnsafeMutableRawPointer { .allocate(byteCount: 8, alignment: 8) }

    /// Everything this thread did so far happens before what follows an ``acquire(_:)`` of
    /// `token` on another thread.
    @inline(__always)
    public static func release(_ token: UnsafeMutableRawPointer) { hooks?.release(token) }

    /// See ``release(_:)``.
    @inline(__always)
    public static func acquire(_ token: UnsafeMutableRawPointer) { hooks?.acquire(token) }
}
