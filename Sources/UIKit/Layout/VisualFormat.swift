import Foundation

extension NSLayoutConstraint {
    /// Options for `constraints(withVisualFormat:options:metrics:views:)`: how the views of a
    /// format are aligned across it, which way a horizontal format runs, and whether vertical
    /// spacing is measured between baselines (UIKit's `NSLayoutConstraint.FormatOptions`, with its
    /// raw values).
    public struct FormatOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Every view's left edge equal to the next one's.
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        /// Every view's right edge equal to the next one's.
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        /// Every view's top equal to the next one's.
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        /// Every view's bottom equal to the next one's.
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        /// Every view's leading edge equal to the next one's.
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        /// Every view's trailing edge equal to the next one's.
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        /// Every view's horizontal centre equal to the next one's.
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        /// Every view's vertical centre equal to the next one's.
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        /// Every view's last baseline equal to the next one's.
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        /// Every view's first baseline equal to the next one's.
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        /// The alignment bits.
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)
        /// A horizontal format runs from the leading edge to the trailing edge (the default).
        public static let directionLeadingToTrailing = FormatOptions([])
        /// A horizontal format runs from left to right whatever the layout direction.
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        /// A horizontal format runs from right to left whatever the layout direction.
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        /// The direction bits.
        public static let directionMask = FormatOptions(rawValue: 3 << 16)
        /// Vertical spacing between edges (the default).
        public static let spacingEdgeToEdge = FormatOptions([])
        /// Vertical spacing from one view's last baseline to the next one's first baseline.
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
        /// The spacing bits.
        public static let spacingMask = FormatOptions(rawValue: 1 << 19)
    }
}

