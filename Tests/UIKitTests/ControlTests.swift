import Foundation
import Testing
import UIKit
import QuartzCore
import LaminaTestSupport

/// UIControl's events and the switch, slider, progress view and activity indicator.
@MainActor
@Suite struct ControlTests {
    static func window(_ size: CGSize = CGSize(width: 320, height: 200)) -> UIWindow {
        let w = UIWindow(screen: UIScreen(size: size, scale: 2))
        w.backgroundColor = .white
        return w
    }

    final class Log: @unchecked Sendable { var events: [String] = []; func add(_ s: String) { events.append(s) } }

    @Test func aTapSendsTouchDownTouchUpInsideAndThePrimaryAction() {
        let window = Self.window()
        let log = Log()
        let control = UIControl(frame: CGRect(x: 10, y: 10, width: 100, height: 44),
                                primaryAction: UIAction(title: "Go") { action in log.add("primary \((action.sender as? UIControl) != nil)") })
        window.addSubview(control)
        control.addAction(UIAction { _ in log.add("down") }, for: .touchDown)
        control.addAction(UIAction { _ in log.add("up inside") }, for: .touchUpInside)
        control.addAction(UIAction { _ in log.add("up outside") }, for: .touchUpOutside)
        window.tap(at: CGPoint(x: 50, y: 30))
        #expect(log.events == ["down", "up inside", "primary true"])
        #expect(!control.isHighlighted && control.state == .normal)

        // Dragged far away and lifted: touch up outside, highlight follows the finger.
        log.events = []
        let touch = window.touchDown(at: CGPoint(x: 50, y: 30))!
        #expect(control.isHighlighted && control.isTracking)
        window.touchMove(touch, to: CGPoint(x: 300, y: 190))
        #expect(!control.isHighlighted)
        window.touchUp(touch)
        #expect(log.events == ["down", "up outside"])

        // Disabled: nothing.
        log.events = []
        control.isEnabled = false
        window.tap(at: CGPoint(x: 50, y: 30))
        #expect(log.events.isEmpty)
        #expect(control.state == .disabled && control.accessibilityTraits.contains(.notEnabled))
    }

