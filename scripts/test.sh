#!/usr/bin/env bash
# Runs Lamina's test suite on a fresh Debian machine with the Swift toolchain: installs what is
# missing, builds, and runs every Swift Testing suite (under Xvfb).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# Lamina's own sources build without warnings: any warning outside the dependencies' checkouts
# fails the run (on a clean clone, as CI's, every file is compiled; an incremental build shows
# the warnings of the files it compiles again).
#
# One warning is expected and allowed: Swift 6.3 prints [#ImplementationOnlyDeprecated] for each
# `@_implementationOnly import` of a C module (CONTRIBUTING.md, "C targets"). Those imports are
# what lets modules that do not depend on Lamina import its UIKit (swift-snapshot-testing's
# `#if canImport(UIKit)`); CoreGraphics and LaminaWindow build with the compiler's check that
# makes them safe (`CheckImplementationOnly`), and later compilers print nothing with it on.
mkdir -p .build
swift build --build-tests 2>&1 | tee .build/build-output.txt
if grep "warning:" .build/build-output.txt | grep -v "/.build/checkouts/" \
        | grep -v "warning: using '@_implementationOnly' without enabling library evolution for '[A-Za-z]*' may lead to instability during execution \[#ImplementationOnlyDeprecated\]"; then
    echo "error: the build printed the warnings above; Lamina's own sources must build without any" >&2
    exit 1
fi
# Under a virtual X display, so the on-screen tests (windows, xwd screenshots, xdotool input)
# run; LAMINA_REQUIRE_DISPLAY makes them fail rather than take their headless branch.
LAMINA_REQUIRE_DISPLAY=1 xvfb-run -a -s "-screen 0 1280x1024x24" swift test
