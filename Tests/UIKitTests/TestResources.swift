import Testing
import Foundation
@testable import UIKit
import LaminaTestSupport

let uikitGolden = Golden(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References"))

/// The example images (`Examples/images`, shared with the gallery) for `UIImage(named:)`.
@MainActor
func useTestResources() {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/images").path
    if !UIImage.resourceDirectories.contains(dir) { UIImage.resourceDirectories.insert(dir, at: 0) }
}
