#!/usr/bin/env bash
# Proves that a production install serves the site: copies the built checkout (node_modules as hard links),
# removes the development dependencies there (`npm prune --omit=dev`), seeds a small demo base (`npm run seed`) in a
# temporary DATA_DIR, starts `npm start` on a free port with APP_ENV=production and its secrets, waits for
# /api/health, fetches the home page (200 and the site's title), then stops it by its PID.
# Needs `npm run build` done first. Usage: bash scripts/ci/production-install.sh
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d /tmp/production-install-XXXXXX)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill -- "-$server_pid" 2>/dev/null || true; fi
  [ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

mkdir "$work/site"
# The built checkout without its git folder, local data and build cache; node_modules as hard links (npm prune
# removes links, never writes into a file, so the original install is untouched).
tar -C "$repo" --exclude=./.git --exclude=./node_modules --exclude=./data --exclude=./.next/cache \
  --exclude='./.next-*' --exclude=./test-results -cf - . | tar -C "$work/site" -xf -
cp -al "$repo/node_modules" "$work/site/node_modules"
cd "$work/site"
npm prune --omit=dev --no-audit --no-fund > "$work/prune.log" 2>&1
for tool in tsx knip vitest esbuild typescript @biomejs/biome; do
  if [ -e "node_modules/$tool" ]; then echo "production install: $tool is still installed"; exit 1; fi
done

# npm runs scripts with node_modules/.bin first in PATH: the pinned Node must still be there.
node_version="$(node_modules/.bin/node --version)"
case "$node_version" in v24.*) ;; *) echo "production install: npm start would run Node $node_version"; exit 1 ;; esac
secret() { head -c 32 /dev/urandom | base64; }
export APP_ENV=production DATA_DIR="$work/data" DATABASE_URL= NEWSROOM_SECRET_KEY="$(secret)" \
  NEWSLETTER_UNSUBSCRIBE_SECRET="$(secret)"
npm run --silent seed -- --articles 100 --documents 100 > "$work/seed.log" 2>&1 ||
  { echo "production install: npm run seed failed"; tail -40 "$work/seed.log"; exit 1; }

port="$(node -e 's=require("net").createServer().listen(0,()=>{console.log(s.address().port);s.close()})')"
setsid env PORT="$port" npm start > "$work/start.log" 2>&1 &
server_pid=$!
healthy=""
for _ in $(seq 1 240); do
  if curl -sf "http://127.0.0.1:$port/api/health" > /dev/null; then healthy=yes; break; fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 1
done
[ -n "$healthy" ] || { echo "production install: /api/health never answered"; tail -40 "$work/start.log"; exit 1; }
status="$(curl -s -o "$work/home.html" -w '%{http_code}' "http://127.0.0.1:$port/")"
[ "$status" = 200 ] || { echo "production install: the home page answered $status"; tail -40 "$work/start.log"; exit 1; }
grep -q '<title>[^<]*La Quotidienne' "$work/home.html" || { echo "production install: the home page lacks the site's title"; exit 1; }
kill -- "-$server_pid"
wait "$server_pid" 2>/dev/null || true
server_pid=""
echo "production install: Node $node_version serves the site without development dependencies"
