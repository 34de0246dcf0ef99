#!/usr/bin/env bash
# Builds and tests the README's snapshot-testing recipe (Examples/SnapshotRecipe) as a user's
# package gets Lamina: by its URL and version (`from: "0.1.0"`), here through a SwiftPM mirror to
# a git repository of this tree tagged with CHANGELOG.md's version. In three orders, each of which
# once failed or could fail while compiling swift-snapshot-testing (`#if canImport(UIKit)`) or
# the recipe's own `canImport(UIKit)` module, which do not depend on Lamina:
#   1. from a clean folder, `swift build` then `swift test`;
#   2. from a clean folder, `swift test` alone;
#   3. in the first folder, after touching swift-snapshot-testing's sources and the recipe's
#      modules (so they compile again with Lamina's modules already built), `swift test`.
# Each run must pass both the Swift Testing suite and the XCTest case, against the references
# committed beside them (never recording). Also checks that the README quotes the recipe's files
# as they are.
#
#   scripts/test-adoption.sh              # this working tree (committed and uncommitted files)
#   LAMINA_SOURCE=DIR scripts/test-adoption.sh   # another checkout of Lamina, e.g. an older commit
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
source_dir=$(cd "${LAMINA_SOURCE:-$root}" && pwd)
recipe=$root/Examples/SnapshotRecipe
work=$root/.build/adoption
lamina_url=https://github.com/YOUR-ORG/lamina

version=$(sed -nE 's/^## ([0-9]+\.[0-9]+\.[0-9]+).*/\1/p' CHANGELOG.md | head -n 1)
[ -n "$version" ] || { echo "test-adoption: no version heading (## X.Y.Z) in CHANGELOG.md" >&2; exit 1; }

python3 - "$root/README.md" "$recipe" <<'EOF'
# Every README code block whose first line names a file of the recipe must appear in that file.
import re, sys, pathlib
readme, recipe = pathlib.Path(sys.argv[1]).read_text(), pathlib.Path(sys.argv[2])
quoted = 0
for block in re.findall(r"```swift\n(.*?)```", readme, re.S):
    m = re.match(r"// (Examples/SnapshotRecipe/\S+)\n", block)
    if not m:
        continue
    path = recipe / m.group(1).removeprefix("Examples/SnapshotRecipe/")
    body = block[m.end():]
    if not path.exists() or body.strip() not in path.read_text():
        sys.exit(f"test-adoption: README.md quotes {m.group(1)}, but the file does not contain that text")
    quoted += 1
if quoted < 2:
    sys.exit("test-adoption: README.md quotes fewer than two files of Examples/SnapshotRecipe")
print(f"test-adoption: README.md quotes {quoted} files of the recipe as they are")
EOF

rm -rf "$work"
mkdir -p "$work/lamina"
echo "test-adoption: Lamina $version from $source_dir"
# Lamina as a user's package manager fetches it: a git repository with a version tag.
(cd "$source_dir" && git ls-files -z --cached --others --exclude-standard \
    | tar --null -T - --ignore-failed-read -cf - 2>/dev/null) | tar -xf - -C "$work/lamina"
(cd "$work/lamina" && git init -q && git add -A && git -c user.name=ci -c user.email=ci@localhost \
    commit -q -m "Lamina $version" && git tag "$version")

new_copy() {
    rm -rf "$work/$1"
    cp -R "$recipe" "$work/$1"
    rm -rf "$work/$1/.build" "$work/$1/.swiftpm"
    swift package --package-path "$work/$1" config set-mirror \
        --original "$lamina_url" --mirror "$work/lamina" >/dev/null
}

# The numbers of tests the recipe holds, which every run must pass.
swift_tests=$(grep -rhoE "@Test func" "$recipe/Tests" | wc -l)
xctests=$(grep -rhoE "func test[A-Za-z0-9_]*\(" "$recipe/Tests" | wc -l)

run_tests() {  # folder, label
    local log="$work/$2.log"
    if ! (cd "$work/$1" && SNAPSHOT_TESTING_RECORD=never swift test 2>&1) >"$log"; then
        tail -n 60 "$log" >&2
        echo "test-adoption: $2 failed (full output: $log)" >&2
        exit 1
    fi
    grep -q "Test run with $swift_tests tests in [0-9]* suites\? passed" "$log" \
        || { tail -n 30 "$log" >&2; echo "test-adoption: $2: the $swift_tests Swift Testing tests did not all pass" >&2; exit 1; }
    grep -q "Executed $xctests tests\?, with 0 failures" "$log" \
        || { tail -n 30 "$log" >&2; echo "test-adoption: $2: the $xctests XCTest tests did not all pass" >&2; exit 1; }
    echo "test-adoption: $2: $swift_tests Swift Testing and $xctests XCTest tests passed"
}

build() {  # folder, label, arguments…
    local folder=$1 label=$2; shift 2
    if ! (cd "$work/$folder" && swift build "$@" 2>&1) >"$work/$label.log"; then
        tail -n 60 "$work/$label.log" >&2
        echo "test-adoption: $label failed (full output: $work/$label.log)" >&2
        exit 1
    fi
    echo "test-adoption: $label built"
}

start=$(date +%s)
new_copy first
build first "1-swift-build"
run_tests first "1-swift-test-after-build"

new_copy second
run_tests second "2-swift-test-alone"

touch "$work/first/.build/checkouts/swift-snapshot-testing/Sources/SnapshotTesting/"*.swift \
      "$work/first/Sources/"*/*.swift
run_tests first "3-swift-test-after-touching-sources"

echo "test-adoption: all orders passed in $(( $(date +%s) - start )) s"
