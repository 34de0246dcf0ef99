// `import UIKit` makes QuartzCore, CoreGraphics and Foundation visible, as on Apple platforms.
// The views, labels, colours and the headless window arrive with the UIKit issue.
@_exported import QuartzCore
