import Synchronization

/// Where Lamina reports odd but legal input that it refused, clamped or could not render.
///
/// Apple's frameworks raise exceptions or log for such input; a server must not crash, so Lamina
/// keeps going and reports a one-line diagnostic. By default diagnostics go to standard error,
/// each distinct message once per process. Inside ``LaminaDiagnostics/collecting(_:)`` they are
/// collected for the caller instead (tests use this; it is safe with tests running in parallel).
public enum LaminaDiagnostics {
    /// A collector installed for the current task by ``collecting(_:)``.
    public final class Collector: @unchecked Sendable {
        private let messages = Locked<[String]>([])
        /// The messages reported so far.
        public var all: [String] { messages.withLock { $0 } }
        func append(_ m: String) { messages.withLock { $0.append(m) } }
    }

    @TaskLocal static var collector: Collector?
    private static let printed = Locked<Set<String>>([])

    /// How many distinct messages are printed (and remembered, so each prints once); after that
    /// one notice says the rest are dropped, so a long-running process that keeps meeting new
    /// odd values neither grows without bound nor floods its log.
    public static let maximumPrintedMessages = 1000

    /// Reports a diagnostic.
    public static func report(_ message: String) {
        if let c = collector { c.append(message); return }
        if let line = printed.withLock({ printedLine(for: message, remembering: &$0) }) {
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    /// What to print for `message` given the messages printed so far (updated), or nil.
    static func printedLine(for message: String, remembering set: inout Set<String>) -> String? {
        guard set.count < maximumPrintedMessages, set.insert(message).inserted else { return nil }
        return set.count == maximumPrintedMessages
            ? "lamina: warning: \(message)\nlamina: warning: \(maximumPrintedMessages) distinct diagnostics printed; further ones are not\n"
            : "lamina: warning: \(message)\n"
    }

    /// The collector in effect here, to hand to other threads (Lamina SPI: the compositor's
    /// workers report into the collector of the thread that asked for the frame).
    @_spi(Lamina) public static var currentCollector: Collector? { collector }

    /// Runs `body` with `c` collecting diagnostics (nil: the default, standard error).
    @_spi(Lamina) public static func withCollector<T>(_ c: Collector?, _ body: () throws -> T) rethrows -> T {
        try $collector.withValue(c) { try body() }
    }

    /// Runs `body` and returns its result with every diagnostic it reported.
    public static func collecting<T>(_ body: () throws -> T) rethrows -> (result: T, diagnostics: [String]) {
        let c = Collector()
        let r = try $collector.withValue(c) { try body() }
        return (r, c.all)
    }
}
