import Foundation

/// A date, a time, both, or a countdown chosen by the user (UIKit's `UIDatePicker`), in iOS 14
/// and later's styles: `.compact` shows the date and the time as labels in rounded grey pills
/// (the style `.automatic` gives dates and times), `.wheels` as a picker view's wheels (month,
/// day and year; hour, minute and AM/PM; the countdown's hours and minutes), `.inline` as a
/// month's calendar with the time below. Dates are formatted by Foundation for `locale`,
/// `calendar` and `timeZone`; the date stays within `minimumDate`…`maximumDate`, and each
/// change the user makes sends `.valueChanged`.
open class UIDatePicker: UIControl {
    /// What the picker chooses.
    public enum Mode: Int, Sendable { case time, date, dateAndTime, countDownTimer, yearAndMonth = 4269 }
    /// How the picker is drawn.
    public enum Style: Int, Sendable { case automatic, wheels, compact, inline }

    /// What the picker chooses (a date and a time by default).
    open var datePickerMode: Mode = .dateAndTime { didSet { rebuild() } }
    /// The style asked for (`.automatic`: compact, or wheels for a countdown).
    open var preferredDatePickerStyle: Style = .automatic { didSet { rebuild() } }
    /// The style drawn.
    open var datePickerStyle: Style {
        switch preferredDatePickerStyle {
        case .automatic: return datePickerMode == .countDownTimer || datePickerMode == .yearAndMonth ? .wheels : .compact
        case .inline where datePickerMode == .countDownTimer || datePickerMode == .time: return .wheels
        default: return preferredDatePickerStyle
        }
    }
    /// The date shown (kept within the minimum and maximum dates).
    open var date: Date {
        get { current }
        set { setDate(newValue, animated: false) }
    }
    /// The earliest date (nil: none).
    open var minimumDate: Date? { didSet { setDate(current, animated: false) } }
    /// The latest date (nil: none).
    open var maximumDate: Date? { didSet { setDate(current, animated: false) } }
    /// The locale dates are formatted for (nil: en_US, Lamina's default).
    open var locale: Locale? { didSet { rebuild() } }
    /// The calendar of the wheels and the month (Gregorian by default).
    open var calendar: Calendar! { didSet { rebuild() } }
    /// The time zone dates are shown in (nil: UTC, Lamina's default).
    open var timeZone: TimeZone? { didSet { rebuild() } }
    /// The minutes offered (a divisor of 60 from 1 to 30; others are reported and 1 used).
    open var minuteInterval = 1 {
        didSet {
            if minuteInterval < 1 || minuteInterval > 30 || 60 % minuteInterval != 0 {
                LaminaDiagnostics.report("UIDatePicker: minuteInterval \(minuteInterval) does not divide 60 (UIKit uses 1); 1 used")
                minuteInterval = 1
            }
            rebuild()
        }
    }
    /// The countdown's length in seconds (0 to 23 h 59 min).
    open var countDownDuration: TimeInterval = 0 {
        didSet {
            if !countDownDuration.isFinite || countDownDuration < 0 { countDownDuration = 0 }
            countDownDuration = min(countDownDuration, 86_340)
            syncWheels()
        }
    }
    /// Whether a date set is shown rounded to `minuteInterval` (kept).
    open var roundsToMinuteInterval = true

