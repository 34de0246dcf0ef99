#!/usr/bin/env bash
# Text side by side: the 100 paragraphs of `lamina-bench text` and the glyph runs Lamina laid
# them out into, handled by Lamina (`lamina-bench text-runs`), by Skia (skia-python from PyPI,
# in a virtual environment: Benchmarks/text/skia_text_bench.py, SkParagraph for layout) and by
# Cairo with Pango (Debian's libraries, a small C harness: Benchmarks/text/pango_text_bench.c),
# with the same font files, on one core (the first), each three times in turn. Three lines:
#   shape and break lines   the 100 paragraphs shaped and broken into lines, 360 pt wide, 15 pt
#   draw glyph runs         Lamina's laid-out glyphs drawn into a cleared 720 x 240 bitmap each
#   first frame             each paragraph laid out and drawn at 2x, no glyph cached (Lamina
#                           also with glyph positions quantized, a line of its own, compared
#                           with the peers' one: they quantize to grids of their own)
#   size labels             1,000 label texts of one line and 1,000 of three wrapped lines
#                           (those of `lamina-bench labels`, in the system font at 17 pt) each
#                           measured once: UILabel.sizeThatFits with no layout kept (Lamina), a
#                           paragraph laid out and its size read (Skia, Pango); and, as the
#                           floor under all three, the same texts only shaped by HarfBuzz
#                           itself in the same face (Debian's library, the one Pango uses)
# Prints every run and, per line, the median of the three medians of each engine and Lamina's
# time over each peer's.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# The peers' own packages (not Lamina's: not in apt-packages.txt).
missing=()
for p in libpango1.0-dev libcairo2-dev; do dpkg -s "$p" > /dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" > /dev/null
fi
venv=.build/skia-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "skia-python==144.1"
fi
swift build -c release --product lamina-bench 2>&1 | grep -vE "^\[|Compiling|Build complete|Planning|ImplementationOnly" || true
# The Swift toolchain's clang (a Debian machine with only the toolchain has no cc).
"${CC:-$(command -v clang || command -v cc)}" -O2 -o .build/pango-text-bench Benchmarks/text/pango_text_bench.c \
    $(pkg-config --cflags --libs pangocairo pangoft2 cairo-ft fontconfig freetype2 harfbuzz)
runs=$(mktemp --suffix=.json); tsv=$(mktemp --suffix=.tsv)
trap 'rm -f "$runs" "$tsv"' EXIT
.build/release/lamina-bench text-runs "$runs" > /dev/null
# The C harness reads tab-separated lines (its header says which).
python3 - "$runs" "$tsv" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
with open(sys.argv[2], "w") as f:
    for face in d["faces"]:
        f.write(f"face\t{face['path']}\t{face['index']}\t{face['family']}\n")
    for p in d["paragraphs"]:
        f.write(f"para\t{p['width']}\t{p['size']}\t{p['scale']}\t{p['text']}\n")
    if "labels" in d:
        l = d["labels"]
        f.write(f"labelface\t{l['face']['path']}\t{l['face']['index']}\t{l['face']['family']}\t{l['size']}\t{l['width']}\n")
        for t in l["one"]:
            f.write(f"label1\t{t}\n")
        for t in l["three"]:
            f.write(f"label3\t{t}\n")
    for layer in d["layers"]:
        f.write("layer\n")
        for r in layer:
            glyphs = "\t".join(f"{g}\t{x}\t{y}" for g, (x, y) in zip(r["glyphs"], r["positions"]))
            color = "\t".join(str(c) for c in r["color"])
            f.write(f"run\t{r['path']}\t{r['index']}\t{r['size']}\t{color}\t{len(r['glyphs'])}\t{glyphs}\n")
PY
all=""
for i in 1 2 3; do
    a=$(taskset -c 0 .build/release/lamina-bench text-runs)
    b=$(taskset -c 0 "$venv/bin/python" Benchmarks/text/skia_text_bench.py "$runs" 2>/dev/null)
    c=$(taskset -c 0 .build/pango-text-bench "$tsv" 2>/dev/null)
    printf '%s\n%s\n%s\n' "$a" "$b" "$c"
    all+="$a"$'\n'"$b"$'\n'"$c"$'\n'
done
echo
printf '%s' "$all" | python3 -c '
import re, statistics, sys
t = {}
for line in sys.stdin:
    m = re.match(r"(\w+): ([a-z ]+),.*median (\d+) us", line)
    if m:
        t.setdefault((m.group(2), m.group(1)), []).append(int(m.group(3)))
for name in ("shape and break lines", "draw glyph runs", "first frame", "first frame quantized",
             "size labels of one line", "size labels of three lines"):
    # The peers place glyphs on coarser grids of their own (Skia: quarter pixels across; Cairo
    # 1.16: whole pixels): Lamina quantized is compared with their one first frame too.
    peer = "first frame" if name == "first frame quantized" else name
    med = {e: statistics.median(t[(peer if e != "lamina" else name, e)]) for e in ("lamina", "skia", "cairo")
           if (peer if e != "lamina" else name, e) in t}
    if "lamina" not in med:
        continue
    lam = med["lamina"]
    figures = ", ".join(f"{e} {v / 1000:.1f} ms" for e, v in med.items())
    ratios = "; ".join(f"lamina/{e} {lam / med[e]:.2f}" for e in ("skia", "cairo") if e in med)
    print(f"{name}: {figures}; {ratios}")
    floor = ("shape label texts" + name[len("size labels"):], "harfbuzz")
    if name.startswith("size labels") and floor in t:
        print(f"  HarfBuzz alone, each text shaped (no layout): {statistics.median(t[floor]) / 1000:.1f} ms")
'
