/// Frees a tree of layers without recursion. Releasing a layer releases its sublayers and
/// mask from inside its `deinit`, so a chain of 100,000 layers would free itself 100,000
/// frames deep and overflow the stack. Instead, a `deinit` hands its sublayers and mask to this
/// thread's queue; the outermost `deinit` on the thread drains the queue in a loop, so each
/// released layer's own `deinit` only adds to the queue.
@_spi(Lamina) public final class LayerTeardown {
    private var pending: [AnyObject] = []
    private var draining = false
    private static let perThread = PerThread { LayerTeardown() }

    /// Releases `objects` (moved out of the caller) once the current teardown, if any, has
    /// returned to its loop.
    @_spi(Lamina) public static func release(_ objects: inout [AnyObject]) {
        guard !objects.isEmpty else { return }
        let t = perThread.value
        t.pending.append(contentsOf: objects)
        objects = []
        guard !t.draining else { return }
        t.draining = true
        while !t.pending.isEmpty {
            // Dropping the last reference here runs that object's deinit, which only appends.
            _ = t.pending.removeLast()
        }
        t.pending = []
        t.draining = false
    }
}
