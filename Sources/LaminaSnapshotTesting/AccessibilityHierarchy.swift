import Foundation
import CoreGraphics
import UIKit

/// One element as VoiceOver would reach it: what it reads and where it is (in the window's
/// coordinates).
struct AccessibilityMarker {
    var label: String?
    var value: String?
    var traits: UIAccessibilityTraits
    var hint: String?
    var customActions: [String]
    var frame: CGRect
    var path: CGPath?
    var activationPoint: CGPoint
    /// A word for what the element is that no public trait says (a text field, a switch).
    var kind: String?

    /// What VoiceOver reads, in its order: label, value, traits ("Wi-Fi, Off. Switch button.").
    var description: String {
        var head: [String] = []
        if traits.contains(.selected) { head.append("Selected") }
        if let label, !label.isEmpty { head.append(label) }
        if let value, !value.isEmpty { head.append(value) }
        var words = AccessibilityMarker.traitWords(traits, kind: kind)
        if words.isEmpty && head.isEmpty { words = ["(no label)"] }
        return ([head.joined(separator: ", ")].filter { !$0.isEmpty } + words).map { $0 + "." }.joined(separator: " ")
    }

    /// The traits as VoiceOver names them, in the order it says them.
    static func traitWords(_ t: UIAccessibilityTraits, kind: String?) -> [String] {
        var out: [String] = []
        if t.contains(.notEnabled) { out.append("Dimmed") }
        if let kind { out.append(kind) }
        else if t.contains(.button) { out.append(t.contains(.toggleButton) ? "Toggle button" : "Button") }
        if t.contains(.link) { out.append("Link") }
        if t.contains(.header) { out.append("Heading") }
        if t.contains(.searchField) { out.append("Search field") }
        if t.contains(.image) { out.append("Image") }
        if t.contains(.tabBar) { out.append("Tab bar") }
        if t.contains(.adjustable) { out.append("Adjustable") }
        if t.contains(.playsSound) { out.append("Plays sound") }
        if t.contains(.startsMediaSession) { out.append("Starts media session") }
        if t.contains(.summaryElement) { out.append("Summary") }
        return out
    }

    /// The whole entry: the description, then the hint and the custom actions on lines of their
    /// own.
    var lines: [String] {
        var out = [description]
        if let hint, !hint.isEmpty { out.append("Hint: \(hint)") }
        if !customActions.isEmpty { out.append("Actions: " + customActions.joined(separator: ", ")) }
        return out
    }
}

/// The elements of a view tree in the order VoiceOver reads them.
///
/// - A hidden view, one with an alpha of almost 0, and the children of one with
///   `accessibilityElementsHidden` are skipped.
/// - A view that `isAccessibilityElement` is one element; its subviews are not read.
/// - A container's `accessibilityElements` are read in their order (views in them are visited
///   the same way; `UIAccessibilityElement`s are elements).
/// - Otherwise the elements of the subviews are read in rows, top to bottom (elements whose
///   vertical middles fall within a row's extent share it), each row leading to trailing; a
///   view with `shouldGroupAccessibilityChildren` keeps its elements together, placed by the
///   group's frame.
/// - When a visible view has `accessibilityViewIsModal`, only its elements are read (the last
///   such view in drawing order).
@MainActor enum AccessibilityHierarchy {
    static func markers(in root: UIView) -> [AccessibilityMarker] {
        let start = modalView(in: root) ?? root
        let rtl = start.effectiveUserInterfaceLayoutDirection == .rightToLeft
        return units(of: start, rtl: rtl).flatMap(\.markers)
    }

    /// A piece of the reading order: an element, or a group kept together.
    struct Unit {
        var markers: [AccessibilityMarker]
        var frame: CGRect
    }

    private static func modalView(in view: UIView) -> UIView? {
        guard !isHidden(view) else { return nil }
        var found: UIView?
        for sub in view.subviews { if let m = modalView(in: sub) { found = m } }
        if found == nil, view.accessibilityViewIsModal { return view }
        return found
    }

    private static func isHidden(_ view: UIView) -> Bool { view.isHidden || view.alpha < 0.01 }

    private static func units(of view: UIView, rtl: Bool) -> [Unit] {
        guard !isHidden(view) else { return [] }
        if view.isAccessibilityElement { return [unit(marker(view))] }
        if view.accessibilityElementsHidden { return [] }
        var children: [Unit]
        if let elements = view.accessibilityElements {
            children = elements.flatMap { element -> [Unit] in
                if let v = element as? UIView { return units(of: v, rtl: rtl) }
                if let r = element as? UIResponder {
                    if r.isAccessibilityElement { return [unit(marker(r))] }
                    return (r.accessibilityElements ?? []).compactMap { ($0 as? UIResponder).map { unit(marker($0)) } }
                }
                return []
            }
        } else {
            children = sorted(view.subviews.flatMap { units(of: $0, rtl: rtl) }, rtl: rtl)
        }
        if view.shouldGroupAccessibilityChildren, !children.isEmpty {
            let frame = children.dropFirst().reduce(children[0].frame) { $0.union($1.frame) }
            return [Unit(markers: children.flatMap(\.markers), frame: frame)]
        }
        return children
    }

    private static func unit(_ m: AccessibilityMarker) -> Unit { Unit(markers: [m], frame: m.frame) }

    /// Rows top to bottom, each leading to trailing.
    static func sorted(_ units: [Unit], rtl: Bool) -> [Unit] {
        let byMiddle = units.enumerated().sorted { a, b in
            a.element.frame.midY != b.element.frame.midY ? a.element.frame.midY < b.element.frame.midY : a.offset < b.offset
        }.map(\.element)
        var rows: [[Unit]] = []
        var extent: (CGFloat, CGFloat) = (0, 0)
        for u in byMiddle {
            if !rows.isEmpty, u.frame.midY >= extent.0, u.frame.midY <= extent.1 {
                rows[rows.count - 1].append(u)
                extent = (min(extent.0, u.frame.minY), max(extent.1, u.frame.maxY))
            } else {
                rows.append([u])
                extent = (u.frame.minY, u.frame.maxY)
            }
        }
        return rows.flatMap { row in
            row.enumerated().sorted { a, b in
                let (x, y) = rtl ? (-a.element.frame.maxX, -b.element.frame.maxX) : (a.element.frame.minX, b.element.frame.minX)
                return x != y ? x < y : a.offset < b.offset
            }.map(\.element)
        }
    }

    private static func marker(_ r: UIResponder) -> AccessibilityMarker {
        var value = r.accessibilityValue
        var kind: String?
        if let s = r as? UISwitch {
            value = s.isOn ? "On" : "Off"
            kind = "Switch button"
        } else if (r is UITextField && !(r is UISearchTextField)) || (r as? UITextView)?.isEditable == true {
            // (A search field says so through its trait.)
            kind = "Text field"
        }
        let frame = r.accessibilityFrame
        return AccessibilityMarker(label: r.accessibilityLabel, value: value, traits: r.accessibilityTraits, hint: r.accessibilityHint,
                                   customActions: (r.accessibilityCustomActions ?? []).map(\.name), frame: frame,
                                   path: r.accessibilityPath?.cgPath, activationPoint: r.accessibilityActivationPoint, kind: kind)
    }
}
