import Foundation
import Testing
import UIKit

/// Types apps name beside their screens: orientation and status bar preferences, overridden as
/// on iOS, and haptic feedback, accepted and silent on Linux.
@MainActor
@Suite("Orientation, status bar and feedback")
struct SmallTypesTests {
    final class Player: UIViewController {
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .landscape }
        override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
        override var prefersStatusBarHidden: Bool { true }
        override var prefersHomeIndicatorAutoHidden: Bool { true }
    }

    @Test func controllersStatePreferencesAsOnIOS() {
        let plain = UIViewController()
        #expect(plain.supportedInterfaceOrientations == .allButUpsideDown && plain.preferredStatusBarStyle == .default)
        #expect(!plain.prefersStatusBarHidden && plain.preferredInterfaceOrientationForPresentation.isPortrait)
        let player: UIViewController = Player()
        #expect(player.supportedInterfaceOrientations == [.landscapeLeft, .landscapeRight])
        #expect(player.preferredStatusBarStyle == .lightContent && player.prefersStatusBarHidden && player.prefersHomeIndicatorAutoHidden)
        #expect(!UIInterfaceOrientationMask.allButUpsideDown.contains(.portraitUpsideDown))
        player.setNeedsStatusBarAppearanceUpdate()
    }

    @Test func feedbackGeneratorsAcceptEveryCall() {
        let impact = UIImpactFeedbackGenerator(style: .heavy)
        impact.prepare()
        impact.impactOccurred()
        impact.impactOccurred(intensity: 0.5)
        UISelectionFeedbackGenerator().selectionChanged()
        UINotificationFeedbackGenerator().notificationOccurred(.success)
        #expect(impact.style == .heavy && UIImpactFeedbackGenerator().style == .medium)
    }
}
