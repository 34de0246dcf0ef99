import Testing
import Foundation
@testable import QuartzCore
import LaminaTestSupport

/// The example archives (also used by the gallery and the README): `Examples/archives`.
let archives = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/archives")

func caml(_ body: String) throws(CAMLError) -> CAMLDocument {
    try CAMLDocument(data: Data("<caml xmlns=\"http://www.apple.com/CoreAnimation/1.0\">\(body)</caml>".utf8), baseURL: archives)
}

@Suite("Core Animation archives")
struct CAMLTests {
    @Test func loadsTheToggleArchive() throws {
        let doc = try CAMLDocument(contentsOf: archives.appendingPathComponent("toggle.ca"))
        #expect(doc.warnings.isEmpty, "\(doc.warnings)")
        let root = doc.rootLayer
        #expect(root.bounds == CGRect(x: 0, y: 0, width: 200, height: 120) && root.name == "root")
        #expect(root.sublayers?.count == 4)
        let track = try #require(doc.layer(withID: "#track"))
        #expect(track.cornerRadius == 32 && track.cornerCurve == .continuous)
        #expect(abs(track.backgroundColor!.rgba.red - 0.78) < 1e-6)
        let knob = try #require(doc.layer(withID: "knob"))
        #expect(knob.shadowOffset == CGSize(width: 0, height: 2) && knob.shadowOpacity == 0.3)
        let glyph = try #require(doc.layer(withID: "#glyph"))
        #expect((glyph.contents as? CGImage)?.width == 120 && glyph.contentsGravity == .resizeAspect && glyph.opacity == 0)
        let ring = try #require(doc.layer(withID: "#ring") as? CAShapeLayer)
        #expect(ring.lineWidth == 3 && ring.path?.elements.count == 5)
        #expect(abs(ring.strokeColor!.rgba.red - -0.004) < 1e-6)          // extended sRGB kept
        let spin = try #require(ring.animation(forKey: "transform.rotation.z") as? CABasicAnimation)
        #expect(spin.repeatCount == .infinity && spin.duration == 2 && spin.timingFunction == CAMediaTimingFunction(name: .linear))
        let label = try #require(doc.layer(withID: "#label") as? CATextLayer)
        #expect(label.string as? String == "OFF" && label.fontSize == 14 && label.alignmentMode == .center)
        #expect(doc.stateNames == ["On", "Loud"])
    }

    @Test func statesApplyAndReset() throws {
        let doc = try CAMLDocument(contentsOf: archives.appendingPathComponent("toggle.ca"))
        let knob = try #require(doc.layer(withID: "#knob")), glyph = try #require(doc.layer(withID: "#glyph"))
        doc.setState("On")
        #expect(knob.position.x == 132 && glyph.opacity == 1 && doc.currentState == "On")
        doc.setState("Loud")        // based on On
        #expect(knob.position.x == 132 && abs((knob.value(forKeyPath: "transform.scale.x") as! CGFloat) - 1.2) < 1e-9)
        doc.setState(nil)
        #expect(knob.position.x == 68 && glyph.opacity == 0 && CATransform3DIsIdentity(knob.transform))
        let log = LaminaDiagnostics.collecting { doc.setState("Nope") }
        #expect(log.diagnostics.isEmpty && doc.warnings.contains { $0.contains("Nope") })
    }

