#!/usr/bin/env bash
# Token refresh per second with ES256 (a new data dir's default) and HS256 (a
# data dir from before signing keys), side by side: one daybase per
# algorithm, the load from a second process (bench/refresh/main.go, 50
# clients; it reports the CPU per refresh of the server process and of its
# PostgreSQL too). Alternates the servers for the given rounds and prints the
# load average and PostgreSQL's WAL flushes per refresh with each figure (the
# servers commit durably, as shipped). With a third argument, a daybase
# binary built from another commit, it runs that one's two servers in the
# same rounds ("before"). Usage: bench/refresh/run.sh [rounds] [seconds] [before-binary]
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-3}
secs=${2:-10}
before=${3:-}
go build -o bin/daybase ./cmd/daybase
go build -o bin/bench-refresh ./bench/refresh
pids=()
dirs=()
# Stop only the servers this script started (never other people's daybase).
trap 'for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done; for p in "${pids[@]}"; do while kill -0 "$p" 2>/dev/null; do sleep 0.05; done; done; rm -rf "${dirs[@]}"' EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_health() {
  for _ in $(seq 1 1200); do curl -sf "http://127.0.0.1:$1/health" >/dev/null && return 0; sleep 0.05; done
  echo "no /health 200 on port $1" >&2; return 1
}
serve() { # binary dir port -> pid
  DAYBASE_DATA_DIR="$2" DAYBASE_PORT=$3 DAYBASE_LOG_LEVEL=warn DAYBASE_AUTH_AUTOCONFIRM=true \
    DAYBASE_AUTH_RATE_LIMIT_REFRESH=off DAYBASE_AUTH_RATE_LIMIT_SIGN_UP=off "$1" serve >>"$2.log" 2>&1 &
  echo $!
}
wal_syncs() { # dir -> WAL flushes so far
  DAYBASE_DATA_DIR="$1" ./bin/daybase sql -c "SELECT wal_sync FROM pg_stat_wal" | awk 'NR == 3 { print $1 }'
}

declare -A port anon spid ddir
servers=()
for build in now ${before:+before}; do
for a in ES256 HS256; do
  alg="$a"; [ "$build" = before ] && alg="$a-before"
  b=./bin/daybase; [ "$build" = before ] && b=$before
  servers+=("$alg")
  dir=$(mktemp -d /tmp/daybase-refresh-XXXX); dirs+=("$dir" "$dir.log"); ddir[$alg]=$dir
  p=$(free_port); port[$alg]=$p
  pid=$(serve "$b" "$dir" "$p"); pids+=("$pid"); wait_health "$p"
  if [ "$a" = HS256 ]; then
    # A data dir from before signing keys: secrets.json without them.
    kill -TERM "$pid"; while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
    python3 - "$dir/secrets.json" <<'PY'
import json, sys
p = sys.argv[1]; s = json.load(open(p)); s.pop("signing_keys", None); json.dump(s, open(p, "w"))
PY
    pid=$(serve "$b" "$dir" "$p"); pids+=("$pid"); wait_health "$p"
  fi
  spid[$alg]=$pid
  anon[$alg]=$(DAYBASE_DATA_DIR="$dir" ./bin/daybase keys --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["anon_key"])')
  alg_seen=$(DAYBASE_DATA_DIR="$dir" ./bin/daybase keys --json | python3 -c 'import json,sys; print(json.load(sys.stdin).get("jwt_algorithm",""))')
  echo "$alg server ($b) on port $p: jwt_algorithm $alg_seen"
done
done

for r in $(seq 1 "$rounds"); do
  for alg in "${servers[@]}"; do
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    w0=$(wal_syncs "${ddir[$alg]}")
    out=$(./bin/bench-refresh -url "http://127.0.0.1:${port[$alg]}" -anon "${anon[$alg]}" -duration "${secs}s" -pid "${spid[$alg]}" 2>/dev/null)
    flushes=$(( $(wal_syncs "${ddir[$alg]}") - w0 ))
    n=$(grep -Eo '^[0-9]+' <<<"$out")
    per=$(python3 -c "print(f'{$n / max($flushes, 1):.1f}')")
    echo "round $r $alg: $out; $per refreshes per WAL flush (load before: $load, after: $(cut -d' ' -f1-3 /proc/loadavg))"
  done
done
