#!/usr/bin/env bash
# How long a suite of 500 snapshot tests of whole iPhone screens takes, as a team's suite runs
# them: a generated package (in .build/snapshot-suite) that depends on this Lamina by path and on
# swift-snapshot-testing, with 500 Swift Testing tests, 100 of each of `lamina-bench snapshot`'s
# five screens (Sources/lamina-bench/SnapshotScreens.swift, copied in), each
# `assertSnapshot(of: screen, as: .image(on: .iPhone13))` against its own reference (1170 x 2532
# pixels). Debug build, as `swift test` builds. One pass records the references; then the suite
# is timed passing:
#   - in one process (UIKit's snapshots take turns on the main actor),
#   - in two processes at once, each with half the suites (scripts/test-shard.sh), on two cores,
# each with the reference cache off (every reference decoded) and warm (the cache of an earlier
# passing run, as CI keeps it in .build). Prints one line per run; wall-clock seconds.
#
#   scripts/bench-snapshot-suite.sh          # TESTS_PER_SCREEN=100 by default
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/.build/snapshot-suite
per_screen=${TESTS_PER_SCREEN:-100}
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')

mkdir -p "$work/Tests/SuiteTests"
cat > "$work/Package.swift" <<EOF
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "SnapshotSuite",
    dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(path: "$root"),
    ],
    targets: [
        .testTarget(name: "SuiteTests", dependencies: [
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            .product(name: "LaminaSnapshotTesting", package: "$identity"),
            .product(name: "UIKit", package: "$identity"),
        ], exclude: ["__Snapshots__"]),
    ]
)
EOF
cp Sources/lamina-bench/SnapshotScreens.swift "$work/Tests/SuiteTests/SnapshotScreens.swift"
python3 - "$work/Tests/SuiteTests" "$per_screen" <<'EOF'
# Two suites per screen, each with half of the screen's tests.
import sys, pathlib
folder, per_screen = pathlib.Path(sys.argv[1]), int(sys.argv[2])
screens = ["settings", "feed", "form", "detail", "alertOverSheet"]
for old in folder.glob("Screen*Tests.swift"):
    old.unlink()
for screen in screens:
    for half in (1, 2):
        name = f"Screen{screen[0].upper()}{screen[1:]}{half}Tests"
        count = per_screen // 2 if half == 1 else per_screen - per_screen // 2
        tests = "\n".join(f"    @Test func snapshot{i:03}() {{ assertSnapshot(of: SnapshotScreens.{screen}(), as: .image(on: .iPhone13)) }}"
                          for i in range(count))
        (folder / f"{name}.swift").write_text(
            "import Testing\nimport SnapshotTesting\nimport LaminaSnapshotTesting\nimport UIKit\n\n"
            f"@MainActor @Suite struct {name} {{\n{tests}\n}}\n")
EOF

echo "bench-snapshot-suite: building (debug) in $work"
swift build --package-path "$work" --build-tests 2>&1 | grep -E "error|Compiling SuiteTests|Build complete" | tail -3
cache=$work/.build/lamina-snapshot-cache
count=$(swift test --package-path "$work" list 2>/dev/null | grep -c "/snapshot" || true)
echo "bench-snapshot-suite: $count tests"
if ! ls "$work/Tests/SuiteTests/__Snapshots__" >/dev/null 2>&1; then
    echo "bench-snapshot-suite: recording the references"
    LAMINA_SNAPSHOT_CACHE=off swift test --package-path "$work" --skip-build >/dev/null 2>&1 || true
fi

run() {  # label, cache setting, shares
    local label=$1 cache_setting=$2 shares=$3 start end status=0
    start=$(date +%s.%N)
    if [ "$shares" = 1 ]; then
        LAMINA_SNAPSHOT_CACHE=$cache_setting swift test --package-path "$work" --skip-build >"$work/$label.log" 2>&1 || status=$?
    else
        local pids=()
        for i in $(seq 1 "$shares"); do
            (cd "$work" && LAMINA_SNAPSHOT_CACHE=$cache_setting "$root/scripts/test-shard.sh" "$shares" "$i" --skip-build \
                >"$work/$label-$i.log" 2>&1) & pids+=($!)
        done
        for p in "${pids[@]}"; do wait "$p" || status=$?; done
    fi
    end=$(date +%s.%N)
    [ "$status" = 0 ] || { echo "bench-snapshot-suite: $label failed (logs in $work)" >&2; exit 1; }
    printf 'snapshot-suite %s: %d tests in %.1f s\n' "$label" "$count" "$(python3 -c "print($end - $start)")"
}
rm -rf "$cache"
run "one-process-no-cache" off 1
run "two-processes-no-cache" off 2
LAMINA_SNAPSHOT_CACHE=$cache swift test --package-path "$work" --skip-build >/dev/null 2>&1   # fills the cache
run "one-process-warm-cache" "$cache" 1
run "two-processes-warm-cache" "$cache" 2
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(date -u +%Y-%m-%d)"
