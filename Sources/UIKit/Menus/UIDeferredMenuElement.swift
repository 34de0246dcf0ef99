import Foundation

/// A menu element whose elements are given later (UIKit's `UIDeferredMenuElement`): the
/// provider runs when the menu is shown, and its elements replace it (a cached element keeps
/// them for later showings).
@preconcurrency @MainActor
open class UIDeferredMenuElement: UIMenuElement {
    private let provider: (@escaping ([UIMenuElement]) -> Void) -> Void
    private let cached: Bool
    private var loaded: [UIMenuElement]?

    private init(cached: Bool, provider: @escaping (@escaping ([UIMenuElement]) -> Void) -> Void) {
        self.provider = provider
        self.cached = cached
        super.init(title: "", image: nil)
    }

    /// An element whose elements `elementProvider` gives once.
    public convenience init(_ elementProvider: @escaping (@escaping ([UIMenuElement]) -> Void) -> Void) {
        self.init(cached: true, provider: elementProvider)
    }

    /// An element whose elements `elementProvider` gives each time the menu is shown.
    public static func uncached(_ elementProvider: @escaping (@escaping ([UIMenuElement]) -> Void) -> Void) -> UIDeferredMenuElement {
        UIDeferredMenuElement(cached: false, provider: elementProvider)
    }

    /// The elements to show now (none while the provider has not answered: UIKit shows a
    /// "Loading…" row then).
    func resolve(_ update: @escaping () -> Void) -> [UIMenuElement] {
        if cached, let loaded { return loaded }
        var synchronous = true
        var answered: [UIMenuElement]?
        provider { [weak self] elements in
            self?.loaded = elements
            if synchronous { answered = elements } else { update() }
        }
        synchronous = false
        return answered ?? []
    }
}
