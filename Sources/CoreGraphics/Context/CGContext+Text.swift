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
        if state.textDrawingMode == .fill {
            let k = state.fontSize / CGFloat(max(1, font.unitsPerEm))
            let placements = zip(glyphs, positions).map { g, p in
                GlyphPlacement(font: font, glyph: g,
                               transform: CGAffineTransform(a: k, b: 0, c: 0, d: k, tx: p.x, ty: p.y).concatenating(textMatrixValue))
            }
            if fillGlyphsFromMasks(placements) { return }
        }
        let path = CGContext.glyphRun(font: font, size: state.fontSize, glyphs: glyphs, positions: positions,
                                      textMatrix: textMatrixValue)
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

    /// The outlines of a run of glyphs in user space: each glyph scaled from font units to
    /// `size`, placed at its position, through the text matrix.
    public static func glyphRun(font: CGFont, size: CGFloat, glyphs: [CGGlyph], positions: [CGPoint],
                                textMatrix: CGAffineTransform = .identity) -> CGPath {
        let k = size / CGFloat(max(1, font.unitsPerEm))
        let out = CGMutablePath()
        for (g, p) in zip(glyphs, positions) {
            guard let outline = font.path(for: g), !outline.isEmpty else { continue }
            let t = CGAffineTransform(a: k, b: 0, c: 0, d: k, tx: p.x, ty: p.y).concatenating(textMatrix)
            out.addPath(outline, transform: t)
        }
        return out
    }
}

extension CGContext {
    // Font rendering settings. Lamina always draws glyphs antialiased at sub-pixel positions
    // (kept to 1/64 pixel by the glyph mask cache), as iOS draws text: no font smoothing
    // (dilation), no coarser quantization.
    // The settings are accepted so code written for Apple's platforms compiles and runs.

    /// Whether fonts may be smoothed (accepted; Lamina does not smooth, as iOS does not).
    public func setAllowsFontSmoothing(_ allowsFontSmoothing: Bool) {}
    /// Whether fonts are smoothed (accepted; Lamina does not smooth, as iOS does not).
    public func setShouldSmoothFonts(_ shouldSmoothFonts: Bool) {}
    /// Whether glyphs may sit at fractional pixel positions (accepted; they always do).
    public func setAllowsFontSubpixelPositioning(_ allowsFontSubpixelPositioning: Bool) {}
    /// Whether glyphs sit at fractional pixel positions (accepted; they always do).
    public func setShouldSubpixelPositionFonts(_ shouldSubpixelPositionFonts: Bool) {}
    /// Whether glyph positions may be quantized (accepted; they are kept to 1/64 pixel either way).
    public func setAllowsFontSubpixelQuantization(_ allowsFontSubpixelQuantization: Bool) {}
    /// Whether glyph positions are quantized (accepted; they are kept to 1/64 pixel either way).
    public func setShouldSubpixelQuantizeFonts(_ shouldSubpixelQuantizeFonts: Bool) {}
    /// Extra space between the glyphs `showGlyphs` draws (accepted; its positions are given).
    public func setCharacterSpacing(_ spacing: CGFloat) {}
}
