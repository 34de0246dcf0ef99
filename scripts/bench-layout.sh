#!/usr/bin/env bash
# The layout benchmark side by side: Lamina's solver (`lamina-bench layout`) and kiwisolver
# (Benchmarks/layout/kiwi_bench.py, installed from PyPI into a virtual environment) on the same
# systems; prints both times and Lamina/kiwisolver ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
venv=.build/kiwi-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet kiwisolver
fi
swift build -c release --product lamina-bench
ours=$(.build/release/lamina-bench layout)
theirs=$("$venv/bin/python" Benchmarks/layout/kiwi_bench.py)
echo "lamina:      $(echo "$ours" | tr '\n' ' ')"
echo "kiwisolver:  $(echo "$theirs" | tr '\n' ' ')"
for name in chain form; do
    a=$(echo "$ours" | awk -v n=$name '$1 == n { print $2 }')
    b=$(echo "$theirs" | awk -v n=$name '$1 == n { print $2 }')
    awk -v n=$name -v a="$a" -v b="$b" 'BEGIN { printf "%-6s lamina %8.3f ms  kiwisolver %8.3f ms  ratio %.2f\n", n, a, b, a / b }'
done
