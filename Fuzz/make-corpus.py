#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpus into Fuzz/corpus/ (made by the project: no third-party
files). Needs Pillow (JPEG) and fontTools (fonts): pip install pillow fonttools. Deterministic."""
import os, random, struct, zlib, io, shutil

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "corpus")

def write(target, name, data):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

def png(w, h, depth, ctype, rows, interlace=0, extra=b""):
    ihdr = struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, interlace)
    raw = b"".join(b"\x00" + r for r in rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")

def pngs():
    write("png", "rgba-2x2.png", png(2, 2, 8, 6, [bytes([255, 0, 0, 255, 0, 255, 0, 128])] * 2))
    write("png", "gray1-9x2.png", png(9, 2, 1, 0, [b"\xaa\x80", b"\x55\x00"]))
    plte = chunk(b"PLTE", bytes([0, 0, 0, 255, 255, 255, 255, 0, 0])) + chunk(b"tRNS", bytes([0, 128]))
    write("png", "palette-4x1.png", png(4, 1, 2, 3, [bytes([0b00011000])], extra=plte))
    write("png", "rgb16-1x1.png", png(1, 1, 16, 2, [bytes([255, 255, 0, 0, 128, 0])]))
    write("png", "graya-2x1.png", png(2, 1, 8, 4, [bytes([10, 255, 200, 0])]))
    # Adam7 interlaced 3x3 gray: the passes' rows, each with its filter byte.
    passes = [b"\x00\x10", b"", b"", b"\x00\x20", b"", b"\x00\x30\x40", b"\x00\x50\x60\x70"]
    ihdr = struct.pack(">IIBBBBB", 3, 3, 8, 0, 0, 0, 1)
    write("png", "interlaced-3x3.png", b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
          + chunk(b"IDAT", zlib.compress(b"".join(passes))) + chunk(b"IEND", b""))

def apng(w, h, frames, loops=0, default_is_first=True):
    """An RGBA APNG; frames: (x, y, width, height, dispose, blend, straight RGBA bytes)."""
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    out += chunk(b"acTL", struct.pack(">II", len(frames), loops))
    seq = 0
    for i, (x, y, fw, fh, dispose, blend, pixels) in enumerate(frames):
        data = zlib.compress(b"".join(b"\x00" + pixels[r * fw * 4:(r + 1) * fw * 4] for r in range(fh)))
        if i == 0 and not default_is_first:
            out += chunk(b"IDAT", data)   # a default image that is not a frame
        out += chunk(b"fcTL", struct.pack(">IIIIIHHBB", seq, fw, fh, x, y, 1, 10, dispose, blend))
        seq += 1
        if i == 0 and default_is_first:
            out += chunk(b"IDAT", data)
        else:
            out += chunk(b"fdAT", struct.pack(">I", seq) + data)
            seq += 1
    return out + chunk(b"IEND", b"")

def apngs():
    red, half = bytes([255, 0, 0, 255]), bytes([0, 255, 0, 128])
    write("apng", "source-none-4x2.png", apng(4, 2, [(0, 0, 4, 2, 0, 0, red * 8), (1, 0, 2, 1, 0, 0, half * 2)]))
    write("apng", "over-background-4x2.png", apng(4, 2, [(0, 0, 4, 2, 1, 0, red * 8), (0, 1, 4, 1, 1, 1, half * 4),
                                                          (2, 0, 1, 1, 0, 1, red)]))
    write("apng", "previous-3x3.png", apng(3, 3, [(0, 0, 3, 3, 2, 0, half * 9), (1, 1, 1, 1, 2, 1, red),
                                                  (0, 0, 1, 1, 0, 0, red)], loops=2))
    write("apng", "hidden-default-2x2.png", apng(2, 2, [(0, 0, 2, 2, 0, 0, red * 4), (0, 0, 2, 2, 0, 0, half * 4)],
                                                 default_is_first=False))

def jpegs():
    from PIL import Image
    rnd = random.Random(1)
    def img(mode, size):
        im = Image.new(mode, size)
        im.putdata([tuple(rnd.randrange(256) for _ in mode) if len(mode) > 1 else rnd.randrange(256)
                    for _ in range(size[0] * size[1])])
        return im
    for name, mode, size, kw in [("rgb-8x8.jpg", "RGB", (8, 8), {}), ("gray-5x3.jpg", "L", (5, 3), {}),
                                 ("progressive-17x9.jpg", "RGB", (17, 9), {"progressive": True}),
                                 ("subsampled-16x16.jpg", "RGB", (16, 16), {"subsampling": 2}),
                                 ("cmyk-4x4.jpg", "CMYK", (4, 4), {})]:
        b = io.BytesIO()
        img(mode, size).save(b, "JPEG", quality=50, **kw)
        write("jpeg", name, b.getvalue())

def fonts():
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    def shapes(pen, kind):
        if kind == "square":
            pen.moveTo((100, 0)); pen.lineTo((100, 700)); pen.lineTo((500, 700)); pen.lineTo((500, 0)); pen.closePath()
        elif kind == "curve":
            pen.moveTo((50, 0)); pen.qCurveTo((300, 900), (550, 0)); pen.closePath()
        elif kind == "ring":
            pen.moveTo((300, 0)); pen.curveTo((600, 0), (600, 600), (300, 600)); pen.curveTo((0, 600), (0, 0), (300, 0))
            pen.closePath()
    order = [".notdef", "A", "B", "C"]
    for flavour in ["ttf", "otf"]:
        fb = FontBuilder(1000, isTTF=(flavour == "ttf"))
        fb.setupGlyphOrder(order)
        fb.setupCharacterMap({ord("A"): "A", ord("B"): "B", ord("C"): "C", ord("g"): "C"})
        kinds = {".notdef": "square", "A": "square", "B": "curve", "C": "ring"}
        if flavour == "ttf":
            glyphs = {}
            for g in order:
                pen = TTGlyphPen(None)
                if kinds[g] == "ring":
                    pen.moveTo((300, 0)); pen.qCurveTo((600, 0), (600, 300)); pen.qCurveTo((600, 600), (300, 600))
                    pen.qCurveTo((0, 600), (0, 300)); pen.qCurveTo((0, 0), (300, 0)); pen.closePath()
                else:
                    shapes(pen, kinds[g])
                glyphs[g] = pen.glyph()
            fb.setupGlyf(glyphs)
        else:
            charstrings = {}
            for g in order:
                pen = T2CharStringPen(600, None)
                if kinds[g] == "curve":
                    pen.moveTo((50, 0)); pen.curveTo((150, 600), (450, 600), (550, 0)); pen.closePath()
                else:
                    shapes(pen, kinds[g])
                charstrings[g] = pen.getCharString()
            fb.setupCFF("LaminaFuzz-Regular", {"FullName": "Lamina Fuzz"}, charstrings, {})
        fb.setupHorizontalMetrics({g: (600, 50) for g in order})
        fb.setupHorizontalHeader(ascent=800, descent=-200)
        fb.setupNameTable({"familyName": "Lamina Fuzz", "styleName": "Regular"})
        fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200, sCapHeight=700, sxHeight=500)
        fb.setupPost()
        b = io.BytesIO()
        fb.save(b)
        write("font", "tiny." + flavour, b.getvalue())

def camls():
    src = os.path.join(here, "..", "Examples", "archives")
    write("caml", "showcase.caml", open(os.path.join(src, "showcase.caml"), "rb").read())
    write("caml", "toggle.caml", open(os.path.join(src, "toggle.ca", "main.caml"), "rb").read())
    write("caml", "minimal.caml", b'<?xml version="1.0"?><caml xmlns="http://www.apple.com/CoreAnimation/1.0">'
          b'<CALayer bounds="0 0 10 10" position="5 5"><backgroundColor value="1 0 0"/></CALayer></caml>')
    write("caml", "states.caml", b'<caml><CALayer id="#r" bounds="0 0 20 20"><sublayers><CATextLayer id="#t" '
          b'bounds="0 0 20 10" string="Hi" fontSize="9"/><CAGradientLayer id="#g" bounds="0 0 20 10" type="radial"/>'
          b'</sublayers><states><LKState name="On"><elements><LKStateSetValue targetId="#t" keyPath="opacity">'
          b'<value type="real" value="0.5"/></LKStateSetValue></elements></LKState></states><stateTransitions>'
          b'<LKStateTransition fromState="*" toState="On"><elements><LKStateTransitionElement key="opacity" '
          b'targetId="#t"><animation type="CASpringAnimation" damping="5" duration="1"/></LKStateTransitionElement>'
          b'</elements></LKStateTransition></stateTransitions></CALayer></caml>')

def kvcs():
    write("kvc", "geometry.txt", b"\x00bounds=[0 0 30 40\nposition=@10 20\ntransform.rotation.z=#1.2\nanchorPoint=@0 1\n"
          b"sublayerTransform.scale=#2\nframe=[5 5 -10 10\nsub.position.x=#3\n")
    write("kvc", "appearance.txt", b"\x00backgroundColor=%1 0 0 1\ncornerRadius=#5\nborderWidth=#2\nshadowOpacity=#1\n"
          b"shadowOffset=@0 3\nshadowRadius=#4\nopacity=#0.5\nmask=^\nsub.hidden=?1\nmasksToBounds=?1\n")
    write("kvc", "shape.txt", b"\x01strokeEnd=#0.5\nlineWidth=#3\nlineDashPattern=~2 1\nfillColor=!\nstrokeColor=%0 0 1 1\n")
    write("kvc", "text.txt", b"\x02string=hello\nfontSize=#12\nforegroundColor=%0 0 0 1\nwrapped=?1\ntruncationMode=end\n")
    write("kvc", "gradient.txt", b"\x03colors=~1 2\nlocations=~0 1\nstartPoint=@0 0\nendPoint=@1 1\ntype=conic\n")
    write("kvc", "replicator.txt", b"\x04instanceCount=#5\ninstanceTransform=*0.3 0 0 1\ninstanceDelay=#0.1\n")
    write("kvc", "odd.txt", b"\x00bounds=[0 0 1e30 1e30\nposition.x=#nan\nopacity=#-inf\ncontentsScale=#1e6\n"
          b"shadowRadius=#1e9\ntransform=&1 2 3 4\nnoSuchKey.deeper=#1\n")

def paths():
    rnd = random.Random(7)
    for i in range(8):
        write("path", "random-%d.bin" % i, bytes(rnd.randrange(256) for _ in range(64 + 32 * i)))
    # A circle stroked with dashes, a filled curve, an odd-valued line.
    write("path", "dashes.bin", bytes([5, 60, 0, 60, 0, 30, 0, 0, 0, 50, 0, 14, 3, 20, 0, 30, 0, 20, 0, 11]))
    write("path", "odd.bin", bytes([0, 0xFF, 0x7F, 0xC0, 0, 0, 10, 0, 1, 0xFF, 0x7F, 0x80, 0, 0, 20, 0, 11, 10]))

if __name__ == "__main__":
    # The generated targets' folders (webp's seeds are copies of the test fixtures, kept).
    for target in ("png", "apng", "jpeg", "font", "caml", "kvc", "path"):
        shutil.rmtree(os.path.join(out, target), ignore_errors=True)
    pngs(); apngs(); jpegs(); fonts(); camls(); kvcs(); paths()
    for t in sorted(os.listdir(out)):
        print(t, len(os.listdir(os.path.join(out, t))), "files")
