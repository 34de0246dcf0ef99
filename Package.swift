// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Lamina",
    products: [
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "UIKit", targets: ["UIKit"]),
        .executable(name: "lamina", targets: ["lamina"]),
        .executable(name: "lamina-bench", targets: ["lamina-bench"]),
    ],
    targets: [
        .target(name: "CoreGraphics"),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics"]),
        .target(name: "UIKit", dependencies: ["QuartzCore"]),
        .executableTarget(name: "lamina", dependencies: ["UIKit"]),
        .executableTarget(name: "lamina-bench", dependencies: ["QuartzCore"]),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics"]),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore"]),
    ],
    swiftLanguageModes: [.v6]
)
