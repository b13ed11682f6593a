#!/usr/bin/env bash
# Start-up figures of issue 3: first start (initdb included) to /health 200,
# start on an existing data dir to /health 200, and the idle RSS of daybase
# plus its PostgreSQL processes. Usage: bench/startup.sh [runs]   (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
go build -o bin/daybase ./cmd/daybase
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
dir=$(mktemp -d /tmp/daybase-bench-XXXX)
pid=
# Stop only the server this script started (never other people's daybase).
trap 'if [ -n "$pid" ]; then kill -TERM "$pid" 2>/dev/null || true; while kill -0 "$pid" 2>/dev/null; do sleep 0.02; done; fi; rm -rf "$dir"' EXIT

ms() { date +%s%3N; }
wait_health() {
  for _ in $(seq 1 600); do
    curl -sf "http://127.0.0.1:$port/health" >/dev/null && return 0
    sleep 0.01
  done
  echo "no /health 200" >&2; return 1
}
start() { DAYBASE_DATA_DIR="$dir" DAYBASE_PORT=$port DAYBASE_LOG_LEVEL=warn ./bin/daybase serve >/dev/null 2>&1 & echo $!; }
stop() { kill -TERM "$1"; while kill -0 "$1" 2>/dev/null; do sleep 0.02; done; }

t0=$(ms); pid=$(start); wait_health; t1=$(ms)
echo "first start (initdb + migrations) to /health 200: $((t1 - t0)) ms"
sleep 3
rss_daybase=$(awk '/VmRSS/ {print $2}' /proc/$pid/status)
rss_pg=0; pss_pg=0; n_pg=0
for p in $(pgrep -f "postgres.*$dir" || true) $(pgrep -P "$(pgrep -f "postgres -D $dir/pg" | head -1)" 2>/dev/null || true); do
  r=$(awk '/VmRSS/ {print $2}' /proc/$p/status 2>/dev/null || echo 0); rss_pg=$((rss_pg + r))
  q=$(awk '/^Pss:/ {print $2}' /proc/$p/smaps_rollup 2>/dev/null || echo 0); pss_pg=$((pss_pg + q)); n_pg=$((n_pg + 1))
done
pss_daybase=$(awk '/^Pss:/ {print $2}' /proc/$pid/smaps_rollup)
echo "idle RSS: daybase $((rss_daybase / 1024)) MB, PostgreSQL processes $((rss_pg / 1024)) MB (sum of RSS over $n_pg processes: shared memory counted once per process)"
echo "idle PSS (shared pages split between the processes sharing them): daybase $((pss_daybase / 1024)) MB, PostgreSQL $((pss_pg / 1024)) MB, total $(((pss_daybase + pss_pg) / 1024)) MB"
stop "$pid"; pid=

for i in $(seq 1 "$runs"); do
  t0=$(ms); pid=$(start); wait_health; t1=$(ms)
  echo "restart $i on existing data dir to /health 200: $((t1 - t0)) ms"
  stop "$pid"; pid=
done
