// A file that imports LaminaSnapshotTesting sees what an iOS test file sees after `import XCTest`
// and `import SnapshotTesting`: UIKit (with QuartzCore, CoreGraphics and Foundation) and the
// library, whose Linux strategies and `ViewImageConfig` this module adds. A test target that
// passes `-import-module LaminaSnapshotTesting` to the compiler gets this in every file.
@_exported import UIKit
@_exported import SnapshotTesting
