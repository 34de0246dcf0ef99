// Swift Testing's cross-import overlay for a module named `UIKit` (see `_Testing_CoreGraphics`):
// shipped so that test files importing both `Testing` and Lamina's UIKit compile on Linux.
@_exported import UIKit
