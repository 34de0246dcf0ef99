// swift-tools-version: 6.2
import PackageDescription

// Lamina's modules are optimised in debug builds too: users run their snapshot suites with
// `swift test`, a debug build, where unoptimised layout, drawing and encoding made one snapshot
// of a 3x screen take 0.1 to 0.6 s. Packages with tools version 6.2 may use such flags as
// dependencies. (Debugging Lamina itself: remove them locally.)
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "Lamina",
    products: [
        .library(name: "CoreGraphics", targets: ["CoreGraphics", "_Testing_CoreGraphics"]),
        .library(name: "CoreText", targets: ["CoreText", "_Testing_CoreGraphics"]),
        .library(name: "QuartzCore", targets: ["QuartzCore", "_Testing_CoreGraphics"]),
        .library(name: "LaminaWindow", targets: ["LaminaWindow"]),
        .library(name: "UIKit", targets: ["UIKit", "_Testing_CoreGraphics", "_Testing_UIKit"]),
        // Snapshot tests of UIKit and Core Animation code on Linux: pointfree's SnapshotTesting
        // strategies (`.image`, `.recursiveDescription`, `.elementsDescription`) for Lamina's types.
        .library(name: "LaminaSnapshotTesting", targets: ["LaminaSnapshotTesting", "_Testing_CoreGraphics", "_Testing_UIKit"]),
        .executable(name: "lamina", targets: ["lamina"]),
        .executable(name: "lamina-bench", targets: ["lamina-bench"]),
        // A UIKit application on screen (issue 18): `swift run lamina-example`.
        .executable(name: "lamina-example", targets: ["lamina-example"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // `swift package generate-documentation` (scripts/docs.sh): the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(name: "CLibPNG", path: "Sources/CLibPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLibDeflate", path: "Sources/CLibDeflate", pkgConfig: "libdeflate",
                       providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CTurboJPEG", path: "Sources/CTurboJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CLibWebP", path: "Sources/CLibWebP", pkgConfig: "libwebp",
                       providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", path: "Sources/CFriBidi", pkgConfig: "fribidi",
                       providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CThai", path: "Sources/CThai", pkgConfig: "libthai",
                       providers: [.apt(["libthai-dev"])]),
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2",
                       providers: [.apt(["libsdl2-dev"])]),
        // The hottest pixel loops in C with SSE2/AVX2 intrinsics and a scalar path (issue 17),
        // optimised in debug builds too, as the Swift modules are (intrinsics code runs 20 to 30
        // times slower at -O0: a scaled image drawn in 300 ms instead of 12).
        .target(name: "CLaminaRaster", path: "Sources/CLaminaRaster",
                cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),
        // Objects made from a class known at run time through non-required initializers, as
        // Apple's runtime makes them (presentation copies, layerClass, registered cells).
        .target(name: "CLaminaDynamicInit", path: "Sources/CLaminaDynamicInit"),
        // Resources/Fonts: the faces Lamina draws with by default, found by path (see its README).
        .target(name: "CoreGraphics", dependencies: ["CLibPNG", "CLibDeflate", "CTurboJPEG", "CLibWebP", "CFreeType", "CFontconfig", "CHarfBuzz", "CFriBidi",
                                                       "CThai", "CLaminaRaster"],
                resources: [.copy("Resources/Fonts")],
                swiftSettings: [.enableExperimentalFeature("CheckImplementationOnly")] + optimizedInDebug),
        // The render tree, animation evaluator, compositor and bands: below QuartzCore, it sees
        // CoreGraphics and value types only (never a layer), so the compiler keeps the cut.
        .target(name: "LaminaRender", dependencies: ["CoreGraphics"], swiftSettings: optimizedInDebug),
        // CoreText: shaping and text layout (CTFont, CTLine, CTFramesetter), shared by
        // CATextLayer, UILabel and string drawing.
        .target(name: "CoreText", dependencies: ["CoreGraphics"], swiftSettings: optimizedInDebug),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", "CoreText", "LaminaRender", "CLaminaDynamicInit"],
                swiftSettings: optimizedInDebug),
        // Windows on a display (SDL2): presenting frames, input events, the render thread and
        // frame pacing of a layer tree on screen. Builds and runs headless without a display.
        .target(name: "LaminaWindow", dependencies: ["QuartzCore", "LaminaRender", "CSDL2"],
                swiftSettings: [.enableExperimentalFeature("CheckImplementationOnly")] + optimizedInDebug),
        .target(name: "UIKit", dependencies: ["QuartzCore", "LaminaWindow", "CLaminaDynamicInit"], swiftSettings: optimizedInDebug),
        // Empty stand-ins for Swift Testing's cross-import overlays, which Linux toolchains lack.
        .target(name: "_Testing_CoreGraphics", dependencies: ["CoreGraphics"]),
        .target(name: "_Testing_UIKit", dependencies: ["UIKit"]),
        // The HTML report of a run's failed and recorded snapshots (Foundation only).
        .target(name: "LaminaSnapshotReport"),
        .target(name: "LaminaSnapshotTesting", dependencies: [
            "UIKit", "LaminaSnapshotReport", "CLaminaRaster", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], swiftSettings: optimizedInDebug),
        // The gallery and archive export behind the command line (not a product).
        .target(name: "LaminaTools", dependencies: ["UIKit"]),
        .executableTarget(name: "lamina", dependencies: ["LaminaTools", "LaminaSnapshotReport", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(name: "lamina-bench", dependencies: ["QuartzCore", "LaminaRender", "LaminaWindow", "UIKit", "CLaminaRaster"]),
        .executableTarget(name: "lamina-example", dependencies: ["UIKit"], path: "Examples/UIKitApp"),
        // Shared test helpers (fidelity comparison, contexts); not a product.
        .target(name: "LaminaTestSupport", dependencies: ["CoreGraphics"]),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics", "_Testing_CoreGraphics", "LaminaTestSupport"],
                    exclude: ["References", "Fixtures"]),
        .testTarget(name: "CoreTextTests", dependencies: ["CoreText", "QuartzCore", "UIKit", "_Testing_CoreGraphics", "_Testing_UIKit", "LaminaTestSupport"],
                    exclude: ["References"]),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore", "_Testing_CoreGraphics", "LaminaTestSupport"],
                    exclude: ["References"]),
        .testTarget(name: "UIKitTests", dependencies: ["UIKit", "_Testing_CoreGraphics", "_Testing_UIKit", "LaminaTestSupport"],
                    exclude: ["References", "Fixtures"]),
        .testTarget(name: "LaminaSnapshotTestingTests",
                    dependencies: ["LaminaSnapshotTesting", "LaminaSnapshotReport", "UIKit", "_Testing_CoreGraphics", "_Testing_UIKit",
                                   .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
                    exclude: ["__Snapshots__", "__Fixtures__", "LICENSE-swift-snapshot-testing.txt", "README.md"]),
        // Test files in Swift 5 language mode, as iOS suites written before Swift 6 are.
        .testTarget(name: "Swift5ModeTests",
                    dependencies: ["LaminaSnapshotTesting", "UIKit", "_Testing_CoreGraphics", "_Testing_UIKit",
                                   .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
                    exclude: ["__Snapshots__"],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "LaminaToolsTests", dependencies: ["LaminaTools", "lamina", "lamina-example", "_Testing_CoreGraphics", "_Testing_UIKit", "LaminaTestSupport"],
                    exclude: ["References"]),
    ],
    swiftLanguageModes: [.v6]
)
