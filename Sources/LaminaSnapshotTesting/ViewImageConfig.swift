import Foundation
import CoreGraphics
import UIKit

/// A device to render a view or view controller on: its size in points, safe area and traits
/// (the library's `ViewImageConfig`, with the same device names). The traits include the
/// device's display scale, so a snapshot recorded on Linux has the device's pixel size.
public struct ViewImageConfig: Sendable {
    public enum Orientation: Sendable {
        case landscape
        case portrait
    }

    public enum TabletOrientation: Sendable {
        public enum PortraitSplits: Sendable { case oneThird, twoThirds, full }
        public enum LandscapeSplits: Sendable { case oneThird, oneHalf, twoThirds, full }
        case landscape(splitView: LandscapeSplits)
        case portrait(splitView: PortraitSplits)
    }

    public var safeArea: UIEdgeInsets
    public var size: CGSize?
    public var traits: UITraitCollection

    public init(safeArea: UIEdgeInsets = .zero, size: CGSize? = nil, traits: UITraitCollection = .init()) {
        self.safeArea = safeArea
        self.size = size
        self.traits = traits
    }

    // MARK: Phones

    /// A phone of `portrait` size (points) at `scale`, with the safe areas of each orientation;
    /// `regularWhenLandscape` for the large phones whose landscape width is regular.
    private static func phone(_ o: Orientation, _ portrait: CGSize, scale: CGFloat, portraitSafe: UIEdgeInsets,
                              landscapeSafe: UIEdgeInsets, regularWhenLandscape: Bool = false) -> ViewImageConfig {
        switch o {
        case .portrait:
            return .init(safeArea: portraitSafe, size: portrait,
                         traits: .phone(scale: scale, horizontal: .compact, vertical: .regular))
        case .landscape:
            return .init(safeArea: landscapeSafe, size: CGSize(width: portrait.height, height: portrait.width),
                         traits: .phone(scale: scale, horizontal: regularWhenLandscape ? .regular : .compact, vertical: .compact))
        }
    }

