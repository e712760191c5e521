#!/usr/bin/env bash
# Benchmark of the demo-content generator on a real PostgreSQL: starts a throwaway server on loopback (temporary
# data directory, stopped and removed at the end), runs `npm run seed` with 100,000 articles and 1,000,000
# subscriber documents against it, and records elapsed time, row counts and the machine in
# bench/results/seed-<date>.json.
#
#   bench/seed/run.sh                                    # 100,000 articles, 1,000,000 documents
#   ARTICLES=10000 DOCUMENTS=100000 bench/seed/run.sh    # a quicker run
#
# Environment: ARTICLES, DOCUMENTS, TODAY (YYYY-MM-DD, default: today), PORT (default 55432),
# PG_BIN (default /usr/lib/postgresql/15/bin). Run as root, the server runs as the postgres user.
set -euo pipefail

ARTICLES="${ARTICLES:-100000}"
DOCUMENTS="${DOCUMENTS:-1000000}"
TODAY="${TODAY:-$(TZ=Europe/Paris date +%F)}"
PORT="${PORT:-55432}"
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"

cd "$(dirname "$0")/../.."

if [ "$(id -u)" = 0 ]; then
  as_postgres=(runuser -u postgres --)
else
  as_postgres=()
fi

work="$(mktemp -d /tmp/seed-bench.XXXXXX)"
[ "$(id -u)" = 0 ] && chown postgres "$work"
data="$work/data"

stop_server() {
  "${as_postgres[@]}" "$PG_BIN/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap stop_server EXIT

# Settings a dedicated database server of this size would have; durability settings stay at their defaults.
settings="-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$work \
-c shared_buffers=2GB -c maintenance_work_mem=512MB -c max_wal_size=16GB -c checkpoint_timeout=30min"

"${as_postgres[@]}" "$PG_BIN/initdb" -D "$data" -U postgres -A trust -E UTF8 --no-locale >/dev/null
if ! "${as_postgres[@]}" "$PG_BIN/pg_ctl" -D "$data" -l "$work/server.log" -w -o "$settings" start >/dev/null; then
  echo "Le serveur PostgreSQL n'a pas démarré (port $PORT déjà pris ? PORT=… pour en choisir un autre) :" >&2
  tail -5 "$work/server.log" >&2
  exit 1
fi
"${as_postgres[@]}" "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres seed_bench

DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/seed_bench" \
  node_modules/.bin/node --conditions=react-server --import tsx bench/seed/measure.ts \
  --articles "$ARTICLES" --documents "$DOCUMENTS" --today "$TODAY" --settings="$settings" --data-dir "$data"
