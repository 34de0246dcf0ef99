@_spi(Lamina) import CoreGraphics

/// Core Foundation's URL type: on Linux, Foundation's `URL` (`url as CFURL` compiles as on Apple).
public typealias CFURL = URL
/// Core Foundation's error type: on Linux, Foundation's `NSError` (`Unmanaged<CFError>` works as on Apple).
public typealias CFError = NSError

/// How long a registration lasts (CoreText's `CTFontManagerScope`). Lamina keeps every
/// registration for the life of the process: `.persistent`, `.user` and `.session` act as
/// `.process`, as there is no font server to remember them.
public struct CTFontManagerScope: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let none = CTFontManagerScope(rawValue: 0)
    public static let process = CTFontManagerScope(rawValue: 1)
    public static let persistent = CTFontManagerScope(rawValue: 2)
    public static let session = CTFontManagerScope(rawValue: 3)
    public static let user = CTFontManagerScope(rawValue: 2)
}

/// The error domain of font registration (CoreText's `kCTFontManagerErrorDomain`).
public let kCTFontManagerErrorDomain: CFString = "com.apple.CoreText.CTFontManagerErrorDomain"

/// Why a registration failed (CoreText's `CTFontManagerError` codes).
public enum CTFontManagerError: Int, Sendable {
    case fileNotFound = 101
    case insufficientPermissions = 102
    case unrecognizedFormat = 103
    case invalidFontData = 104
    case alreadyRegistered = 105
    case exceededResourceLimit = 106
    case notRegistered = 201
    case inUse = 202
    case systemRequired = 203
}

/// Registers the fonts in the file at `fontURL`, so `UIFont(name:size:)`,
/// `CTFontCreateWithName` and attributed strings find each face by its PostScript, full or
/// family name. On failure returns false and, through `error`, an error of
/// `kCTFontManagerErrorDomain` (a missing file, a file that is not a font, a file larger than
/// `CGFont.maximumDataSize`, fonts already registered).
@discardableResult
public func CTFontManagerRegisterFontsForURL(_ fontURL: CFURL, _ scope: CTFontManagerScope,
                                             _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    let path = fontURL.path
    let out = error
    let faces: [FontCatalog.Face]
    do {
        faces = try FontCatalog.read(file: path, origin: .registered)
    } catch {
        let code: CTFontManagerError
        switch error {
        case .fileNotFound: code = .fileNotFound
        case .tooLarge: code = .exceededResourceLimit
        case .unreadable: code = .insufficientPermissions
        case .notAFont: code = .unrecognizedFormat
        }
        return FontRegistration.fail(code, "\(error)", url: fontURL, out)
    }
    let registered = FontCatalog.shared.faces(from: .registered)
    if registered.contains(where: { if case .file(path, _) = $0.location { return true }; return false }) {
        return FontRegistration.fail(.alreadyRegistered, "\(path): already registered", url: fontURL, error)
    }
    FontCatalog.shared.add(faces)
    return true
}

/// Unregisters the fonts registered from `fontURL`; false (with `.notRegistered`) when none were.
@discardableResult
public func CTFontManagerUnregisterFontsForURL(_ fontURL: CFURL, _ scope: CTFontManagerScope,
                                               _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    let path = fontURL.path
    let removed = FontCatalog.shared.remove { face in
        guard face.origin == .registered, case .file(path, _) = face.location else { return false }
        return true
    }
    guard removed > 0 else { return FontRegistration.fail(.notRegistered, "\(path): not registered", url: fontURL, error) }
    return true
}

/// Registers a font made from data (`CGFont(CGDataProvider)`), so it is found by its names as
/// `CTFontManagerRegisterFontsForURL` makes a file's fonts found. False (with
/// `.alreadyRegistered`) when a registered font has the same PostScript name, or
/// (`.invalidFontData`) when the font was not made from data.
@discardableResult
public func CTFontManagerRegisterGraphicsFont(_ font: CGFont, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    guard let data = font.sourceData else {
        return FontRegistration.fail(.invalidFontData, "\(font.familyName): not made from font data", url: nil, error)
    }
    let out = error
    let faces: [FontCatalog.Face]
    do {
        faces = try FontCatalog.read(data: data, label: font.familyName, origin: .registered)
    } catch {
        return FontRegistration.fail(.invalidFontData, "\(error)", url: nil, out)
    }
    let names = Set(faces.map(\.postScriptName))
    if FontCatalog.shared.faces(from: .registered).contains(where: { names.contains($0.postScriptName) }) {
        return FontRegistration.fail(.alreadyRegistered, "\(names.sorted().joined(separator: ", ")): already registered", url: nil, error)
    }
    FontCatalog.shared.add(faces)
    return true
}

/// Unregisters a font registered with `CTFontManagerRegisterGraphicsFont`.
@discardableResult
public func CTFontManagerUnregisterGraphicsFont(_ font: CGFont, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    let name = font.postScriptName ?? font.familyName
    let removed = FontCatalog.shared.remove { face in
        guard face.origin == .registered, case .data = face.location else { return false }
        return face.postScriptName == name
    }
    guard removed > 0 else { return FontRegistration.fail(.notRegistered, "\(name): not registered", url: nil, error) }
    return true
}

/// The PostScript names of the fonts registered or found by path (CoreText's
/// `CTFontManagerCopyAvailablePostScriptNames` lists every installed font; Lamina lists those it
/// knows without asking fontconfig).
public func CTFontManagerCopyAvailablePostScriptNames() -> CFArray {
    NSArray(array: FontCatalog.shared.faces().map { $0.postScriptName as NSString })
}

enum FontRegistration {
    /// Reports a failed registration: false, and `error` set to one of the font manager's.
    static func fail(_ code: CTFontManagerError, _ message: String, url: URL?,
                     _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
        var info: [String: Any] = [NSLocalizedDescriptionKey: message]
        if let url { info[NSURLErrorKey] = url }
        error?.pointee = Unmanaged.passRetained(NSError(domain: kCTFontManagerErrorDomain, code: code.rawValue, userInfo: info))
        return false
    }
}
