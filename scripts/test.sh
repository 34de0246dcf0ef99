#!/usr/bin/env bash
# Runs Lamina's test suite on a fresh Debian machine with the Swift toolchain: installs what is
# missing, builds, and runs every Swift Testing suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --build-tests
swift test
