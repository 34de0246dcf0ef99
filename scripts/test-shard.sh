#!/usr/bin/env bash
# Runs one share of a package's tests, so a suite splits across N CI machines (or jobs):
#
#   scripts/test-shard.sh COUNT INDEX [swift test options...]
#   scripts/test-shard.sh 4 1                  # the first of four shares
#   SHARD_MATCH='SnapshotTests' scripts/test-shard.sh 4 2 --parallel
#
# INDEX counts from 1. The tests `swift test list` prints (optionally only those matching the
# regular expression SHARD_MATCH) are grouped by suite, and the suites are dealt out largest
# first to the share with the fewest tests so far: the same shares on every machine, each suite
# whole in one share, every test in exactly one. Options after INDEX go to `swift test`.
# Works in any Swift package (copy it, or run it from .build/checkouts/lamina/scripts/).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 COUNT INDEX [swift test options...]" >&2; exit 64; }
count=$1 index=$2; shift 2
[[ "$count" =~ ^[1-9][0-9]*$ && "$index" =~ ^[1-9][0-9]*$ && "$index" -le "$count" ]] \
  || { echo "$0: COUNT must be a positive whole number and INDEX one of 1...COUNT (got $count, $index)" >&2; exit 64; }
list=$(swift test list "$@" 2>/dev/null) || { echo "$0: swift test list failed" >&2; exit 1; }
filter=$(SHARD_COUNT=$count SHARD_INDEX=$index python3 -c '
import os, re, sys
count, index = int(os.environ["SHARD_COUNT"]), int(os.environ["SHARD_INDEX"])
match = os.environ.get("SHARD_MATCH")
tests = [t for t in sys.stdin.read().split("\n") if "/" in t and (not match or re.search(match, t))]
suites = {}
for t in tests:
    suites.setdefault(t.split("/", 1)[0], []).append(t)
loads = [0] * count
shares = [[] for _ in range(count)]
for name in sorted(suites, key=lambda s: (-len(suites[s]), s)):
    k = min(range(count), key=lambda i: (loads[i], i))
    shares[k].append(name)
    loads[k] += len(suites[name])
mine = shares[index - 1]
print(f"shard {index} of {count}: {loads[index - 1]} of {len(tests)} tests in {len(mine)} suites", file=sys.stderr)
print("^(" + "|".join(re.escape(s) for s in sorted(mine)) + ")/" if mine else "")
' <<<"$list")
if [ -z "$filter" ]; then
  echo "$0: share $index of $count holds no tests" >&2
  exit 0
fi
exec swift test --filter "$filter" "$@"
