import Dispatch

/// The one X display the test command runs every test under (`xvfb-run`), taken in turns by the
/// suites that open windows on it: a window one test maps (or an application it launches) can
/// take the keyboard focus or cover another test's window, so a key typed into one test's window
/// could reach another's. Those suites hold the display for each test: ``acquire()`` when the
/// test's suite instance is made, ``release()`` when it goes (a semaphore, so the two may run on
/// different threads).
public enum SharedDisplay {
    private static let turn = DispatchSemaphore(value: 1)

    /// Waits until no other test holds the display, then holds it.
    public static func acquire() { turn.wait() }

    /// Lets the next test have the display.
    public static func release() { turn.signal() }
}
