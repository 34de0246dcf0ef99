#!/usr/bin/env bash
# A soak: `lamina soak` plays the gallery's animated scenes in a loop for MINUTES (default 10),
# adding and removing layers with animations, masks and delegates every frame, and prints
# resident memory per minute; it fails when memory grows after the first (warm-up) minute.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
scripts/setup.sh
swift build -c release --product lamina 2>&1 | grep -vE "^\[|Compiling|Build complete|Planning" || true
exec .build/release/lamina soak --minutes "$minutes"
