#!/usr/bin/env bash
# Script cost of the header search's combobox: the hand-written component against the same component on Downshift's
# useCombobox (bench/combobox/downshift-header-search.tsx.txt, the candidate, kept as text so that no build,
# typecheck or lint sees it). Each is bundled alone with esbuild (minified, production, React, Next.js and the
# project's own modules left out: only what the component itself adds), then gzipped at level 9.
# Usage: bash bench/combobox/measure.sh   (prints one JSON object)
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d src/components/search/.measure-XXXXXX)
trap 'rm -rf "$work"' EXIT
cp src/components/search/header-search.tsx "$work/hand-written.tsx"
cp bench/combobox/downshift-header-search.tsx.txt "$work/downshift.tsx"
sizes=()
for name in hand-written downshift; do
  node_modules/.bin/esbuild "$work/$name.tsx" --bundle --minify --format=esm --jsx=automatic \
    --external:react --external:react-dom --external:react/jsx-runtime '--external:next/*' '--external:@/client/*' \
    '--external:@/lib/*' '--external:@/server/*' '--external:*.css' --define:process.env.NODE_ENV='"production"' \
    --log-level=error --outfile="$work/$name.js"
  sizes+=("$(wc -c <"$work/$name.js")" "$(gzip -9c "$work/$name.js" | wc -c)")
done
printf '{"handWritten":{"minBytes":%s,"gzipBytes":%s},"downshift":{"minBytes":%s,"gzipBytes":%s}}\n' "${sizes[@]}"
