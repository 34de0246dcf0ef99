// `import UIKit` makes QuartzCore, CoreGraphics and Foundation visible, as on Apple platforms.
@_exported import QuartzCore
