#!/usr/bin/env bash
# The side-by-side raster benchmark against Cairo, Skia and Blend2D (../shared/bench). Builds
# lamina-bench in release mode from a clean release folder (release builds inline across modules,
# so a stale incremental build can disagree with a changed class layout), then runs the shared
# harness, which times the peers once and caches them.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
rm -rf .build/release .build/*/release
swift build -c release --product lamina-bench
bash ../shared/bench/run.sh "$PWD/.build/release/lamina-bench raster" "$@"