    @Test func targetsAreHeldWeaklyAndActionsCanBeRemoved() {
        final class Screen { var taps = 0; func tapped() { taps += 1 } }
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var screen: Screen? = Screen()
        weak let weakScreen = screen
        control.addTarget(screen!, action: { $0.tapped() }, for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        #expect(screen?.taps == 1)
        #expect(control.allTargets.count == 1 && control.allControlEvents == .touchUpInside)
        screen = nil
        #expect(weakScreen == nil)          // the control did not keep it
        control.sendActions(for: .touchUpInside)
        #expect(control.allTargets.isEmpty)

        let log = Log()
        let action = UIAction(identifier: .init("a")) { _ in log.add("a") }
        control.addAction(action, for: .valueChanged)
        control.addAction(UIAction(identifier: .init("a")) { _ in log.add("a2") }, for: .valueChanged)   // replaces
        control.sendActions(for: .valueChanged)
        #expect(log.events == ["a2"])
        control.removeAction(identifiedBy: .init("a"), for: .valueChanged)
        control.sendActions(for: .valueChanged)
        #expect(log.events == ["a2"])
    }

    @Test func aSwitchTogglesOnATapAndSaysSo() {
        let window = Self.window()
        let toggle = UISwitch(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        #expect(toggle.frame.size == CGSize(width: 51, height: 31))       // every switch is 51 x 31
        window.addSubview(toggle)
        let log = Log()
        toggle.addAction(UIAction { a in log.add("changed \((a.sender as? UISwitch)?.isOn ?? false)") }, for: .valueChanged)
        #expect(!toggle.isOn && toggle.accessibilityValue == "0")
        window.tap(at: CGPoint(x: 40, y: 35))
        #expect(toggle.isOn && log.events == ["changed true"])
        toggle.setOn(false, animated: false)                // no event when set in code
        #expect(!toggle.isOn && log.events.count == 1)
    }

    @Test func aSliderClampsItsValueAndFollowsADrag() {
        let window = Self.window()
        let slider = UISlider(frame: CGRect(x: 10, y: 10, width: 228, height: 31))
        window.addSubview(slider)
        slider.value = 2
        #expect(slider.value == 1)
        slider.value = -1
        #expect(slider.value == 0)
        slider.value = .nan
        #expect(slider.value == 0)
        slider.minimumValue = 10
        #expect(slider.value == 10)            // the range moved under it
        slider.minimumValue = 0
        slider.maximumValue = 100
        slider.value = 25
        let log = Log()
        slider.addAction(UIAction { a in log.add("\((a.sender as? UISlider)!.value)") }, for: .valueChanged)
        // The knob is at 14 + 200 * 0.25 = 64 (plus the slider's x of 10).
        let touch = window.touchDown(at: CGPoint(x: 74, y: 25))!
        window.touchMove(touch, to: CGPoint(x: 124, y: 25))        // 50 points = a quarter of the travel
        window.touchUp(touch)
        #expect(slider.value == 50)
        #expect(log.events.first == "50.0")
        #expect(slider.accessibilityValue == "50%")
        // A touch away from the knob does not move it.
        let stray = window.touchDown(at: CGPoint(x: 220, y: 25))!
        window.touchMove(stray, to: CGPoint(x: 230, y: 25))
        window.touchUp(stray)
        #expect(slider.value == 50)
    }

    @Test func progressAndActivityIndicatorsKeepTheirValuesInRange() {
        let bar = UIProgressView(progressViewStyle: .default)
        bar.progress = 1.5
        #expect(bar.progress == 1)
        bar.setProgress(-.infinity, animated: true)
        #expect(bar.progress == 0)
        let observed = Progress(totalUnitCount: 4)
        observed.completedUnitCount = 1
        bar.observedProgress = observed
        #expect(bar.progress == 0.25)
        #expect(bar.intrinsicContentSize.height == 4)

        let spinner = UIActivityIndicatorView(style: .large)
        #expect(spinner.bounds.size == CGSize(width: 37, height: 37) && spinner.isHidden && !spinner.isAnimating)
        spinner.startAnimating()
        #expect(spinner.isAnimating && !spinner.isHidden)
        spinner.stopAnimating()
        #expect(spinner.isHidden)
    }

    /// The controls as iOS draws them, light and dark (compared with a reference image that was
    /// looked at: Tests/UIKitTests/References/controls-{light,dark}.png).
    static func controlsScreen(dark: Bool) -> UIWindow {
        let window = Self.window(CGSize(width: 260, height: 150))
        let root = UIViewController()
        window.rootViewController = root
        window.overrideUserInterfaceStyle = dark ? .dark : .light
        root.view.backgroundColor = .systemBackground
        let off = UISwitch(frame: CGRect(x: 16, y: 16, width: 0, height: 0))
        let on = UISwitch(frame: CGRect(x: 83, y: 16, width: 0, height: 0))
        on.isOn = true
        let tinted = UISwitch(frame: CGRect(x: 150, y: 16, width: 0, height: 0))
        tinted.onTintColor = .systemOrange
        tinted.isOn = true
        let slider = UISlider(frame: CGRect(x: 16, y: 60, width: 228, height: 31))
        slider.value = 0.3
        let progress = UIProgressView(progressViewStyle: .default)
        progress.frame = CGRect(x: 16, y: 104, width: 150, height: 4)
        progress.progress = 0.6
        let spinner = UIActivityIndicatorView(style: .medium)
        spinner.center = CGPoint(x: 196, y: 106)
        spinner.startAnimating()
        let large = UIActivityIndicatorView(style: .large)
        large.center = CGPoint(x: 232, y: 106)
        large.startAnimating()
        for v in [off, on, tinted, slider, progress, spinner, large] as [UIView] { root.view.addSubview(v) }
        window.layoutIfNeeded()
        return window
    }
}

extension ControlTests {
    @Test(arguments: [false, true])
    func controlsAreDrawnAsOnIOS(dark: Bool) throws {
        let window = Self.controlsScreen(dark: dark)
        let failure = try uikitGolden.check(dark ? "controls-dark" : "controls-light") {
            try #require(window.render(atTime: 0.3))
        }
        #expect(failure == nil)
    }
}

extension ControlTests {
    @Test func aSegmentedControlSelectsTheTappedSegment() {
        let window = Self.window()
        let control = UISegmentedControl(items: ["One", "Two", "Three"])
        #expect(control.frame.height == 32 && control.numberOfSegments == 3)
        control.frame = CGRect(x: 10, y: 10, width: 300, height: 32)
        window.addSubview(control)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        let log = Log()
        control.addAction(UIAction { a in log.add("\((a.sender as? UISegmentedControl)!.selectedSegmentIndex)") }, for: .valueChanged)
        window.tap(at: CGPoint(x: 260, y: 26))
        #expect(control.selectedSegmentIndex == 2 && log.events == ["2"])
        window.tap(at: CGPoint(x: 260, y: 26))               // the same segment again: nothing
        #expect(log.events == ["2"])
        control.setEnabled(false, forSegmentAt: 0)
        window.tap(at: CGPoint(x: 40, y: 26))
        #expect(control.selectedSegmentIndex == 2)
        control.selectedSegmentIndex = 7                     // out of range: none
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        control.selectedSegmentIndex = 1
        control.removeSegment(at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 0 && control.titleForSegment(at: 0) == "Two")
        control.insertSegment(withTitle: "Zero", at: -4, animated: false)
        #expect(control.titleForSegment(at: 0) == "Zero" && control.selectedSegmentIndex == 1)
    }

    @Test(arguments: [false, true])
    func aSegmentedControlIsDrawnAsOnIOS(dark: Bool) throws {
        let window = Self.window(CGSize(width: 260, height: 52))
        window.overrideUserInterfaceStyle = dark ? .dark : .light
        window.backgroundColor = .systemBackground
        let control = UISegmentedControl(items: ["Day", "Week", "Month", "Year"])
        control.frame = CGRect(x: 10, y: 10, width: 240, height: 32)
        control.selectedSegmentIndex = 1
        window.addSubview(control)
        window.layoutIfNeeded()
        let failure = try uikitGolden.check(dark ? "segmented-dark" : "segmented-light") { try #require(window.render()) }
        #expect(failure == nil)
    }
}
