import Foundation
import Testing
import UIKit

/// `UICollectionView` with `UICollectionViewFlowLayout`: placement, reuse and selection.
@MainActor
@Suite("Collection views")
struct CollectionViewTests {
    final class Source: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
        var count = 10
        var made = 0
        var selectedPaths: [IndexPath] = []
        func collectionView(_ cv: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ cv: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            made += 1
            cell.contentView.backgroundColor = .orange
            return cell
        }
        func collectionView(_ cv: UICollectionView, didSelectItemAt indexPath: IndexPath) { selectedPaths.append(indexPath) }
    }

    func make(_ layout: UICollectionViewFlowLayout, _ source: Source, size: CGSize) -> UICollectionView {
        let cv = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        cv.dataSource = source
        cv.delegate = source
        cv.layoutIfNeeded()
        return cv
    }

    @Test func aVerticalFlowFillsRowsAndSharesTheirSpareRoom() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 60, height: 40)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 5
        let source = Source()
        let cv = make(layout, source, size: CGSize(width: 200, height: 100))
        // Three items a row (60 + 10 + 60 + 10 + 60 = 200), four rows for ten items.
        #expect(cv.contentSize == CGSize(width: 200, height: 4 * 40 + 3 * 5))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.frame == CGRect(x: 70, y: 45, width: 60, height: 40))
        // The last row, one item alone, is centred.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 9, section: 0))?.frame == CGRect(x: 70, y: 135, width: 60, height: 40))
        // Only the visible cells exist: the first two rows and a part of the third.
        #expect(cv.indexPathsForVisibleItems.count == 9 && source.made == 9)
        cv.contentOffset = CGPoint(x: 0, y: 55)
        cv.layoutIfNeeded()
        #expect(cv.indexPathsForVisibleItems.first == IndexPath(item: 3, section: 0) && cv.visibleCells.count == 7)
        // Wider: the spare room is shared.
        cv.frame.size.width = 250
        cv.layoutIfNeeded()
        // Still three a row (four need 270 points): 70 spare points, 35 per gap.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.minX == 95)
    }

    @Test func aHorizontalFlowLaysColumnsSideBySide() {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.minimumLineSpacing = 20
        let source = Source()
        let cv = make(layout, source, size: CGSize(width: 250, height: 100))
        #expect(cv.contentSize == CGSize(width: 10 * 100 + 9 * 20, height: 100))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 240, y: 0, width: 100, height: 100))
        #expect(cv.visibleCells.count == 3)
    }

    @Test func cellsAreReusedAndTapsSelect() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 50)
        layout.minimumLineSpacing = 0
        let source = Source()
        source.count = 100
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let cv = make(layout, source, size: CGSize(width: 100, height: 100))
        window.addSubview(cv)
        window.isHidden = false
        for y in stride(from: 0, through: 2000, by: 50) {
            cv.contentOffset = CGPoint(x: 0, y: y)
            cv.layoutIfNeeded()
        }
        // Made once each as they appeared, from a pool of the few that left.
        #expect(cv.subviews.filter { $0 is UICollectionViewCell }.count <= 3, "\(cv.indexPathsForVisibleItems) \(cv.bounds)")
        #expect(cv.indexPathForItem(at: CGPoint(x: 50, y: 2025)) == IndexPath(item: 40, section: 0))
        let tapPoint = cv.convert(CGPoint(x: 50, y: 2075), to: window)
        window.tap(at: tapPoint)
        #expect(source.selectedPaths == [IndexPath(item: 41, section: 0)])
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 41, section: 0)] && cv.cellForItem(at: IndexPath(item: 41, section: 0))?.isSelected == true)
        // An empty data source: no cells, no content.
        source.count = 0
        cv.reloadData()
        cv.layoutIfNeeded()
        #expect(cv.visibleCells.isEmpty && cv.contentSize.height == 0)
    }
}
