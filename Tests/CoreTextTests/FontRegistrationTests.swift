import Testing
import Foundation
import CoreText
import UIKit

/// Fonts an application ships, registered at run time and then used by name, as iOS code does.
@MainActor
@Suite("Registering an application's fonts", .serialized)
struct FontRegistrationTests {
    static let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Fonts/app")
    let regular = fonts.appendingPathComponent("LaminaTestSans-Regular.ttf")
    let bold = fonts.appendingPathComponent("LaminaTestSans-Bold.ttf")

    /// The width of "Hello" in `font`: 5 advances of (400 + weight / 2) / 1000 em.
    func width(_ font: UIFont) -> CGFloat {
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "Hello", attributes: [.font: font]) as CFAttributedString)
        return CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil))
    }

    @Test func registeredFontsAreFoundByTheirNames() throws {
        var error: Unmanaged<CFError>?
        #expect(UIFont(name: "LaminaTestSans-Bold", size: 10) == nil)
        #expect(CTFontManagerRegisterFontsForURL(regular as CFURL, .process, &error) && error == nil)
        #expect(CTFontManagerRegisterFontsForURL(bold as CFURL, .process, &error))
        defer {
            CTFontManagerUnregisterFontsForURL(regular as CFURL, .process, nil)
            CTFontManagerUnregisterFontsForURL(bold as CFURL, .process, nil)
        }
        let byPostScript = try #require(UIFont(name: "LaminaTestSans-Bold", size: 10))
        #expect(byPostScript.familyName == "Lamina Test Sans" && abs(width(byPostScript) - 5 * 7.5) < 1e-6)
        let byFamily = try #require(UIFont(name: "Lamina Test Sans", size: 10))
        #expect(abs(width(byFamily) - 5 * 6) < 1e-6)                        // the regular weight
        #expect(abs(width(CTFontCreateWithName("Lamina Test Sans Bold" as CFString, 10, nil)) - 5 * 7.5) < 1e-6)
        #expect((CTFontManagerCopyAvailablePostScriptNames() as! [String]).contains("LaminaTestSans-Regular"))
        // Registering again fails, with CoreText's error.
        #expect(!CTFontManagerRegisterFontsForURL(bold as CFURL, .process, &error))
        let e = try #require(error?.takeRetainedValue())
        #expect(e.domain == kCTFontManagerErrorDomain && e.code == CTFontManagerError.alreadyRegistered.rawValue)
    }

    @Test func unregisteredFontsAreGone() {
        #expect(CTFontManagerRegisterFontsForURL(regular as CFURL, .process, nil))
        #expect(UIFont(name: "LaminaTestSans-Regular", size: 10) != nil)
        #expect(CTFontManagerUnregisterFontsForURL(regular as CFURL, .process, nil))
        #expect(UIFont(name: "LaminaTestSans-Regular", size: 10) == nil)
        var error: Unmanaged<CFError>?
        #expect(!CTFontManagerUnregisterFontsForURL(regular as CFURL, .process, &error))
        #expect(error?.takeRetainedValue().code == CTFontManagerError.notRegistered.rawValue)
    }

    @Test func graphicsFontsMadeFromDataRegisterToo() throws {
        let data = try Data(contentsOf: bold)
        let font = try #require(CGFont(CGDataProvider(data: data as CFData)!))
        #expect(CTFontManagerRegisterGraphicsFont(font, nil))
        defer { CTFontManagerUnregisterGraphicsFont(font, nil) }
        #expect(abs((UIFont(name: "LaminaTestSans-Bold", size: 20).map(width) ?? 0) - 5 * 15) < 1e-6)
        var error: Unmanaged<CFError>?
        #expect(!CTFontManagerRegisterGraphicsFont(font, &error))
        #expect(error?.takeRetainedValue().code == CTFontManagerError.alreadyRegistered.rawValue)
    }

    @Test func filesThatAreNotFontsFailWithAnError() throws {
        var error: Unmanaged<CFError>?
        let missing = Self.fonts.appendingPathComponent("missing.ttf")
        #expect(!CTFontManagerRegisterFontsForURL(missing as CFURL, .process, &error))
        #expect(error?.takeRetainedValue().code == CTFontManagerError.fileNotFound.rawValue)
        let notAFont = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-not-a-font-\(getpid()).ttf")
        try Data("this is not a font".utf8).write(to: notAFont)
        defer { try? FileManager.default.removeItem(at: notAFont) }
        #expect(!CTFontManagerRegisterFontsForURL(notAFont as CFURL, .process, &error))
        let e = try #require(error?.takeRetainedValue())
        #expect(e.code == CTFontManagerError.unrecognizedFormat.rawValue && e.localizedDescription.contains("not a font"))
        // A directory is not a font file either.
        #expect(!CTFontManagerRegisterFontsForURL(Self.fonts as CFURL, .process, nil))
    }
}
