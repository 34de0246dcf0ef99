import Foundation

/// Pull to refresh (UIKit's `UIRefreshControl`): set it as a scroll view's `refreshControl`;
/// pulling the content down 100 points past its top starts a refresh (`isRefreshing`, a
/// `.valueChanged` event, a spinning indicator held in 60 points above the content) until the
/// app calls `endRefreshing()`. The indicator fades in as the content is pulled.
open class UIRefreshControl: UIControl {
    /// Whether a refresh is under way.
    open private(set) var isRefreshing = false
    /// A title under the indicator.
    open var attributedTitle: NSAttributedString? { didSet { title.attributedText = attributedTitle; setNeedsLayout() } }

    private let spinner = UIActivityIndicatorView(style: .medium)
    private let title = UILabel()
    /// How far the content is pulled past its top.
    private var pull: CGFloat = 0

    /// The pull that starts a refresh.
    static let threshold: CGFloat = 100
    /// The room kept above the content while refreshing.
    static let height: CGFloat = 60

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public convenience init() { self.init(frame: .zero) }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        spinner.hidesWhenStopped = false
        spinner.alpha = 0
        title.font = .preferredFont(forTextStyle: .footnote)
        title.textColor = .secondaryLabel
        title.textAlignment = .center
        addSubview(spinner)
        addSubview(title)
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        spinner.color = tintColor
    }

    /// Starts refreshing as the app would (no event is sent, as in UIKit).
    open func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        spinner.alpha = 1
        spinner.startAnimating()
        (superview as? UIScrollView)?.refreshInset = UIRefreshControl.height
        setNeedsLayout()
    }

    /// Ends the refresh: the indicator stops and the content slides back up.
    open func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        let sv = superview as? UIScrollView
        onWindowClock {
            UIView.animate(withDuration: 0.3, animations: {
                sv?.refreshInset = 0
                self.spinner.alpha = 0
            }, completion: { _ in if !self.isRefreshing { self.spinner.stopAnimating() } })
        }
    }

    /// Follows the scroll view: placed in the room revealed above the content, the indicator
    /// fading in with the pull; past the threshold while dragging, a refresh starts.
    func follow(_ sv: UIScrollView) {
        let baseTop = sv.adjustedContentInset.top - sv.refreshInset
        pull = max(0, -(sv.contentOffset.y + baseTop))
        let h = max(isRefreshing ? UIRefreshControl.height : 0, pull)
        let f = CGRect(x: 0, y: -h, width: sv.bounds.width, height: h)
        if frame != f { frame = f }
        if !isRefreshing { spinner.alpha = min(1, pull / UIRefreshControl.threshold) }
        if sv.isDragging, !isRefreshing, pull >= UIRefreshControl.threshold {
            beginRefreshing()
            sendActions(for: .valueChanged, with: nil)
        }
    }

    /// The finger lifted (the scroll view then settles on the room a refresh keeps).
    func dragEnded(_ sv: UIScrollView) { follow(sv) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let titleHeight: CGFloat = attributedTitle == nil ? 0 : 18
        let top = max(0, (bounds.height - titleHeight) / 2 - 10)
        spinner.frame = CGRect(x: (bounds.width - 20) / 2, y: top, width: 20, height: 20)
        title.frame = CGRect(x: 16, y: spinner.frame.maxY + 6, width: max(0, bounds.width - 32), height: titleHeight)
    }
}
