// `import QuartzCore` makes CoreGraphics (and through it Foundation's CG types) visible, as on
// Apple platforms.
@_exported import CoreGraphics
