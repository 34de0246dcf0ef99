import Foundation
import Synchronization
import LaminaWindow
import QuartzCore

/// Runs an application as iOS's `UIApplicationMain` does, with the delegate made by the caller:
/// sends it `application(_:didFinishLaunchingWithOptions:)` and runs the main loop (input,
/// timers, blocks on the main queue, `CADisplayLink`s, animation events, commits and frames)
/// until the last on-screen window is closed; then sends `applicationWillTerminate(_:)` and
/// returns 0.
///
/// ```swift
/// // main.swift
/// exit(UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, AppDelegate()))
/// ```
///
/// Lamina's form: iOS names the delegate's class and makes it through the Objective-C runtime
/// (and `@main` on the delegate does the same), which Swift on Linux cannot do for a class
/// whose `init()` is not `required`. Windows made key and visible while the loop runs open on
/// the display when there is one (see `UIWindow.makeKeyAndVisible()`); without a display it
/// launches, prints why nothing can be shown, and returns 1. `principalClassName` must be nil or
/// `UIApplication`.
@MainActor
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, _ delegate: any UIApplicationDelegate) -> Int32 {
    if let p = principalClassName, p != "UIApplication", p != "UIKit.UIApplication" {
        LaminaDiagnostics.report("UIApplicationMain: principal class \(p) is not supported; UIApplication is used")
    }
    return UIApplication.shared.runMain(delegate: delegate)
}

/// iOS's form, with the delegate's class name: Lamina cannot make an object from a class name
/// (see the form that takes a delegate). Prints how to call it instead and returns 1.
@MainActor
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, _ delegateClassName: String?) -> Int32 {
    FileHandle.standardError.write(Data("UIApplicationMain: Lamina cannot make the delegate from its class name \(delegateClassName ?? "nil") on Linux; pass the delegate itself: UIApplicationMain(argc, argv, nil, AppDelegate())\n".utf8))
    return 1
}

extension UIApplication {
    /// Whether the main loop runs (`UIApplicationMain(_:_:_:_:)` or `@main`): windows made key
    /// and visible then go on screen (Lamina API).
    public internal(set) static var isRunningMainLoop: Bool {
        get { mainLoop.withLock { $0 } }
        set { mainLoop.withLock { $0 = newValue } }
    }
    private static let mainLoop = Mutex(false)

    /// The application's media clock while the main loop runs: manual, started at the system
    /// clock's time at launch and moved by the on-screen window at real speed, and the current
    /// clock for everything the loop runs (launch, input, timers, display links).
    var mainClock: MediaClock { UIApplication.appClock.withLock { $0 } }
    private static let appClock = Mutex(MediaClock(manualAt: 0))

    /// Launches with `delegate` and runs the main loop until no on-screen window is left.
    func runMain(delegate: (any UIApplicationDelegate)?) -> Int32 {
        let clock = MediaClock(manualAt: MediaClock.system.now)
        UIApplication.appClock.withLock { $0 = clock }
        return clock.run { runMainOnClock(delegate: delegate) }
    }

    private func runMainOnClock(delegate: (any UIApplicationDelegate)?) -> Int32 {
        self.delegate = delegate
        UIApplication.isRunningMainLoop = true
        defer { UIApplication.isRunningMainLoop = false }
        if case .failure(let why) = SDLVideo.availability {
            FileHandle.standardError.write(Data("lamina: \(why); the application has nothing to show on (render its windows offscreen instead)\n".utf8))
            _ = delegate?.application(self, didFinishLaunchingWithOptions: nil)
            return 1
        }
        guard delegate?.application(self, didFinishLaunchingWithOptions: nil) ?? true else { return 0 }
        // The delegate's window, if it made one and did not show it, is shown as iOS would
        // show a storyboard's.
        if let w = delegate?.window, !w.isOnScreen { w.makeKeyAndVisible() }
        // Every window on screen gets a turn each time round; the thread sleeps until the
        // earliest refresh or an event.
        while UIApplication.isRunningMainLoop {
            let shown = windows.filter(\.isOnScreen)
            if shown.isEmpty { break }
            _ = RunLoop.current.run(mode: .default, before: Date())
            for w in shown {
                guard let host = w.screenHost else { continue }
                host.turn(waitingAtMost: 0)
                if host.isStopRequested || !host.window.isOpen { w.closeOnScreen() }
            }
            let next = windows.compactMap { $0.screenHost?.nextRefreshTime }.min() ?? MediaClock.system.now
            NativeWindow.sleep(upTo: min(max(0, next - MediaClock.system.now), 0.004))
        }
        for w in windows where w.isOnScreen { w.closeOnScreen() }
        delegate?.applicationWillTerminate(self)
        return 0
    }

    /// Ends the main loop after the current turn (Lamina API; iOS apps do not quit themselves).
    public func terminate() { UIApplication.isRunningMainLoop = false }
}
