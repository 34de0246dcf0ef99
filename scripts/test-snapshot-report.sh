#!/usr/bin/env bash
# The snapshot report, checked in a browser: runs the snapshot tests that fail and record on
# purpose with SNAPSHOT_ARTIFACTS set, then loads the report the test process wrote in headless
# Chromium (Debian's package, installed when missing) and checks, in the page as the browser
# built it, that the slider and blink views show the reference and the new image. Leaves a
# screenshot at .build/snapshot-report-check/report.png. Run after scripts/test.sh (it reuses
# the build).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium
fi
out=.build/snapshot-report-check
rm -rf "$out"; mkdir -p "$out"
SNAPSHOT_ARTIFACTS="$PWD/$out/artifacts" swift test --skip-build \
    --filter "LaminaSnapshotTests|SnapshotReportTests" > "$out/test-output.txt" 2>&1 \
    || { cat "$out/test-output.txt"; echo "error: the snapshot tests failed" >&2; exit 1; }
report="$PWD/$out/artifacts/LaminaSnapshotTesting/report.html"
[ -s "$report" ] || { echo "error: the test process wrote no report at $report" >&2; exit 1; }
# The command writes the same page again (exit status 1: snapshots failed).
status=0; swift run -q --skip-build lamina snapshot-report "$out/artifacts" -o "$out/again.html" || status=$?
[ "$status" -eq 1 ] || { echo "error: lamina snapshot-report exited with $status, not 1" >&2; exit 1; }
chrome=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=2000)
for mode in slider blink; do
  "${chrome[@]}" --dump-dom "file://$report#$mode" > "$out/$mode-dom.html" 2>/dev/null
done
"${chrome[@]}" --window-size=1200,1400 --screenshot="$PWD/$out/report.png" "file://$report#slider" >/dev/null 2>&1
python3 - "$out" <<'PY'
import sys, html.parser
out = sys.argv[1]
class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(); self.views = []; self.stack_images = []; self.current = None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs); cls = (a.get("class") or "").split()
        if tag == "div" and "view" in cls:
            self.views.append((cls[1], "hidden" in a)); self.current = cls[1]
        if tag == "img" and self.current in ("slider", "blink") and ("base" in cls or "top" in cls):
            self.stack_images.append((self.current, cls[0], (a.get("src") or "")[:22]))
for mode in ("slider", "blink"):
    p = Page(); p.feed(open(f"{out}/{mode}-dom.html").read())
    shown = [v for v, hidden in p.views if not hidden]
    assert shown and all(v in (mode, "side") for v in shown), f"{mode}: views shown {set(shown)}"
    assert shown.count(mode) > 0, f"{mode}: no {mode} view shown"
    # Every snapshot that has the view shows it instead of side by side.
    assert shown.count(mode) == sum(1 for v, _ in p.views if v == mode), f"{mode}: some snapshots stayed side by side"
    imgs = [i for i in p.stack_images if i[0] == mode]
    assert imgs and all(src == "data:image/png;base64," for _, _, src in imgs), f"{mode}: stacked images without pixels"
    print(f"report: {shown.count(mode)} snapshots in the {mode} view, {len(imgs)} stacked images with pixels")
PY
echo "report: screenshot at $out/report.png"
