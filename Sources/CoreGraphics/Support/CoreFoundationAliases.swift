/// Core Foundation names that Apple's Swift API uses and Linux lacks.
///
/// They let code written for Apple platforms compile unchanged, e.g. `font.fontName as CFString`
/// or a `CFTimeInterval` duration.

/// A duration or point in time, in seconds (Core Foundation's `CFTimeInterval`).
public typealias CFTimeInterval = Double

/// Core Foundation's generic object reference.
public typealias CFTypeRef = AnyObject

/// Core Foundation's string type. On Linux it is Swift's `String`.
public typealias CFString = String

/// Core Foundation's attributed string type.
public typealias CFAttributedString = NSAttributedString

/// Core Foundation's array type.
public typealias CFArray = NSArray

/// Core Foundation's dictionary type.
public typealias CFDictionary = NSDictionary

/// Core Foundation's data type.
public typealias CFData = Data

/// Core Foundation's signed index type.
public typealias CFIndex = Int
