#!/usr/bin/env bash
# Newsroom list before/after, in the same run over the same database: bench/newsroom/list.ts runs first against
# the code of BASE (default: main), then against this checkout's HEAD, both extracted with git archive. The database is a throwaway one (PostgreSQL cluster on loopback, or a PGlite folder), seeded once
# with ARTICLES articles (default 100000) by the first phase; the second phase applies this checkout's
# migrations to it. Writes bench/results/newsroom-list-<driver>-<articles>-before-after[-<DATE>].json.
#
#   flock -o /tmp/bench.lock bench/newsroom/list-compare.sh postgres
#   flock -o /tmp/bench.lock bench/newsroom/list-compare.sh pglite
#
# Environment: BASE, ARTICLES, BENCH_ROUNDS, PORT (PostgreSQL, default 3452),
# PG_BIN (default /usr/lib/postgresql/15/bin), DATE (appended to the result file's name, so that an earlier
# result is kept), PGLITE_FROM (a PGlite data folder already seeded with ARTICLES articles, closed: the run
# works on a copy of it instead of seeding for 20 minutes; both phases still share that one database).
set -euo pipefail
driver="${1:?usage: list-compare.sh postgres|pglite}"
BASE="${BASE:-main}"
ARTICLES="${ARTICLES:-100000}"
PORT="${PORT:-3452}"
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
cd "$(dirname "$0")/../.."
root="$PWD"
work="$(mktemp -d /tmp/newsroom-list-compare.XXXXXX)"
chmod 755 "$work" # the postgres user enters it
cleanup=()
trap 'for step in "${cleanup[@]}"; do eval "$step"; done; rm -rf "$work"' EXIT

# The code of both commits (files being edited in this checkout meanwhile are not measured), each with this
# checkout's benchmark file: the same queries in both phases.
for phase in before after; do
  mkdir "$work/$phase"
  git archive "$([ "$phase" = before ] && echo "$BASE" || echo HEAD)" | tar -x -C "$work/$phase"
  ln -s "$root/node_modules" "$work/$phase/node_modules"
  cp bench/newsroom/list.ts "$work/$phase/bench/newsroom/list.ts"
done
before_commit="$(git rev-parse --short "$BASE")"
after_commit="$(git rev-parse --short HEAD)"

if [ "$driver" = postgres ]; then
  if [ "$(id -u)" = 0 ]; then as_postgres=(runuser -u postgres --); else as_postgres=(); fi
  mkdir "$work/pg"
  [ "$(id -u)" = 0 ] && chown postgres "$work/pg"
  "${as_postgres[@]}" "$PG_BIN/initdb" -D "$work/pg/data" --auth trust --encoding UTF8 --locale C.UTF-8 >/dev/null
  "${as_postgres[@]}" "$PG_BIN/pg_ctl" -D "$work/pg/data" -l "$work/pg/postgres.log" -w start \
    -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$work/pg -c shared_buffers=512MB -c fsync=off" >/dev/null
  cleanup+=("\"\${as_postgres[@]}\" \"$PG_BIN/pg_ctl\" -D \"$work/pg/data\" -m fast stop >/dev/null")
  "${as_postgres[@]}" "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" quotidienne
  database=(DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/quotidienne")
elif [ "$driver" = pglite ]; then
  if [ -n "${PGLITE_FROM:-}" ]; then cp -a "$PGLITE_FROM" "$work/pglite"; fi
  database=(DATA_DIR="$work/pglite")
else
  echo "driver: postgres or pglite" >&2
  exit 2
fi

phase() { # label, folder, commit
  (cd "$2" && env "${database[@]}" LOG_LEVEL=warn ARTICLES="$ARTICLES" BENCH_LABEL="$1" BENCH_COMMIT="$3" \
    BENCH_OUT="$work/$1.json" "$root/node_modules/.bin/node" --conditions=react-server --import tsx bench/newsroom/list.ts)
}
echo "== before ($BASE, $before_commit)"
phase before "$work/before" "$before_commit"
echo "== after (HEAD, $after_commit)"
phase after "$work/after" "$after_commit"

out="bench/results/newsroom-list-$driver-$ARTICLES-before-after${DATE:+-$DATE}.json"
"$root/node_modules/.bin/node" -e '
const fs = require("node:fs");
const [before, after, out, command] = process.argv.slice(1);
const b = JSON.parse(fs.readFileSync(before, "utf8"));
const a = JSON.parse(fs.readFileSync(after, "utf8"));
const comparison = Object.fromEntries(Object.keys(a.queriesMs).map((name) => [name, {
  beforeP95: b.queriesMs[name]?.p95 ?? null, afterP95: a.queriesMs[name].p95,
  beforeTotal: b.queriesMs[name]?.total ?? null, afterTotal: a.queriesMs[name].total,
}]));
fs.writeFileSync(out, JSON.stringify({
  benchmark: "newsroom-list-before-after",
  command,
  date: new Date().toISOString(),
  driver: a.database.driver,
  articles: a.database.articles,
  target: a.target,
  before: { commit: b.commit, worstP95Ms: b.worstP95Ms, met: b.met },
  after: { commit: a.commit, worstP95Ms: a.worstP95Ms, met: a.met },
  p95Ms: comparison,
  phases: { before: b, after: a },
}, null, 2) + "\n");
console.log(`before worst p95 ${b.worstP95Ms} ms, after ${a.worstP95Ms} ms → ${out}`);
' "$work/before.json" "$work/after.json" "$out" "${PGLITE_FROM:+PGLITE_FROM=… }${DATE:+DATE=$DATE }flock -o /tmp/bench.lock bench/newsroom/list-compare.sh $driver"
