#!/usr/bin/env bash
# Runs the snapshot tests (pointfree's strategies against iOS and Lamina references) with
# fontconfig given no fonts at all: Lamina draws with the fonts shipped inside the package, so
# they pass exactly as with Debian's font packages installed. (The gallery's text-heavy entries
# are compared byte for byte with and without fontconfig's fonts by FontIndependenceTests, in
# scripts/test.sh.) Expects scripts/test.sh to have built the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
conf="$(mktemp --suffix=.conf)"
trap 'rm -f "$conf"' EXIT
printf '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n' > "$conf"
test "$(FONTCONFIG_FILE="$conf" fc-list | wc -l)" -eq 0
FONTCONFIG_FILE="$conf" LAMINA_REQUIRE_DISPLAY=1 xvfb-run -a -s "-screen 0 1280x1024x24" \
  swift test --skip-build --filter 'LaminaSnapshotTestingTests|CoreTextTests|FontRegistrationTests'