    private static let statusBar = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)

    public static let iPhoneSe = ViewImageConfig.iPhoneSe(.portrait)
    public static func iPhoneSe(_ o: Orientation) -> ViewImageConfig {
        phone(o, CGSize(width: 320, height: 568), scale: 2, portraitSafe: statusBar, landscapeSafe: .zero)
    }

    public static let iPhone8 = ViewImageConfig.iPhone8(.portrait)
    public static func iPhone8(_ o: Orientation) -> ViewImageConfig {
        phone(o, CGSize(width: 375, height: 667), scale: 2, portraitSafe: statusBar, landscapeSafe: .zero)
    }

    public static let iPhone8Plus = ViewImageConfig.iPhone8Plus(.portrait)
    public static func iPhone8Plus(_ o: Orientation) -> ViewImageConfig {
        phone(o, CGSize(width: 414, height: 736), scale: 3, portraitSafe: statusBar, landscapeSafe: .zero,
              regularWhenLandscape: true)
    }

    public static let iPhoneX = ViewImageConfig.iPhoneX(.portrait)
    public static func iPhoneX(_ o: Orientation) -> ViewImageConfig {
        phone(o, CGSize(width: 375, height: 812), scale: 3, portraitSafe: .init(top: 44, left: 0, bottom: 34, right: 0),
              landscapeSafe: .init(top: 0, left: 44, bottom: 24, right: 44))
    }

    public static let iPhoneXsMax = ViewImageConfig.iPhoneXsMax(.portrait)
    public static func iPhoneXsMax(_ o: Orientation) -> ViewImageConfig {
        phone(o, CGSize(width: 414, height: 896), scale: 3, portraitSafe: .init(top: 44, left: 0, bottom: 34, right: 0),
              landscapeSafe: .init(top: 0, left: 44, bottom: 24, right: 44), regularWhenLandscape: true)
    }

    public static let iPhoneXr = ViewImageConfig.iPhoneXr(.portrait)
    public static func iPhoneXr(_ o: Orientation) -> ViewImageConfig {
        phone(o, CGSize(width: 414, height: 896), scale: 2, portraitSafe: .init(top: 44, left: 0, bottom: 34, right: 0),
              landscapeSafe: .init(top: 0, left: 44, bottom: 24, right: 44), regularWhenLandscape: true)
    }

    public static let iPhone12 = ViewImageConfig.iPhone12(.portrait)
    public static func iPhone12(_ o: Orientation) -> ViewImageConfig {
        phone(o, CGSize(width: 390, height: 844), scale: 3, portraitSafe: .init(top: 47, left: 0, bottom: 34, right: 0),
              landscapeSafe: .init(top: 0, left: 47, bottom: 21, right: 47))
    }

    public static let iPhone12Pro = ViewImageConfig.iPhone12Pro(.portrait)
    public static func iPhone12Pro(_ o: Orientation) -> ViewImageConfig { iPhone12(o) }

    public static let iPhone12ProMax = ViewImageConfig.iPhone12ProMax(.portrait)
    public static func iPhone12ProMax(_ o: Orientation) -> ViewImageConfig {
        phone(o, CGSize(width: 428, height: 926), scale: 3, portraitSafe: .init(top: 47, left: 0, bottom: 34, right: 0),
              landscapeSafe: .init(top: 0, left: 47, bottom: 21, right: 47), regularWhenLandscape: true)
    }

    public static let iPhone13 = ViewImageConfig.iPhone13(.portrait)
    public static func iPhone13(_ o: Orientation) -> ViewImageConfig { iPhone12(o) }

    public static let iPhone13Mini = ViewImageConfig.iPhone13Mini(.portrait)
    public static func iPhone13Mini(_ o: Orientation) -> ViewImageConfig {
        phone(o, CGSize(width: 375, height: 812), scale: 3, portraitSafe: .init(top: 50, left: 0, bottom: 34, right: 0),
              landscapeSafe: .init(top: 0, left: 50, bottom: 21, right: 50))
    }

    public static let iPhone13Pro = ViewImageConfig.iPhone13Pro(.portrait)
    public static func iPhone13Pro(_ o: Orientation) -> ViewImageConfig { iPhone12(o) }

    public static let iPhone13ProMax = ViewImageConfig.iPhone13ProMax(.portrait)
    public static func iPhone13ProMax(_ o: Orientation) -> ViewImageConfig { iPhone12ProMax(o) }

    // MARK: Tablets

    /// A tablet: its landscape size, the widths of its landscape splits (⅓, ½, ⅔) and portrait
    /// splits (⅓, ⅔), and its safe area.
    private static func tablet(_ o: TabletOrientation, landscape: CGSize, landscapeSplits: (CGFloat, CGFloat, CGFloat),
                               portraitSplits: (CGFloat, CGFloat), safeArea: UIEdgeInsets) -> ViewImageConfig {
        let width: CGFloat, height: CGFloat, compact: Bool
        switch o {
        case .landscape(let split):
            height = landscape.height
            switch split {
            case .oneThird: (width, compact) = (landscapeSplits.0, true)
            case .oneHalf: (width, compact) = (landscapeSplits.1, true)
            case .twoThirds: (width, compact) = (landscapeSplits.2, false)
            case .full: (width, compact) = (landscape.width, false)
            }
        case .portrait(let split):
            height = landscape.width
            switch split {
            case .oneThird: (width, compact) = (portraitSplits.0, true)
            case .twoThirds: (width, compact) = (portraitSplits.1, true)
            case .full: (width, compact) = (landscape.height, false)
            }
        }
        return .init(safeArea: safeArea, size: CGSize(width: width, height: height),
                     traits: .pad(horizontal: compact ? .compact : .regular))
    }

    private static func full(_ o: Orientation) -> TabletOrientation {
        o == .landscape ? .landscape(splitView: .full) : .portrait(splitView: .full)
    }

    public static let iPadMini = ViewImageConfig.iPadMini(.landscape)
    public static func iPadMini(_ o: Orientation) -> ViewImageConfig { iPadMini(full(o)) }
    public static func iPadMini(_ o: TabletOrientation) -> ViewImageConfig {
        tablet(o, landscape: CGSize(width: 1024, height: 768), landscapeSplits: (320, 507, 694), portraitSplits: (320, 438),
               safeArea: statusBar)
    }

    public static let iPad9_7 = iPadMini
    public static func iPad9_7(_ o: Orientation) -> ViewImageConfig { iPadMini(o) }
    public static func iPad9_7(_ o: TabletOrientation) -> ViewImageConfig { iPadMini(o) }

    public static let iPad10_2 = ViewImageConfig.iPad10_2(.landscape)
    public static func iPad10_2(_ o: Orientation) -> ViewImageConfig { iPad10_2(full(o)) }
    public static func iPad10_2(_ o: TabletOrientation) -> ViewImageConfig {
        tablet(o, landscape: CGSize(width: 1080, height: 810), landscapeSplits: (320, 535, 750), portraitSplits: (320, 480),
               safeArea: statusBar)
    }

    public static let iPadPro10_5 = ViewImageConfig.iPadPro10_5(.landscape)
    public static func iPadPro10_5(_ o: Orientation) -> ViewImageConfig { iPadPro10_5(full(o)) }
    public static func iPadPro10_5(_ o: TabletOrientation) -> ViewImageConfig {
        tablet(o, landscape: CGSize(width: 1112, height: 834), landscapeSplits: (320, 551, 782), portraitSplits: (320, 504),
               safeArea: statusBar)
    }

    public static let iPadPro11 = ViewImageConfig.iPadPro11(.landscape)
    public static func iPadPro11(_ o: Orientation) -> ViewImageConfig { iPadPro11(full(o)) }
    public static func iPadPro11(_ o: TabletOrientation) -> ViewImageConfig {
        tablet(o, landscape: CGSize(width: 1194, height: 834), landscapeSplits: (375, 592, 809), portraitSplits: (320, 504),
               safeArea: .init(top: 24, left: 0, bottom: 20, right: 0))
    }

    public static let iPadPro12_9 = ViewImageConfig.iPadPro12_9(.landscape)
    public static func iPadPro12_9(_ o: Orientation) -> ViewImageConfig { iPadPro12_9(full(o)) }
    public static func iPadPro12_9(_ o: TabletOrientation) -> ViewImageConfig {
        tablet(o, landscape: CGSize(width: 1366, height: 1024), landscapeSplits: (375, 678, 981), portraitSplits: (375, 639),
               safeArea: .init(top: 20, left: 0, bottom: 0, right: 0))
    }

    // MARK: TV

    public static let tv = ViewImageConfig(size: CGSize(width: 1920, height: 1080), traits: .tv(scale: 1))
    public static let tv4K = ViewImageConfig(size: CGSize(width: 1920, height: 1080), traits: .tv(scale: 2))
}

