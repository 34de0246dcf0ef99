import Testing
import Foundation
import UIKit
import CoreText

/// Fonts iOS installs, asked for by name as iOS code does: each gives a font drawn with its
/// stand-in, of the weight and style the name says, and one diagnostic when the stand-in sets
/// text at other widths. Each name is used by this suite alone (answers are kept per process,
/// and a diagnostic is reported the first time a name is looked up).
@MainActor
@Suite("Apple fonts by name")
struct AppleFontNameTests {
    /// The PostScript name of the face `name` is drawn with, and the diagnostics the lookup gave.
    func lookUp(_ name: String, size: CGFloat = 17) throws -> (face: String, diagnostics: [String]) {
        let (font, diagnostics) = LaminaDiagnostics.collecting { UIFont(name: name, size: size) }
        let found = try #require(font, "\(name)")
        #expect(found.fontName == name && found.pointSize == size)
        return (CTFontCopyPostScriptName(found) as String, diagnostics)
    }

    @Test func facesWithTheSameMetricsAreUsedQuietly() throws {
        for (name, face) in [("Arial-BoldMT", "LiberationSans-Bold"), ("ArialMT", "LiberationSans"),
                             ("Helvetica-LightOblique", "LiberationSans-Italic"),
                             ("TimesNewRomanPS-BoldItalicMT", "LiberationSerif-BoldItalic"), ("Times-Roman", "LiberationSerif"),
                             ("Menlo-BoldItalic", "DejaVuSansMono-BoldOblique")] {
            let (found, diagnostics) = try lookUp(name, size: 13.5)
            #expect(found == face, "\(name)")
            #expect(diagnostics.isEmpty, "\(name): \(diagnostics)")
        }
    }

    @Test func otherFamiliesTakeTheClosestFaceOfTheirKindAndSaySo() throws {
        let cases: [(String, String, String)] = [
            ("AvenirNext-DemiBold", "InterDisplay-SemiBold", "Inter Display Semi Bold"),
            ("AvenirNextCondensed-UltraLight", "InterDisplay-ExtraLight", "Inter Display Extra Light"),
            ("Avenir-Heavy", "InterDisplay-ExtraBold", "Inter Display Extra Bold"),
            ("Futura-CondensedExtraBold", "InterDisplay-ExtraBold", "Inter Display Extra Bold"),
            ("GillSans-LightItalic", "InterDisplay-LightItalic", "Inter Display Light Italic"),
            ("HelveticaNeue-Medium", "InterDisplay-Medium", "Inter Display Medium"),
            ("Chalkduster", "InterDisplay-Regular", "Inter Display"),
            ("Baskerville-SemiBold", "LiberationSerif-Bold", "Liberation Serif Bold"),
            ("Didot-Italic", "LiberationSerif-Italic", "Liberation Serif Italic"),
            ("SnellRoundhand-Bold", "LiberationSerif-BoldItalic", "Liberation Serif Bold Italic"),
            ("CourierNewPS-BoldMT", "DejaVuSansMono-Bold", "DejaVu Sans Mono Bold"),
            ("GeezaPro-Bold", "NotoSansArabicUI-Bold", "Noto Sans Arabic UI Bold"),
            ("Thonburi", "NotoSansThaiUI-Regular", "Noto Sans Thai UI"),
        ]
        for (name, face, fullName) in cases {
            let (found, diagnostics) = try lookUp(name)
            #expect(found == face, "\(name)")
            #expect(diagnostics.count == 1, "\(name): \(diagnostics)")
            #expect(diagnostics.first?.contains("\"\(name)\"") == true, "\(diagnostics)")
            #expect(diagnostics.first?.contains("drawn with \(fullName),") == true, "\(diagnostics)")
        }
        // Hiragino's weights are numbered; the stand-in has one weight.
        #expect(try lookUp("HiraginoSans-W6").face == "WenQuanYiMicroHei")
    }

    @Test func aStandInDrawsText() throws {
        let font = try #require(LaminaDiagnostics.collecting { UIFont(name: "Optima-ExtraBlack", size: 20) }.result)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 120, height: 30)).image { _ in
            ("Optima" as NSString).draw(at: CGPoint(x: 2, y: 2), withAttributes: [.font: font, .foregroundColor: UIColor.black])
        }.cgImage!
        let bytes = [UInt8](image.dataProvider!.data!)
        let inked = stride(from: 3, to: bytes.count, by: 4).filter { bytes[$0] > 128 }.count
        #expect(inked > 100)
    }

    /// A name no font has: UIKit gives nil, as on iOS; CoreText gives its default font (its best
    /// match) and says which.
    @Test func aNameNothingHasIsNilInUIKitAndTheDefaultInCoreText() throws {
        #expect(UIFont(name: "Oswald-SemiBold", size: 12) == nil && UIFont(name: "LaminaNoFamily-Bold", size: 12) == nil)
        let (font, diagnostics) = LaminaDiagnostics.collecting { CTFontCreateWithName("Oswald-SemiBold" as CFString, 12, nil) }
        #expect(CTFontCopyPostScriptName(font) as String == "LiberationSans" && CTFontGetSize(font) == 12)
        #expect(diagnostics.count == 1 && diagnostics[0].contains("\"Oswald-SemiBold\"")
                && diagnostics[0].contains("Liberation Sans"), "\(diagnostics)")
    }
}
