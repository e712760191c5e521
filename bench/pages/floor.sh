#!/bin/sh
# Builds and serves the framework's floor for the page bench (bench/pages/floor: Next.js alone, an empty page) on
# PORT (default 3199), in production mode like the site. Then: FLOOR_URL=http://127.0.0.1:3199 on bench/pages/run.ts.
# Built in a folder of its own (FLOOR_DIR): inside the repository Next.js takes the site's src/ and configuration.
set -e
repository="$(cd "$(dirname "$0")/../.." && pwd)"
floor="${FLOOR_DIR:-/tmp/page-bench-floor}"
rm -rf "$floor"
mkdir -p "$floor"
cp -r "$repository/bench/pages/floor/." "$floor/"
# A hard-linked copy: Turbopack does not follow a node_modules link out of the project.
cp -al "$repository/node_modules" "$floor/node_modules"
cd "$floor"
node node_modules/next/dist/bin/next build
exec node node_modules/next/dist/bin/next start --port "${PORT:-3199}"
