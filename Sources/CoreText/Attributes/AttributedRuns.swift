@_spi(Lamina) import CoreGraphics

/// Reads an attributed string's runs for the layout (SPI): the one reading `CATextLayer`,
/// `UILabel`, string drawing and `CTLine`/`CTFramesetter` share, so they set text alike.
///
/// Fonts: a `CGFont` (at the default size), a font object (`UIFont`, `CTFont`: its own size)
/// or a font name. Colours: a `CGColor` or a colour object (`UIColor`), under `.foregroundColor`
/// or CoreText's `kCTForegroundColorAttributeName`. Numbers: any numeric type or `NSNumber`.
@_spi(Lamina) public enum AttributedRuns {
    /// The runs of `string` (or of `range` of it), with `font`, `size` and `color` where it sets
    /// none.
    public static func runs(of string: NSAttributedString, range: NSRange? = nil, font: CGFont, size: CGFloat,
                            color: CGColor) -> [LaminaTextRun] {
        var runs: [LaminaTextRun] = []
        let text = string.string as NSString
        string.enumerateAttributes(in: range ?? NSRange(location: 0, length: string.length)) { attrs, r, _ in
            runs.append(run(text.substring(with: r), attributes: attrs, font: font, size: size, color: color))
        }
        return runs
    }

    /// One run of `text` with `attributes`. Callers with an attributes dictionary use this
    /// rather than making an `NSAttributedString`: on Linux, Foundation's attributed strings
    /// never free their attribute values (swift-corelibs-foundation pull request 5256).
    public static func run(_ text: String, attributes attrs: [NSAttributedString.Key: Any], font: CGFont, size: CGFloat,
                           color: CGColor) -> LaminaTextRun {
        let f = self.font(attrs[.font]) ?? (font, size)
        let c = self.color(attrs[.foregroundColor] ?? attrs[NSAttributedString.Key(kCTForegroundColorAttributeName)]) ?? color
        return LaminaTextRun(text: text, font: f.font, size: f.size ?? size, color: c, kern: number(attrs[.kern]),
                             ligatures: number(attrs[.ligature]).map { Int($0.rounded()) } ?? 1,
                             decoration: decoration(attrs),
                             paragraph: (attrs[.paragraphStyle] as? LaminaParagraphStyleProviding)?.laminaParagraphStyle)
    }

    /// A font attribute's font and its own size (nil: the default size).
    public static func font(_ value: Any?) -> (font: CGFont, size: CGFloat?)? {
        switch value {
        case let cg as CGFont: (cg, nil)
        case let p as CATextLayerFontProviding: p.cgFontForTextLayer.map { ($0, p.pointSizeForTextLayer) }
        // A face opened once per process and shared (a layer's font is looked up at each layout).
        case let name as String: CGFont.named(name, size: nil).map { ($0, nil) }
        default: nil
        }
    }

    /// A colour attribute's colour.
    public static func color(_ value: Any?) -> CGColor? {
        guard let value else { return nil }
        if let p = value as? CATextLayerColorProviding { return p.cgColorForTextLayer }
        let object = value as AnyObject
        return object as? CGColor
    }

    /// A numeric attribute's value (finite only).
    public static func number(_ value: Any?) -> CGFloat? {
        let v: CGFloat? = switch value {
        case let n as CGFloat: n
        case let n as Double: CGFloat(n)
        case let n as Float: CGFloat(n)
        case let n as Int: CGFloat(n)
        case let n as NSNumber: CGFloat(n.doubleValue)
        case let r as any RawRepresentable: (r.rawValue as? Int).map { CGFloat($0) }
        default: nil
        }
        return v.flatMap { $0.isFinite ? $0 : nil }
    }

    /// A run's underline, strikethrough, stroke and baseline offset.
    public static func decoration(_ attrs: [NSAttributedString.Key: Any]) -> LaminaTextDecoration {
        func style(_ key: NSAttributedString.Key) -> Int { number(attrs[key]).map { Int($0.rounded()) } ?? 0 }
        return LaminaTextDecoration(underline: style(.underlineStyle), underlineColor: color(attrs[.underlineColor]),
                                    strikethrough: style(.strikethroughStyle), strikethroughColor: color(attrs[.strikethroughColor]),
                                    strokeWidth: number(attrs[.strokeWidth]) ?? 0, strokeColor: color(attrs[.strokeColor]),
                                    baselineOffset: number(attrs[.baselineOffset]) ?? 0,
                                    shadow: (attrs[.shadow] as? LaminaTextShadowProviding)?.laminaTextShadow)
    }
}
