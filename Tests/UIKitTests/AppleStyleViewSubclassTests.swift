import Foundation
import Testing
import UIKit

// View, cell and layer subclasses as iOS code writes them when they declare initializers of
// their own (and no `init()`): they compile unchanged, registered classes are made through
// their own overrides, and a view's custom layer class through its `init()`.

/// A layer class with an initializer of its own beside `init()` and `init(layer:)`.
final class RingLayer: CALayer {
    var thickness: CGFloat
    init(thickness: CGFloat) {
        self.thickness = thickness
        super.init()
    }
    override init() {
        thickness = 2
        super.init()
    }
    override init(layer: Any) {
        thickness = (layer as? RingLayer)?.thickness ?? 2
        super.init(layer: layer)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// A view made only through its own initializer, with a custom layer class.
@MainActor
final class RingView: UIView {
    let segments: Int
    override class var layerClass: AnyClass { RingLayer.self }
    init(segments: Int) {
        self.segments = segments
        super.init(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// A cell with a second initializer of its own, registered with a table.
@MainActor
final class BadgeCell: UITableViewCell {
    let badge = UILabel()
    private(set) var madeByOverride = false
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .value1, reuseIdentifier: reuseIdentifier)
        madeByOverride = true
        contentView.addSubview(badge)
    }
    convenience init(badge text: String) {
        self.init(style: .default, reuseIdentifier: nil)
        badge.text = text
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// A cell made directly by its owner through its own designated initializer (never registered).
@MainActor
final class StaticCell: UITableViewCell {
    let title: String
    init(title: String) {
        self.title = title
        super.init(style: .default, reuseIdentifier: nil)
        textLabel?.text = title
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// A collection view cell with its own stored state and `init(frame:)` override.
@MainActor
final class TileCell: UICollectionViewCell {
    var tileColor: UIColor
    override init(frame: CGRect) {
        tileColor = .systemTeal
        super.init(frame: frame)
        contentView.backgroundColor = tileColor
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

@MainActor
@Suite("View subclasses with initializers of their own")
struct AppleStyleViewSubclassTests {
    @Test func aViewsCustomLayerClassIsMadeThroughItsInit() throws {
        let view = RingView(segments: 3)
        let ring = try #require(view.layer as? RingLayer)
        #expect(ring.thickness == 2 && view.segments == 3 && ring.delegate === view)
        // Its presentation copies are rings too.
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        window.makeKeyAndVisible()
        ring.thickness = 5
        let copy = try #require(window.run { view.layer.presentation() } as? RingLayer)
        #expect(copy.thickness == 5)
    }

    @Test func registeredCellsAreMadeThroughTheirOwnOverride() throws {
        final class Source: NSObject, UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                if indexPath.row == 2 { return StaticCell(title: "static") }
                return tableView.dequeueReusableCell(withIdentifier: "badge", for: indexPath)
            }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        let table = UITableView(frame: window.bounds, style: .plain)
        let source = Source()
        table.register(BadgeCell.self, forCellReuseIdentifier: "badge")
        table.dataSource = source
        window.addSubview(table)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)) as? BadgeCell)
        #expect(first.madeByOverride && first.reuseIdentifier == "badge")
        let third = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)) as? StaticCell)
        #expect(third.title == "static" && third.textLabel?.text == "static")
        #expect(BadgeCell(badge: "3").badge.text == "3")
    }

    @Test func registeredCollectionCellsAreMadeThroughTheirInitFrame() throws {
        final class Source: NSObject, UICollectionViewDataSource {
            func collectionView(_ cv: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
            func collectionView(_ cv: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                cv.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
            }
        }
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 40, height: 40)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 100), collectionViewLayout: layout)
        let source = Source()
        cv.register(TileCell.self, forCellWithReuseIdentifier: "tile")
        cv.dataSource = source
        cv.layoutIfNeeded()
        let cell = try #require(cv.cellForItem(at: IndexPath(item: 1, section: 0)) as? TileCell)
        #expect(cell.tileColor == .systemTeal && cell.reuseIdentifier == "tile")
    }
}
