import Foundation
import UIKit

/// One picture of the gallery: a scene built in a headless window, drawn as a still or as an
/// animation, with a caption and the Swift that made it.
public struct GalleryEntry: Sendable {
    /// What the entry produces.
    public enum Output: Sendable, Equatable {
        /// One PNG, drawn at this media time.
        case still(at: CFTimeInterval)
        /// An animated PNG of `duration` seconds (frames from time 0).
        case animation(duration: CFTimeInterval)
    }

    /// The file name (without extension) and HTML anchor.
    public let id: String
    /// The section of the page it belongs to.
    public let section: GallerySection
    public let title: String
    /// One or two sentences saying what to look at.
    public let caption: String
    /// The scene's size in points.
    public let size: CGSize
    public let output: Output
    /// Builds the scene into the stage (on the main actor, as UIKit code runs); runs with the
    /// stage's clock at time 0.
    let build: @MainActor @Sendable (GalleryStage) throws -> Void
    /// The file the entry is written in; its snippet is the code between
    /// `// gallery:begin <id>` and `// gallery:end` there.
    let sourceFile: String

    public init(_ id: String, section: GallerySection, title: String, caption: String, size: CGSize, output: Output,
                file: String = #filePath, build: @escaping @MainActor @Sendable (GalleryStage) throws -> Void) {
        self.id = id
        self.section = section
        self.title = title
        self.caption = caption
        self.size = size
        self.output = output
        self.build = build
        self.sourceFile = file
    }

    /// The Swift shown with the picture: the entry's marked blocks in its source file.
    public var snippet: String? { Snippet.extract(id: id, fromFile: sourceFile) }
}

/// The parts of the gallery page, in page order.
public enum GallerySection: String, Sendable, CaseIterable {
    case articles = "From the articles"
    case layers = "Layers and their properties"
    case motion = "Animation"
    case archives = "Core Animation archives"

    /// A sentence under the section's heading.
    public var blurb: String {
        switch self {
        case .articles: "Every example of the five CALayer articles, written as on iOS and drawn by Lamina."
        case .layers: "A tour of the layer types and the properties the compositor draws."
        case .motion: "Implicit and explicit animations, springs, keyframes, transitions: frames at exact media times."
        case .archives: "Archives (.ca) made in Apple's format, loaded with CAMLDocument and played through their states."
        }
    }
}

/// What a gallery entry builds into: a headless window the size of the entry, on a screen of
/// the gallery's scale, and a schedule of changes to make at given media times.
@MainActor public final class GalleryStage {
    /// The window; put views in it, or layers in `window.layer`.
    public let window: UIWindow
    var schedule: [(time: CFTimeInterval, body: @MainActor () -> Void)] = []
    private var retained: [AnyObject] = []

    init(size: CGSize, scale: CGFloat) {
        window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.screen = UIScreen(size: size, scale: scale)
        window.backgroundColor = .white
    }

    /// The scene's bounds in points.
    public var bounds: CGRect { window.bounds }

    /// Adds a layer on top of the window's content.
    public func addSublayer(_ layer: CALayer) { window.layer.addSublayer(layer) }

    /// Keeps `object` (a delegate, which layers hold weakly) alive while the scene is drawn.
    public func keepAlive(_ object: AnyObject) { retained.append(object) }

    /// Runs `body` at media time `time` (before the frame at that time is drawn), with the
    /// window's clock current: animations it starts begin then.
    public func at(_ time: CFTimeInterval, _ body: @escaping @MainActor () -> Void) {
        schedule.append((time, body))
    }
}
