import Testing
import QuartzCore

@Suite("Defaults (spec §1, §2)")
struct DefaultsTests {
    @Test func calayerDefaults() {
        let l = CALayer()
        #expect(l.bounds == .zero && l.position == .zero && l.zPosition == 0)
        #expect(l.anchorPoint == CGPoint(x: 0.5, y: 0.5) && l.anchorPointZ == 0)
        #expect(l.transform == CATransform3DIdentity && l.sublayerTransform == CATransform3DIdentity)
        #expect(l.frame == .zero)
        #expect(!l.isHidden && l.isDoubleSided && !l.isGeometryFlipped && !l.masksToBounds)
        #expect(l.superlayer == nil && l.sublayers == nil && l.mask == nil)
        #expect(l.contents == nil)
        #expect(l.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(l.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(l.contentsGravity == .resize && l.contentsScale == 1 && l.contentsFormat == .RGBA8Uint)
        #expect(l.minificationFilter == .linear && l.magnificationFilter == .linear && l.minificationFilterBias == 0)
        #expect(!l.isOpaque && !l.needsDisplayOnBoundsChange && !l.drawsAsynchronously)
        #expect(l.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        #expect(l.edgeAntialiasingMask.rawValue == 15 && !l.allowsEdgeAntialiasing)
        #expect(l.backgroundColor == nil && l.cornerRadius == 0)
        #expect(l.maskedCorners.rawValue == 15 && l.cornerCurve == .circular)
        #expect(l.borderWidth == 0 && l.borderColor == CGColor.black)
        #expect(l.opacity == 1 && l.allowsGroupOpacity)
        #expect(l.compositingFilter == nil && l.filters == nil && l.backgroundFilters == nil)
        #expect(!l.shouldRasterize && l.rasterizationScale == 1)
        #expect(l.shadowColor == CGColor.black && l.shadowOpacity == 0)
        #expect(l.shadowOffset == CGSize(width: 0, height: -3) && l.shadowRadius == 3 && l.shadowPath == nil)
        #expect(l.name == nil && l.delegate == nil && l.actions == nil && l.style == nil)
        #expect(l.layoutManager == nil && l.autoresizingMask == kCALayerNotSizable)
        #expect(l.beginTime == 0 && l.duration == 0 && l.speed == 1 && l.timeOffset == 0)
        #expect(l.repeatCount == 0 && l.repeatDuration == 0 && !l.autoreverses && l.fillMode == .removed)
        #expect(!l.needsLayout() && !l.needsDisplay())
    }

    @Test func subclassDefaults() {
        let t = CATextLayer()
        #expect(t.string == nil && t.fontSize == 36 && t.foregroundColor == CGColor.white)
        #expect((t.font as? NSString) == "Helvetica")
        #expect(!t.isWrapped && t.truncationMode == .none && t.alignmentMode == .natural && !t.allowsFontSubpixelQuantization)

        let s = CAShapeLayer()
        #expect(s.path == nil && s.fillColor == CGColor.black && s.fillRule == .nonZero && s.strokeColor == nil)
        #expect(s.strokeStart == 0 && s.strokeEnd == 1 && s.lineWidth == 1 && s.miterLimit == 10)
        #expect(s.lineCap == .butt && s.lineJoin == .miter && s.lineDashPhase == 0 && s.lineDashPattern == nil)

        let g = CAGradientLayer()
        #expect(g.colors == nil && g.locations == nil && g.type == .axial)
        #expect(g.startPoint == CGPoint(x: 0.5, y: 0) && g.endPoint == CGPoint(x: 0.5, y: 1))

        let sc = CAScrollLayer()
        #expect(sc.scrollMode == .both && sc.masksToBounds)

        let r = CAReplicatorLayer()
        #expect(r.instanceCount == 1 && r.instanceDelay == 0 && r.instanceTransform == CATransform3DIdentity)
        #expect(r.instanceColor == CGColor.white && r.instanceRedOffset == 0 && r.instanceAlphaOffset == 0 && !r.preservesDepth)

        let e = CAEmitterLayer()
        #expect(e.emitterCells == nil && e.birthRate == 1 && e.lifetime == 1 && e.velocity == 1 && e.scale == 1 && e.spin == 1)
        #expect(e.emitterPosition == .zero && e.emitterZPosition == 0 && e.emitterSize == .zero && e.emitterDepth == 0)
        #expect(e.emitterShape == .point && e.emitterMode == .volume && e.renderMode == .unordered && e.seed == 0)

        let c = CAEmitterCell()
        #expect(c.isEnabled && c.birthRate == 0 && c.scale == 1 && c.color == CGColor.white && c.contentsScale == 1)
        #expect(c.speed == 1 && c.fillMode == .removed)
    }

    @Test func rawValuesMatchApple() {
        #expect(CAShapeLayerFillRule.evenOdd.rawValue == "even-odd")
        #expect(CALayerContentsGravity.resizeAspectFill.rawValue == "resizeAspectFill")
        #expect(CALayerContentsFormat.RGBA16Float.rawValue == "RGBAh")
        #expect(CAMediaTimingFillMode.forwards.rawValue == "forwards")
        #expect(CAAutoresizingMask.layerHeightSizable.rawValue == 16)
        #expect(CACornerMask.layerMaxXMaxYCorner.rawValue == 8)
    }

    @Test func classDefaultValueReportsBuiltIns() {
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer.defaultValue(forKey: "opacity") as? Float == 1)
        #expect(CALayer.defaultValue(forKey: "noSuchKey") == nil)
        #expect(CAShapeLayer.defaultValue(forKey: "lineWidth") as? CGFloat == 1)
        #expect(CALayer.defaultValue(forKey: "lineWidth") == nil)
        #expect(CAScrollLayer.defaultValue(forKey: "masksToBounds") as? Bool == true)
    }

    @Test func descriptorsDescribeEachPropertyOnce() {
        let keys = CAShapeLayer().propertyDescriptors.map(\.key)
        #expect(Set(keys).count == keys.count)
        let bounds = try! #require(CALayer.propertyDescriptor(forKey: "bounds"))
        #expect(bounds.isAnimatable && bounds.hasImplicitAnimation && bounds.effects.contains(.layout))
        #expect(bounds.effects.contains(.superlayerLayout))
        let frame = try! #require(CALayer.propertyDescriptor(forKey: "frame"))
        #expect(!frame.isAnimatable && !frame.isStored)
        let doubleSided = try! #require(CALayer.propertyDescriptor(forKey: "isDoubleSided"))
        #expect(doubleSided.key == "doubleSided" && doubleSided.isAnimatable && !doubleSided.hasImplicitAnimation)
        let path = try! #require(CAShapeLayer.propertyDescriptor(forKey: "path"))
        #expect(path.isAnimatable && !path.hasImplicitAnimation)
        #expect(CALayer.propertyDescriptor(forKey: "path") == nil)
        #expect(CALayer.propertyDescriptor(forKey: "superlayer")?.isReadOnly == true)
    }
}
