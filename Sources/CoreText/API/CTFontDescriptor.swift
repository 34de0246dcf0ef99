/// A description of a font by attributes (CoreText's `CTFontDescriptor`): Lamina reads the name
/// (`kCTFontNameAttribute`, else `kCTFontFamilyNameAttribute`) and the size
/// (`kCTFontSizeAttribute`), and keeps the other attributes as given.
public final class CTFontDescriptor: @unchecked Sendable {
    let attributes: [String: Any]
    init(_ attributes: [String: Any]) { self.attributes = attributes }
}

/// The font's PostScript name (a `CFString`).
public let kCTFontNameAttribute: CFString = "NSFontNameAttribute"
/// The font's family name.
public let kCTFontFamilyNameAttribute: CFString = "NSFontFamilyAttribute"
/// The font's size in points (a number).
public let kCTFontSizeAttribute: CFString = "NSFontSizeAttribute"
/// The font's display name.
public let kCTFontDisplayNameAttribute: CFString = "NSFontVisibleNameAttribute"

/// A descriptor naming a font and a size.
public func CTFontDescriptorCreateWithNameAndSize(_ name: CFString, _ size: CGFloat) -> CTFontDescriptor {
    CTFontDescriptor([kCTFontNameAttribute: name, kCTFontSizeAttribute: size])
}

/// A descriptor with attributes (keys are the `kCTFont…Attribute` names).
public func CTFontDescriptorCreateWithAttributes(_ attributes: CFDictionary) -> CTFontDescriptor {
    var out: [String: Any] = [:]
    for (k, v) in attributes { if let key = k as? String { out[key] = v } }
    return CTFontDescriptor(out)
}

/// One attribute of a descriptor.
public func CTFontDescriptorCopyAttribute(_ descriptor: CTFontDescriptor, _ attribute: CFString) -> CFTypeRef? {
    descriptor.attributes[attribute].map { $0 as AnyObject }
}

/// All attributes of a descriptor.
public func CTFontDescriptorCopyAttributes(_ descriptor: CTFontDescriptor) -> CFDictionary {
    NSDictionary(dictionary: descriptor.attributes)
}

/// The font a descriptor describes, at `size` (0: the descriptor's size, else 12).
public func CTFontCreateWithFontDescriptor(_ descriptor: CTFontDescriptor, _ size: CGFloat,
                                           _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    let name = (descriptor.attributes[kCTFontNameAttribute] ?? descriptor.attributes[kCTFontFamilyNameAttribute]) as? String ?? "Helvetica"
    let own = AttributedRuns.number(descriptor.attributes[kCTFontSizeAttribute]) ?? 0
    return CTFontCreateWithName(name, size > 0 ? size : own, matrix)
}

/// A descriptor of a font (its PostScript name and size).
public func CTFontCopyFontDescriptor(_ font: CTFont) -> CTFontDescriptor {
    CTFontDescriptor([kCTFontNameAttribute: CTFontCopyPostScriptName(font), kCTFontFamilyNameAttribute: CTFontCopyFamilyName(font),
                      kCTFontSizeAttribute: font.size])
}