extension UITraitCollection {
    /// A phone's traits as the library gives them (3D Touch available, left to right, the
    /// "Medium" text size), with the device's scale and size classes.
    static func phone(scale: CGFloat, horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass) -> UITraitCollection {
        UITraitCollection(traitsFrom: [
            .init(forceTouchCapability: .available), .init(layoutDirection: .leftToRight),
            .init(preferredContentSizeCategory: .medium), .init(userInterfaceIdiom: .phone),
            .init(horizontalSizeClass: horizontal), .init(verticalSizeClass: vertical), .init(displayScale: scale),
        ])
    }

    /// A tablet's traits (scale 2, regular height).
    static func pad(horizontal: UIUserInterfaceSizeClass) -> UITraitCollection {
        UITraitCollection(traitsFrom: [
            .init(horizontalSizeClass: horizontal), .init(verticalSizeClass: .regular),
            .init(userInterfaceIdiom: .pad), .init(displayScale: 2),
        ])
    }

    /// A TV's traits.
    static func tv(scale: CGFloat) -> UITraitCollection {
        UITraitCollection(traitsFrom: [
            .init(horizontalSizeClass: .regular), .init(verticalSizeClass: .regular),
            .init(userInterfaceIdiom: .tv), .init(displayScale: scale),
        ])
    }
}
