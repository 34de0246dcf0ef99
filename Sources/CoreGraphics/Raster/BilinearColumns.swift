@_implementationOnly import CLaminaRaster

/// The C bilinear loop's table of columns and horizontal weights for one image drawing: the rows
/// of a scaled, unrotated image start at the same position, so their columns are worked out once
/// (``ImagePainter`` owns one; used by one drawing on one thread).
final class BilinearColumns: @unchecked Sendable {
    /// The C table (nil when memory ran out: spans then sample without one).
    let table: OpaquePointer?

    init() { table = lamina_bilinear_columns_new() }

    deinit { lamina_bilinear_columns_free(table) }
}
