#!/usr/bin/env bash
# Builds the threaded tests with ThreadSanitizer and runs them (the render tree, rendering while
# other threads change the model, concurrent commits, the compositor's worker bands, the caches
# they share and occlusion, 200 snapshots drawn at once). Fails on any report. Uses its own build folder (.build/tsan) so it
# does not disturb the normal build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export TSAN_OPTIONS="halt_on_error=1 abort_on_error=0 exitcode=66 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
# The on-screen tests run a render thread beside the window's: they run under Xvfb.
filter='ThreadedRenderTests|RenderTreeTests|DamageTrackingTests|OnScreenTests|ShadowCacheTests|OcclusionTests|ParallelSnapshotTests|GlyphMaskCacheTests'
swift build --build-tests --sanitize=thread --scratch-path .build/tsan
log=$(mktemp)
status=0
LAMINA_REQUIRE_DISPLAY=1 xvfb-run -a -s "-screen 0 1280x1024x24" \
  swift test --skip-build --sanitize=thread --scratch-path .build/tsan --filter "$filter" 2>&1 | tee "$log" || status=$?
if grep -q "WARNING: ThreadSanitizer" "$log"; then
  echo "test-threads: ThreadSanitizer reported a problem (see above)" >&2
  status=1
fi
rm -f "$log"
exit $status
