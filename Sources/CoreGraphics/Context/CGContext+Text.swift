/// How glyphs are drawn.
public enum CGTextDrawingMode: Int32, Sendable {
    case fill = 0, stroke, fillStroke, invisible, fillClip, strokeClip, fillStrokeClip, clip
}

extension CGContext {
    /// Sets the font for `showGlyphs(_:at:)`.
    public func setFont(_ font: CGFont) { state.font = font }
    /// Sets the font size, in text space units.
    public func setFontSize(_ size: CGFloat) { state.fontSize = size.isFinite ? size : 0 }
    /// Sets how glyphs are drawn.
    public func setTextDrawingMode(_ mode: CGTextDrawingMode) { state.textDrawingMode = mode }

    /// The transform from text space to user space (not part of the graphics state).
    public var textMatrix: CGAffineTransform {
        get { textMatrixValue }
        set { textMatrixValue = newValue }
    }

    /// Where the next text is drawn: the translation of the text matrix.
    public var textPosition: CGPoint {
        get { CGPoint(x: textMatrixValue.tx, y: textMatrixValue.ty) }
        set { textMatrixValue.tx = newValue.x; textMatrixValue.ty = newValue.y }
    }

    /// Draws `glyphs` of the current font at `positions` in text space (the text matrix, its
    /// translation included, maps them to user space), filled and/or stroked as the text drawing
    /// mode says. All glyphs of one call are drawn as one path (filled from the glyph mask cache
    /// where it applies); the text position is unchanged.
    public func showGlyphs(_ glyphs: [CGGlyph], at positions: [CGPoint]) {
        guard let font = state.font, state.fontSize != 0, !glyphs.isEmpty else {
            if state.font == nil && !glyphs.isEmpty { LaminaDiagnostics.report("CGContext.showGlyphs: no font is set") }
            return
        }
        let k = state.fontSize / CGFloat(max(1, font.unitsPerEm))
        var placements = zip(glyphs, positions).map { g, p in
            GlyphPlacement(font: font, glyph: g,
                           transform: CGAffineTransform(a: k, b: 0, c: 0, d: k, tx: p.x, ty: p.y).concatenating(textMatrixValue))
        }
        // Each glyph's origin where the positioning and quantization settings put it.
        placeOnGlyphGrid(&placements)
        if state.textDrawingMode == .fill, fillGlyphsFromMasks(placements) { return }
        let path = CGContext.outlines(of: placements)
        let saved = devicePath
        devicePath = []
        addPath(path)
        switch state.textDrawingMode {
        case .fill: fillPath()
        case .stroke: strokePath()
        case .fillStroke: drawPath(using: .fillStroke)
        case .invisible: beginPath()
        case .fillClip: let p = devicePath; fillPath(); devicePath = p; clip()
        case .strokeClip: let p = devicePath; strokePath(); devicePath = p; clip()
        case .fillStrokeClip: let p = devicePath; drawPath(using: .fillStroke); devicePath = p; clip()
        case .clip: clip()
        }
        devicePath = saved
    }

    /// The outlines of placed glyphs as one path in user space (Lamina SPI: text drawing fills
    /// or strokes them where the glyph masks do not apply).
    @_spi(Lamina) public static func outlines(of placements: [GlyphPlacement]) -> CGMutablePath {
        let out = CGMutablePath()
        for g in placements {
            guard let outline = g.font.path(for: g.glyph), !outline.isEmpty else { continue }
            out.addPath(outline, transform: g.transform)
        }
        return out
    }
}

extension CGContext {
    // Font rendering settings. Lamina always draws glyphs antialiased, with no font smoothing
    // (dilation), as iOS draws text. Where a glyph's origin falls on the pixel grid follows the
    // positioning and quantization settings (``GlyphGrid``).

    /// Whether fonts may be smoothed (accepted; Lamina does not smooth, as iOS does not).
    public func setAllowsFontSmoothing(_ allowsFontSmoothing: Bool) {}
    /// Whether fonts are smoothed (accepted; Lamina does not smooth, as iOS does not).
    public func setShouldSmoothFonts(_ shouldSmoothFonts: Bool) {}
    /// Whether glyphs may sit at fractional pixel positions (on by default; not part of the
    /// graphics state). With it or ``setShouldSubpixelPositionFonts(_:)`` off, every glyph
    /// origin is moved to the nearest whole pixel.
    public func setAllowsFontSubpixelPositioning(_ allowsFontSubpixelPositioning: Bool) {
        allowsSubpixelPositioning = allowsFontSubpixelPositioning
    }
    /// Whether glyphs sit at fractional pixel positions (on by default; part of the graphics
    /// state).
    public func setShouldSubpixelPositionFonts(_ shouldSubpixelPositionFonts: Bool) {
        state.subpixelPositionsFonts = shouldSubpixelPositionFonts
    }
    /// Whether glyph positions may be quantized (allowed by default; not part of the graphics
    /// state). Quantized, a glyph that is not turned or skewed has its origin moved to the
    /// nearest third of a pixel across and the nearest whole pixel down, as CoreGraphics does.
    public func setAllowsFontSubpixelQuantization(_ allowsFontSubpixelQuantization: Bool) {
        allowsSubpixelQuantization = allowsFontSubpixelQuantization
    }
    /// Whether glyph positions are quantized (part of the graphics state). Off by default in
    /// Lamina's bitmap contexts, so glyphs sit where the layout puts them; [U] Apple does not
    /// document the default for bitmap contexts (window contexts quantize).
    public func setShouldSubpixelQuantizeFonts(_ shouldSubpixelQuantizeFonts: Bool) {
        state.subpixelQuantizesFonts = shouldSubpixelQuantizeFonts
    }
    /// Whether glyph positions may be quantized in this context (SPI: a text layer sets it to its
    /// `allowsFontSubpixelQuantization` while it draws, and puts the context's back).
    @_spi(Lamina) public var allowsFontSubpixelQuantization: Bool {
        get { allowsSubpixelQuantization }
        set { allowsSubpixelQuantization = newValue }
    }
    /// Extra space between the glyphs `showGlyphs` draws (accepted; its positions are given).
    public func setCharacterSpacing(_ spacing: CGFloat) {}
}
