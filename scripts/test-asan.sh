#!/usr/bin/env bash
# Builds the whole test suite with AddressSanitizer (and LeakSanitizer) and runs it. Fails on any
# report. Uses its own build folder (.build/asan) so it does not disturb the normal build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# Leaks: one-time allocations of system libraries are suppressed (Fuzz/lsan.supp says which).
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:detect_stack_use_after_return=0 ${ASAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0 ${LSAN_OPTIONS:-}"
export SWIFT_BACKTRACE=enable=no   # AddressSanitizer reports crashes itself
swift build --build-tests --sanitize=address --scratch-path .build/asan
log=$(mktemp)
status=0
swift test --skip-build --sanitize=address --scratch-path .build/asan 2>&1 | tee "$log" || status=$?
if grep -qE "ERROR: (AddressSanitizer|LeakSanitizer)" "$log"; then
  echo "test-asan: AddressSanitizer reported a problem (see above)" >&2
  status=1
fi
rm -f "$log"
exit $status