    private var current = Date()
    /// Feeds the wheels (a picker view's data source and delegate are not the date picker's
    /// own API).
    private lazy var wheelSource = DateWheelSource(picker: self)
    private var wheels: UIPickerView?
    private var pills: [UILabel] = []
    private var calendarView: InlineCalendarView?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        calendar = Calendar(identifier: .gregorian)
        rebuild()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        calendar = Calendar(identifier: .gregorian)
        rebuild()
    }

    /// Shows `date` (clamped to the range; no event is sent).
    open func setDate(_ date: Date, animated: Bool) {
        var d = date
        if let m = minimumDate, d < m { d = m }
        if let m = maximumDate, d > m { d = m }
        current = d
        refresh()
    }

    private var effectiveCalendar: Calendar {
        var c = calendar ?? Calendar(identifier: .gregorian)
        c.timeZone = timeZone ?? TimeZone(identifier: "UTC") ?? c.timeZone
        if let locale { c.locale = locale }
        return c
    }

    private var effectiveLocale: Locale { locale ?? Locale(identifier: "en_US") }

    func format(_ date: Date, dateStyle: DateFormatter.Style, timeStyle: DateFormatter.Style) -> String {
        let f = DateFormatter()
        f.locale = effectiveLocale
        f.calendar = effectiveCalendar
        f.timeZone = effectiveCalendar.timeZone
        f.dateStyle = dateStyle
        f.timeStyle = timeStyle
        return f.string(from: date)
    }

    // MARK: Styles

    private func rebuild() {
        wheels?.removeFromSuperview(); wheels = nil
        for p in pills { p.removeFromSuperview() }
        pills = []
        calendarView?.removeFromSuperview(); calendarView = nil
        switch datePickerStyle {
        case .wheels, .automatic:
            let p = UIPickerView()
            p.dataSource = wheelSource
            p.delegate = wheelSource
            addSubview(p)
            wheels = p
        case .compact:
            let parts = datePickerMode == .date ? 1 : datePickerMode == .time ? 1 : 2
            for _ in 0..<parts {
                let l = UILabel()
                l.font = .preferredFont(forTextStyle: .body)
                l.textColor = .label
                l.textAlignment = .center
                l.backgroundColor = .tertiarySystemFill
                l.layer.cornerRadius = 6
                l.clipsToBounds = true
                addSubview(l)
                pills.append(l)
            }
        case .inline:
            let c = InlineCalendarView(picker: self)
            addSubview(c)
            calendarView = c
        }
        refresh()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func refresh() {
        switch datePickerStyle {
        case .compact:
            var texts: [String] = []
            if datePickerMode != .time { texts.append(format(current, dateStyle: .medium, timeStyle: .none)) }
            if datePickerMode != .date { texts.append(format(current, dateStyle: .none, timeStyle: .short)) }
            for (l, t) in zip(pills, texts) { l.text = t }
        case .inline:
            calendarView?.showChosenMonth()
        default:
            syncWheels()
        }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    open override var intrinsicContentSize: CGSize {
        switch datePickerStyle {
        case .compact:
            var total: CGFloat = 0
            for l in pills { total += pillWidth(l) }
            total += 6 * CGFloat(max(0, pills.count - 1))
            return CGSize(width: total, height: 34)
        case .inline: return CGSize(width: 320, height: datePickerMode == .dateAndTime ? 376 : 330)
        default: return CGSize(width: 320, height: 216)
        }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// A compact pill's width: its text and 11 points either side.
    private func pillWidth(_ l: UILabel) -> CGFloat {
        let w: CGFloat = l.sizeThatFits(CGSize(width: 400, height: 40)).width
        return w.rounded(.up) + 22
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        wheels?.frame = bounds
        calendarView?.frame = bounds
        let s = intrinsicContentSize
        var x = bounds.width - s.width   // compact pills sit at the trailing edge, as in a form row
        for l in pills {
            let w = pillWidth(l)
            l.frame = CGRect(x: max(0, x), y: (bounds.height - 34) / 2, width: w, height: 34)
            x += w + 6
        }
    }

    // MARK: Wheels

    private enum Column { case month, day, year, dateDay, hour, minute, meridiem, countHours, countMinutes }

    private var uses12Hour: Bool {
        let f = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: effectiveLocale) ?? "h"
        return f.contains("a") || f.contains("h")
    }

    private var columns: [Column] {
        switch datePickerMode {
        case .date: [.month, .day, .year]
        case .yearAndMonth: [.month, .year]
        case .time: uses12Hour ? [.hour, .minute, .meridiem] : [.hour, .minute]
        case .dateAndTime: uses12Hour ? [.dateDay, .hour, .minute, .meridiem] : [.dateDay, .hour, .minute]
        case .countDownTimer: [.countHours, .countMinutes]
        }
    }

    /// The days a date-and-time wheel offers: a year either side of today.
    private static let dayRange = 365
    private var referenceDay: Date { effectiveCalendar.startOfDay(for: Date()) }

    func wheelCount() -> Int { columns.count }

    func wheelRows(_ component: Int) -> Int {
        switch columns[component] {
        case .month: 12
        case .day: 31
        case .year: 400
        case .dateDay: 2 * Self.dayRange + 1
        case .hour: uses12Hour ? 12 : 24
        case .minute, .countMinutes: 60 / minuteInterval
        case .meridiem: 2
        case .countHours: 24
        }
    }

    func wheelTitle(_ row: Int, _ component: Int) -> String? {
        let cal = effectiveCalendar
        switch columns[component] {
        case .month:
            let f = DateFormatter(); f.locale = effectiveLocale
            return f.standaloneMonthSymbols[row % 12]
        case .day: return "\(row + 1)"
        case .year: return "\(1900 + row)"
        case .dateDay:
            guard let d = cal.date(byAdding: .day, value: row - Self.dayRange, to: referenceDay) else { return nil }
            if cal.isDateInToday(d) { return "Today" }
            let f = DateFormatter(); f.locale = effectiveLocale; f.calendar = cal; f.timeZone = cal.timeZone
            f.setLocalizedDateFormatFromTemplate("EEEMMMd")
            return f.string(from: d)
        case .hour: return uses12Hour ? "\(row == 0 ? 12 : row)" : String(format: "%02d", row)
        case .minute: return String(format: "%02d", row * minuteInterval)
        case .meridiem: return row == 0 ? "AM" : "PM"
        case .countHours: return row == 1 ? "1 hour" : "\(row) hours"
        case .countMinutes: return "\(row * minuteInterval) min"
        }
    }

    func wheelWidth(_ component: Int) -> CGFloat {
        switch columns[component] {
        case .month: 130
        case .dateDay: 130
        case .year: 80
        default: 60
        }
    }

    /// The wheels' rows for the current date.
    private func syncWheels() {
        guard let p = wheels else { return }
        let cal = effectiveCalendar
        let c = cal.dateComponents([.year, .month, .day, .hour, .minute], from: current)
        for (i, col) in columns.enumerated() {
            let row: Int
            switch col {
            case .month: row = (c.month ?? 1) - 1
            case .day: row = (c.day ?? 1) - 1
            case .year: row = min(max(0, (c.year ?? 2000) - 1900), 399)
            case .dateDay:
                let days = cal.dateComponents([.day], from: referenceDay, to: cal.startOfDay(for: current)).day ?? 0
                row = min(max(0, days + Self.dayRange), 2 * Self.dayRange)
            case .hour: row = uses12Hour ? (c.hour ?? 0) % 12 : (c.hour ?? 0)
            case .minute: row = (c.minute ?? 0) / minuteInterval
            case .meridiem: row = (c.hour ?? 0) >= 12 ? 1 : 0
            case .countHours: row = Int(countDownDuration) / 3600
            case .countMinutes: row = (Int(countDownDuration) % 3600) / 60 / minuteInterval
            }
            p.selectRow(row, inComponent: i, animated: false)
        }
    }

    func wheelSelected(_ pickerView: UIPickerView) {
        let cal = effectiveCalendar
        if datePickerMode == .countDownTimer {
            let h = pickerView.selectedRow(inComponent: 0), m = pickerView.selectedRow(inComponent: 1) * minuteInterval
            countDownDuration = TimeInterval(max(60, h * 3600 + m * 60))
            sendActions(for: .valueChanged, with: nil)
            return
        }
        var c = cal.dateComponents([.year, .month, .day, .hour, .minute], from: current)
        for (i, col) in columns.enumerated() {
            let r = pickerView.selectedRow(inComponent: i)
            switch col {
            case .month: c.month = r + 1
            case .day: c.day = r + 1
            case .year: c.year = 1900 + r
            case .dateDay:
                if let d = cal.date(byAdding: .day, value: r - Self.dayRange, to: referenceDay) {
                    let dc = cal.dateComponents([.year, .month, .day], from: d)
                    c.year = dc.year; c.month = dc.month; c.day = dc.day
                }
            case .hour: c.hour = uses12Hour ? r + ((c.hour ?? 0) >= 12 ? 12 : 0) : r
            case .minute: c.minute = r * minuteInterval
            case .meridiem: c.hour = ((c.hour ?? 0) % 12) + (r == 1 ? 12 : 0)
            default: break
            }
        }
        // A day past the month's end (31 February) is the month's last day.
        if let y = c.year, let m = c.month, let first = cal.date(from: DateComponents(year: y, month: m, day: 1)),
           let days = cal.range(of: .day, in: .month, for: first)?.count, let d = c.day, d > days {
            c.day = days
        }
        if let d = cal.date(from: c) {
            setDate(d, animated: true)
            syncWheels()
            sendActions(for: .valueChanged, with: nil)
        }
    }

    /// A day chosen in the inline calendar.
    func chooseDay(_ day: Date) {
        let cal = effectiveCalendar
        var c = cal.dateComponents([.year, .month, .day, .hour, .minute, .second], from: current)
        let d = cal.dateComponents([.year, .month, .day], from: day)
        c.year = d.year; c.month = d.month; c.day = d.day
        if let date = cal.date(from: c) {
            setDate(date, animated: false)
            sendActions(for: .valueChanged, with: nil)
        }
    }

    var calendarForDrawing: Calendar { effectiveCalendar }
    var localeForDrawing: Locale { effectiveLocale }
}

/// The wheels of a date picker in the `.wheels` style: rows and titles from the picker.
private final class DateWheelSource: NSObject, UIPickerViewDataSource, UIPickerViewDelegate {
    unowned let picker: UIDatePicker
    init(picker: UIDatePicker) { self.picker = picker }
    func numberOfComponents(in pickerView: UIPickerView) -> Int { picker.wheelCount() }
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { picker.wheelRows(component) }
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        picker.wheelTitle(row, component)
    }
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat { picker.wheelWidth(component) }
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) { picker.wheelSelected(pickerView) }
}