    @Test func transitionsAnimateBetweenStates() throws {
        let doc = try CAMLDocument(contentsOf: archives.appendingPathComponent("toggle.ca"))
        let driver = FrameDriver(layer: doc.rootLayer, scale: 2)
        driver.run {
            CATransaction.flush()
            doc.transition(to: "On")
            CATransaction.flush()
        }
        let knob = try #require(doc.layer(withID: "#knob"))
        #expect(knob.animation(forKey: "position.x") is CASpringAnimation)
        driver.advance(to: 0.3)
        let x = driver.run { knob.presentation()!.position.x }
        #expect(x > 68 && x != 132)
        let glyphOpacity = driver.run { doc.layer(withID: "#glyph")!.presentation()!.opacity }
        #expect(glyphOpacity == 0)     // the keyframes hold 0 for the first half
        let failure = try compositorGolden.check("caml-toggle-transition-0.3s") { try #require(driver.frame(at: 0.3)) }
        #expect(failure == nil, "\(failure ?? "")")
        let end = try compositorGolden.check("caml-toggle-on") { try #require(driver.frame(at: 2)) }
        #expect(end == nil, "\(end ?? "")")
    }

    @Test func valueSyntax() {
        let (t, problem) = CAMLValues.transform("rotate(180deg, 1, 0, 0) scale(2, 3, 1)")
        #expect(problem == nil)
        // Scale applies first, then the rotation about x (y flips).
        #expect(abs(t.m11 - 2) < 1e-9 && abs(t.m22 + 3) < 1e-9)
        #expect(CATransform3DIsIdentity(CAMLValues.transform("").0))
        #expect(CAMLValues.transform("skew(3)").1 != nil)
        let (p, pp) = CAMLValues.path("0 0 m 10 0 l 10 10 5 15 0 10 c 0 5 2 2 q h")
        #expect(pp == nil && p.elements.count == 5)
        #expect(CAMLValues.path("1 l").1 != nil)
        #expect(CAMLValues.color("1 0.5 0")?.rgba.green == 0.5)
        #expect(CAMLValues.color("1 0.5") == nil)
        #expect(CAMLValues.number("Inf") == .infinity && CAMLValues.bool("YES") == true)
    }

    @Test func numberListsAsAttributes() throws {
        let doc = try caml("""
            <CAShapeLayer bounds="0 0 10 10" lineDashPattern="4 2, 1">
              <sublayers><CAGradientLayer bounds="0 0 5 5" locations="0 0.25 1"/><CAShapeLayer lineDashPattern="4 x"/></sublayers>
            </CAShapeLayer>
            """)
        let shape = try #require(doc.rootLayer as? CAShapeLayer)
        #expect(shape.lineDashPattern?.map(\.doubleValue) == [4, 2, 1])
        #expect((shape.sublayers?[0] as? CAGradientLayer)?.locations?.map(\.doubleValue) == [0, 0.25, 1])
        // Not all numbers: refused with a warning naming the property.
        #expect((shape.sublayers?[1] as? CAShapeLayer)?.lineDashPattern == nil)
        #expect(doc.warnings.contains { $0.contains("lineDashPattern") })
    }

    @Test func badInputIsReportedNotFatal() throws {
        // Malformed XML names the line.
        #expect(throws: CAMLError.malformedXML(line: 3, message: "</CAShapeLayer> closes <CALayer> (line 2)")) {
            try CAMLDocument(data: Data("<caml>\n<CALayer bounds=\"0 0 1 1\">\n</CAShapeLayer></caml>".utf8), baseURL: nil)
        }
        #expect(throws: CAMLError.self) { try CAMLDocument(data: Data("<caml><CALayer bounds=\"0 0 1 1\"></caml>".utf8), baseURL: nil) }
        #expect(throws: CAMLError.self) { try CAMLDocument(data: Data("<plist/>".utf8), baseURL: nil) }
        #expect(throws: CAMLError.self) { try CAMLDocument(data: Data("<caml></caml>".utf8), baseURL: nil) }
        #expect(throws: CAMLError.self) { try CAMLDocument(data: Data([0xFF, 0x00, 0x12]), baseURL: nil) }
        // Nesting beyond any real archive is refused (it would exhaust the stack), with its line.
        let deep = "<caml>\n" + String(repeating: "<CALayer bounds=\"0 0 1 1\"><sublayers>", count: 200)
            + String(repeating: "</sublayers></CALayer>", count: 200) + "</caml>"
        #expect(throws: CAMLError.malformedXML(line: 2, message: "elements nested more than 256 deep")) {
            try CAMLDocument(data: Data(deep.utf8), baseURL: nil)
        }
        #expect(throws: CAMLError.unreadable("/no/such.caml")) { try CAMLDocument(contentsOf: URL(fileURLWithPath: "/no/such.caml")) }
        // Unknown things are listed once each and the rest loads.
        let doc = try caml("""
            <CABackdropLayer bounds="0 0 50 50" blurRadius="3" frobnicate="1">
              <sublayers>
                <CALayer bounds="0 0 10 10"><contents type="CGImage" src="missing.png"/><sparkle value="1"/></CALayer>
                <CALayer bounds="0 0 10 10"><contents type="CGImage" src="missing.png"/></CALayer>
              </sublayers>
            </CABackdropLayer>
            """)
        #expect(doc.rootLayer.bounds.width == 50 && doc.rootLayer.sublayers?.count == 2)
        #expect(doc.warnings.contains { $0.contains("CABackdropLayer") })
        #expect(doc.warnings.contains { $0.contains("frobnicate") })
        #expect(doc.warnings.filter { $0.contains("missing.png") }.count == 1)
        #expect(doc.warnings.contains { $0.contains("<sparkle>") })
        // Entities and comments.
        let text = try caml("<CATextLayer bounds=\"0 0 9 9\" string=\"a &amp; b &#x4E2D;\"><!-- note --></CATextLayer>")
        #expect((text.rootLayer as? CATextLayer)?.string as? String == "a & b 中")
    }

