import Testing
import QuartzCore

@Suite("Key-value coding (spec §7)")
struct KVCTests {
    @Test func valuesComeBackInTheirDeclaredType() {
        let l = CALayer()
        l.cornerRadius = 5
        #expect(l.value(forKey: "cornerRadius") is CGFloat)
        #expect(l.value(forKey: "opacity") is Float)
        #expect(l.value(forKey: "hidden") is Bool)
        #expect(l.value(forKey: "bounds") is CGRect)
        #expect(l.value(forKey: "transform") is CATransform3D)
        #expect(l.value(forKey: "contentsGravity") as? CALayerContentsGravity == .resize)
        #expect(l.value(forKey: "backgroundColor") == nil)
        #expect(l.value(forKey: "borderColor") as? CGColor == CGColor.black)
    }

    @Test func settersAcceptSwiftNumbersNSNumberAndNSValue() {
        let l = CALayer()
        l.setValue(7.5, forKey: "cornerRadius")
        #expect(l.cornerRadius == 7.5)
        l.setValue(NSNumber(value: 0.25), forKey: "opacity")
        #expect(l.opacity == 0.25)
        l.setValue(Float(3), forKey: "borderWidth")
        #expect(l.borderWidth == 3)
        l.setValue(1, forKey: "masksToBounds")
        #expect(l.masksToBounds)
        l.setValue(NSValue(point: CGPoint(x: 3, y: 4)), forKey: "position")
        #expect(l.position == CGPoint(x: 3, y: 4))
        l.setValue(NSValue(rect: CGRect(x: 0, y: 0, width: 10, height: 20)), forKey: "bounds")
        #expect(l.bounds.height == 20)
        l.setValue(NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1)), forKey: "transform")
        #expect(l.transform == CATransform3DMakeScale(2, 2, 1))
        l.setValue("resizeAspect", forKey: "contentsGravity")
        #expect(l.contentsGravity == .resizeAspect)
        l.setValue(NSNumber(value: 5), forKey: "maskedCorners")
        #expect(l.maskedCorners == [.layerMinXMinYCorner, .layerMinXMaxYCorner])
        l.setValue(true, forKey: "isHidden")
        #expect(l.isHidden && l.value(forKey: "isHidden") as? Bool == true)
        l.setValue(CGColor(red: 1, green: 0, blue: 0, alpha: 1), forKey: "backgroundColor")
        #expect(l.backgroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        l.setValue(nil, forKey: "backgroundColor")
        #expect(l.backgroundColor == nil)
    }

    @Test func badValuesAreRefusedWithADiagnostic() {
        let l = CALayer()
        l.cornerRadius = 4
        let (_, d) = LaminaDiagnostics.collecting {
            l.setValue("wide", forKey: "cornerRadius")
            l.setValue(nil, forKey: "cornerRadius")
            l.setValue(CALayer(), forKey: "superlayer")
        }
        #expect(l.cornerRadius == 4)
        #expect(l.superlayer == nil)
        #expect(d.count == 3)
        #expect(d[0].contains("cornerRadius"))
        // An NSNumber is an NSValue, but not a point; a size is not a rectangle (Foundation's
        // accessors would trap on either). A point for a size is taken (the same two numbers,
        // as Apple's KVC unboxes them; `transform.translation` is set that way).
        l.position = CGPoint(x: 5, y: 6)
        let (_, wrongKind) = LaminaDiagnostics.collecting {
            l.setValue(NSNumber(value: 3), forKey: "position")
            l.setValue(NSValue(size: CGSize(width: 1, height: 2)), forKey: "bounds")
            l.setValue(NSNumber(value: 1), forKey: "transform")
            l.setValue(NSValue(point: CGPoint(x: 7, y: 8)), forKeyPath: "bounds.size")
        }
        #expect(l.position == CGPoint(x: 5, y: 6) && l.bounds.size == CGSize(width: 7, height: 8) && CATransform3DIsIdentity(l.transform))
        #expect(wrongKind.count == 3, "\(wrongKind)")
    }

    @Test func nonFiniteValuesAreRefused() {
        let l = CALayer()
        l.position = CGPoint(x: 1, y: 2)
        l.opacity = 0.5
        let (_, d) = LaminaDiagnostics.collecting {
            l.position = CGPoint(x: CGFloat.nan, y: 0)
            l.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
            l.opacity = .nan
            l.setValue(Double.infinity, forKey: "zPosition")
            l.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
            var t = CATransform3DIdentity; t.m34 = .nan
            l.transform = t
            l.setValue(CGFloat.nan, forKeyPath: "position.x")
        }
        #expect(l.position == CGPoint(x: 1, y: 2) && l.opacity == 0.5 && l.bounds == .zero)
        #expect(l.zPosition == 0 && l.transform == CATransform3DIdentity)
        #expect(d.count == 7)
    }

    @Test func structFieldKeyPaths() {
        let l = CALayer()
        l.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(l.value(forKeyPath: "position.x") as? CGFloat == 25)
        #expect(l.value(forKeyPath: "position.y") as? CGFloat == 40)
        #expect(l.value(forKeyPath: "bounds.size.width") as? CGFloat == 30)
        #expect(l.value(forKeyPath: "bounds.size") as? CGSize == CGSize(width: 30, height: 40))
        #expect(l.value(forKeyPath: "bounds.origin") as? CGPoint == .zero)
        #expect(l.value(forKeyPath: "bounds.origin.y") as? CGFloat == 0)
        #expect(l.value(forKeyPath: "shadowOffset.height") as? CGFloat == -3)
        #expect(l.value(forKeyPath: "anchorPoint.x") as? CGFloat == 0.5)
        l.setValue(100, forKeyPath: "position.x")
        #expect(l.position == CGPoint(x: 100, y: 40))
        l.setValue(NSNumber(value: 50), forKeyPath: "bounds.size.height")
        #expect(l.bounds.size == CGSize(width: 30, height: 50))
        l.setValue(NSValue(point: CGPoint(x: 5, y: 6)), forKeyPath: "bounds.origin")
        #expect(l.bounds.origin == CGPoint(x: 5, y: 6))
        l.setValue(2, forKeyPath: "bounds.origin.x")
        #expect(l.bounds.origin == CGPoint(x: 2, y: 6))
        l.setValue(NSValue(size: CGSize(width: 1, height: 2)), forKeyPath: "bounds.size")
        #expect(l.bounds.size == CGSize(width: 1, height: 2))
        l.setValue(9, forKeyPath: "shadowOffset.width")
        #expect(l.shadowOffset == CGSize(width: 9, height: -3))
    }

    @Test(arguments: ["transform", "sublayerTransform"])
    func transformKeyPaths(_ key: String) {
        let l = CALayer()
        l.setValue(CGFloat.pi / 4, forKeyPath: "\(key).rotation.y")
        let t = try! #require(l.value(forKey: key) as? CATransform3D)
        #expect(near(t, CATransform3DMakeRotation(.pi / 4, 0, 1, 0), 1e-12))
        #expect(near(l.value(forKeyPath: "\(key).rotation.y") as! CGFloat, .pi / 4, 1e-12))
        #expect(near(l.value(forKeyPath: "\(key).rotation.x") as! CGFloat, 0, 1e-12))

        l.setValue(CATransform3DIdentity, forKey: key)
        l.setValue(NSNumber(value: Double.pi), forKeyPath: "\(key).rotation.y")
        #expect(near(l.value(forKeyPath: "\(key).rotation.y") as! CGFloat, .pi, 1e-9))
        #expect(near(l.value(forKeyPath: "\(key).rotation.z") as! CGFloat, 0, 1e-9))

        l.setValue(CATransform3DIdentity, forKey: key)
        l.setValue(0.5, forKeyPath: "\(key).rotation")
        #expect(near(l.value(forKeyPath: "\(key).rotation.z") as! CGFloat, 0.5, 1e-12))
        #expect(near(l.value(forKeyPath: "\(key).rotation") as! CGFloat, 0.5, 1e-12))
        l.setValue(0.3, forKeyPath: "\(key).rotation.x")
        #expect(near(l.value(forKeyPath: "\(key).rotation.x") as! CGFloat, 0.3, 1e-12))
        #expect(near(l.value(forKeyPath: "\(key).rotation.z") as! CGFloat, 0.5, 1e-12))

        l.setValue(CATransform3DIdentity, forKey: key)
        l.setValue(2, forKeyPath: "\(key).scale")
        #expect(near(l.value(forKey: key) as! CATransform3D, CATransform3DMakeScale(2, 2, 2)))
        #expect(l.value(forKeyPath: "\(key).scale") as? CGFloat == 2)
        l.setValue(3, forKeyPath: "\(key).scale.x")
        l.setValue(4, forKeyPath: "\(key).scale.y")
        l.setValue(5, forKeyPath: "\(key).scale.z")
        #expect(near(l.value(forKey: key) as! CATransform3D, CATransform3DMakeScale(3, 4, 5)))
        #expect(near(l.value(forKeyPath: "\(key).scale") as! CGFloat, 4))

        l.setValue(CATransform3DIdentity, forKey: key)
        l.setValue(NSValue(size: CGSize(width: 7, height: 8)), forKeyPath: "\(key).translation")
        l.setValue(9, forKeyPath: "\(key).translation.z")
        #expect(l.value(forKey: key) as? CATransform3D == CATransform3DMakeTranslation(7, 8, 9))
        l.setValue(1, forKeyPath: "\(key).translation.x")
        l.setValue(2, forKeyPath: "\(key).translation.y")
        #expect(l.value(forKeyPath: "\(key).translation") as? CGSize == CGSize(width: 1, height: 2))
        #expect(l.value(forKeyPath: "\(key).translation.z") as? CGFloat == 9)
    }

    @Test func rotationKeyPathKeepsPerspective() {
        let l = CALayer()
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        l.transform = p
        l.setValue(CGFloat.pi / 3, forKeyPath: "transform.rotation.y")
        #expect(near(l.transform, CATransform3DRotate(p, .pi / 3, 0, 1, 0), 1e-12))
    }

    @Test func arbitraryKeysAreStoredAndCopied() {
        let l = CALayer()
        l.setValue("layer1", forKey: "tag")
        l.setValue(42, forKey: "answer")
        #expect(l.value(forKey: "tag") as? String == "layer1")
        #expect(l.value(forKey: "answer") as? Int == 42)
        #expect(l.value(forKey: "missing") == nil)
        l.setValue(nil, forKey: "answer")
        #expect(l.value(forKey: "answer") == nil)
        let copy = CALayer(layer: l)
        #expect(copy.value(forKey: "tag") as? String == "layer1")
        // Article 3: name layers through KVC.
        l.setValue("layer2", forKey: "name")
        #expect(l.name == "layer2")
    }

    @Test func layerValuedKeysAndKeyPathsThroughLayers() {
        let l = CALayer(), m = CALayer()
        l.setValue(m, forKey: "mask")
        #expect(l.mask === m && m.superlayer === l)
        l.setValue(0.5, forKeyPath: "mask.opacity")
        #expect(m.opacity == 0.5)
        #expect(l.value(forKeyPath: "mask.opacity") as? Float == 0.5)
        let a = CALayer(), b = CALayer()
        l.setValue([a, b], forKey: "sublayers")
        #expect(l.sublayers?.count == 2 && a.superlayer === l)
        l.setValue(NSValue(rect: CGRect(x: 0, y: 0, width: 8, height: 8)), forKey: "frame")
        #expect(l.frame == CGRect(x: 0, y: 0, width: 8, height: 8))
    }

    @Test func styleChainAppliesBeforeClassDefaults() {
        let l = CALayer()
        l.style = ["cornerRadius": 6, "style": ["opacity": NSNumber(value: 0.5), "cornerRadius": 99]]
        #expect(l.cornerRadius == 6)
        #expect(l.opacity == 0.5)
        #expect(l.borderWidth == 0)
        l.cornerRadius = 2
        #expect(l.cornerRadius == 2)
        l.style = ["undeclared": "styled"]
        #expect(l.value(forKey: "undeclared") as? String == "styled")
        #expect(l.opacity == 1)
    }

    @Test func emitterCellKVC() {
        let c = CAEmitterCell()
        c.setValue(12, forKey: "birthRate")
        #expect(c.birthRate == 12 && c.value(forKey: "birthRate") is Float)
        c.setValue("spark", forKey: "name")
        #expect(c.name == "spark")
    }
}
