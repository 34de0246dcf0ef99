@_spi(Lamina) import CoreGraphics
import Foundation
import LaminaWindow
import QuartzCore

/// `lamina preview ARCHIVE`: a Core Animation archive playing live in a window, reloaded when the
/// file changes on disk (Lamina API).
///
/// Keys: 0 shows the base state, 1–9 the archive's states in order, → and ← the next and
/// previous state (each change runs the archive's transition); Space pauses and resumes, `.`
/// steps one frame while paused, S toggles slow motion (a tenth of the speed), R reloads. The
/// title shows the state, and the layer under the pointer (name, class and frame, by
/// `hitTest`). When the file changes it is reloaded, keeping the state shown; if the new file
/// does not load, the previous version stays on screen and the error is in the title and on
/// standard error.
public final class ArchivePreview {
    /// The archive file (a .caml file, or a .ca folder's main.caml).
    public let url: URL
    /// The document shown.
    public private(set) var document: CAMLDocument
    /// Why the last reload failed, nil when it did not.
    public private(set) var reloadError: String?
    /// How many times the file was reloaded successfully.
    public private(set) var reloads = 0
    /// The host (speed, pause, statistics).
    public let host: LayerWindowHost
    /// The layer under the pointer, as last found.
    public private(set) var hovered: CALayer?

    private let scale: CGFloat
    private var stamp: Date?
    private var lastCheck = 0.0
    private let log: (String) -> Void

    /// Loads the archive and opens its window (the root layer's size, at `scale` or the
    /// display's). Throws `CAMLError` for a bad archive and `WindowError` without a display.
    public init(url: URL, scale: CGFloat? = nil, log: @escaping (String) -> Void = { FileHandle.standardError.write(Data("lamina: \($0)\n".utf8)) }) throws {
        self.url = url
        self.log = log
        document = try CAMLDocument(contentsOf: url)
        let size = document.rootLayer.bounds.size
        let window = try NativeWindow(title: url.lastPathComponent, size: CGSize(width: max(1, size.width), height: max(1, size.height)), scale: scale)
        self.scale = window.scale
        host = LayerWindowHost(driver: FrameDriver(layer: document.rootLayer, scale: window.scale), window: window)
        host.title = url.lastPathComponent
        stamp = ArchivePreview.modificationDate(of: url)
        host.onEvent = { [unowned self] e in self.handle(e) }
        host.beforeFrame = { [unowned self] _ in self.checkForChanges() }
        updateTitle()
    }

    /// Runs until the window closes (or for `seconds`).
    public func run(seconds: Double? = nil) {
        if let seconds { host.run(forSeconds: seconds) } else { host.run() }
    }

    /// Shows state `name` (nil: the base state) with the archive's transition.
    public func show(state name: String?) {
        host.driver.run {
            document.transition(to: name)
            CATransaction.flush()
        }
        updateTitle()
    }

    /// Reloads the file now: on success the new tree replaces the old in the same state; on
    /// failure the old stays and ``reloadError`` says why.
    public func reload() {
        stamp = ArchivePreview.modificationDate(of: url)
        let state = document.currentState
        do {
            let d = try CAMLDocument(contentsOf: url)
            let driver = FrameDriver(layer: d.rootLayer, scale: scale, startTime: host.driver.time)
            driver.run {
                if let state, d.stateNames.contains(state) { d.setState(state) }
                CATransaction.flush()
            }
            document = d
            host.driver = driver
            reloadError = nil
            reloads += 1
            log("reloaded \(url.lastPathComponent)")
        } catch {
            reloadError = "\(error)"
            log("\(url.lastPathComponent) did not reload: \(error); the previous version stays")
        }
        updateTitle()
    }

    func checkForChanges() {
        let now = MediaClock.system.now
        guard now - lastCheck >= 0.25 else { return }
        lastCheck = now
        let s = ArchivePreview.modificationDate(of: url)
        if s != stamp { reload() }
    }

    func handle(_ e: WindowEvent) {
        switch e {
        case let .keyDown(key, isRepeat, _):
            handleKey(key.name, isRepeat: isRepeat)
        case let .pointerMoved(p, _, _):
            hover(at: p)
        case .pointerLeft:
            hovered = nil
            updateTitle()
        default: break
        }
    }

    /// Acts on a key by its name as SDL gives it ("Space", "Right", "1", "S"…).
    public func handleKey(_ key: String, isRepeat: Bool = false) {
        let names = document.stateNames
        switch key.lowercased() {
        case "space": if !isRepeat { host.isPaused.toggle() }
        case ".", "period": host.step(by: 1 / 60)
        case "s": if !isRepeat { host.speed = host.speed < 1 ? 1 : 0.1 }
        case "r": if !isRepeat { reload() }
        case "0": show(state: nil)
        case "right", "left":
            let all: [String?] = [nil] + names.map { Optional($0) }
            let i = all.firstIndex { $0 == document.currentState } ?? 0
            let next = key.lowercased() == "right" ? (i + 1) % all.count : (i + all.count - 1) % all.count
            show(state: all[next])
        default:
            if let n = Int(key), (1...9).contains(n), n <= names.count { show(state: names[n - 1]) }
        }
        updateTitle()
    }

    /// Finds the layer at `point` (window points) with `hitTest` on the model tree.
    public func hover(at point: CGPoint) {
        let root = document.rootLayer
        let b = root.bounds
        let inRoot = CGPoint(x: point.x + b.minX, y: point.y + b.minY)
        let hit = root.hitTest(root.convert(inRoot, to: root.superlayer))
        if hit !== hovered {
            hovered = hit
            updateTitle()
        }
    }

    private func updateTitle() {
        var parts = [url.lastPathComponent, "state: \(document.currentState ?? "base")"]
        if host.isPaused { parts.append("paused") }
        if host.speed < 1 { parts.append("slow motion") }
        if let h = hovered {
            let f = h.frame
            parts.append("\(h.name ?? "unnamed") (\(type(of: h))) \(Int(saturating: f.minX)),\(Int(saturating: f.minY)) \(Int(saturating: f.width))×\(Int(saturating: f.height))")
        }
        if let e = reloadError { parts.append("reload failed: \(e)") }
        host.title = parts.joined(separator: " · ")
    }

    static func modificationDate(of url: URL) -> Date? {
        var u = url
        if (try? u.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { u = u.appendingPathComponent("main.caml") }
        return (try? FileManager.default.attributesOfItem(atPath: u.path))?[.modificationDate] as? Date
    }
}
