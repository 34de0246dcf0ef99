import Foundation

/// Gives a picker view its wheels and rows (UIKit's `UIPickerViewDataSource`).
@preconcurrency @MainActor
public protocol UIPickerViewDataSource: AnyObject {
    func numberOfComponents(in pickerView: UIPickerView) -> Int
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int
}

/// Draws a picker view's rows and hears its selection (UIKit's `UIPickerViewDelegate`; every
/// method is optional).
@preconcurrency @MainActor
public protocol UIPickerViewDelegate: AnyObject {
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String?
    func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int) -> NSAttributedString?
    func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?) -> UIView
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
}

extension UIPickerViewDelegate {
    public func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat { UIPickerView.automaticWidth }
    public func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat { 32 }
    public func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? { nil }
    public func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int) -> NSAttributedString? { nil }
    public func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?) -> UIView {
        UIPickerView.defaultRowView(pickerView, row: row, component: component, reusing: view)
    }
    public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {}
}

/// Spinning wheels of rows, one per component (UIKit's `UIPickerView`), drawn as iOS 14 and
/// later draw it: 216 points tall, rows 32 points apart on a cylinder (farther rows smaller
/// and fainter), the selected row in a rounded band of the tertiary system fill across the
/// wheels, titles in 21-point text. A drag spins a wheel, which comes to rest on a row and
/// tells the delegate; a tap on a row spins it to the middle.
open class UIPickerView: UIView {
    /// A component's width shared equally among the wheels.
    static let automaticWidth: CGFloat = -1
    /// The most rows a wheel shows (a data source claiming more is cut, with a diagnostic).
    static let maximumRowCount = 1_000_000

    /// What gives the wheels and their rows.
    open weak var dataSource: UIPickerViewDataSource? { didSet { reloadAllComponents() } }
    /// What draws the rows and hears the selection.
    open weak var delegate: UIPickerViewDelegate? { didSet { reloadAllComponents() } }
    /// Kept (iOS 7 and later always show the selection band).
    open var showsSelectionIndicator = true

    private var wheels: [PickerWheel] = []
    private let band = UIView()
    private var needsReload = true

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        band.backgroundColor = .tertiarySystemFill
        band.layer.cornerRadius = 8
        band.isUserInteractionEnabled = false
        addSubview(band)
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: 320, height: 216) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width > 0 ? size.width : 320, height: 216) }

    /// The number of wheels.
    open var numberOfComponents: Int { reloadIfNeeded(); return wheels.count }
    /// The number of rows of a wheel.
    open func numberOfRows(inComponent component: Int) -> Int {
        reloadIfNeeded()
        return wheels.indices.contains(component) ? wheels[component].count : 0
    }
    /// The size of a wheel's rows.
    open func rowSize(forComponent component: Int) -> CGSize {
        reloadIfNeeded()
        guard wheels.indices.contains(component) else { return .zero }
        layoutIfNeeded()
        return CGSize(width: wheels[component].frame.width, height: wheels[component].rowHeight)
    }

    /// Asks the data source and delegate again for every wheel.
    open func reloadAllComponents() { needsReload = true; setNeedsLayout() }

    /// Asks again for one wheel's rows (its selection kept within its rows).
    open func reloadComponent(_ component: Int) {
        reloadIfNeeded()
        guard wheels.indices.contains(component) else { return }
        wheels[component].reload(count: rowCount(component), rowHeight: rowHeight(component))
    }

    /// The selected row of a wheel (-1 when it has none).
    open func selectedRow(inComponent component: Int) -> Int {
        reloadIfNeeded()
        guard wheels.indices.contains(component), wheels[component].count > 0 else { return -1 }
        return wheels[component].selected
    }

    /// Spins a wheel to `row` (no delegate call, as in UIKit).
    open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        reloadIfNeeded()
        guard wheels.indices.contains(component) else { return }
        wheels[component].select(row, animated: animated)
    }

    /// The view shown for a row, if it is near the middle of its wheel.
    open func view(forRow row: Int, forComponent component: Int) -> UIView? {
        reloadIfNeeded()
        layoutIfNeeded()
        return wheels.indices.contains(component) ? wheels[component].shownView(row) : nil
    }

    private func rowCount(_ c: Int) -> Int {
        let n = dataSource?.pickerView(self, numberOfRowsInComponent: c) ?? 0
        if n > UIPickerView.maximumRowCount {
            LaminaDiagnostics.report("UIPickerView: \(n) rows in component \(c); the first \(UIPickerView.maximumRowCount) shown")
        }
        return min(max(0, n), UIPickerView.maximumRowCount)
    }

    private func rowHeight(_ c: Int) -> CGFloat {
        let h = delegate?.pickerView(self, rowHeightForComponent: c) ?? 32
        return h.isFinite && h >= 1 ? min(h, 216) : 32
    }

    private func reloadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        let n = min(max(0, dataSource?.numberOfComponents(in: self) ?? 0), 100)
        while wheels.count > n { wheels.removeLast().removeFromSuperview() }
        while wheels.count < n {
            let w = PickerWheel(picker: self, component: wheels.count)
            addSubview(w)
            wheels.append(w)
        }
        for (c, w) in wheels.enumerated() { w.reload(count: rowCount(c), rowHeight: rowHeight(c)) }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        reloadIfNeeded()
        // Wheels side by side, 5 points apart, centred; widths from the delegate or shared.
        let gap: CGFloat = 5, inset: CGFloat = 8
        let room = max(0, bounds.width - 2 * inset - gap * CGFloat(max(0, wheels.count - 1)))
        let asked = wheels.indices.map { c -> CGFloat in
            let w = delegate?.pickerView(self, widthForComponent: c) ?? UIPickerView.automaticWidth
            return w.isFinite && w > 0 ? w : UIPickerView.automaticWidth
        }
        let fixed = asked.filter { $0 > 0 }.reduce(0, +)
        let flexible = asked.filter { $0 <= 0 }.count
        let share = flexible > 0 ? max(0, room - fixed) / CGFloat(flexible) : 0
        let widths = asked.map { $0 > 0 ? $0 : share }
        let total = widths.reduce(0, +) + gap * CGFloat(max(0, wheels.count - 1))
        var x = (bounds.width - total) / 2
        for (w, width) in zip(wheels, widths) {
            w.frame = CGRect(x: x, y: 0, width: width, height: bounds.height)
            x += width + gap
        }
        let h = wheels.map(\.rowHeight).max() ?? 32
        band.frame = CGRect(x: inset, y: (bounds.height - h) / 2, width: max(0, bounds.width - 2 * inset), height: h)
        sendSubviewToBack(band)
    }

    /// A row's default view: its title (or attributed title) in a centred 21-point label.
    static func defaultRowView(_ picker: UIPickerView, row: Int, component: Int, reusing view: UIView?) -> UIView {
        let label = (view as? UILabel) ?? UILabel()
        label.textAlignment = .center
        label.font = .systemFont(ofSize: 21)
        label.textColor = .label
        if let a = picker.delegate?.pickerView(picker, attributedTitleForRow: row, forComponent: component) {
            label.attributedText = a
        } else {
            label.text = picker.delegate?.pickerView(picker, titleForRow: row, forComponent: component) ?? "?"
        }
        return label
    }

    /// A wheel came to rest on a row.
    func wheel(_ component: Int, didSettleOn row: Int) {
        delegate?.pickerView(self, didSelectRow: row, inComponent: component)
    }
}
