/// What a paragraph style setting sets (CoreText's raw values).
public enum CTParagraphStyleSpecifier: UInt32, Sendable {
    case alignment = 0, firstLineHeadIndent = 1, headIndent = 2, tailIndent = 3, tabStops = 4, defaultTabInterval = 5
    case lineBreakMode = 6, lineHeightMultiple = 7, maximumLineHeight = 8, minimumLineHeight = 9, lineSpacing = 10
    case paragraphSpacing = 11, paragraphSpacingBefore = 12, baseWritingDirection = 13, maximumLineSpacing = 14
    case minimumLineSpacing = 15, lineSpacingAdjustment = 16, lineBoundsOptions = 17
}

/// A paragraph's writing direction (CoreText's raw values).
public enum CTWritingDirection: Int8, Sendable {
    case natural = -1, leftToRight = 0, rightToLeft = 1
}

/// How lines break or truncate (CoreText's raw values; kept, the layout wraps by words).
public enum CTLineBreakMode: UInt8, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// One setting for `CTParagraphStyleCreate`: what it sets, and a pointer to its value
/// (`CTTextAlignment`, `CTWritingDirection`, `CTLineBreakMode` or `CGFloat`).
public struct CTParagraphStyleSetting {
    public var spec: CTParagraphStyleSpecifier
    public var valueSize: Int
    public var value: UnsafeRawPointer
    public init(spec: CTParagraphStyleSpecifier, valueSize: Int, value: UnsafeRawPointer) {
        self.spec = spec; self.valueSize = valueSize; self.value = value
    }
}

/// A paragraph style (CoreText's `CTParagraphStyle`), for `kCTParagraphStyleAttributeName`:
/// alignment, indents, line heights, spacing and writing direction, as `NSParagraphStyle` sets
/// them. Tab stops and line bounds options are accepted and not used.
public final class CTParagraphStyle: @unchecked Sendable, LaminaParagraphStyleProviding {
    public let laminaParagraphStyle: LaminaParagraphStyle
    init(_ style: LaminaParagraphStyle) { laminaParagraphStyle = style }
}

/// A paragraph style from settings (values of the wrong size are ignored).
public func CTParagraphStyleCreate(_ settings: UnsafePointer<CTParagraphStyleSetting>?, _ settingCount: Int) -> CTParagraphStyle {
    var alignment: CTTextAlignment?
    var lengths: [CTParagraphStyleSpecifier: CGFloat] = [:]
    var direction = LaminaWritingDirection.natural
    for i in 0..<(settings == nil ? 0 : max(0, settingCount)) {
        let s = settings![i]
        switch s.spec {
        case .alignment where s.valueSize == MemoryLayout<CTTextAlignment>.size:
            alignment = CTTextAlignment(rawValue: s.value.load(as: UInt8.self))
        case .baseWritingDirection where s.valueSize == MemoryLayout<CTWritingDirection>.size:
            switch CTWritingDirection(rawValue: s.value.load(as: Int8.self)) {
            case .leftToRight: direction = .leftToRight
            case .rightToLeft: direction = .rightToLeft
            default: direction = .natural
            }
        case .firstLineHeadIndent, .headIndent, .tailIndent, .lineHeightMultiple, .maximumLineHeight, .minimumLineHeight,
             .lineSpacing, .paragraphSpacing, .paragraphSpacingBefore, .lineSpacingAdjustment:
            if s.valueSize == MemoryLayout<CGFloat>.size { lengths[s.spec] = s.value.load(as: CGFloat.self) }
        default: break
        }
    }
    return CTParagraphStyle(LaminaParagraphStyle(
        alignment: alignment, lineSpacing: lengths[.lineSpacingAdjustment] ?? lengths[.lineSpacing] ?? 0,
        paragraphSpacing: lengths[.paragraphSpacing] ?? 0, paragraphSpacingBefore: lengths[.paragraphSpacingBefore] ?? 0,
        lineHeightMultiple: lengths[.lineHeightMultiple] ?? 0, minimumLineHeight: lengths[.minimumLineHeight] ?? 0,
        maximumLineHeight: lengths[.maximumLineHeight] ?? 0, firstLineHeadIndent: lengths[.firstLineHeadIndent] ?? 0,
        headIndent: lengths[.headIndent] ?? 0, tailIndent: lengths[.tailIndent] ?? 0, direction: direction))
}
