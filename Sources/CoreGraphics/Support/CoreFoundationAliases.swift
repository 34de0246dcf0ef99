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

/// The number of values in `theArray` (Core Foundation's `CFArrayGetCount`); 0 for nil.
public func CFArrayGetCount(_ theArray: CFArray!) -> CFIndex {
    guard let theArray else { return 0 }
    return theArray.count
}

/// The value at `idx` of `theArray` as Core Foundation hands it out: a pointer to the object,
/// which code turns back with `unsafeBitCast(_:to:)` (`unsafeBitCast(CFArrayGetValueAtIndex(lines, i),
/// to: CTLine.self)`). The array keeps the object alive. Values that are not objects (Swift
/// values boxed on the way out) and indices out of range give nil (Core Foundation's behaviour
/// there is undefined), with a diagnostic for the index.
public func CFArrayGetValueAtIndex(_ theArray: CFArray!, _ idx: CFIndex) -> UnsafeRawPointer! {
    guard let theArray, idx >= 0, idx < theArray.count else {
        LaminaDiagnostics.report("CFArrayGetValueAtIndex: index \(idx) is outside the array (\(theArray?.count ?? 0) values)")
        return nil
    }
    let value = theArray.object(at: idx)
    guard type(of: value) is AnyClass else { return nil }
    return UnsafeRawPointer(Unmanaged.passUnretained(value as AnyObject).toOpaque())
}
