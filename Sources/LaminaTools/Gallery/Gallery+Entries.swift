import Foundation

extension Gallery {
    /// The articles' examples, in article order.
    static var articleEntries: [GalleryEntry] {
        [article1, article2, article3Views, article3Order, article3Scroll, article3Drawing, article4SubLayer, article4Ring, article5]
    }

    /// The tour of layer types and properties.
    static var layerEntries: [GalleryEntry] {
        [contentsGravity, contentsRectCenter, corners, shadows, masks, transforms3D, cube, text, scripts, gradients, shapes,
         replicators, emitter, fireworks, blendModes, autoLayout, controls, form, tables, navigation, presentation, lists, dynamicType]
    }

    /// Animation.
    static var motionEntries: [GalleryEntry] {
        [springs, timingFunctions, keyframesOnPaths, holdKeyframes, viewAnimations, transitions, navigationPush]
    }

    /// Core Animation archives.
    static var archiveEntries: [GalleryEntry] {
        [archiveToggle, archiveShowcase]
    }
}
