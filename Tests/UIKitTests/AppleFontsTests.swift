import Testing
import Foundation
@_spi(Lamina) import CoreGraphics
import UIKit

/// Apple's own fonts used when the user has them, tested with open stand-ins placed in such a
/// folder (Tests/Fixtures/Fonts/apple: faces named as Apple's files are, whose advance tells
/// which face drew; see its README). Each test runs in a process of its own, as the folder
/// changes every font the process draws.
/// Ends the process with a message when `condition` fails (inside an exit test).
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    FileHandle.standardError.write(Data("check failed: \(message())\n".utf8))
    exit(1)
}

func fixtures(_ file: String = #filePath) -> URL {
    URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/Fonts/apple")
}

/// The width of "Hello" in `font`, in points.
func width(_ font: UIFont) -> CGFloat {
    NSAttributedString(string: "Hello", attributes: [.font: font]).size().width
}

/// 5 characters of `advance` thousandths of an em, with `tracking` (thousandths) after each.
func expected(_ size: CGFloat, advance: CGFloat, tracking: CGFloat) -> CGFloat {
    5 * size * (advance + tracking) / 1000
}

func near(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 0.01 }

@MainActor
@Suite("Apple's fonts from a folder")
struct AppleFontsTests {
    @Test func theSystemFontIsSFProWithItsOpticalSizesWeightsAndTracking() async {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let report = AppleFonts.use(folder: fixtures())
            check(report.faces.count == 13 && report.skipped.isEmpty, "\(report)")
            let body = UIFont.systemFont(ofSize: 17)
            check(body.familyName == "SF Pro Text", body.familyName)
            check(near(width(body), expected(17, advance: 600, tracking: -26)), "\(width(body))")
            check(UIFont.systemFont(ofSize: 19.5).familyName == "SF Pro Text", "19.5 pt is Text")
            let title = UIFont.systemFont(ofSize: 24)
            check(title.familyName == "SF Pro Display", title.familyName)
            check(near(width(title), expected(24, advance: 700, tracking: 3)), "\(width(title))")
            check(UIFont.systemFont(ofSize: 20).familyName == "SF Pro Display", "20 pt is Display")
            // Weights: the nearest the folder has.
            check(near(width(.systemFont(ofSize: 17, weight: .semibold)), expected(17, advance: 700, tracking: -26)), "semibold")
            check(near(width(.systemFont(ofSize: 17, weight: .heavy)), expected(17, advance: 750, tracking: -26)), "heavy → bold")
            check(near(width(.italicSystemFont(ofSize: 17)), expected(17, advance: 625, tracking: -26)), "italic")
            check(near(width(.boldSystemFont(ofSize: 30)), expected(30, advance: 850, tracking: 14)), "bold display")
            // Text styles.
            check(UIFont.preferredFont(forTextStyle: .body).familyName == "SF Pro Text", "body")
            let large = UIFont.preferredFont(forTextStyle: .largeTitle)
            check(large.familyName == "SF Pro Display" && near(width(large), expected(34, advance: 700, tracking: 12)), "large title")
            // Designs: rounded, monospaced and serif.
            let d = UIFont.systemFont(ofSize: 17).fontDescriptor
            let rounded = UIFont(descriptor: d.withDesign(.rounded)!, size: 17)
            check(rounded.familyName == "SF Pro Rounded" && near(width(rounded), expected(17, advance: 800, tracking: -26)), "rounded")
            let mono = UIFont.monospacedSystemFont(ofSize: 17, weight: .regular)
            check(mono.familyName == "SF Mono" && near(width(mono), expected(17, advance: 900, tracking: 0)), "mono \(width(mono))")
            let serif = UIFont(descriptor: d.withDesign(.serif)!, size: 17)
            check(serif.familyName == "New York" && near(width(serif), expected(17, advance: 1000, tracking: 0)), "serif")
            // CoreText's names for the system font take the same faces.
            check(CTFontCopyFamilyName(CTFontCreateWithName(".SFUI-Regular" as CFString, 24, nil)) == "SF Pro Display", "CoreText")
            // A label's size follows (SF Pro Text's widths and tracking).
            let labelWidth = await MainActor.run {
                let label = UILabel()
                label.font = .systemFont(ofSize: 17)
                label.text = "Hello"
                return label.intrinsicContentSize.width
            }
            check(abs(labelWidth - expected(17, advance: 600, tracking: -26)) < 0.34, "label")
            // Back to the stand-in.
            AppleFonts.stopUsing()
            check(UIFont.systemFont(ofSize: 17).familyName == "Inter Display", "stand-in again")
        }
    }

    @Test func aMissingFaceFallsBackWithOneDiagnostic() async {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-apple-\(getpid())")
            try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            try? FileManager.default.copyItem(at: fixtures().appendingPathComponent("SF-Pro-Text-Regular.ttf"),
                                              to: dir.appendingPathComponent("SF-Pro-Text-Regular.ttf"))
            AppleFonts.use(folder: dir)
            let (fonts, diagnostics) = LaminaDiagnostics.collecting {
                (UIFont.systemFont(ofSize: 28), UIFont.systemFont(ofSize: 30), UIFont.monospacedSystemFont(ofSize: 12, weight: .regular))
            }
            // No Display face: the Text face draws large text; no SF Mono: the stand-in.
            check(fonts.0.familyName == "SF Pro Text" && fonts.1.familyName == "SF Pro Text", fonts.0.familyName)
            check(fonts.2.familyName == "DejaVu Sans Mono", fonts.2.familyName)
            check(diagnostics.filter { $0.contains("SF Pro Display") }.count == 1, "\(diagnostics)")
            check(diagnostics.filter { $0.contains("SF Mono") }.count == 1, "\(diagnostics)")
        }
    }

    @Test func filesThatAreNotFontsAreSkippedEachWithOneDiagnostic() async {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-apple-bad-\(getpid())")
            try? FileManager.default.createDirectory(at: dir.appendingPathComponent("nested"), withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let good = try! Data(contentsOf: fixtures().appendingPathComponent("SF-Pro-Display-Bold.ttf"))
            try! good.write(to: dir.appendingPathComponent("nested/SF-Pro-Display-Bold.ttf"))
            try! Data("not a font".utf8).write(to: dir.appendingPathComponent("broken.otf"))
            try! good.prefix(200).write(to: dir.appendingPathComponent("partial.ttf"))
            try! Data("notes".utf8).write(to: dir.appendingPathComponent("README.txt"))
            let (report, diagnostics) = LaminaDiagnostics.collecting { AppleFonts.use(folder: dir) }
            check(report.faces == ["SFProDisplay-Bold"], "\(report.faces)")
            check(report.skipped.count == 3, "\(report.skipped)")
            for name in ["broken.otf", "partial.ttf", "README.txt"] {
                check(diagnostics.filter { $0.contains(name) }.count == 1, "\(name): \(diagnostics)")
            }
            check(UIFont.boldSystemFont(ofSize: 40).familyName == "SF Pro Display", "the good face is used")
        }
    }

    @Test func theEnvironmentVariableNamesTheFolder() async {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            AppleFonts.useEnvironment(["LAMINA_APPLE_FONTS": fixtures().path])
            check(AppleFonts.folder?.path == fixtures().path, "\(String(describing: AppleFonts.folder))")
            check(UIFont.systemFont(ofSize: 13).familyName == "SF Pro Text", "env")
            // A folder that does not exist: nothing changes but a diagnostic.
            let (report, diagnostics) = LaminaDiagnostics.collecting { AppleFonts.use(folder: URL(fileURLWithPath: "/nonexistent/fonts")) }
            check(report.faces.isEmpty && AppleFonts.folder == nil && !diagnostics.isEmpty, "\(diagnostics)")
            check(UIFont.systemFont(ofSize: 13).familyName == "Inter Display", "stand-in")
        }
    }
}
