import Foundation

/// One instance of `T` per thread, made on first use on that thread and released when the
/// thread ends (Lamina SPI: transaction state, UIKit's graphics context stack).
@_spi(Lamina) public final class PerThread<T: AnyObject>: @unchecked Sendable {
    private let key: pthread_key_t
    private let make: @Sendable () -> T

    public init(_ make: @escaping @Sendable () -> T) {
        var k = pthread_key_t()
        pthread_key_create(&k) { p in
            #if os(Linux)
            guard let p else { return }
            #endif
            Unmanaged<AnyObject>.fromOpaque(p).release()
        }
        key = k
        self.make = make
    }

    /// This thread's instance.
    @inline(__always)
    public var value: T {
        if let p = pthread_getspecific(key) { return Unmanaged<T>.fromOpaque(p).takeUnretainedValue() }
        let v = make()
        pthread_setspecific(key, Unmanaged.passRetained(v).toOpaque())
        return v
    }
}
