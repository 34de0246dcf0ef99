/// A context's storage for stroking, reused from stroke to stroke: the outline's points and
/// polygon ends and the flattened polyline, each empty between strokes with its capacity kept
/// (up to ``keptPoints`` points, so one huge stroke does not hold its memory for good).
struct StrokeBuffers {
    var points: [CGPoint] = []
    var ends: [Int] = []
    var polyline: [CGPoint] = []
    /// The most points (or ends) whose storage is kept for the next stroke: 64 Ki (1 MiB).
    static let keptPoints = 1 << 16

    /// The polyline's storage, taken out (left empty here until ``keep(_:polyline:)``).
    mutating func takePolyline() -> [CGPoint] {
        var taken: [CGPoint] = []
        swap(&taken, &polyline)
        return taken
    }

    /// Takes the stroker's outline storage and the polyline's back, emptied (each dropped when
    /// over ``keptPoints``).
    mutating func keep(_ stroker: inout Stroker, polyline taken: inout [CGPoint]) {
        swap(&points, &stroker.points)
        swap(&ends, &stroker.ends)
        swap(&polyline, &taken)
        StrokeBuffers.empty(&points)
        StrokeBuffers.empty(&ends)
        StrokeBuffers.empty(&polyline)
    }

    /// Empties `a`, keeping its storage unless it holds more than ``keptPoints`` (nothing to do,
    /// and no call into the array's range replacement, when it is empty already).
    static func empty<T>(_ a: inout [T]) {
        if a.capacity > keptPoints { a = [] } else if !a.isEmpty { a.removeAll(keepingCapacity: true) }
    }
}
