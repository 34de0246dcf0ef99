import Foundation
import UIKit

extension Gallery {
    static let navigation = GalleryEntry(
        "uikit-navigation", section: .layers, title: "Navigation, tab bar and collection views",
        caption: "Three phone screens: a UITabBarController holding a UINavigationController whose root shows a "
            + "UICollectionView (a vertical flow layout of colour swatches) under a navigation bar with a title, "
            + "the \"+\" of the .add system item and an Edit item; the same after a push (the back button takes "
            + "the previous title); and the tab bar controller in dark mode with a horizontal flow. The "
            + "controllers' safe areas end at the bars.",
        size: CGSize(width: 780, height: 440), output: .still(at: 0)
    ) { stage in
        let window = stage.window
        window.backgroundColor = .systemGray4
        // gallery:begin uikit-navigation
        final class Swatches: UIViewController, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
            let layout = UICollectionViewFlowLayout()
            lazy var grid = UICollectionView(frame: .zero, collectionViewLayout: layout)
            let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue,
                                     .systemIndigo, .systemPurple, .systemPink]
            let adds: Bool
            init(title: String, horizontal: Bool = false, adds: Bool = true) {
                self.adds = adds
                super.init(nibName: nil, bundle: nil)
                self.title = title
                layout.scrollDirection = horizontal ? .horizontal : .vertical
            }
            required init?(coder: NSCoder) { nil }
            override func viewDidLoad() {
                super.viewDidLoad()
                view.backgroundColor = .systemBackground
                if adds { navigationItem.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil) }
                navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .edit, target: nil, action: nil)
                layout.itemSize = CGSize(width: 60, height: 60)
                layout.minimumInteritemSpacing = 8
                layout.minimumLineSpacing = 8
                grid.backgroundColor = .systemBackground
                grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "swatch")
                grid.dataSource = self
                grid.delegate = self
                grid.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(grid)
                NSLayoutConstraint.activate([
                    grid.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
                    grid.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
                    grid.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 12),
                    grid.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -12),
                ])
            }
            func collectionView(_ cv: UICollectionView, numberOfItemsInSection section: Int) -> Int { 18 }
            func collectionView(_ cv: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = cv.dequeueReusableCell(withReuseIdentifier: "swatch", for: indexPath)
                cell.contentView.backgroundColor = colors[indexPath.item % colors.count]
                cell.contentView.layer.cornerRadius = 12
                return cell
            }
        }
        @MainActor func phone(_ root: UIViewController, at x: CGFloat, dark: Bool = false) {
            let tabs = UITabBarController()
            let nav = UINavigationController(rootViewController: root)
            nav.tabBarItem = UITabBarItem(title: "Colours", image: UIImage(systemName: "square.grid.2x2"), tag: 0)
            let other = UIViewController()
            other.tabBarItem = UITabBarItem(title: "Settings", image: UIImage(systemName: "gear"), tag: 1)
            tabs.setViewControllers([nav, other], animated: false)
            tabs.overrideUserInterfaceStyle = dark ? .dark : .light
            // A phone held upright: the picture is wider than high, so the size class is set.
            let screen = UIViewController()
            screen.view.frame = CGRect(x: x, y: 10, width: 240, height: 420)
            screen.view.layer.cornerRadius = 16
            screen.view.clipsToBounds = true
            screen.addChild(tabs)
            tabs.view.frame = screen.view.bounds
            screen.view.addSubview(tabs.view)
            tabs.didMove(toParent: screen)
            screen.setOverrideTraitCollection(UITraitCollection(verticalSizeClass: .regular), forChild: tabs)
            window.addSubview(screen.view)
            stage.keepAlive(screen)
        }
        phone(Swatches(title: "Colours"), at: 10)
        let pushed = Swatches(title: "Colours")
        phone(pushed, at: 270)
        pushed.navigationController?.pushViewController(Swatches(title: "Warm", adds: false), animated: false)
        phone(Swatches(title: "Strip", horizontal: true), at: 530, dark: true)
        // gallery:end
    }
}
