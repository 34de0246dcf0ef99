@_implementationOnly import CSDL2
import CoreGraphics
import Foundation
import Synchronization
import QuartzCore

/// A window on the display, through SDL2: pixels go in with ``present(_:damage:)``, input comes
/// out of ``pollEvents()`` and ``waitEvents(timeout:)`` (Lamina API; UIKit's `UIWindow` and
/// `lamina preview` are built on it).
///
/// A window belongs to the thread that made it: present and read events there. Frames are
/// presented through the window surface, copying only the damaged rectangle (the window system
/// keeps the rest), so a frame that changed a few rows costs a few rows.
public final class NativeWindow {
    /// The largest window side in pixels.
    public static let maximumPixelSide = 16_384

    /// Pixels per point.
    public let scale: CGFloat
    /// The window's size in points.
    public private(set) var size: CGSize
    /// Whether the window is open (``close()`` closes it).
    public private(set) var isOpen = true

    /// How frames reach the window.
    public enum Presentation: Equatable, Sendable {
        /// The window system's framebuffer (X11 shared memory), only the damaged rectangle
        /// copied; no vsync. The default.
        case surface
        /// An SDL renderer (the GPU's when there is one, else SDL's software renderer): the
        /// damaged rectangle is copied into a texture, which is drawn and presented, waiting for
        /// the display's vertical blank when `vsync` and the driver can.
        case renderer(vsync: Bool)

        /// `LAMINA_PRESENT=vsync` (or `renderer`) in the environment, else `.surface`.
        public static var fromEnvironment: Presentation {
            switch ProcessInfo.processInfo.environment["LAMINA_PRESENT"]?.lowercased() {
            case "vsync": .renderer(vsync: true)
            case "renderer": .renderer(vsync: false)
            default: .surface
            }
        }
    }
    /// How this window presents.
    public let presentation: Presentation
    /// Whether presents wait for the display's vertical blank (a renderer with vsync that the
    /// driver honours).
    public private(set) var isVsynced = false

    private var window: OpaquePointer?
    private var renderer: OpaquePointer?
    private var texture: OpaquePointer?
    private var textureSize = (0, 0)

