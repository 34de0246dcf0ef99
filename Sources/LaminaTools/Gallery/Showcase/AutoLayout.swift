import Foundation
import UIKit

extension Gallery {
    static let autoLayout = GalleryEntry(
        "auto-layout", section: .layers, title: "Auto Layout: stack views, intrinsic sizes and anchors on bare layers",
        caption: "A card pinned by constraints holds a vertical stack (a title and a wrapped label sized by their intrinsic "
            + "content) over a horizontal stack of three tiles (fillEqually). A bare gradient layer under the card's top edge "
            + "is placed by layer anchors, no frames computed. The card's width constraint changes inside UIView.animate: "
            + "everything re-lays out and animates with it; the wrapped label re-wraps to two lines, and, as on iOS, labels "
            + "show their final text stretched while their frames animate.",
        size: CGSize(width: 440, height: 250), output: .animation(duration: 2.2)
    ) { stage in
        let window = stage.window
        window.backgroundColor = .systemGray6
        // gallery:begin auto-layout
        let card = UIView()
        card.backgroundColor = .white
        card.layer.cornerRadius = 14
        card.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(card)
        let width = card.widthAnchor.constraint(equalToConstant: 240)
        NSLayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            card.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
            card.bottomAnchor.constraint(equalTo: window.bottomAnchor, constant: -20),
            width,
        ])

        let title = UILabel()
        title.text = "Auto Layout"
        title.font = .boldSystemFont(ofSize: 20)
        let body = UILabel()
        body.text = "Constraints solved by Lamina's own Cassowary engine, on Linux."
        body.font = .systemFont(ofSize: 14)
        body.textColor = .darkGray
        body.numberOfLines = 0

        let tiles = [UIColor.systemRed, .systemOrange, .systemBlue].map { color -> UIView in
            let tile = UIView()
            tile.backgroundColor = color
            tile.layer.cornerRadius = 8
            tile.heightAnchor.constraint(equalToConstant: 44).isActive = true
            return tile
        }
        let row = UIStackView(arrangedSubviews: tiles)
        row.axis = .horizontal
        row.distribution = .fillEqually
        row.spacing = 8

        let column = UIStackView(arrangedSubviews: [title, body, row])
        column.axis = .vertical
        column.spacing = 8
        column.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(column)
        NSLayoutConstraint.activate([
            column.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 16),
            column.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -16),
            column.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -16),
        ])

        // A bare layer placed by anchors (Lamina's layer constraints): a bar along the card's top.
        let bar = CAGradientLayer()
        bar.colors = [UIColor.systemPink.cgColor, UIColor.systemPurple.cgColor]
        bar.startPoint = CGPoint(x: 0, y: 0.5)
        bar.endPoint = CGPoint(x: 1, y: 0.5)
        bar.cornerRadius = 4
        card.layer.addSublayer(bar)
        bar.leftAnchor.constraint(equalTo: card.layer.leftAnchor, constant: 16).isActive = true
        bar.rightAnchor.constraint(equalTo: card.layer.rightAnchor, constant: -16).isActive = true
        bar.topAnchor.constraint(equalTo: card.layer.topAnchor, constant: 16).isActive = true
        bar.heightAnchor.constraint(equalToConstant: 8).isActive = true
        // A bare sublayer would animate on its own (0.25 s); article 5's forwarder gives it the
        // view's rules, so it follows the animation block below.
        let forwarder = LayerActionsForwarder(view: card)
        bar.delegate = forwarder
        // gallery:end
        stage.keepAlive(forwarder)
        stage.at(0.4) {
            // gallery:begin auto-layout
            // Later: widen the card, animated; the stacks and the bar follow.
            width.constant = 400
            UIView.animate(withDuration: 1.2, delay: 0, options: .curveEaseInOut) { window.layoutIfNeeded() }
            // gallery:end
        }
    }
}
