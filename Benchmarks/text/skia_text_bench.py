"""Draws the glyph runs `lamina-bench text-runs OUT.json` wrote with Skia (skia-python), as
Lamina drew them: each layer's glyphs into one reused 720 x 240 raster surface (premultiplied
RGBA), cleared first; the same font files, glyph ids, sizes, positions and colours;
antialiased, sub-pixel positioned, unhinted, as Lamina draws text. Prints the median and best
time per frame of the 100 layers, with Skia's glyph cache warm.

Then the paragraphs themselves, with Skia's paragraph layout (SkParagraph: SkShaper with
HarfBuzz, ICU line breaking) and the same font files, given as the family list in the order
Lamina fell back through them:
- shape and break lines: build and lay out the 100 paragraphs (360 pt wide, 15 pt);
- first frame: build, lay out and paint each paragraph at 2x into the cleared surface, with no
  glyph cached.
- size labels of one line / of three lines: a paragraph per label text (1,000 of each, in the
  labels' face and size: the system font Lamina's labels use), laid out unbounded or in the
  labels' width, and its size read (longest line, height), as `sizeThatFits` measures a label.
SkParagraph keeps shaped paragraphs (keyed by, among others, the font size rounded to 1/4096)
and Skia keeps glyph images (keyed by the exact size), and skia-python offers no way to empty
either: each iteration therefore uses a size of its own (15 pt plus k / 1,000), so nothing is
found from an earlier iteration.

usage: python skia_text_bench.py RUNS.json [--png OUT.png]
"""
import json
import sys
import time

import skia


def main():
    runs_path = sys.argv[1]
    png = sys.argv[sys.argv.index("--png") + 1] if "--png" in sys.argv else None
    doc = json.load(open(runs_path))
    width, height = doc["width"], doc["height"]
    faces = {}
    layers = []
    glyph_count = 0
    for layer in doc["layers"]:
        blobs = []
        for run in layer:
            key = (run["path"], run["index"])
            if key not in faces:
                faces[key] = skia.Typeface.MakeFromFile(run["path"], run["index"])
            font = skia.Font(faces[key], run["size"])
            font.setSubpixel(True)
            font.setEdging(skia.Font.Edging.kAntiAlias)
            font.setHinting(skia.FontHinting.kNone)
            builder = skia.TextBlobBuilder()
            builder.allocRunPos(font, run["glyphs"], [skia.Point(x, y) for x, y in run["positions"]])
            r, g, b, a = run["color"]
            paint = skia.Paint(AntiAlias=True, Color4f=skia.Color4f(r, g, b, a))
            blobs.append((builder.make(), paint))
            glyph_count += len(run["glyphs"])
        layers.append(blobs)
    info = skia.ImageInfo.Make(width, height, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)
    surface = skia.Surface.MakeRaster(info)
    canvas = surface.getCanvas()

    def frame():
        for blobs in layers:
            canvas.clear(0)
            for blob, paint in blobs:
                canvas.drawTextBlob(blob, 0, 0, paint)

    median, best = timed(frame)
    print(f"skia: draw glyph runs, {len(layers)} layers, {glyph_count} glyphs, {width}x{height} px each, cleared: "
          f"median {median:.0f} us/frame, best {best:.0f}")
    if "paragraphs" in doc:
        paragraphs(doc, canvas)
    if png:
        canvas.clear(0)
        for blob, paint in layers[0]:
            canvas.drawTextBlob(blob, 0, 0, paint)
        surface.makeImageSnapshot().save(png, skia.kPNG)


def timed(body):
    """The median and best of 21 timed calls of `body` after 3 untimed ones, in microseconds."""
    for _ in range(3):
        body()
    times = []
    for _ in range(21):
        start = time.perf_counter()
        body()
        times.append((time.perf_counter() - start) * 1e6)
    times.sort()
    return times[10], times[0]


def paragraphs(doc, canvas):
    tl = skia.textlayout
    provider = tl.TypefaceFontProvider()
    families = []
    for i, face in enumerate(doc["faces"]):
        families.append(f"face{i}")
        provider.registerTypeface(skia.Typeface.MakeFromFile(face["path"], face["index"]), families[-1])
    collection = tl.FontCollection()
    collection.setDefaultFontManager(provider)
    unicode = skia.Unicode.ICU_Make()
    texts = doc["paragraphs"]
    iteration = [0]

    def build(size):
        style = tl.ParagraphStyle()
        text_style = tl.TextStyle()
        text_style.setFontFamilies(families)
        text_style.setFontSize(size)
        text_style.setColor(skia.Color4f(0.1, 0.1, 0.1, 1).toColor())
        style.setTextStyle(text_style)
        out = []
        for p in texts:
            builder = tl.ParagraphBuilder(style, collection, unicode)
            builder.addText(p["text"])
            out.append((builder.Build(), p["width"], p["scale"]))
        return out

    def next_size():
        iteration[0] += 1
        return 15 + iteration[0] / 1000

    def shape():
        for paragraph, width, _ in build(next_size()):
            paragraph.layout(width)

    def first_frame():
        for paragraph, width, scale in build(next_size()):
            paragraph.layout(width)
            canvas.clear(0)
            canvas.save()
            canvas.scale(scale, scale)
            paragraph.paint(canvas, 0, 0)
            canvas.restore()

    for name, body in (("shape and break lines", shape), ("first frame", first_frame)):
        median, best = timed(body)
        print(f"skia: {name}, {len(texts)} paragraphs: median {median:.0f} us/frame, best {best:.0f}")
    if "labels" in doc:
        labels(doc["labels"], collection, unicode)


def labels(spec, collection, unicode):
    tl = skia.textlayout
    face = spec["face"]
    provider = tl.TypefaceFontProvider()
    provider.registerTypeface(skia.Typeface.MakeFromFile(face["path"], face["index"]), "labelface")
    label_collection = tl.FontCollection()
    label_collection.setDefaultFontManager(provider)
    iteration = [0]

    def size_all(texts, width):
        # A size of its own per iteration (17 pt plus k / 1,000): no paragraph kept from before.
        iteration[0] += 1
        style = tl.ParagraphStyle()
        text_style = tl.TextStyle()
        text_style.setFontFamilies(["labelface"])
        text_style.setFontSize(spec["size"] + iteration[0] / 1000)
        style.setTextStyle(text_style)
        for text in texts:
            builder = tl.ParagraphBuilder(style, label_collection, unicode)
            builder.addText(text)
            paragraph = builder.Build()
            paragraph.layout(width)
            paragraph.LongestLine, paragraph.Height

    for name, texts, width in (("size labels of one line", spec["one"], 1e9),
                               ("size labels of three lines", spec["three"], spec["width"])):
        median, best = timed(lambda: size_all(texts, width))
        print(f"skia: {name}, {len(texts)} labels: median {median:.0f} us, best {best:.0f}")


if __name__ == "__main__":
    main()
