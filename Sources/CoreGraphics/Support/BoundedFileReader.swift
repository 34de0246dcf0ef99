import Foundation

/// Reads whole files with a size limit (SPI for the loaders: archives, their images, image
/// files). At most `limit + 1` bytes are read whatever the file claims to be, so a device or a
/// file that grows while it is read (`/dev/zero`, a pipe) cannot make a loader allocate without
/// bound.
@_spi(Lamina) public enum BoundedFileReader {
    public enum Failure: Error, Equatable {
        /// The file cannot be opened or read.
        case unreadable
        /// The file holds more than `limit` bytes.
        case tooLarge(limit: Int)
    }

    public static func read(_ path: String, limit: Int) -> Result<Data, Failure> {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            return data.count > limit ? .failure(.tooLarge(limit: limit)) : .success(data)
        } catch {
            return .failure(.unreadable)
        }
    }

    /// "64 MiB": a byte count for messages.
    public static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
