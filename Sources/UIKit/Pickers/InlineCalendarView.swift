import Foundation

/// An inline date picker's month: the month and year with arrows to the previous and next
/// month, the weekdays' short names, and the days in a 7-column grid, the chosen day in a
/// faint tint-coloured circle with its number in the tint colour, today's number in the tint
/// colour; with a time, a "Time" row and the time in a grey pill below. A tap on a day
/// chooses it.
final class InlineCalendarView: UIView {
    private unowned let picker: UIDatePicker
    private var month = Date()
    private let title = UILabel()
    private let previousButton = UIButton(type: .system), nextButton = UIButton(type: .system)
    private var weekdayLabels: [UILabel] = []
    private var dayLabels: [UILabel] = []
    private let selection = UIView()
    private let timeTitle = UILabel(), timePill = UILabel()
    private var shownDays: [Date?] = []

    init(picker: UIDatePicker) {
        self.picker = picker
        super.init(frame: .zero)
        title.font = .systemFont(ofSize: 17, weight: .semibold)
        previousButton.setImage(UIImage(systemName: "chevron.left"), for: .normal)
        nextButton.setImage(UIImage(systemName: "chevron.right"), for: .normal)
        previousButton.addAction(UIAction { [weak self] _ in self?.moveMonth(-1) }, for: .touchUpInside)
        nextButton.addAction(UIAction { [weak self] _ in self?.moveMonth(1) }, for: .touchUpInside)
        selection.isUserInteractionEnabled = false
        for v in [selection, title, previousButton, nextButton] as [UIView] { addSubview(v) }
        for _ in 0..<7 {
            let l = UILabel()
            l.font = .systemFont(ofSize: 13, weight: .semibold)
            l.textColor = .tertiaryLabel
            l.textAlignment = .center
            addSubview(l)
            weekdayLabels.append(l)
        }
        for _ in 0..<42 {
            let l = UILabel()
            l.font = .systemFont(ofSize: 20)
            l.textAlignment = .center
            addSubview(l)
            dayLabels.append(l)
        }
        timeTitle.text = "Time"
        timeTitle.font = .preferredFont(forTextStyle: .body)
        timePill.font = .preferredFont(forTextStyle: .body)
        timePill.textAlignment = .center
        timePill.backgroundColor = .tertiarySystemFill
        timePill.layer.cornerRadius = 6
        timePill.clipsToBounds = true
        addSubview(timeTitle)
        addSubview(timePill)
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: { me, g in
            if g.state == .ended { me.tapped(g.location(in: me)) }
        }))
        month = startOfMonth(picker.date)
        update()
    }

    required init?(coder: NSCoder) { nil }

    private func startOfMonth(_ d: Date) -> Date {
        let cal = picker.calendarForDrawing
        return cal.date(from: cal.dateComponents([.year, .month], from: d)) ?? d
    }

    private func moveMonth(_ by: Int) {
        month = picker.calendarForDrawing.date(byAdding: .month, value: by, to: month) ?? month
        update()
    }

    /// Shows the chosen date's month (the picker's date was set).
    func showChosenMonth() {
        month = startOfMonth(picker.date)
        update()
    }

    func update() {
        let cal = picker.calendarForDrawing
        let f = DateFormatter()
        f.locale = picker.localeForDrawing
        f.calendar = cal
        f.timeZone = cal.timeZone
        f.setLocalizedDateFormatFromTemplate("MMMMyyyy")
        title.text = f.string(from: month)
        let symbols: [String] = f.shortWeekdaySymbols
        for (i, l) in weekdayLabels.enumerated() {
            let index = (i + cal.firstWeekday - 1) % 7
            l.text = symbols.indices.contains(index) ? symbols[index].uppercased() : ""
        }
        // The grid starts on the week's first day before the month's first.
        let weekday = cal.component(.weekday, from: month)
        let lead = (weekday - cal.firstWeekday + 7) % 7
        let days = cal.range(of: .day, in: .month, for: month)?.count ?? 30
        shownDays = (0..<42).map { i in
            let d = i - lead
            return d >= 0 && d < days ? cal.date(byAdding: .day, value: d, to: month) : nil
        }
        let chosen = cal.startOfDay(for: picker.date)
        let today = cal.startOfDay(for: Date())
        for (l, day) in zip(dayLabels, shownDays) {
            guard let day else { l.text = nil; continue }
            l.text = "\(cal.component(.day, from: day))"
            let isChosen = cal.isDate(day, inSameDayAs: chosen)
            l.font = .systemFont(ofSize: 20, weight: isChosen ? .semibold : .regular)
            l.textColor = isChosen || cal.isDate(day, inSameDayAs: today) ? tintColor : .label
        }
        timePill.text = picker.format(picker.date, dateStyle: .none, timeStyle: .short)
        let showsTime = picker.datePickerMode == .dateAndTime
        timeTitle.isHidden = !showsTime
        timePill.isHidden = !showsTime
        setNeedsLayout()
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        update()
    }

    private var cell: CGSize { CGSize(width: max(1, (bounds.width - 16) / 7), height: 44) }

    override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = CGRect(x: 16, y: 8, width: bounds.width - 120, height: 28)
        previousButton.frame = CGRect(x: bounds.width - 92, y: 4, width: 36, height: 36)
        nextButton.frame = CGRect(x: bounds.width - 48, y: 4, width: 36, height: 36)
        let c = cell
        for (i, l) in weekdayLabels.enumerated() { l.frame = CGRect(x: 8 + CGFloat(i) * c.width, y: 46, width: c.width, height: 18) }
        selection.isHidden = true
        let chosen = picker.calendarForDrawing.startOfDay(for: picker.date)
        for (i, l) in dayLabels.enumerated() {
            let f = CGRect(x: 8 + CGFloat(i % 7) * c.width, y: 68 + CGFloat(i / 7) * c.height, width: c.width, height: c.height)
            l.frame = f
            if let d = shownDays[i], picker.calendarForDrawing.isDate(d, inSameDayAs: chosen) {
                let r: CGFloat = 20
                selection.isHidden = false
                selection.frame = CGRect(x: f.midX - r, y: f.midY - r, width: 2 * r, height: 2 * r)
                selection.layer.cornerRadius = r
                selection.backgroundColor = tintColor.withAlphaComponent(0.12)
            }
        }
        let timeY = 68 + 6 * c.height + 8
        timeTitle.frame = CGRect(x: 16, y: timeY, width: 100, height: 34)
        let w = (timePill.sizeThatFits(CGSize(width: 200, height: 34)).width).rounded(.up) + 22
        timePill.frame = CGRect(x: bounds.width - 16 - w, y: timeY, width: w, height: 34)
    }

    private func tapped(_ p: CGPoint) {
        let c = cell
        guard p.y >= 68, p.y < 68 + 6 * c.height, p.x >= 8 else { return }
        let i = Int((p.y - 68) / c.height) * 7 + min(6, Int((p.x - 8) / c.width))
        guard shownDays.indices.contains(i), let day = shownDays[i] else { return }
        picker.chooseDay(day)
    }
}
