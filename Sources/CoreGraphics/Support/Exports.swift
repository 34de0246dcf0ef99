// On Apple platforms `import CoreGraphics` brings CGFloat, CGPoint, CGSize and CGRect; on Linux
// Foundation defines those types, so this module re-exports Foundation and adds what it lacks.
@_exported import Foundation
