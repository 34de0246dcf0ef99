import Foundation

/// An animation through a sequence of values (or along a path), at given key times, with a
/// calculation mode (spec §6).
///
/// ## Key times, as Apple documents them
/// - **linear, cubic**: one key time per keyframe, from 0 to 1. Key times that start after 0
///   hold the first value before the first one; key times that end before 1 hold the last
///   value after the last one.
/// - **discrete**: one more key time than values: value *k* shows from key time *k* until key
///   time *k + 1*. With one key time per value, the last value holds to the end.
/// - **paced, cubicPaced**: `keyTimes`, `timingFunctions` and `timingFunction` are ignored;
///   times are made for constant speed (by length along a path).
/// - **path**: the keyframes are the path's first point and every element's end point (not
///   the control points, not later move-to points), so key times run over those vertices. A
///   path may run on past its last key time (a closing segment, as exporters write): the
///   vertices past it are not reached. With `.discrete` the layer jumps from vertex to vertex.
///
/// Where Apple leaves the result undefined, Lamina does what Apple's frames show: linear
/// keyframes with key times outside 0…1 or going back (one per keyframe, as exporters write
/// them) interpolate on the times as given, in the first segment whose times span the moment; a
/// discrete animation of one value has no effect. Elsewhere, with one diagnostic: keyframes
/// pair with key times by index, so extra keyframes are not reached and extra key times are
/// unused; other key times outside 0…1 are clamped and one earlier than the one before is taken
/// as that one; key times that are not finite are ignored (keyframes evenly spaced). An
/// animation in a group still shows its last value at the moment its active duration ends.
open class CAKeyframeAnimation: CAPropertyAnimation {
    enum KSlot: Int {
        case values = 14, path, keyTimes, timingFunctions, calculationMode, rotationMode, tensionValues, continuityValues
        case biasValues
    }
    enum KP {
        static let values = CAProperty<[Any]?>(KSlot.values.rawValue, "values", nil, usesStyle: false)
        static let path = CAProperty<CGPath?>(KSlot.path.rawValue, "path", nil, usesStyle: false)
        static let keyTimes = CAProperty<[NSNumber]?>(KSlot.keyTimes.rawValue, "keyTimes", nil, usesStyle: false)
        static let timingFunctions = CAProperty<[CAMediaTimingFunction]?>(KSlot.timingFunctions.rawValue, "timingFunctions",
                                                                          nil, usesStyle: false)
        static let calculationMode = CAProperty<CAAnimationCalculationMode>(KSlot.calculationMode.rawValue, "calculationMode",
                                                                            .linear, usesStyle: false)
        static let rotationMode = CAProperty<CAAnimationRotationMode?>(KSlot.rotationMode.rawValue, "rotationMode", nil,
                                                                       usesStyle: false)
        static let tensionValues = CAProperty<[NSNumber]?>(KSlot.tensionValues.rawValue, "tensionValues", nil, usesStyle: false)
        static let continuityValues = CAProperty<[NSNumber]?>(KSlot.continuityValues.rawValue, "continuityValues", nil,
                                                              usesStyle: false)
        static let biasValues = CAProperty<[NSNumber]?>(KSlot.biasValues.rawValue, "biasValues", nil, usesStyle: false)
    }
    static let keyframeDescriptors: [CAPropertyDescriptor] = CAPropertyAnimation.propertyDescriptors + [
        KP.values, KP.path, KP.keyTimes, KP.timingFunctions, KP.calculationMode, KP.rotationMode, KP.tensionValues,
        KP.continuityValues, KP.biasValues,
    ]
    override class var animationDescriptors: [CAPropertyDescriptor] { keyframeDescriptors }

    /// The most keyframes an animation may have (Lamina's limit): one with more values, or a
    /// `path` with more elements, is not animated, with a diagnostic, so a hostile animation
    /// cannot make a commit convert and keep an unbounded number of values.
    public static let maximumKeyframeCount = 1_000_000

