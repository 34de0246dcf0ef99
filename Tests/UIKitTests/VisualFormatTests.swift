import Foundation
import Testing
@_spi(Lamina) import UIKit

/// The visual format language, written as iOS code: Apple's documented example formats, what they
/// lay out, the options, and UIKit's messages for malformed formats.
@MainActor
@Suite("Visual format language")
struct VisualFormatTests {
    /// A 320 x 200 superview (margins 8) with the named subviews, ready for constraints.
    static func container(_ names: [String]) -> (UIView, [String: UIView]) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        var views: [String: UIView] = [:]
        for name in names {
            let v = UIView()
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
            views[name] = v
        }
        return (root, views)
    }

    static func layout(_ root: UIView, _ formats: [String], options: NSLayoutConstraint.FormatOptions = [],
                       metrics: [String: Any]? = nil, views: [String: UIView]) {
        for f in formats {
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: f, options: options,
                                                                       metrics: metrics, views: views))
        }
        root.layoutIfNeeded()
    }

    static func failure(_ format: String, options: NSLayoutConstraint.FormatOptions = [], metrics: [String: Any]? = nil,
                        views: [String: Any]) -> String? {
        switch VisualFormatParser.constraints(format, options: options, metrics: metrics, views: views) {
        case .success: return nil
        case .failure(let f): return f.description
        }
    }

    @Test func standardSpaceBetweenSiblingsIsEightPoints() throws {
        let (root, v) = Self.container(["button", "textField"])
        let cs = NSLayoutConstraint.constraints(withVisualFormat: "[button]-[textField]", options: [], metrics: nil, views: v)
        #expect(cs.count == 1)
        let c = try #require(cs.first)
        #expect(c.firstItem === v["textField"] && c.firstAttribute == .leading)
        #expect(c.secondItem === v["button"] && c.secondAttribute == .trailing)
        #expect(c.relation == .equal && c.constant == 8 && c.priority == .required)
        Self.layout(root, ["H:|[button(40)]", "V:|[button(10)]", "V:|[textField(10)]", "[textField(30)]"], views: v)
        NSLayoutConstraint.activate(cs)
        root.layoutIfNeeded()
        #expect(v["textField"]!.frame == CGRect(x: 48, y: 0, width: 30, height: 10))
    }

    @Test func widthPredicatesPrioritiesEqualWidthsAndLists() throws {
        let (root, v) = Self.container(["button", "button1", "button2", "flexibleButton"])
        defer { withExtendedLifetime(root) {} }
        let ge = try #require(NSLayoutConstraint.constraints(withVisualFormat: "[button(>=50)]", options: [], metrics: nil, views: v).first)
        #expect(ge.firstItem === v["button"] && ge.firstAttribute == .width && ge.relation == .greaterThanOrEqual)
        #expect(ge.secondItem == nil && ge.constant == 50)
        let low = try #require(NSLayoutConstraint.constraints(withVisualFormat: "[button(100@20)]", options: [], metrics: nil, views: v).first)
        #expect(low.constant == 100 && low.priority.rawValue == 20)
        let eq = try #require(NSLayoutConstraint.constraints(withVisualFormat: "[button1(==button2)]", options: [], metrics: nil, views: v).first)
        #expect(eq.firstItem === v["button1"] && eq.secondItem === v["button2"] && eq.secondAttribute == .width)
        #expect(eq.constant == 0 && eq.multiplier == 1)
        let list = NSLayoutConstraint.constraints(withVisualFormat: "[flexibleButton(>=70,<=100)]", options: [], metrics: nil, views: v)
        #expect(list.map(\.relation) == [.greaterThanOrEqual, .lessThanOrEqual] && list.map(\.constant) == [70, 100])
        let tall = try #require(NSLayoutConstraint.constraints(withVisualFormat: "V:[button(44)]", options: [], metrics: nil, views: v).first)
        #expect(tall.firstAttribute == .height && tall.constant == 44)
    }

    @Test func edgesToTheSuperviewAndVerticalLayout() {
        let (root, v) = Self.container(["purpleBox", "topField", "bottomField"])
        Self.layout(root, ["|-50-[purpleBox]-50-|", "V:|-10-[purpleBox(20)]",
                           "H:|[topField]|", "H:|[bottomField]|", "V:|[topField(30)]-10-[bottomField]|"], views: v)
        #expect(v["purpleBox"]!.frame == CGRect(x: 50, y: 10, width: 220, height: 20))
        #expect(v["topField"]!.frame == CGRect(x: 0, y: 0, width: 320, height: 30))
        #expect(v["bottomField"]!.frame == CGRect(x: 0, y: 40, width: 320, height: 160))
    }

    @Test func aCompleteLineUsesTheSuperviewsMarginsAndStandardSpaces() throws {
        let (root, v) = Self.container(["find", "findNext", "findField"])
        root.layoutMargins = UIEdgeInsets(top: 8, left: 20, bottom: 8, right: 20)
        let line = NSLayoutConstraint.constraints(withVisualFormat: "|-[find]-[findNext]-[findField(>=20)]-|",
                                                  options: .alignAllTop, metrics: nil, views: v)
        // Leading edge to the margin, two standard spaces, the width, the trailing margin; then alignment.
        #expect(line.count == 7)
        #expect(line[0].secondItem === root && line[0].secondAttribute == .leadingMargin && line[0].constant == 0)
        #expect(line[4].firstItem === root && line[4].firstAttribute == .trailingMargin)
        #expect(line[5].firstAttribute == .top && line[5].firstItem === v["find"] && line[5].secondItem === v["findNext"])
        NSLayoutConstraint.activate(line)
        Self.layout(root, ["V:|-[find(20)]", "[find(60)]", "[findNext(==find)]", "V:[findNext(==find)]",
                           "V:[findField(==find)]"], views: v)
        #expect(v["find"]!.frame == CGRect(x: 20, y: 8, width: 60, height: 20))
        #expect(v["findNext"]!.frame == CGRect(x: 88, y: 8, width: 60, height: 20))
        #expect(v["findField"]!.frame == CGRect(x: 156, y: 8, width: 144, height: 20))
    }

    @Test func flushViewsMetricsAndConnectionPredicates() throws {
        let (root, v) = Self.container(["maroonView", "blueView", "a", "b"])
        let metrics: [String: Any] = ["gap": 12, "side": CGFloat(30), "pri": 750.0]
        Self.layout(root, ["[maroonView(side)][blueView(side)]-(gap@pri)-|", "V:|[maroonView(side)]", "V:|[blueView(side)]",
                           "H:|-(-5)-[a(10)]-(>=40,<=60)-[b(10)]", "V:|[a(10)]", "V:|[b(10)]"],
                    metrics: metrics, views: v)
        #expect(v["blueView"]!.frame == CGRect(x: 278, y: 0, width: 30, height: 30))
        #expect(v["maroonView"]!.frame.maxX == 278)
        #expect(v["a"]!.frame.minX == -5)
        let gap = v["b"]!.frame.minX - v["a"]!.frame.maxX
        #expect(gap >= 40 && gap <= 60)
        let pr = NSLayoutConstraint.constraints(withVisualFormat: "[a]-(gap@pri)-[b]", options: [], metrics: metrics, views: v)
        #expect(pr.first?.constant == 12 && pr.first?.priority.rawValue == 750)
        let unparenthesised = NSLayoutConstraint.constraints(withVisualFormat: "[a]->=20-[b]", options: [], metrics: nil, views: v)
        #expect(unparenthesised.first?.relation == .greaterThanOrEqual && unparenthesised.first?.constant == 20)
    }

    @Test func directionOptionsAndBaselineSpacing() throws {
        let (root, v) = Self.container(["a", "b"])
        let rtl = NSLayoutConstraint.constraints(withVisualFormat: "|-10-[a]-[b]", options: .directionRightToLeft,
                                                 metrics: nil, views: v)
        #expect(rtl[0].firstItem === root && rtl[0].firstAttribute == .right && rtl[0].secondItem === v["a"] && rtl[0].secondAttribute == .right)
        #expect(rtl[1].firstItem === v["a"] && rtl[1].firstAttribute == .left && rtl[1].secondItem === v["b"] && rtl[1].secondAttribute == .right)
        Self.layout(root, ["[a(20)]", "[b(20)]", "V:|[a(10)]", "V:|[b(10)]"], views: v)
        NSLayoutConstraint.activate(rtl)
        root.layoutIfNeeded()
        #expect(v["a"]!.frame.minX == 290 && v["b"]!.frame.minX == 262)
        let ltr = NSLayoutConstraint.constraints(withVisualFormat: "[a]-[b]", options: .directionLeftToRight, metrics: nil, views: v)
        #expect(ltr[0].firstAttribute == .left && ltr[0].secondAttribute == .right)
        let base = NSLayoutConstraint.constraints(withVisualFormat: "V:[a]-20-[b]", options: .spacingBaselineToBaseline,
                                                  metrics: nil, views: v)
        #expect(base[0].firstAttribute == .firstBaseline && base[0].secondAttribute == .lastBaseline && base[0].firstItem === v["b"])
    }

    @Test func layoutGuidesCanBeNamed() {
        let (root, v) = Self.container(["box"])
        let guide = UILayoutGuide()
        root.addLayoutGuide(guide)
        var items: [String: Any] = v
        items["guide"] = guide
        for f in ["H:|-30-[guide(100)]", "V:|[guide(10)]", "H:[guide][box(20)]", "V:|[box(20)]"] {
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: f, options: [], metrics: nil, views: items))
        }
        root.layoutIfNeeded()
        #expect(v["box"]!.frame == CGRect(x: 130, y: 0, width: 20, height: 20))
    }

    @Test func malformedFormatsGiveUIKitsMessagesWithACaret() {
        let (root, v) = Self.container(["view", "other"])
        defer { withExtendedLifetime(root) {} }
        let lone = UIView()
        #expect(Self.failure("H:|[missing]|", views: v) ==
                "Unable to parse constraint format: \nmissing is not a key in the views dictionary. \nH:|[missing]| \n           ^")
        #expect(Self.failure("|[lone]|", views: ["lone": lone]) ==
                "Unable to parse constraint format: \nUnable to interpret '|' character, because the related view doesn't have a superview \n|[lone]| \n       ^")
        #expect(Self.failure("", views: v) == "Unable to parse constraint format: It's an empty string.")
        #expect(Self.failure("H:[view]-é-[other]", views: v) == "Unable to parse constraint format: It contains non-ASCII characters.")
        let messages: [(String, String)] = [
            ("H[view]", "Expected ':' after 'H' to specify horizontal arrangement"),
            ("[view", "Expected a ']' here. That is how you give the end of a view."),
            ("[1view]", "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores."),
            ("[view]-", "Expected more input"),
            ("[view]-8[other]", "Expected a '-' here"),
            ("[view]-8,9-[other]", "Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints"),
            ("[view]--8-[other]", "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers."),
            ("[view]-(8-[other]", "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier"),
            ("[view(=8)]", "Unknown relation. Must be ==, >=, or <="),
            ("[view(50@0)]", "Invalid priority specified: 0. Priority must be greater than 0"),
            ("[view(50@1001)]", "Invalid priority specified: 1001. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000."),
            ("[view]-gap-[other]", "Encountered metric with name \"gap\", but value was not specified in metrics or views dictionaries"),
            ("[view]-other-[other]", "It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]"),
            ("[view(50]", "A predicate on a view's thickness must end with ')' and the view must end with ']'"),
            ("[view(50)", "Expected ']' after specifying thickness."),
            ("[view]x", "Expected a view or '|'"),
            ("|[view]|-", "Expected the end of the format string"),
            ("[view( )]", "Expected a number or key from the metrics dictionary, but encountered something else"),
            ("H:[view] [other]", "Expected a view or '|'"),
        ]
        for (format, reason) in messages {
            let got = Self.failure(format, views: v)
            #expect(got?.hasPrefix("Unable to parse constraint format: \n\(reason) \n\(format) \n") == true, "\(format): \(got ?? "no failure")")
        }
        #expect(Self.failure("[view]-[other]", options: .alignAllLeading, views: v)?.contains("aligned on a horizontal edge") == true)
        #expect(Self.failure("V:[view]-[other]", options: .alignAllTop, views: v)?.contains("aligned on a vertical edge") == true)
        #expect(Self.failure("[view]-[other]", options: .spacingBaselineToBaseline, views: v)?
            .contains("BaselineToBaseline format option not valid for horizontal layout") == true)
        #expect(Self.failure("[view(w)]", metrics: ["w": "wide"], views: v) == nil, "a string metric reads as NSString's doubleValue")
        #expect(Self.failure("[view(w)]", metrics: ["w": [1]], views: v)?.contains("not a number") == true)
    }

    @Test func oddNumbersNeverTrap() throws {
        let (root, v) = Self.container(["view", "other"])
        defer { withExtendedLifetime(root) {} }
        let nan = try #require(NSLayoutConstraint.constraints(withVisualFormat: "[view(w)]", options: [], metrics: ["w": Double.nan],
                                                              views: v).first)
        #expect(nan.constant == 0)
        let huge = try #require(NSLayoutConstraint.constraints(withVisualFormat: "[view]-1e30-[other]", options: [], metrics: nil,
                                                               views: v).first)
        #expect(huge.constant == 1e30)
        #expect(Self.failure("[view(10@1e30)]", views: v)?.contains("Invalid priority specified: 1e+30") == true)
        #expect(Self.failure("[view(10@-1e30)]", views: v)?.contains("Invalid priority specified: -1e+30") == true)
        let long = "H:|" + (0..<2000).map { _ in "-[view]" }.joined() + "-|"
        #expect(NSLayoutConstraint.constraints(withVisualFormat: long, options: [], metrics: nil, views: v).count == 2001)
    }

    @Test func aMalformedFormatStopsTheProgramWithUIKitsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = await MainActor.run {
                NSLayoutConstraint.constraints(withVisualFormat: "H:|[nope]|", options: [], metrics: nil, views: [:])
            }
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("nope is not a key in the views dictionary."), "\(text)")
    }
}
