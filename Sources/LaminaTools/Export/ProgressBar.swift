import Foundation

/// A one-line progress bar on standard error, drawn only when standard error is a terminal
/// (quiet in pipes, logs and CI). Any thread may update it.
public final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private let enabled: Bool
    private var lastDrawn = -1

    /// A bar counting to `total`; `enabled` defaults to whether stderr is a terminal.
    public init(total: Int, enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = max(1, total)
        self.enabled = enabled
    }

    /// Shows `done` of the total, with a label (the item being worked on).
    public func update(_ done: Int, _ label: String = "") {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let width = 30
        let filled = min(width, done * width / total)
        guard filled != lastDrawn || !label.isEmpty else { return }
        lastDrawn = filled
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let text = "\r\u{1B}[2K\(bar) \(done)/\(total) \(label.prefix(40))"
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Clears the bar's line.
    public func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
