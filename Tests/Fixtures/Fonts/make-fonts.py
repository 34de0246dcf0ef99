#!/usr/bin/env python3
"""Makes the test fonts in this folder: small TrueType fonts whose glyphs are plain boxes,
named like the fonts the tests need (an application's own font, and faces named as Apple's
San Francisco, SF Mono and New York files are, so the Apple-fonts folder mechanism can be
tested without Apple's fonts). Every glyph's advance encodes its face, so a test tells which
face drew a string by its width: advance = 400 + weight / 2 (+ 100 for a Display face,
+ 200 for a Rounded one, + 300 for a monospaced one, + 400 for a serif one, + 25 for italic),
in units of 1000 per em. The outlines are this project's own (boxes); no third-party font data.

Needs fontTools (pip install fonttools). Deterministic: run it again and the files are the same.
"""
import os
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

HERE = os.path.dirname(os.path.abspath(__file__))
CHARS = [chr(c) for c in range(0x20, 0x7F)]

WEIGHT_NAMES = {100: "Thin", 200: "Ultralight", 300: "Light", 400: "Regular", 500: "Medium",
                600: "Semibold", 700: "Bold", 800: "Heavy", 900: "Black"}


def box(width, top):
    pen = TTGlyphPen(None)
    if top > 0:
        pen.moveTo((50, 0)); pen.lineTo((50, top)); pen.lineTo((width - 50, top)); pen.lineTo((width - 50, 0))
        pen.closePath()
    return pen.glyph()


def build(path, family, style, ps, weight, italic, extra):
    advance = 400 + weight // 2 + extra + (25 if italic else 0)
    names = [".notdef"] + ["g%04X" % ord(c) for c in CHARS]
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({ord(c): "g%04X" % ord(c) for c in CHARS})
    glyphs = {".notdef": box(advance, 700)}
    for c in CHARS:
        top = 0 if c == " " else 700 if c.isupper() or c.isdigit() else 500
        glyphs["g%04X" % ord(c)] = box(advance, top)
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({n: (advance, 50) for n in names})
    fb.setupHorizontalHeader(ascent=950, descent=-250)
    full = family if style == "Regular" else "%s %s" % (family, style)
    fb.setupNameTable({"familyName": family, "styleName": style, "uniqueFontIdentifier": ps,
                       "fullName": full, "psName": ps, "version": "Version 1.000"})
    fs_selection = (0x01 if italic else 0) | (0x20 if weight >= 700 and not italic else 0) | (0x40 if weight == 400 and not italic else 0)
    fb.setupOS2(sTypoAscender=950, sTypoDescender=-250, usWinAscent=950, usWinDescent=250, usWeightClass=weight,
                fsSelection=fs_selection, sxHeight=500, sCapHeight=700)
    fb.setupPost(isFixedPitch=1 if extra == 300 else 0)
    fb.font["head"].macStyle = (0x02 if italic else 0) | (0x01 if weight >= 700 else 0)
    fb.font["head"].created = fb.font["head"].modified = 3_000_000_000
    fb.save(path)


def main():
    apple = os.path.join(HERE, "apple")
    os.makedirs(apple, exist_ok=True)
    # San Francisco as Apple ships it: Text and Display optical sizes in several weights,
    # an italic, the rounded design, SF Mono and New York.
    for optical, extra in (("Text", 0), ("Display", 100)):
        for weight in (400, 500, 600, 700):
            style = WEIGHT_NAMES[weight]
            build(os.path.join(apple, "SF-Pro-%s-%s.ttf" % (optical, style)), "SF Pro %s" % optical, style,
                  "SFPro%s-%s" % (optical, style), weight, False, extra)
        build(os.path.join(apple, "SF-Pro-%s-RegularItalic.ttf" % optical), "SF Pro %s" % optical, "Italic",
              "SFPro%s-RegularItalic" % optical, 400, True, extra)
    build(os.path.join(apple, "SF-Pro-Rounded-Regular.ttf"), "SF Pro Rounded", "Regular", "SFProRounded-Regular", 400, False, 200)
    build(os.path.join(apple, "SF-Mono-Regular.ttf"), "SF Mono", "Regular", "SFMono-Regular", 400, False, 300)
    build(os.path.join(apple, "NewYork-Regular.ttf"), "New York", "Regular", "NewYork-Regular", 400, False, 400)
    # An application's own font, registered at run time.
    app = os.path.join(HERE, "app")
    os.makedirs(app, exist_ok=True)
    build(os.path.join(app, "LaminaTestSans-Regular.ttf"), "Lamina Test Sans", "Regular", "LaminaTestSans-Regular", 400, False, 0)
    build(os.path.join(app, "LaminaTestSans-Bold.ttf"), "Lamina Test Sans", "Bold", "LaminaTestSans-Bold", 700, False, 0)


if __name__ == "__main__":
    main()
