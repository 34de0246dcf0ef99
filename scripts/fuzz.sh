#!/usr/bin/env bash
# Fuzzes one of Lamina's input paths with libFuzzer and AddressSanitizer:
#   scripts/fuzz.sh TARGET SECONDS      TARGET: png apng jpeg webp font caml kvc path (or "all")
# Builds the Fuzz/ package (release, -sanitize=fuzzer,address), seeds a working
# corpus in .build/fuzz/ from Fuzz/corpus/TARGET, runs for SECONDS and prints libFuzzer's final
# statistics. A crash, leak, timeout (10 s per input) or memory blow-up (2 GB) stops the run,
# leaves the input in .build/fuzz/artifacts/ and exits non-zero: keep it as a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target=${1:?usage: scripts/fuzz.sh TARGET SECONDS}
seconds=${2:?usage: scripts/fuzz.sh TARGET SECONDS}
targets=(png apng jpeg webp font caml kvc path)
mkdir -p .build/fuzz
has_coverage() {   # has_coverage TARGET: the binary holds libFuzzer's coverage counters
    [[ $(readelf -S "Fuzz/.build/release/fuzz-$1" 2>/dev/null | grep -c __sancov_cntrs) -gt 0 ]]
}
build() {   # build TARGET: the fuzz product, with the fuzzer and AddressSanitizer
    # Re-plan every time: SwiftPM keeps the file list of the path dependency (Lamina) from the
    # last build and misses source files added since.
    rm -f Fuzz/.build/*.yaml
    if ! (cd Fuzz && swift build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address --product "fuzz-$1") \
        > .build/fuzz/build-$1.log 2>&1; then
        grep -E "error" .build/fuzz/build-$1.log | head -20 >&2
        echo "build of fuzz-$1 failed (.build/fuzz/build-$1.log)" >&2
        exit 1
    fi
    # The sanitizers go to swiftc as one flag: given `--sanitize=fuzzer --sanitize=address`,
    # SwiftPM (6.x) hands the compiler one of the two, whichever its set yields last, and a
    # module built with only `address` has no coverage counters (libFuzzer then runs blind, no
    # "cov:" in its statistics). The binary is checked, and rebuilt from scratch once if the
    # counters are missing.
    if ! has_coverage "$1"; then
        echo "fuzz-$1 was built without coverage counters; rebuilding from scratch" >&2
        rm -rf Fuzz/.build/x86_64-unknown-linux-gnu/release Fuzz/.build/*.yaml
        (cd Fuzz && swift build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address --product "fuzz-$1") \
            >> .build/fuzz/build-$1.log 2>&1 || { echo "build of fuzz-$1 failed" >&2; exit 1; }
        has_coverage "$1" || { echo "fuzz-$1 has no coverage counters (.build/fuzz/build-$1.log)" >&2; exit 1; }
    fi
}
if [[ $target == all ]]; then
    # Each product is built on its own (building the whole package would build Lamina's own
    # executables with the fuzzer's main); after the first, only the target's file compiles.
    for t in "${targets[@]}"; do build "$t"; done
    failed=0
    for t in "${targets[@]}"; do FUZZ_BUILT=1 "$0" "$t" "$seconds" || failed=1; done
    exit $failed
fi
[[ " ${targets[*]} " == *" $target "* ]] || { echo "unknown target $target (one of: ${targets[*]})" >&2; exit 64; }

[[ -n ${FUZZ_BUILT:-} ]] || build "$target"
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
# Leaks are checked after each input (libFuzzer's -detect_leaks), not at exit: what the last
# input left alive (the render store's nodes until the next commit) is then reported as leaked
# whenever Swift holds it through an encoded pointer (weak side tables, Data's storage).
export LSAN_OPTIONS=suppressions=$root/Fuzz/lsan.supp:print_suppressions=0:leak_check_at_exit=0
export SWIFT_BACKTRACE=enable=no   # libFuzzer and ASan report crashes themselves
log=$work/fuzz-$target.log
status=0
"$bin" "$work/corpus-$target" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=$maxlen -artifact_prefix="$work/artifacts/$target-" -print_final_stats=1 > "$log" 2>&1 || status=$?
grep -E "^#[0-9]+[[:space:]]+DONE|^stat::(number_of_executed_units|peak_rss_mb|new_units_added)|ERROR|SUMMARY|Test unit written" "$log" || true
if grep -q "no interesting inputs were found" "$log"; then
    echo "fuzz-$target: libFuzzer saw no coverage (log $log)" >&2
    exit 1
fi
if [[ $status -ne 0 ]]; then
    echo "fuzz-$target: FOUND A PROBLEM (exit $status); log $log, inputs in $work/artifacts/" >&2
    exit 1
fi