    @Test func loadsEveryLayerClassAndValueSyntax() throws {
        let (doc, diagnostics) = try LaminaDiagnostics.collecting { try CAMLDocument(contentsOf: archives.appendingPathComponent("showcase.caml")) }
        #expect(doc.warnings.isEmpty && diagnostics.isEmpty, "\(doc.warnings) \(diagnostics)")
        let gradient = try #require(doc.layer(withID: "#gradient") as? CAGradientLayer)
        #expect(gradient.type == .conic && gradient.colors?.count == 4 && gradient.locations == [0, 0.3, 0.7, 1])
        #expect((gradient.mask as? CAShapeLayer)?.path?.elements.count == 5)
        let dots = try #require(doc.layer(withID: "#dots") as? CAReplicatorLayer)
        #expect(dots.instanceCount == 8 && abs(dots.instanceAlphaOffset + 0.1) < 1e-6)
        #expect(abs(dots.instanceTransform.m12 - sin(CGFloat.pi / 4)) < 1e-9)
        let stage = try #require(doc.layer(withID: "#stage") as? CATransformLayer)
        #expect(abs(stage.sublayerTransform.m34 + 1.0 / 200) < 1e-12)
        let card = try #require(doc.layer(withID: "#card"))
        #expect(!card.isDoubleSided && abs(card.transform.m13 + sin(40 * CGFloat.pi / 180)) < 1e-9)
        let morph = try #require(doc.layer(withID: "#morph") as? CAShapeLayer)
        let morphAnim = try #require(morph.animation(forKey: "path") as? CABasicAnimation)
        #expect((morphAnim.toValue as? CGPath)?.elements.count == 5 && morphAnim.fillMode == .both && !morphAnim.isRemovedOnCompletion)
        let mover = try #require(doc.layer(withID: "#mover"))
        let group = try #require(mover.animation(forKey: "animation") as? CAAnimationGroup)
        #expect(group.repeatCount == .infinity && group.animations?.count == 2)
        let follow = try #require(group.animations?.first as? CAKeyframeAnimation)
        #expect(follow.calculationMode == .paced && follow.path?.elements.count == 3)
        let grow = try #require(group.animations?.last as? CAKeyframeAnimation)
        #expect(grow.timingFunctions == [CAMediaTimingFunction(name: .easeInEaseOut), CAMediaTimingFunction(name: .easeOut)])
        let emitter = try #require(doc.layer(withID: "#emitter") as? CAEmitterLayer)
        #expect(emitter.seed == 7)
        let cell = try #require(emitter.emitterCells?.first)
        #expect(cell.name == "spark" && cell.birthRate == 30 && cell.contents != nil && cell.color != nil)
        #expect(doc.layer(withID: "#cutout")?.compositingFilter as? String == "multiplyBlendMode")
        let title = try #require(doc.layer(withID: "#title") as? CATextLayer)
        #expect(title.alignmentMode == .right && title.contentsScale == 2 && abs(title.foregroundColor!.alpha - 0.8) < 1e-6)

        doc.setState("Wide")
        #expect(card.bounds.width == 60 && dots.instanceCount == 5 && doc.layer(withID: "#dot")?.position == CGPoint(x: 30, y: 10))
        #expect(abs(morph.fillColor!.rgba.blue - 1) < 1e-6)
    }

