import Foundation
import UIKit

extension Gallery {
    static let archiveToggle = GalleryEntry(
        "archive-toggle", section: .archives, title: "A toggle made as a Core Animation archive",
        caption: "Examples/archives/toggle.ca loaded with CAMLDocument: a track, a knob with a shadow, a glyph image, a ring "
            + "spinning by its own animation and a text layer. At 0.3 s it goes to its \"On\" state through the archive's "
            + "transition: a spring for the knob, a colour fade, keyframes for the glyph. (lamina render does the same.)",
        size: CGSize(width: 200, height: 120), output: .animation(duration: 2)
    ) { stage in
        let url = try GalleryAssets.archive("toggle.ca")
        // gallery:begin archive-toggle
        let toggle = try CAMLDocument(contentsOf: url)
        stage.addSublayer(toggle.rootLayer)
        // gallery:end
        stage.at(0.3) {
            // gallery:begin archive-toggle
            toggle.transition(to: "On")
            // gallery:end
        }
    }

    static let archiveShowcase = GalleryEntry(
        "archive-showcase", section: .archives, title: "Every layer class in one archive",
        caption: "Examples/archives/showcase.caml: a conic gradient under a shape mask, a replicator, a card in a "
            + "CATransformLayer with perspective, a path morph, a group of keyframe animations on a path, an emitter, a "
            + "compositing filter and text. It starts in its \"Wide\" state and returns to the base state at 0.5 s.",
        size: CGSize(width: 240, height: 160), output: .animation(duration: 2.5)
    ) { stage in
        let url = try GalleryAssets.archive("showcase.caml")
        // gallery:begin archive-showcase
        let showcase = try CAMLDocument(contentsOf: url)
        showcase.setState("Wide")
        stage.addSublayer(showcase.rootLayer)
        // gallery:end
        stage.at(0.5) {
            // gallery:begin archive-showcase
            showcase.transition(to: nil)        // back to the base state
            // gallery:end
        }
    }
}
