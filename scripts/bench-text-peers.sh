#!/usr/bin/env bash
# Text drawing side by side: the glyph runs of `lamina-bench text`'s 100 layers, laid out by
# Lamina, drawn by Lamina (`lamina-bench text-runs`) and by Skia (skia-python from PyPI, in a
# virtual environment: Benchmarks/text/skia_text_bench.py) with the same font files, glyphs,
# sizes and positions, on one core (the first), each three times in turn; prints every run and
# the ratio of the medians' median (Lamina's time over Skia's). Shaping is not compared:
# skia-python has no shaper.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
venv=.build/skia-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "skia-python==144.1"
fi
swift build -c release --product lamina-bench 2>&1 | grep -vE "^\[|Compiling|Build complete|Planning" || true
runs=$(mktemp --suffix=.json)
trap 'rm -f "$runs"' EXIT
.build/release/lamina-bench text-runs "$runs" > /dev/null
ours=(); theirs=()
for i in 1 2 3; do
    a=$(taskset -c 0 .build/release/lamina-bench text-runs)
    b=$(taskset -c 0 "$venv/bin/python" Benchmarks/text/skia_text_bench.py "$runs" 2>/dev/null)
    echo "$a"; echo "$b"
    ours+=("$(echo "$a" | sed -E 's/.*median ([0-9]+) us.*/\1/')")
    theirs+=("$(echo "$b" | sed -E 's/.*median ([0-9]+) us.*/\1/')")
done
median() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
awk -v a="$(median "${ours[@]}")" -v b="$(median "${theirs[@]}")" \
    'BEGIN { printf "draw glyph runs: lamina %.0f us, skia %.0f us per frame of 100 layers; lamina/skia %.2f\n", a, b, a / b }'