    @Test func rendersTheShowcaseOverTime() throws {
        let doc = try CAMLDocument(contentsOf: archives.appendingPathComponent("showcase.caml"))
        let driver = FrameDriver(layer: doc.rootLayer, scale: 2)
        driver.run {
            CATransaction.flush()
            doc.setState("Wide")
            CATransaction.flush()
            doc.transition(to: nil)          // "Wide" -> base: the fill colour animates back
            CATransaction.flush()
        }
        let morph = try #require(doc.layer(withID: "#morph") as? CAShapeLayer)
        driver.advance(to: 0.5)
        let fill = driver.run { morph.presentation()!.fillColor!.rgba }
        #expect(abs(fill.red - 0.575) < 0.01 && abs(fill.blue - 0.6) < 0.01)   // halfway, linear
        let mid = try compositorGolden.check("caml-showcase-0.5s") { try #require(driver.frame(at: 0.5)) }
        #expect(mid == nil, "\(mid ?? "")")
        let end = try compositorGolden.check("caml-showcase-1.5s") { try #require(driver.frame(at: 1.5)) }
        #expect(end == nil, "\(end ?? "")")
    }

    /// Damaged archives: truncated, with parts cut out, with odd numbers in place of good ones.
    /// Each either fails with a typed error or loads, applies its states and transitions, and
    /// renders; nothing traps or hangs. (Run with 3,000 rounds for five seeds, this found traps
    /// in shadow offsets, the coverage accumulator, gradients, backing stores and KVC.)
    @Test func damagedArchivesNeverCrash() throws {
        let sources = try ["toggle.ca/main.caml", "showcase.caml"].map {
            try [UInt8](Data(contentsOf: archives.appendingPathComponent($0)))
        }
        // LAMINA_FUZZ_SEED and LAMINA_FUZZ_ROUNDS run it longer by hand.
        let env = ProcessInfo.processInfo.environment
        var rng = SplitMix(seed: env["LAMINA_FUZZ_SEED"].flatMap { UInt64($0) } ?? 8)
        let rounds = env["LAMINA_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 300
        let odd = ["nan", "-inf", "1e308", "-1e308", "0", "-5", "99999999", "", "#", "1 2 3 4 5 6 7 8 9", "\u{7}"]
        var loaded = 0, refused = 0
        for round in 0..<rounds {
            var bytes = sources[round % 2]
            switch round % 4 {
            case 0: bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count))))
            case 1:
                let a = Int(rng.next() % UInt64(bytes.count)), n = Int(rng.next() % 200)
                bytes.removeSubrange(a..<min(bytes.count, a + n))
            default:
                // Replace a few numbers inside attribute values.
                var text = String(decoding: bytes, as: UTF8.self)
                for _ in 0..<4 {
                    let digits = text.indices.filter { text[$0].isNumber }
                    guard !digits.isEmpty else { break }
                    let i = digits[Int(rng.next() % UInt64(digits.count))]
                    text.replaceSubrange(i...i, with: odd[Int(rng.next() % UInt64(odd.count))])
                }
                bytes = Array(text.utf8)
            }
            let doc: CAMLDocument
            do {
                // (Refused values are reported; collected here to keep the log readable.)
                doc = try LaminaDiagnostics.collecting {
                    try CAMLDocument(data: Data(bytes), baseURL: archives.appendingPathComponent("toggle.ca"))
                }.result
            } catch {
                #expect(!"\(error)".isEmpty)
                refused += 1
                continue
            }
            loaded += 1
            _ = LaminaDiagnostics.collecting {
                let driver = FrameDriver(layer: doc.rootLayer, scale: 0.5)
                driver.run {
                    for name in doc.stateNames + [nil] { doc.setState(name); CATransaction.flush() }
                    doc.transition(to: doc.stateNames.first)
                }
                for t in [0.0, 0.4, 1.3] { _ = driver.frame(at: t) }
            }
        }
        #expect(loaded > rounds / 15 && refused > rounds / 15, "loaded \(loaded), refused \(refused)")
    }
}

