// `import QuartzCore` makes CoreGraphics (and through it Foundation's CG types) visible, as on
// Apple platforms, and CATransform3D, which lives with the renderer below QuartzCore.
@_exported import CoreGraphics
@_exported import CoreText
@_exported import LaminaRender