/// The visual format language: reads a format such as `H:|-[find]-[findNext]-[field(>=20)]-|`
/// into constraints, with UIKit's grammar and error messages.
///
/// `|` is the superview's edge; `-` alone is the standard spacing (8 points between siblings; to
/// the superview, its layout margin); `-N-` or `-(predicates)-` a spacing; `[view(predicates)]`
/// a view with predicates on its width (height in a `V:` format). A predicate is
/// `relation? (number | metric | view) (@priority)?`. Nothing in a format may be a space.
@MainActor
@_spi(Lamina) public struct VisualFormatParser {
    /// Why a format could not be read: UIKit's whole exception reason.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private struct Spec {
        var relation = NSLayoutConstraint.Relation.equal
        var constant: CGFloat = 0
        var priority = UILayoutPriority.required
        var view: AnyObject?
        var standard = false
    }

    private let line: String
    private let chars: [UInt8]
    private let options: NSLayoutConstraint.FormatOptions
    private let metrics: [String: Any]
    private let views: [String: Any]
    private var at = 0
    private var horizontal = true
    /// Whether the predicates read are a view's own (where another view may be named).
    private var inViewPredicates = false
    private var pending: [Spec] = []
    private var constraints: [NSLayoutConstraint] = []
    private var sizeConstraints: [NSLayoutConstraint] = []
    private var alignment: [NSLayoutConstraint] = []

    /// The constraints `format` describes, or the reason it cannot be read.
    public static func constraints(_ format: String, options: NSLayoutConstraint.FormatOptions, metrics: [String: Any]?,
                            views: [String: Any]) -> Result<[NSLayoutConstraint], Failure> {
        if format.isEmpty { return .failure(Failure(description: "Unable to parse constraint format: It's an empty string.")) }
        guard format.utf8.allSatisfy({ $0 < 0x80 }) else {
            return .failure(Failure(description: "Unable to parse constraint format: It contains non-ASCII characters."))
        }
        var parser = VisualFormatParser(line: format, chars: Array(format.utf8), options: options,
                                        metrics: metrics ?? [:], views: views)
        do {
            try parser.parse()
            return .success(parser.constraints)
        } catch {
            return .failure(error)
        }
    }

    private init(line: String, chars: [UInt8], options: NSLayoutConstraint.FormatOptions, metrics: [String: Any],
                 views: [String: Any]) {
        self.line = line
        self.chars = chars
        self.options = options
        self.metrics = metrics
        self.views = views
    }

    // MARK: Grammar

    private var current: UInt8? { at < chars.count ? chars[at] : nil }

    private mutating func parse() throws(Failure) {
        if chars[0] == UInt8(ascii: "H") || chars[0] == UInt8(ascii: "V") {
            horizontal = chars[0] == UInt8(ascii: "H")
            at = 1
            guard current == UInt8(ascii: ":") else {
                throw fail(horizontal ? "Expected ':' after 'H' to specify horizontal arrangement"
                                      : "Expected ':' after 'V' to specify vertical arrangement")
            }
            at = 2
        }
        var left: AnyObject?
        if current == UInt8(ascii: "|") {
            at += 1
            guard at < chars.count else { throw fail("Expected a connection after the '|' character") }
            try parseConnection()
            let right = try parseView()
            try finish(left: nil, right: right)
            flushSizes()
            left = right
        } else {
            left = try parseView()
            flushSizes()
        }
        while at < chars.count {
            try parseConnection()
            if current == UInt8(ascii: "[") {
                let right = try parseView()
                try finish(left: left, right: right)
                flushSizes()
                left = right
            } else if current == UInt8(ascii: "|") {
                at += 1
                try finish(left: left, right: nil)
                break
            } else {
                throw fail("Expected a view or '|'")
            }
        }
        if at < chars.count { throw fail("Expected the end of the format string") }
        constraints += alignment
    }

    /// `-`, `-predicate-`, `-(predicates)-` or nothing (flush).
    private mutating func parseConnection() throws(Failure) {
        guard current == UInt8(ascii: "-") else {
            pending.append(Spec())
            return
        }
        at += 1
        if current == UInt8(ascii: "|") || current == UInt8(ascii: "[") {
            pending.append(Spec(standard: true))
            return
        }
        try parsePredicateWithParentheses()
        if current == UInt8(ascii: ",") {
            throw fail("Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints")
        }
        guard current == UInt8(ascii: "-") else { throw fail("Expected a '-' here") }
        at += 1
    }

    private mutating func parsePredicateWithParentheses() throws(Failure) {
        if current == UInt8(ascii: "-") {
            throw fail("Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.")
        }
        guard current == UInt8(ascii: "(") else { return try parsePredicate() }
        at += 1
        try parsePredicateList()
        guard current == UInt8(ascii: ")") else {
            throw fail("Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier")
        }
        at += 1
    }

    private mutating func parsePredicateList() throws(Failure) {
        while true {
            try parsePredicate()
            guard current == UInt8(ascii: ",") else { return }
            at += 1
        }
    }

    private mutating func parsePredicate() throws(Failure) {
        guard let c = current else { throw fail("Expected more input") }
        var spec = Spec()
        if c == UInt8(ascii: "<") || c == UInt8(ascii: ">") || c == UInt8(ascii: "=") {
            spec.relation = c == UInt8(ascii: "<") ? .lessThanOrEqual : c == UInt8(ascii: ">") ? .greaterThanOrEqual : .equal
            at += 1
            guard current == UInt8(ascii: "=") else { throw fail("Unknown relation. Must be ==, >=, or <=") }
            at += 1
        }
        let (constant, view) = try parseConstant(allowView: true)
        spec.constant = constant
        spec.view = view
        if current == UInt8(ascii: "@") {
            at += 1
            let (p, _) = try parseConstant(allowView: false)
            if p.isNaN {
                LaminaDiagnostics.report("NSLayoutConstraint: a visual format gives a priority of nan; the constraint stays required (\(line))")
            } else if p <= 0 {
                throw fail("Invalid priority specified: \(Self.g(p)). Priority must be greater than 0")
            } else if p > 1000 {
                throw fail("Invalid priority specified: \(Self.g(p)). Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.")
            } else {
                spec.priority = UILayoutPriority(Float(p))
            }
        }
        pending.append(spec)
    }

    /// A number, a metric, or (in a view's predicates) another view of the same dimension.
    private mutating func parseConstant(allowView: Bool) throws(Failure) -> (CGFloat, AnyObject?) {
        guard let c = current else {
            throw fail("Expected a number or key from the metrics dictionary, but encountered something else")
        }
        if c == UInt8(ascii: "-") || Self.isDigit(c) {
            let start = at
            if c == UInt8(ascii: "-") { at += 1 }
            var digits = 0
            while let d = current, Self.isDigit(d) { at += 1; digits += 1 }
            if current == UInt8(ascii: ".") {
                at += 1
                while let d = current, Self.isDigit(d) { at += 1; digits += 1 }
            }
            guard digits > 0 else {
                at = start
                throw fail("Expected a number or a key from the metrics dictionary, but encountered something else")
            }
            if let e = current, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
                var look = at + 1
                if look < chars.count, chars[look] == UInt8(ascii: "+") || chars[look] == UInt8(ascii: "-") { look += 1 }
                if look < chars.count, Self.isDigit(chars[look]) {
                    at = look
                    while let d = current, Self.isDigit(d) { at += 1 }
                }
            }
            let text = String(decoding: chars[start..<at], as: UTF8.self)
            return (CGFloat(Double(text) ?? 0), nil)
        }
        guard Self.isNameStart(c) else {
            throw fail("Expected a number or key from the metrics dictionary, but encountered something else")
        }
        let name = readName()
        if let value = metrics[name] {
            return (try metric(value, named: name), nil)
        }
        if let item = views[name] {
            guard inViewPredicates, allowView else {
                throw fail("It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]")
            }
            return (0, try layoutItem(item, named: name))
        }
        throw fail("Encountered metric with name \"\(name)\", but value was not specified in metrics or views dictionaries")
    }

    /// `[name]` or `[name(predicates)]`.
    private mutating func parseView() throws(Failure) -> AnyObject {
        guard current == UInt8(ascii: "[") else { throw fail("Expected a view") }
        at += 1
        guard at < chars.count else { throw fail("Expected a view") }
        guard let c = current, Self.isNameStart(c) else {
            throw fail("Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.")
        }
        let name = readName()
        guard let value = views[name] else { throw fail("\(name) is not a key in the views dictionary.") }
        let view = try layoutItem(value, named: name)
        defer { inViewPredicates = false }
        if current == UInt8(ascii: "]") {
            at += 1
            return view
        }
        guard current == UInt8(ascii: "(") else { throw fail("Expected a ']' here. That is how you give the end of a view.") }
        at += 1
        guard at < chars.count else { throw fail("Unexpectedly ran out of character fodder in the middle of parsing a view") }
        let outer = pending
        pending = []
        inViewPredicates = true
        try parsePredicateList()
        guard current == UInt8(ascii: ")") else {
            throw fail("A predicate on a view's thickness must end with ')' and the view must end with ']'")
        }
        at += 1
        guard current == UInt8(ascii: "]") else { throw fail("Expected ']' after specifying thickness.") }
        at += 1
        let size: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        for spec in pending {
            let c = NSLayoutConstraint(item: view, attribute: size, relatedBy: spec.relation, toItem: spec.view,
                                       attribute: spec.view == nil ? .notAnAttribute : size, multiplier: 1,
                                       constant: spec.constant)
            c.priority = spec.priority
            sizeConstraints.append(c)
        }
        pending = outer
        return view
    }

    // MARK: Constraints

    /// Makes the pending connection's constraints between `left` and `right` (nil: the superview's edge).
    private mutating func finish(left: AnyObject?, right: AnyObject?) throws(Failure) {
        let direction = options.rawValue & NSLayoutConstraint.FormatOptions.directionMask.rawValue
        let absolute = direction != 0
        let baseline = options.contains(.spacingBaselineToBaseline)
        if horizontal && baseline { throw fail("BaselineToBaseline format option not valid for horizontal layout") }
        // `low` is the view whose far edge the spacing starts from, `high` the one it reaches.
        let rightToLeft = horizontal && direction == NSLayoutConstraint.FormatOptions.directionRightToLeft.rawValue
        let (low, high) = rightToLeft ? (right, left) : (left, right)
        let specs = pending
        pending = []
        var aligned = false
        for spec in specs {
            let toMargin = spec.standard && (low == nil || high == nil)
            let secondItem: AnyObject
            var secondAttribute: NSLayoutConstraint.Attribute
            if let low {
                secondItem = low
                secondAttribute = horizontal ? (absolute ? .right : .trailing) : (baseline ? .lastBaseline : .bottom)
            } else {
                secondItem = try container(of: left ?? right)
                secondAttribute = horizontal ? (absolute ? .left : .leading) : .top
                if toMargin { secondAttribute = Self.margin(secondAttribute) }
            }
            let firstItem: AnyObject
            var firstAttribute: NSLayoutConstraint.Attribute
            if let high {
                firstItem = high
                firstAttribute = horizontal ? (absolute ? .left : .leading) : (baseline ? .firstBaseline : .top)
            } else {
                firstItem = try container(of: left ?? right)
                firstAttribute = horizontal ? (absolute ? .right : .trailing) : .bottom
                if toMargin { firstAttribute = Self.margin(firstAttribute) }
            }
            let constant = spec.standard ? (toMargin ? 0 : systemSpacing) : spec.constant
            let c = NSLayoutConstraint(item: firstItem, attribute: firstAttribute, relatedBy: spec.relation,
                                       toItem: secondItem, attribute: secondAttribute, multiplier: 1, constant: constant)
            c.priority = spec.priority
            constraints.append(c)
            if !aligned, let low, let high {
                try align(low, high)
                aligned = true
            }
        }
    }

    /// The alignment constraints the options ask for between two neighbours.
    private mutating func align(_ a: AnyObject, _ b: AnyObject) throws(Failure) {
        let bits = options.rawValue & 0xFFFF
        guard bits != 0 else { return }
        for raw in 1...12 where bits & (1 << UInt(raw)) != 0 {
            guard let attribute = NSLayoutConstraint.Attribute(rawValue: raw) else { continue }
            let acrossX = [1, 2, 5, 6, 7, 9].contains(raw)
            if horizontal == acrossX {
                throw fail(horizontal
                    ? "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal."
                    : "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also vertical.")
            }
            alignment.append(NSLayoutConstraint(item: a, attribute: attribute, relatedBy: .equal, toItem: b,
                                                attribute: attribute, multiplier: 1, constant: 0))
        }
    }

    private mutating func flushSizes() {
        constraints += sizeConstraints
        sizeConstraints = []
    }

    private func container(of item: AnyObject?) throws(Failure) -> AnyObject {
        let superview: UIView? = (item as? UIView)?.superview ?? (item as? UILayoutGuide)?.owningView
        guard let superview else {
            throw fail("Unable to interpret '|' character, because the related view doesn't have a superview")
        }
        return superview
    }

    private static func margin(_ a: NSLayoutConstraint.Attribute) -> NSLayoutConstraint.Attribute {
        switch a {
        case .left: return .leftMargin
        case .right: return .rightMargin
        case .leading: return .leadingMargin
        case .trailing: return .trailingMargin
        case .top: return .topMargin
        case .bottom: return .bottomMargin
        default: return a
        }
    }

    // MARK: Values

    private func layoutItem(_ value: Any, named name: String) throws(Failure) -> AnyObject {
        if let view = value as? UIView { return view }
        if let guide = value as? UILayoutGuide { return guide }
        throw fail("\(name) in the views dictionary is a \(type(of: value)), not a view or layout guide.")
    }

    private func metric(_ value: Any, named name: String) throws(Failure) -> CGFloat {
        let number: Double
        switch value {
        case let v as CGFloat: number = Double(v)
        case let v as Double: number = v
        case let v as Float: number = Double(v)
        case let v as Int: number = Double(v)
        case let v as NSNumber: number = v.doubleValue
        case let v as any BinaryInteger: number = Double(v)
        case let v as String: number = Double(v) ?? 0
        default: throw fail("The metric \(name) is a \(type(of: value)), not a number.")
        }
        if !number.isFinite {
            LaminaDiagnostics.report("NSLayoutConstraint: the metric \(name) is \(number); 0 is used (\(line))")
            return 0
        }
        return CGFloat(number)
    }

    private mutating func readName() -> String {
        let start = at
        while let c = current, Self.isNameStart(c) || Self.isDigit(c) { at += 1 }
        return String(decoding: chars[start..<at], as: UTF8.self)
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    private static func isNameStart(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "_") || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z"))
    }

    /// `%g` without Foundation's formatter (so any value, NaN and 1e30 included, prints).
    private static func g(_ v: CGFloat) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(Double(v))"
    }

    /// UIKit's failure: the reason, the format and a caret under where reading stopped.
    private func fail(_ reason: String) -> Failure {
        let caret = String(repeating: " ", count: min(at, chars.count)) + "^"
        return Failure(description: "Unable to parse constraint format: \n\(reason) \n\(line) \n\(caret)")
    }
}