    /// Opens a window of `size` points at `scale` pixels per point (the display's scale when nil:
    /// its DPI over 96, rounded, 1…3; `LAMINA_SCALE` overrides it).
    public init(title: String, size: CGSize, scale: CGFloat? = nil, resizable: Bool = true,
                presentation: Presentation = .fromEnvironment) throws(WindowError) {
        if case .failure(let e) = SDLVideo.availability { throw e }
        let s = scale ?? NativeWindow.displayScale()
        guard s.isFinite, s > 0, s <= 8 else { throw .invalidSize("scale \(s) is not in (0, 8]") }
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1 else {
            throw .invalidSize("\(size.width)x\(size.height) points")
        }
        let pw = (size.width * s).rounded(), ph = (size.height * s).rounded()
        let limit = CGFloat(NativeWindow.maximumPixelSide)
        guard pw <= limit, ph <= limit else {
            throw .invalidSize("\(String(format: "%.0f", Double(pw)))x\(String(format: "%.0f", Double(ph))) pixels exceeds \(NativeWindow.maximumPixelSide) per side")
        }
        var flags = SDL_WINDOW_SHOWN.rawValue
        if resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        let pos = lamina_sdl_windowpos_centered()
        SDLVideo.lock.lock()
        defer { SDLVideo.lock.unlock() }
        guard let w = SDL_CreateWindow(title, pos, pos, Int32(pw), Int32(ph), flags) else {
            throw .creationFailed(SDLVideo.lastError)
        }
        window = w
        windowID = SDL_GetWindowID(w)
        self.scale = s
        self.size = CGSize(width: pw / s, height: ph / s)
        self.presentation = presentation
        if case .renderer(let vsync) = presentation {
            let flags = SDL_RENDERER_ACCELERATED.rawValue | (vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0)
            guard let r = SDL_CreateRenderer(w, -1, flags)
                    ?? SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue | (vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0)) else {
                SDL_DestroyWindow(w)
                throw .creationFailed("no SDL renderer: \(SDLVideo.lastError)")
            }
            renderer = r
            var info = SDL_RendererInfo()
            if SDL_GetRendererInfo(r, &info) == 0 { isVsynced = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0 }
        }
        refreshRate = NativeWindow.queryRefreshRate(w)
        SDLEventHub.shared.register(windowID)
    }

    deinit { close() }

    /// The display's scale: `LAMINA_SCALE` when set, else its DPI over 96 rounded to 1, 2 or 3.
    public static func displayScale() -> CGFloat {
        if let v = ProcessInfo.processInfo.environment["LAMINA_SCALE"], let d = Double(v), d.isFinite, d > 0, d <= 8 {
            return CGFloat(d)
        }
        guard SDLVideo.isAvailable else { return 1 }
        var ddpi: Float = 0
        guard SDLVideo.locked({ SDL_GetDisplayDPI(0, &ddpi, nil, nil) }) == 0, ddpi.isFinite, ddpi > 0 else { return 1 }
        return CGFloat(min(3, max(1, (ddpi / 96).rounded())))
    }

    /// The display's refresh rate in hertz (60 when the display does not say), as of the window's
    /// opening or its last move to another display.
    public private(set) var refreshRate: Double = 60

    private static func queryRefreshRate(_ window: OpaquePointer) -> Double {
        var mode = SDL_DisplayMode()
        let index = SDL_GetWindowDisplayIndex(window)
        guard index >= 0, SDL_GetCurrentDisplayMode(index, &mode) == 0, mode.refresh_rate > 0 else { return 60 }
        return Double(mode.refresh_rate)
    }

    /// The window's title.
    public var title: String {
        get { SDLVideo.locked { window.map { String(cString: SDL_GetWindowTitle($0)) } ?? "" } }
        set { SDLVideo.locked { if let window { SDL_SetWindowTitle(window, newValue) } } }
    }

    /// The window's size in pixels.
    public var pixelSize: (width: Int, height: Int) {
        SDLVideo.locked {
            guard let window else { return (0, 0) }
            var w: Int32 = 0, h: Int32 = 0
            SDL_GetWindowSize(window, &w, &h)
            return (Int(w), Int(h))
        }
    }

    /// SDL's id of the window (events name it).
    public let windowID: UInt32

    /// Closes the window (idempotent).
    public func close() {
        SDLVideo.locked {
            guard let w = window else { return }
            if let texture { SDL_DestroyTexture(texture) }
            if let renderer { SDL_DestroyRenderer(renderer) }
            texture = nil
            renderer = nil
            SDL_DestroyWindow(w)
            window = nil
            isOpen = false
            SDLEventHub.shared.unregister(windowID)
        }
    }

    // MARK: Presenting

    /// Copies `image` to the window, only the part inside `damage` (device pixels, the whole image
    /// when nil), and shows it. Pixels are premultiplied, so a transparent image shows over black;
    /// window area the image does not cover is cleared to black.
    public func present(_ image: CGImage, damage: CGRect? = nil) {
        SDLVideo.locked { presentLocked(image, damage: damage) }
    }

    private func presentLocked(_ image: CGImage, damage: CGRect?) {
        if let renderer {
            presentThroughRenderer(renderer, image, damage: damage)
            return
        }
        guard let window, let surface = SDL_GetWindowSurface(window) else { return }
        let sw = Int(surface.pointee.w), sh = Int(surface.pointee.h)
        let iw = min(image.width, sw), ih = min(image.height, sh)
        var area = CGRect(x: 0, y: 0, width: iw, height: ih)
        if let damage { area = area.intersection(damage.integral) }
        var rects: [SDL_Rect] = []
        if !area.isNull, !area.isEmpty, let pixels = RGBA8.bytes(of: image) {
            let x0 = Int(area.minX), y0 = Int(area.minY), w = Int(area.width), h = Int(area.height)
            let locked = lamina_sdl_must_lock(surface) != 0
            if locked { SDL_LockSurface(surface) }
            let pitch = Int(surface.pointee.pitch)
            let bpp = Int(surface.pointee.format.pointee.BytesPerPixel)
            pixels.data.withUnsafeBytes { raw in
                guard let src = raw.baseAddress, let dst = surface.pointee.pixels else { return }
                _ = SDL_ConvertPixels(Int32(w), Int32(h), lamina_sdl_rgba32(),
                                      src + y0 * pixels.bytesPerRow + x0 * 4, Int32(pixels.bytesPerRow),
                                      surface.pointee.format.pointee.format,
                                      dst + y0 * pitch + x0 * bpp, Int32(pitch))
            }
            if locked { SDL_UnlockSurface(surface) }
            rects.append(SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(w), h: Int32(h)))
        }
        // What the image does not cover (a window larger than the frame, just after a resize).
        if iw < sw {
            var r = SDL_Rect(x: Int32(iw), y: 0, w: Int32(sw - iw), h: Int32(sh))
            SDL_FillRect(surface, &r, 0)
            rects.append(r)
        }
        if ih < sh {
            var r = SDL_Rect(x: 0, y: Int32(ih), w: Int32(iw), h: Int32(sh - ih))
            SDL_FillRect(surface, &r, 0)
            rects.append(r)
        }
        guard !rects.isEmpty else { return }
        _ = SDL_UpdateWindowSurfaceRects(window, rects, Int32(rects.count))
    }

    private func presentThroughRenderer(_ renderer: OpaquePointer, _ image: CGImage, damage: CGRect?) {
        guard let pixels = RGBA8.bytes(of: image) else { return }
        var fresh = false
        if texture == nil || textureSize != (image.width, image.height) {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(renderer, lamina_sdl_rgba32(), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        Int32(image.width), Int32(image.height))
            textureSize = (image.width, image.height)
            fresh = true
        }
        guard let texture else { return }
        var area = CGRect(x: 0, y: 0, width: image.width, height: image.height)
        if let damage, !fresh { area = area.intersection(damage.integral) }
        if !area.isNull, !area.isEmpty {
            let x0 = Int(area.minX), y0 = Int(area.minY)
            var rect = SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(area.width), h: Int32(area.height))
            pixels.data.withUnsafeBytes { raw in
                guard let src = raw.baseAddress else { return }
                _ = SDL_UpdateTexture(texture, &rect, src + y0 * pixels.bytesPerRow + x0 * 4, Int32(pixels.bytesPerRow))
            }
        }
        // The texture holds the whole frame; the back buffer is drawn whole from it.
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        var dst = SDL_Rect(x: 0, y: 0, w: Int32(image.width), h: Int32(image.height))
        SDL_RenderCopy(renderer, texture, nil, &dst)
        SDL_RenderPresent(renderer)
    }

    // MARK: Events

    /// The events waiting now (none when there are none; never blocks).
    public func pollEvents() -> [WindowEvent] {
        SDLVideo.locked {
            guard window != nil else { return [] }
            return SDLEventHub.shared.take(windowID).compactMap(convert)
        }
    }

    /// Waits up to `timeout` seconds for an event (or ``wake()``), then returns every waiting
    /// event. SDL is polled every few milliseconds while waiting, outside its lock, so windows on
    /// other threads keep going.
    public func waitEvents(timeout: TimeInterval) -> [WindowEvent] {
        let limit = timeout.isFinite ? max(0, min(timeout, 10)) : 10
        let end = MediaClock.system.now + limit
        while true {
            let events = pollEvents()
            let left = end - MediaClock.system.now
            if !events.isEmpty || left <= 0 || !isOpen { return events }
            SDLEventHub.shared.wait(min(left, 0.004))
            if waker.flag.exchange(false, ordering: .relaxed) { return pollEvents() }
        }
    }

    /// Sleeps up to `seconds` or until a window's ``waker`` is called (any thread): a loop that
    /// runs several windows sleeps here between turns.
    public static func sleep(upTo seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        SDLEventHub.shared.wait(min(seconds, 1))
    }

    /// Wakes this window's wait (any thread).
    public func wake() { waker.wake() }

    /// What wakes this window's ``waitEvents(timeout:)`` from another thread (hand it to that
    /// thread instead of the window).
    public let waker = Waker()

    /// Wakes one window's wait from any thread.
    public final class Waker: Sendable {
        let flag = Atomic<Bool>(false)
        /// Ends the window's current or next wait.
        public func wake() {
            flag.store(true, ordering: .relaxed)
            SDLEventHub.shared.wake()
        }
    }

    private func time(_ ticks: UInt32) -> TimeInterval {
        // SDL stamps events in milliseconds since it started; media time is what UIKit uses.
        let ago = Double(Int64(SDL_GetTicks()) - Int64(ticks)) / 1000
        return CACurrentMediaTime() - max(0, ago)
    }

    private func point(_ x: Int32, _ y: Int32) -> CGPoint {
        CGPoint(x: CGFloat(x) / scale, y: CGFloat(y) / scale)
    }

    private func convert(_ e: SDL_Event) -> WindowEvent? {
        let type = e.type
        switch type {
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let b = e.button
            guard b.windowID == windowID, b.which != lamina_sdl_touch_mouseid() else { return nil }
            let p = point(b.x, b.y)
            if type == SDL_MOUSEBUTTONDOWN.rawValue {
                return .pointerDown(p, button: Int(b.button), clicks: Int(b.clicks), time: time(b.timestamp))
            }
            return .pointerUp(p, button: Int(b.button), time: time(b.timestamp))
        case SDL_MOUSEMOTION.rawValue:
            let m = e.motion
            guard m.windowID == windowID, m.which != lamina_sdl_touch_mouseid() else { return nil }
            return .pointerMoved(point(m.x, m.y), buttons: Int(m.state), time: time(m.timestamp))
        case SDL_MOUSEWHEEL.rawValue:
            let w = e.wheel
            guard w.windowID == windowID else { return nil }
            var x: Int32 = 0, y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            // One wheel notch scrolls 40 points; SDL's y is positive away from the user, which
            // moves the content down (a negative offset change).
            let flip: CGFloat = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            return .scroll(point(x, y), delta: CGVector(dx: CGFloat(w.preciseX) * 40 * flip, dy: -CGFloat(w.preciseY) * 40 * flip),
                           time: time(w.timestamp))
        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
            let f = e.tfinger
            if f.windowID != 0 && f.windowID != windowID { return nil }
            // Finger positions are 0…1 across the window.
            let p = CGPoint(x: CGFloat(f.x) * size.width, y: CGFloat(f.y) * size.height)
            let id = Int(truncatingIfNeeded: f.fingerId)
            switch type {
            case SDL_FINGERDOWN.rawValue: return .touchDown(id: id, p, time: time(f.timestamp))
            case SDL_FINGERMOTION.rawValue: return .touchMoved(id: id, p, time: time(f.timestamp))
            default: return .touchUp(id: id, p, time: time(f.timestamp))
            }
        case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
            let k = e.key
            guard k.windowID == windowID else { return nil }
            let name = String(cString: SDL_GetKeyName(k.keysym.sym))
            let m = Int(k.keysym.mod)
            var mods: KeyModifiers = []
            if m & Int(KMOD_SHIFT.rawValue) != 0 { mods.insert(.shift) }
            if m & Int(KMOD_CTRL.rawValue) != 0 { mods.insert(.control) }
            if m & Int(KMOD_ALT.rawValue) != 0 { mods.insert(.alternate) }
            if m & Int(KMOD_GUI.rawValue) != 0 { mods.insert(.command) }
            if m & Int(KMOD_CAPS.rawValue) != 0 { mods.insert(.capsLock) }
            // Printable keys' SDL key codes are their characters; others have bit 30 set.
            let sym = UInt32(bitPattern: k.keysym.sym)
            let character = sym < 0x4000_0000 && sym >= 0x20 && sym != 0x7F ? Unicode.Scalar(sym).map { String(Character($0)) } ?? "" : ""
            let key = Key(name: name, usage: Int(k.keysym.scancode.rawValue), character: character, modifiers: mods)
            if type == SDL_KEYDOWN.rawValue {
                return .keyDown(key, isRepeat: k.repeat != 0, time: time(k.timestamp))
            }
            return .keyUp(key, time: time(k.timestamp))
        case SDL_TEXTINPUT.rawValue:
            var t = e.text
            guard t.windowID == windowID else { return nil }
            let s = withUnsafeBytes(of: &t.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .text(s)
        case SDL_TEXTEDITING.rawValue:
            var t = e.edit
            guard t.windowID == windowID else { return nil }
            let s = withUnsafeBytes(of: &t.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            // SDL counts the selection in characters (code points); UIKit in UTF-16 units.
            let scalars = Array(s.unicodeScalars)
            func utf16(_ n: Int32) -> Int {
                scalars.prefix(max(0, min(Int(n), scalars.count))).reduce(0) { $0 + $1.utf16.count }
            }
            let start = utf16(t.start), end = utf16(t.start &+ max(0, t.length))
            return .textEditing(s, start: start, length: max(0, end - start))
        case SDL_WINDOWEVENT.rawValue:
            let w = e.window
            guard w.windowID == windowID else { return nil }
            switch UInt32(w.event) {
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
                size = CGSize(width: CGFloat(w.data1) / scale, height: CGFloat(w.data2) / scale)
                return .resized(size)
            case SDL_WINDOWEVENT_EXPOSED.rawValue: return .exposed
            case SDL_WINDOWEVENT_CLOSE.rawValue: return .closeRequested
            case SDL_WINDOWEVENT_DISPLAY_CHANGED.rawValue:
                if let window { refreshRate = NativeWindow.queryRefreshRate(window) }
                return nil
            case SDL_WINDOWEVENT_LEAVE.rawValue: return .pointerLeft
            default: return nil
            }
        case SDL_QUIT.rawValue:
            return .closeRequested
        default:
            return nil
        }
    }
}

/// An image's pixels as premultiplied RGBA, 8 bits per channel (the renderer's format; other
/// formats are redrawn into it).
enum RGBA8 {
    static func bytes(of image: CGImage) -> (data: Data, bytesPerRow: Int)? {
        if image.bitsPerComponent == 8, image.bitsPerPixel == 32,
           image.alphaInfo == .premultipliedLast || image.alphaInfo == .noneSkipLast,
           image.bitmapInfo.intersection(.byteOrderMask).rawValue == 0,
           let data = image.dataProvider?.data, data.count >= image.bytesPerRow * image.height {
            return (data, image.bytesPerRow)
        }
        guard let ctx = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8,
                                  bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        guard let made = ctx.makeImage(), let data = made.dataProvider?.data else { return nil }
        return (data, made.bytesPerRow)
    }
}
