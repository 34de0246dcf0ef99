import Foundation
import UIKit

extension GalleryStage {
    /// A phone's window (300 × 650 points at the stage's scale, a notched phone's safe area)
    /// showing `root`, laid out.
    func phoneWindow(_ root: UIViewController? = nil) -> UIWindow {
        let w = UIWindow(screen: UIScreen(size: CGSize(width: 300, height: 650), scale: window.screen.scale,
                                          safeAreaInsets: UIEdgeInsets(top: 40, left: 0, bottom: 24, right: 0)))
        if let root { w.rootViewController = root }
        w.makeKeyAndVisible()
        w.layoutIfNeeded()
        return w
    }

    /// Draws each phone window at `time` and shows the pictures side by side, 20 points apart,
    /// with rounded corners (the windows are kept alive while the scene is drawn).
    func showPhones(_ phones: [UIWindow], at time: CFTimeInterval) {
        let scale = window.screen.scale
        for (i, w) in phones.enumerated() {
            w.layoutIfNeeded()
            w.advance(to: time)
            let picture = UIImageView(image: w.render().map { UIImage(cgImage: $0, scale: scale, orientation: .up) })
            picture.frame = CGRect(x: 20 + CGFloat(i) * 320, y: 20, width: 300, height: 650)
            picture.layer.cornerRadius = 24
            picture.clipsToBounds = true
            window.addSubview(picture)
            keepAlive(w)
        }
    }
}
