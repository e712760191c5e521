#!/usr/bin/env bash
# Runs bench/newsroom/list.ts against a throwaway PostgreSQL on loopback (temporary data directory, stopped and
# removed at the end), seeded with ARTICLES articles (default 100000).
#
#   flock -o /tmp/bench.lock bench/newsroom/run-postgres.sh
#
# Environment: ARTICLES, BENCH_ROUNDS, PORT (default 3251), PG_BIN (default /usr/lib/postgresql/15/bin).
set -euo pipefail
PORT="${PORT:-3251}"
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
cd "$(dirname "$0")/../.."
if [ "$(id -u)" = 0 ]; then as_postgres=(runuser -u postgres --); else as_postgres=(); fi
work="$(mktemp -d /tmp/newsroom-bench.XXXXXX)"
[ "$(id -u)" = 0 ] && chown postgres "$work"
"${as_postgres[@]}" "$PG_BIN/initdb" -D "$work/data" --auth trust --encoding UTF8 --locale C.UTF-8 >/dev/null
"${as_postgres[@]}" "$PG_BIN/pg_ctl" -D "$work/data" -l "$work/postgres.log" -w start \
  -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$work -c shared_buffers=512MB -c fsync=off" >/dev/null
trap '"${as_postgres[@]}" "$PG_BIN/pg_ctl" -D "$work/data" -m fast stop >/dev/null; rm -rf "$work"' EXIT
"${as_postgres[@]}" "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" quotidienne
DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/quotidienne" LOG_LEVEL=warn \
  node_modules/.bin/node --conditions=react-server --import tsx bench/newsroom/list.ts
