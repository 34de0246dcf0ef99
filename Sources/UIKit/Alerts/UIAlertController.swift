import Foundation

/// An alert or an action sheet (UIKit's `UIAlertController`): a title, a message, text fields
/// and actions, laid out and drawn as iOS 17 draws them, presented with
/// `present(_:animated:completion:)`. A tap on an action dismisses the alert and then runs the
/// action's handler.
///
/// An alert is a 270-point card in the middle of the screen on a material, its title in 17-point
/// semibold, its message in 13-point, its actions 44 points tall: two side by side when their
/// titles fit (the cancel action on the left), otherwise stacked with the cancel action last.
/// An action sheet rises from the bottom of the screen, 8 points from its sides: a group with
/// the title, the message (13-point, grey) and the actions (57 points, 20-point titles), and the
/// cancel action alone below it.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    /// An alert or an action sheet.
    public enum Style: Int, Sendable {
        case actionSheet = 0
        case alert = 1
    }

    /// The message under the title.
    open var message: String? { didSet { contentChanged() } }
    /// Whether an alert or an action sheet.
    open private(set) var preferredStyle: Style = .alert
    /// The actions, in the order added.
    open private(set) var actions: [UIAlertAction] = []
    /// The action drawn bold (and triggered by Return); must be one of `actions`.
    open var preferredAction: UIAlertAction? {
        didSet {
            if let p = preferredAction, !actions.contains(where: { $0 === p }) {
                LaminaDiagnostics.report("UIAlertController.preferredAction: the action \"\(p.title ?? "")\" is not one of the alert's actions (UIKit raises); ignored")
                preferredAction = nil
            }
            contentChanged()
        }
    }
    /// The text fields, in the order added (nil when there are none, as in UIKit).
    open var textFields: [UITextField]? { fields.isEmpty ? nil : fields }
    private var fields: [UITextField] = []

    open override var title: String? {
        didSet { contentChanged() }
    }

    /// An alert or action sheet with `title` and `message`.
    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        modalPresentationStyle = .custom
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        modalPresentationStyle = .custom
    }

    /// Adds `action` (a second cancel action is refused, as UIKit refuses it).
    open func addAction(_ action: UIAlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            LaminaDiagnostics.report("UIAlertController can only have one action with a style of UIAlertActionStyleCancel (UIKit raises); \"\(action.title ?? "")\" not added")
            return
        }
        if actions.contains(where: { $0 === action }) { return }
        action.changed = { [weak self] in self?.contentChanged() }
        actions.append(action)
        contentChanged()
    }

    /// Adds a text field (alerts only: an action sheet refuses it, as UIKit does).
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            LaminaDiagnostics.report("UIAlertController: text fields can only be added to an alert controller of style .alert (UIKit raises); none added")
            return
        }
        let field = UITextField()
        field.font = .systemFont(ofSize: 13)
        field.borderStyle = .none
        field.backgroundColor = .clear
        fields.append(field)
        configurationHandler?(field)
        contentChanged()
    }

    open override func loadView() {
        view = AlertContentView(controller: self)
    }

    /// The content to draw, as the alert's view shows it.
    var content: AlertContentView? { viewIfLoaded as? AlertContentView }

    private func contentChanged() {
        content?.rebuild()
    }

    /// A tap on `action`: dismisses the alert, then runs the handler.
    func tapped(_ action: UIAlertAction) {
        guard action.isEnabled else { return }
        if presentingViewController != nil {
            dismiss(animated: true) { action.handler?(action) }
        } else {
            action.handler?(action)
        }
    }

    override func systemPresentationController(for style: UIModalPresentationStyle) -> UIPresentationController? {
        style == .custom ? AlertPresentationController(presentedViewController: self, presenting: nil)
            : super.systemPresentationController(for: style)
    }
}
