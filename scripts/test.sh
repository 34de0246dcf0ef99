#!/usr/bin/env bash
# Runs Lamina's test suite on a fresh Debian machine with the Swift toolchain: installs what is
# missing, builds, and runs every Swift Testing suite (under Xvfb).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --build-tests
# Under a virtual X display, so the on-screen tests (windows, xwd screenshots, xdotool input)
# run; LAMINA_REQUIRE_DISPLAY makes them fail rather than take their headless branch.
LAMINA_REQUIRE_DISPLAY=1 xvfb-run -a -s "-screen 0 1280x1024x24" swift test
