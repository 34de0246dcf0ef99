// swift-tools-version: 6.0
// libFuzzer targets for Lamina's untrusted-input paths. Built and run by scripts/fuzz.sh with
// `-Xswiftc -sanitize=fuzzer,address`; a separate package so the main build never sees them.
import PackageDescription

let fuzzFlags: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

func fuzzTarget(_ name: String, _ deps: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: deps + ["FuzzSupport"], swiftSettings: fuzzFlags)
}

let package = Package(
    name: "LaminaFuzz",
    products: [
        .executable(name: "fuzz-png", targets: ["FuzzPNG"]),
        .executable(name: "fuzz-jpeg", targets: ["FuzzJPEG"]),
        .executable(name: "fuzz-webp", targets: ["FuzzWebP"]),
        .executable(name: "fuzz-apng", targets: ["FuzzAPNG"]),
        .executable(name: "fuzz-font", targets: ["FuzzFont"]),
        .executable(name: "fuzz-caml", targets: ["FuzzCAML"]),
        .executable(name: "fuzz-kvc", targets: ["FuzzKVC"]),
        .executable(name: "fuzz-path", targets: ["FuzzPath"]),
    ],
    dependencies: [.package(name: "Lamina", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "QuartzCore", package: "Lamina")]),
        fuzzTarget("FuzzPNG", [.product(name: "CoreGraphics", package: "Lamina")]),
        fuzzTarget("FuzzJPEG", [.product(name: "CoreGraphics", package: "Lamina")]),
        fuzzTarget("FuzzWebP", [.product(name: "CoreGraphics", package: "Lamina")]),
        fuzzTarget("FuzzAPNG", [.product(name: "CoreGraphics", package: "Lamina")]),
        fuzzTarget("FuzzFont", [.product(name: "CoreGraphics", package: "Lamina"), .product(name: "CoreText", package: "Lamina")]),
        fuzzTarget("FuzzCAML", [.product(name: "QuartzCore", package: "Lamina")]),
        fuzzTarget("FuzzKVC", [.product(name: "QuartzCore", package: "Lamina")]),
        fuzzTarget("FuzzPath", [.product(name: "CoreGraphics", package: "Lamina")]),
    ],
    swiftLanguageModes: [.v6]
)
