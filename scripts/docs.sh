#!/usr/bin/env bash
# Builds Lamina's reference documentation: the DocC catalogs of CoreGraphics, CoreText,
# QuartzCore, UIKit and LaminaSnapshotTesting (Sources/*/*.docc) with every public symbol, through
# the swift-docc-plugin. Any DocC warning (a broken link, an unknown symbol) fails it.
#
# usage: scripts/docs.sh [OUT_DIR]
#   OUT_DIR (default .build/docs) gets a static website per module: serve OUT_DIR and open
#   /QuartzCore/documentation/quartzcore/ (likewise for the others).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
out=$(mkdir -p "${1:-.build/docs}" && cd "${1:-.build/docs}" && pwd)
for target in CoreGraphics CoreText QuartzCore UIKit LaminaSnapshotTesting; do
    swift package --allow-writing-to-directory "$out" generate-documentation \
        --target "$target" --warnings-as-errors \
        --transform-for-static-hosting --hosting-base-path "$target" \
        --output-path "$out/$target"
done
echo "documentation: $out/<module>/documentation/<module>/index.html"
