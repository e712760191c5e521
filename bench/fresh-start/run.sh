#!/usr/bin/env bash
# Times what a newcomer does on a fresh machine: `npm install && npm start` in a fresh clone, until the home page
# answers 200 with the daily issue. Records the phases as JSON in bench/results/fresh-start-<date>.json.
# Usage: bash bench/fresh-start/run.sh [port]   (from the repository root; needs git, curl, perl and the npm registry)
# FRESH_START_OUT=<file> writes the result there instead (two checkouts measured in one session).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
port="${1:-3900}"
work="$(mktemp -d /tmp/fresh-start-XXXXXX)"
server_pid=""
# Stops a server's process group: SIGTERM (its graceful stop), then SIGKILL past 20 s, so that no server of a run
# outlives it (a hung stop would otherwise keep running beside the next runs).
stop_group() {
  kill -- "-$1" 2>/dev/null || return 0
  for _ in $(seq 1 40); do
    kill -0 -- "-$1" 2>/dev/null || return 0
    sleep 0.5
  done
  echo "the server's processes did not stop within 20 s: killed" >&2
  kill -9 -- "-$1" 2>/dev/null || true
}
cleanup() {
  if [ -n "$server_pid" ]; then stop_group "$server_pid"; fi
  rm -rf "$work"
}
trap cleanup EXIT

now() { date +%s.%N; }

git clone -q "$repo" "$work/site"
cd "$work/site"
# A fresh machine has no npm cache for this project either.
export npm_config_cache="$work/npm-cache"

load_at_start="$(cut -d' ' -f1-3 /proc/loadavg)"
t0=$(now)
npm install --no-audit --no-fund > "$work/install.log" 2>&1
t1=$(now)

# Each line of the first start stamped with the time it was written: where the minutes go.
setsid bash -c "PORT=$port npm start 2>&1 | perl -MTime::HiRes=time -ne 'BEGIN { \$| = 1 } printf qq(%.2f %s), time, \$_'" \
  > "$work/start.log" &
server_pid=$!
status=000
for _ in $(seq 1 900); do
  status=$(curl -s -o "$work/home.html" -w '%{http_code}' "http://127.0.0.1:$port/" || true)
  [ "$status" = 200 ] && break
  sleep 1
done
t2=$(now)
[ "$status" = 200 ] || { echo "the home page never answered 200"; tail -30 "$work/start.log"; exit 1; }
grep -q 'La Quotidienne du' "$work/home.html" || { echo "the home page has no daily issue"; exit 1; }

# A second start on the same data and build: what every later `npm start` costs.
stop_group "$server_pid"; wait "$server_pid" 2>/dev/null || true
t3=$(now)
setsid env PORT="$port" npm start > "$work/restart.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 300); do
  status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/" || true)
  [ "$status" = 200 ] && break
  sleep 0.5
done
t4=$(now)

mkdir -p "$repo/bench/results"
out="${FRESH_START_OUT:-$repo/bench/results/fresh-start-$(date -u +%Y-%m-%d).json}"
commit="$(git -C "$work/site" rev-parse --short HEAD)"
node -e '
const [t0, t1, t2, t3, t4] = process.argv.slice(1, 6).map(Number);
const log = require("node:fs").readFileSync(process.argv[6], "utf8");
const loadAtStart = process.argv[7].split(" ").map(Number);
const [install, start, restart] = [t1 - t0, t2 - t1, t4 - t3];
/** Seconds from the start of `npm start` to the first stamped line matching. */
const stampOf = (pattern) => {
  const line = log.split("\n").find((text) => pattern.test(text));
  return line ? Number((Number(line.split(" ")[0]) - t1).toFixed(1)) : null;
};
const os = require("node:os");
const seeded = /Contenu de démonstration prêt en (\d+) s/.exec(log);
const built = /Site construit en (\d+) s/.exec(log);
console.log(JSON.stringify({
  benchmark: "fresh clone: npm install && npm start until the home page answers 200",
  command: "bash bench/fresh-start/run.sh",
  commit: process.argv[8],
  date: new Date().toISOString(),
  machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverageAtStart: loadAtStart, loadAverageAtEnd: os.loadavg().map((l) => Number(l.toFixed(1))) },
  seconds: {
    npmInstall: Number(install.toFixed(1)),
    firstStartUntilHomePage: Number(start.toFixed(1)),
    ofWhichDemoContent: seeded ? Number(seeded[1]) : null,
    ofWhichBuildBesideIt: built ? Number(built[1]) : null,
    sinceStart: {
      databaseReady: stampOf(/Base de données prête/),
      buildStarted: stampOf(/Construction du site/),
      demoContentReady: stampOf(/Contenu de démonstration prêt/),
      buildFinished: stampOf(/Site construit/),
      serverListening: stampOf(/Site servi sur/),
      homePage: Number(start.toFixed(1)),
    },
    total: Number((install + start).toFixed(1)),
    laterStartUntilHomePage: Number(restart.toFixed(1)),
  },
}, null, 2));
' "$t0" "$t1" "$t2" "$t3" "$t4" "$work/start.log" "$load_at_start" "$commit" | tee "$out"
