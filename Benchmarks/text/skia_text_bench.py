"""Draws the glyph runs `lamina-bench text-runs OUT.json` wrote with Skia (skia-python), as
Lamina drew them: each layer's glyphs into one reused 720 x 240 raster surface (premultiplied
RGBA), cleared first; the same font files, glyph ids, sizes, positions and colours;
antialiased, sub-pixel positioned, unhinted, as Lamina draws text. Prints the median and best
time per frame of the 100 layers, with Skia's glyph cache warm.

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

    for _ in range(3):
        frame()
    times = []
    for _ in range(21):
        start = time.perf_counter()
        frame()
        times.append((time.perf_counter() - start) * 1e6)
    times.sort()
    print(f"skia: draw glyph runs, {len(layers)} layers, {glyph_count} glyphs, {width}x{height} px each, cleared: "
          f"median {times[10]:.0f} us/frame, best {times[0]:.0f}")
    if png:
        canvas.clear(0)
        for blob, paint in layers[0]:
            canvas.drawTextBlob(blob, 0, 0, paint)
        surface.makeImageSnapshot().save(png, skia.kPNG)


if __name__ == "__main__":
    main()
