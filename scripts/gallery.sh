#!/usr/bin/env bash
# Renders the gallery into DIR (default ./gallery) on a fresh Debian machine with the Swift
# toolchain: installs what is missing, builds in release mode, runs `lamina gallery`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product lamina
.build/release/lamina gallery --out "${1:-gallery}"
