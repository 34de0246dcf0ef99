// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "CardKit",
    platforms: [.iOS(.v17)],
    products: [.library(name: "CardKit", targets: ["CardKit"])],
    dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // Lamina: UIKit, QuartzCore and CoreGraphics on Linux. Replace the URL with Lamina's own
        // address: it has none yet.
        .package(url: "https://github.com/YOUR-ORG/lamina", from: "0.1.0"),
    ],
    targets: [
        // The app's view code, as written for iOS. On Linux, Lamina's modules stand in for Apple's.
        .target(name: "CardKit", dependencies: [
            "Gauges", "Sparklines", "Haptics",
            .product(name: "UIKit", package: "lamina", condition: .when(platforms: [.linux])),
        ]),
        .target(name: "Gauges", dependencies: [
            .product(name: "QuartzCore", package: "lamina", condition: .when(platforms: [.linux])),
        ]),
        .target(name: "Sparklines", dependencies: [
            .product(name: "CoreGraphics", package: "lamina", condition: .when(platforms: [.linux])),
        ]),
        // A module written as many iOS libraries are: `#if canImport(UIKit)`, no dependency,
        // Swift 5 language mode.
        .target(name: "Haptics", swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "CardKitTests",
            dependencies: [
                "CardKit",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "LaminaSnapshotTesting", package: "lamina", condition: .when(platforms: [.linux])),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: [
                // Every test file sees UIKit and the snapshot strategies, as importing XCTest and
                // SnapshotTesting makes them visible on iOS.
                .unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "LaminaSnapshotTesting"],
                             .when(platforms: [.linux])),
            ]
        ),
    ]
)
