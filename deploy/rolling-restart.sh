#!/usr/bin/env bash
# Restarts the app instances one at a time, each back to ready before the next stops (docs/DEPLOY.md):
#   deploy/rolling-restart.sh 3001 3002
# A stopping instance refuses new connections and finishes its requests; nginx sends the others to the
# instance still running (deploy/nginx.conf), so no request fails.
set -euo pipefail
ports=("${@:-3001 3002}")
for port in ${ports[*]}; do
  echo "restarting la-quotidienne@${port}"
  systemctl restart "la-quotidienne@${port}"
  for _ in $(seq 1 120); do
    if curl -fsS "http://127.0.0.1:${port}/api/health/ready" >/dev/null 2>&1; then break; fi
    sleep 1
  done
  curl -fsS "http://127.0.0.1:${port}/api/health/ready" >/dev/null || { echo "port ${port} not ready" >&2; exit 1; }
  # Next's cache of the new instance fills on its first requests: let it warm before stopping the next one.
  for path in / /actualite '/search?terme=imp%C3%B4t'; do curl -fsS -o /dev/null "http://127.0.0.1:${port}${path}" || true; done
done
