// LaminaRender sits below QuartzCore: it sees CoreGraphics and value types only, never a layer.
// Its public API is the few Apple types that live here (CATransform3D and its functions), which
// QuartzCore re-exports; everything else is `package`, for QuartzCore alone.
@_exported import CoreGraphics
