import Foundation

/// The share sheet (UIKit's `UIActivityViewController`), presented as a sheet at its medium
/// height: the first item at the top, then the services that can act on the items: Copy (text
/// and URLs, to `UIPasteboard.general`) and the application's own activities. Linux has no sharing
/// services: no apps or people are listed, and the sheet says so.
@preconcurrency @MainActor
open class UIActivityViewController: UIViewController {
    /// Hears how the sheet ended: the service chosen (nil: none), whether it completed, the
    /// items it returned and an error.
    public typealias CompletionWithItemsHandler = (UIActivity.ActivityType?, Bool, [Any]?, (any Error)?) -> Void

    /// The items to share.
    public let activityItems: [Any]
    /// The application's own services.
    public let applicationActivities: [UIActivity]
    /// Services not to list.
    open var excludedActivityTypes: [UIActivity.ActivityType]?
    /// Called when the sheet is done.
    open var completionWithItemsHandler: CompletionWithItemsHandler?
    /// Whether a prominent service is shown first (iOS 17; kept).
    open var allowsProminentActivity = true

    public init(activityItems: [Any], applicationActivities: [UIActivity]?) {
        self.activityItems = activityItems
        self.applicationActivities = applicationActivities ?? []
        super.init()
        if let sheet = sheetPresentationController { sheet.detents = [.medium(), .large()] }
    }

    public required init?(coder: NSCoder) { return nil }

    /// The services listed, in order: Copy, then the application's that can act on the items.
    var listed: [(type: UIActivity.ActivityType, title: String, image: UIImage?, activity: UIActivity?)] {
        var out: [(UIActivity.ActivityType, String, UIImage?, UIActivity?)] = []
        let excluded = Set(excludedActivityTypes ?? [])
        if !excluded.contains(.copyToPasteboard), activityItems.contains(where: { $0 is String || $0 is URL }) {
            out.append((.copyToPasteboard, "Copy", UIImage(systemName: "doc.on.doc"), nil))
        }
        for a in applicationActivities where a.canPerform(withActivityItems: activityItems) {
            let type = a.activityType ?? UIActivity.ActivityType(String(describing: Swift.type(of: a)))
            if excluded.contains(type) { continue }
            out.append((type, a.activityTitle ?? type.rawValue, a.activityImage, a))
        }
        return out
    }

    open override func loadView() {
        view = ActivitySheetView(controller: self)
    }

    /// A service chosen in the sheet.
    func choose(_ type: UIActivity.ActivityType, _ activity: UIActivity?) {
        if let activity {
            activity.prepare(withActivityItems: activityItems)
            activity.finished = { [weak self] completed in self?.finish(type, completed) }
            if let vc = activity.activityViewController {
                present(vc, animated: true)
            } else {
                activity.perform()
            }
            return
        }
        // Copy: strings and URLs to the general pasteboard.
        let board = UIPasteboard.general
        let strings = activityItems.compactMap { ($0 as? String) ?? ($0 as? URL)?.absoluteString }
        if !strings.isEmpty { board.strings = strings }
        finish(type, true)
    }

    /// Closed without a service.
    func cancel() { finish(nil, false) }

    private func finish(_ type: UIActivity.ActivityType?, _ completed: Bool) {
        let handler = completionWithItemsHandler
        if presentingViewController != nil {
            dismiss(animated: true) { handler?(type, completed, nil, nil) }
        } else {
            handler?(type, completed, nil, nil)
        }
    }
}

/// The share sheet's content.
final class ActivitySheetView: UIView {
    unowned let controller: UIActivityViewController

    init(controller: UIActivityViewController) {
        self.controller = controller
        super.init(frame: UIScreen.main.bounds)
        backgroundColor = .systemGroupedBackground
        build()
    }

    required init?(coder: NSCoder) { return nil }

    private func build() {
        let items = controller.activityItems
        let first = items.first
        let thumb = UIImageView(frame: CGRect(x: 16, y: 18, width: 48, height: 48))
        thumb.layer.cornerRadius = 10
        thumb.clipsToBounds = true
        thumb.backgroundColor = .secondarySystemGroupedBackground
        thumb.contentMode = .center
        thumb.image = (first as? UIImage) ?? UIImage(systemName: first is URL ? "link" : "doc.text")
        addSubview(thumb)
        let title = UILabel(frame: CGRect(x: 76, y: 22, width: 0, height: 20))
        title.font = .systemFont(ofSize: 15, weight: .semibold)
        title.text = (first as? URL)?.host ?? (first as? String).map { String($0.prefix(80)) } ?? (first is UIImage ? "Image" : "\(items.count) items")
        title.tag = 1
        addSubview(title)
        let subtitle = UILabel(frame: CGRect(x: 76, y: 44, width: 0, height: 18))
        subtitle.font = .systemFont(ofSize: 13)
        subtitle.textColor = .secondaryLabel
        subtitle.text = (first as? URL)?.absoluteString ?? (first is UIImage ? "Photo" : "Text")
        subtitle.tag = 2
        addSubview(subtitle)
        let close = UIButton(type: .system)
        close.setImage(UIImage(systemName: "xmark.circle.fill"), for: .normal)
        close.tintColor = .secondaryLabel
        close.tag = 3
        close.accessibilityLabel = "Close"
        close.addAction(UIAction { [unowned self] _ in controller.cancel() }, for: .touchUpInside)
        addSubview(close)
        let note = UILabel()
        note.text = "No apps or people to share with on Linux"
        note.font = .systemFont(ofSize: 13)
        note.textColor = .secondaryLabel
        note.textAlignment = .center
        note.tag = 4
        addSubview(note)
        let list = UIView()
        list.backgroundColor = .secondarySystemGroupedBackground
        list.layer.cornerRadius = 10
        list.clipsToBounds = true
        list.tag = 5
        addSubview(list)
        for (i, service) in controller.listed.enumerated() {
            let row = MenuRow(element: UIAction(title: service.title, image: service.image) { _ in }, section: UIMenu(), leadingChecks: false)
            row.addAction(UIAction { [unowned self] _ in controller.choose(service.type, service.activity) }, for: .touchUpInside)
            row.tag = 100 + i
            list.addSubview(row)
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let w = bounds.width
        viewWithTag(1)?.frame.size.width = w - 76 - 56
        viewWithTag(2)?.frame.size.width = w - 76 - 56
        viewWithTag(3)?.frame = CGRect(x: w - 16 - 30, y: 16, width: 30, height: 30)
        viewWithTag(4)?.frame = CGRect(x: 16, y: 84, width: w - 32, height: 44)
        guard let list = viewWithTag(5) else { return }
        let rows = list.subviews.filter { $0.tag >= 100 }.sorted { $0.tag < $1.tag }
        list.frame = CGRect(x: 16, y: 136, width: w - 32, height: CGFloat(rows.count) * 52)
        for (i, r) in rows.enumerated() { r.frame = CGRect(x: 0, y: CGFloat(i) * 52, width: list.bounds.width, height: 52) }
    }
}
