#!/usr/bin/env bash
# Storage figures of issue 8, local disk backend:
#   - upload and download throughput of a 50 MB file through /storage/v1,
#     driven by curl (a second process), against `cp` of the same file
#     (and `cp` + fsync, since the disk backend fsyncs every upload);
#   - the memory high-water mark of daybase during a 100 MB upload, above
#     its idle RSS (the peak is reset through /proc/PID/clear_refs first).
# Usage: bench/storage/bench.sh [runs]   (default 5; medians are reported)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
go build -o bin/daybase ./cmd/daybase
go build -o bin/storage-floor ./bench/storage/floor
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
dir=$(mktemp -d /tmp/daybase-bench-storage-XXXX)
pid=""; floor_pid=""
cleanup() {
  [ -n "$floor_pid" ] && kill -TERM "$floor_pid" 2>/dev/null
  [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT

DAYBASE_DATA_DIR="$dir/data" DAYBASE_PORT=$port DAYBASE_LOG_LEVEL=warn ./bin/daybase serve >"$dir/serve.log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.05; done
key=$(DAYBASE_DATA_DIR="$dir/data" ./bin/daybase keys --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["service_role_key"])')
base="http://127.0.0.1:$port/storage/v1"
auth=(-H "apikey: $key" -H "Authorization: Bearer $key")
curl -sf "${auth[@]}" -H 'Content-Type: application/json' -d '{"id":"bench","name":"bench"}' "$base/bucket" >/dev/null

floor_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
mkdir -p "$dir/floor"
./bin/storage-floor "127.0.0.1:$floor_port" "$dir/floor" &
floor_pid=$!
head -c $((50 * 1024 * 1024)) /dev/urandom >"$dir/50mb.bin"
head -c $((100 * 1024 * 1024)) /dev/urandom >"$dir/100mb.bin"
cat "$dir/50mb.bin" "$dir/100mb.bin" >/dev/null # warm the page cache

now() { date +%s.%N; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
fastest() { sort -g | head -1; }
mbps() { awk -v s="$1" 'BEGIN {printf "%.0f MB/s", 50 / s}'; }

cp_t=(); cps_t=(); up_t=(); down_t=(); fup_t=(); fdown_t=()
for i in $(seq 1 "$runs"); do
  rm -f "$dir/copy.bin"; t0=$(now); cp "$dir/50mb.bin" "$dir/copy.bin"; t1=$(now)
  cp_t+=("$(echo "$t1 - $t0" | bc -l)")
  rm -f "$dir/copy.bin"; t0=$(now); cp "$dir/50mb.bin" "$dir/copy.bin"; sync "$dir/copy.bin"; t1=$(now)
  cps_t+=("$(echo "$t1 - $t0" | bc -l)")
  up_t+=("$(curl -sf -o /dev/null -w '%{time_total}' "${auth[@]}" -X POST -H 'Content-Type: application/octet-stream' \
    -H 'x-upsert: true' -T "$dir/50mb.bin" "$base/object/bench/50mb.bin")")
  rm -f "$dir/down.bin"
  down_t+=("$(curl -sf -o "$dir/down.bin" -w '%{time_total}' "${auth[@]}" "$base/object/bench/50mb.bin")")
  cmp -s "$dir/50mb.bin" "$dir/down.bin" || { echo "downloaded bytes differ" >&2; exit 1; }
  fup_t+=("$(curl -sf -o /dev/null -w '%{time_total}' -X PUT -T "$dir/50mb.bin" "http://127.0.0.1:$floor_port/50mb.bin")")
  rm -f "$dir/down.bin"
  fdown_t+=("$(curl -sf -o "$dir/down.bin" -w '%{time_total}' "http://127.0.0.1:$floor_port/50mb.bin")")
done
report() { # label, then the times of this kind and the cp times
  local label=$1 m f cpm cpf cpsm
  m=$(printf '%s\n' "${@:2:$runs}" | median); f=$(printf '%s\n' "${@:2:$runs}" | fastest)
  cpm=$(printf '%s\n' "${cp_t[@]}" | median); cpf=$(printf '%s\n' "${cp_t[@]}" | fastest)
  printf '  %-10s median %.3f s %s (%3.0f%% of cp), fastest %.3f s %s (%3.0f%% of cp)\n' "$label" \
    "$m" "$(mbps "$m")" "$(echo "100 * $cpm / $m" | bc -l)" "$f" "$(mbps "$f")" "$(echo "100 * $cpf / $f" | bc -l)"
}
echo "50 MB, $runs runs (the machine is shared: the fastest run is the least disturbed):"
report cp "${cp_t[@]}"
report "cp+fsync" "${cps_t[@]}"
report upload "${up_t[@]}"
report download "${down_t[@]}"
echo "  floor: a bare Go HTTP server writing the body to a file / serving it with sendfile (bench/storage/floor):"
report "upload" "${fup_t[@]}"
report "download" "${fdown_t[@]}"

# Memory: idle RSS, then the peak RSS while a 100 MB upload streams in.
sleep 2
idle=$(awk '/VmRSS/ {print $2}' /proc/$pid/status)
echo 5 >/proc/$pid/clear_refs # resets VmHWM to the current RSS
curl -sf -o /dev/null "${auth[@]}" -X POST -H 'Content-Type: application/octet-stream' -H 'x-upsert: true' \
  -T "$dir/100mb.bin" "$base/object/bench/100mb.bin"
hwm=$(awk '/VmHWM/ {print $2}' /proc/$pid/status)
echo 5 >/proc/$pid/clear_refs
curl -sf -o /dev/null "${auth[@]}" -X POST -H 'x-upsert: true' -F "cacheControl=3600" \
  -F "=@$dir/100mb.bin;type=application/octet-stream" "$base/object/bench/100mb-multipart.bin"
hwm_mp=$(awk '/VmHWM/ {print $2}' /proc/$pid/status)
echo "100 MB upload: idle RSS $((idle / 1024)) MB; peak RSS raw body $((hwm / 1024)) MB (+$(((hwm - idle) / 1024)) MB), multipart $((hwm_mp / 1024)) MB (+$(((hwm_mp - idle) / 1024)) MB)"
