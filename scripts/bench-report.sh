#!/usr/bin/env bash
# Regenerates Benchmarks/RESULTS.md: builds lamina-bench in release mode from a clean release
# folder, runs the shared raster harness (which times Cairo, Skia and Blend2D once and caches
# them), then every benchmark (raster against the peers, spans, compositor, scrolling, a
# navigation transition, lists, animation, text,
# model, layout against kiwisolver, the window under Xvfb) and writes their figures with the
# machine, the date and the commit. Takes about ten minutes on 2 cores (more the first time,
# when the peers are installed and timed).
#
# usage: scripts/bench-report.sh [--raster-runs N] [--out FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
rm -rf .build/release .build/*/release
swift build -c release --product lamina-bench
bench=$PWD/.build/release/lamina-bench
bash ../shared/bench/run.sh "$bench raster" > /dev/null
"${BENCH_CACHE:-/tmp/lamina-bench}/venv/bin/python" scripts/bench-report.py "$bench" "$@"