    /// The keyframe values.
    public var values: [Any]? { get { self[KP.values] } set { self[KP.values] = newValue } }
    /// A path for point properties (copied); overrides `values`. Its first point and every
    /// element's end point except move-to points are the keyframes, and the motion follows the
    /// curves between them.
    public var path: CGPath? { get { self[KP.path] } set { self[KP.path] = newValue?.copy() } }
    /// When each keyframe is reached, as fractions of the duration (non-decreasing, in [0, 1]);
    /// how many depends on `calculationMode` (see "Key times, as Apple documents them").
    public var keyTimes: [NSNumber]? { get { self[KP.keyTimes] } set { self[KP.keyTimes] = newValue } }
    /// The pacing of each segment (one fewer than the keyframes); segments without one are
    /// linear. Ignored in the paced and discrete modes.
    public var timingFunctions: [CAMediaTimingFunction]? {
        get { self[KP.timingFunctions] } set { self[KP.timingFunctions] = newValue }
    }
    /// How values between keyframes are computed.
    public var calculationMode: CAAnimationCalculationMode {
        get { self[KP.calculationMode] } set { self[KP.calculationMode] = newValue }
    }
    /// Whether a layer moving along `path` turns with it (its tangent, or the reverse). Apple
    /// leaves it undefined without a path; Lamina ignores it there, with a diagnostic.
    public var rotationMode: CAAnimationRotationMode? { get { self[KP.rotationMode] } set { self[KP.rotationMode] = newValue } }
    /// Kochanek–Bartels tension per keyframe, in [−1, 1] (cubic modes).
    public var tensionValues: [NSNumber]? { get { self[KP.tensionValues] } set { self[KP.tensionValues] = newValue } }
    /// Kochanek–Bartels continuity per keyframe, in [−1, 1].
    public var continuityValues: [NSNumber]? {
        get { self[KP.continuityValues] } set { self[KP.continuityValues] = newValue }
    }
    /// Kochanek–Bartels bias per keyframe, in [−1, 1].
    public var biasValues: [NSNumber]? { get { self[KP.biasValues] } set { self[KP.biasValues] = newValue } }
}

/// Animations that run together in the group's time space, each clipped to the group's
/// duration. Only the group's delegate and `isRemovedOnCompletion` count.
open class CAAnimationGroup: CAAnimation {
    enum GP {
        static let animations = CAProperty<[CAAnimation]?>(CAAnimation.firstSubclassSlot, "animations", nil, usesStyle: false)
    }
    static let groupDescriptors: [CAPropertyDescriptor] = CAAnimation.descriptors + [GP.animations]
    override class var animationDescriptors: [CAPropertyDescriptor] { groupDescriptors }

    /// The animations (copied with the group).
    public var animations: [CAAnimation]? { get { self[GP.animations] } set { self[GP.animations] = newValue } }

    override func copyExtraState(to copy: CAAnimation) {
        // The children are copied too, so the group added to a layer is independent.
        if let c = copy as? CAAnimationGroup, let kids = animations {
            c.animations = kids.map { $0.copy() as! CAAnimation }
        }
    }
}

/// An animated transition of a layer's appearance from before a change to after it, stored
/// under the key `"transition"` (spec §6).
open class CATransition: CAAnimation {
    enum TSlot: Int { case type = 10, subtype, startProgress, endProgress }
    enum TP {
        static let type = CAProperty<CATransitionType>(TSlot.type.rawValue, "type", .fade, usesStyle: false)
        static let subtype = CAProperty<CATransitionSubtype?>(TSlot.subtype.rawValue, "subtype", nil, usesStyle: false)
        static let startProgress = CAProperty<Float>(TSlot.startProgress.rawValue, "startProgress", 0, usesStyle: false)
        static let endProgress = CAProperty<Float>(TSlot.endProgress.rawValue, "endProgress", 1, usesStyle: false)
    }
    static let transitionDescriptors: [CAPropertyDescriptor] = CAAnimation.descriptors + [TP.type, TP.subtype, TP.startProgress,
                                                                                         TP.endProgress]
    override class var animationDescriptors: [CAPropertyDescriptor] { transitionDescriptors }

    /// The effect: fade (default), moveIn, push or reveal.
    public var type: CATransitionType { get { self[TP.type] } set { self[TP.type] = newValue } }
    /// The direction of motion effects (nil: from the left).
    public var subtype: CATransitionSubtype? { get { self[TP.subtype] } set { self[TP.subtype] = newValue } }
    /// Where in the transition to start, in [0, 1].
    public var startProgress: Float { get { self[TP.startProgress] } set { self[TP.startProgress] = newValue } }
    /// Where in the transition to end, in [0, 1] and not below `startProgress`.
    public var endProgress: Float { get { self[TP.endProgress] } set { self[TP.endProgress] = newValue } }
}
