#!/usr/bin/env bash
# Builds the whole test suite with AddressSanitizer and runs it; fails on any report. Uses its own
# build folder (.build/asan) so it does not disturb the normal build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# Memory errors fail the run. LeakSanitizer's check at exit is off: objects still alive when a
# Swift process exits are reported as leaks whenever the only pointer to them is stored encoded
# (a weak reference's side table sits shifted in the object's reference count; `Data` keeps its
# storage in an enum whose case bits share the pointer), so the `lamina` runs of the command-line
# tests "leak" the images of the layers they drew. Leaks are tested where they can be counted:
# LayerLifetimeTests and ViewLifetimeTests (every object freed), scripts/soak.sh (flat memory)
# and the fuzz targets (libFuzzer's leak check after each input).
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=0 ${ASAN_OPTIONS:-}"
export SWIFT_BACKTRACE=enable=no   # AddressSanitizer reports crashes itself
swift build --build-tests --sanitize=address --scratch-path .build/asan
log=$(mktemp)
status=0
swift test --skip-build --sanitize=address --scratch-path .build/asan 2>&1 | tee "$log" || status=$?
if grep -qE "ERROR: AddressSanitizer" "$log"; then
  echo "test-asan: AddressSanitizer reported a problem (see above)" >&2
  status=1
fi
rm -f "$log"
exit $status
