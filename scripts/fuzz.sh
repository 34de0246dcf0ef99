#!/usr/bin/env bash
# Fuzzes one of Lamina's input paths with libFuzzer and AddressSanitizer:
#   scripts/fuzz.sh TARGET SECONDS      TARGET: png jpeg font caml kvc path (or "all")
# Builds the Fuzz/ package (release, --sanitize=fuzzer --sanitize=address), seeds a working
# corpus in .build/fuzz/ from Fuzz/corpus/TARGET, runs for SECONDS and prints libFuzzer's final
# statistics. A crash, leak, timeout (10 s per input) or memory blow-up (2 GB) stops the run,
# leaves the input in .build/fuzz/artifacts/ and exits non-zero: keep it as a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target=${1:?usage: scripts/fuzz.sh TARGET SECONDS}
seconds=${2:?usage: scripts/fuzz.sh TARGET SECONDS}
targets=(png jpeg font caml kvc path)
if [[ $target == all ]]; then
    for t in "${targets[@]}"; do "$0" "$t" "$seconds"; done
    exit 0
fi
[[ " ${targets[*]} " == *" $target "* ]] || { echo "unknown target $target (one of: ${targets[*]})" >&2; exit 64; }

(cd Fuzz && swift build -c release --sanitize=fuzzer --sanitize=address --product "fuzz-$target" 2>&1 | grep -vE "Cannot export local symbol|^\[" || true)
bin=Fuzz/.build/release/fuzz-$target
[[ -x $bin ]] || { echo "build of fuzz-$target failed" >&2; exit 1; }

work=$root/.build/fuzz
mkdir -p "$work/corpus-$target" "$work/artifacts"
cp -n Fuzz/corpus/"$target"/* "$work/corpus-$target"/ 2>/dev/null || true
# Past findings first: each run replays them.
cp -n Tests/FuzzFindings/"$target"/* "$work/corpus-$target"/ 2>/dev/null || true
dict=()
[[ -f Fuzz/dictionaries/$target.dict ]] && dict=(-dict="Fuzz/dictionaries/$target.dict")
maxlen=65536
[[ $target == font ]] && maxlen=262144
echo "fuzz-$target: ${seconds}s, corpus $(ls "$work/corpus-$target" | wc -l) inputs"
export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1
export SWIFT_BACKTRACE=enable=no   # libFuzzer and ASan report crashes themselves
log=$work/fuzz-$target.log
status=0
"$bin" "$work/corpus-$target" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=$maxlen -artifact_prefix="$work/artifacts/$target-" -print_final_stats=1 > "$log" 2>&1 || status=$?
grep -E "^#[0-9]+ +DONE|^stat::(number_of_executed_units|peak_rss_mb|new_units_added)|ERROR|SUMMARY|Test unit written" "$log" || true
if [[ $status -ne 0 ]]; then
    echo "fuzz-$target: FOUND A PROBLEM (exit $status); log $log, inputs in $work/artifacts/" >&2
    exit 1
fi
