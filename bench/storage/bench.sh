#!/usr/bin/env bash
# Storage figures of issue 8, local disk backend:
#   - upload and download throughput of a 50 MB file through /storage/v1,
#     driven by curl (a second process), against `cp` of the same file
#     (and `cp` + fsync, since the disk backend fsyncs every upload);
#     raw-body uploads (the issue's figure) and multipart/form-data ones
#     (what storage-js sends for a Blob or File);
#   - the memory high-water mark of daybase during a 100 MB upload, above
#     its idle RSS (the peak is reset through /proc/PID/clear_refs first).
#
# Usage: bench/storage/bench.sh [runs]   (default 5; medians are reported)
#   DAYBASE_STORAGE_FSYNC=false   in the environment reaches daybase serve.
#   BEFORE=/path/to/daybase       also runs a second daybase binary (say, one
#                                 built from an older commit) side by side:
#                                 the same transfers, interleaved run by run.
#
# Fairness: `cp` and curl read the same source file from the page cache, and
# both write a new file: `cp` into a name it removed first, each upload under
# a new name whose predecessor was deleted before the timer started. (An
# upsert over the same name would also time the unlink of the 50 MB it
# replaces, 11-15 ms here, which `cp` does not pay.) `cp` does not wait for
# the disk; `cp+fsync` does, as the uploads do unless fsync is off (the
# object is fsynced before its row is committed). Both ratios are printed.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
go build -o bin/daybase ./cmd/daybase
go build -o bin/storage-floor ./bench/storage/floor
freeport() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
dir=$(mktemp -d /tmp/daybase-bench-storage-XXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null && wait "$p" 2>/dev/null; done
  rm -rf "$dir"
}
trap cleanup EXIT

# start NAME BIN: a daybase serve on a fresh data dir with a bucket "bench";
# sets base_NAME, auth_NAME (curl arguments) and pid_NAME.
start() {
  local name=$1 bin=$2 port key
  port=$(freeport)
  DAYBASE_DATA_DIR="$dir/$name" DAYBASE_PORT=$port DAYBASE_LOG_LEVEL=warn "$bin" serve >"$dir/$name.log" 2>&1 &
  pids+=($!)
  printf -v "pid_$name" %s $!
  for _ in $(seq 1 600); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.05; done
  key=$(DAYBASE_DATA_DIR="$dir/$name" "$bin" keys --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["service_role_key"])')
  printf -v "base_$name" %s "http://127.0.0.1:$port/storage/v1"
  printf -v "key_$name" %s "$key"
  curl -sf -H "apikey: $key" -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
    -d '{"id":"bench","name":"bench"}' "http://127.0.0.1:$port/storage/v1/bucket" >/dev/null
}
servers=(now)
start now ./bin/daybase
if [ -n "${BEFORE:-}" ]; then
  servers=(before now)
  start before "$BEFORE"
fi

floor_port=$(freeport)
mkdir -p "$dir/floor"
./bin/storage-floor "127.0.0.1:$floor_port" "$dir/floor" &
pids+=($!)
head -c $((50 * 1024 * 1024)) /dev/urandom >"$dir/50mb.bin"
head -c $((100 * 1024 * 1024)) /dev/urandom >"$dir/100mb.bin"
cat "$dir/50mb.bin" "$dir/100mb.bin" >/dev/null # warm the page cache

now() { date +%s.%N; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
fastest() { sort -g | head -1; }
mbps() { awk -v s="$1" 'BEGIN {printf "%.0f MB/s", 50 / s}'; }

# transfers NAME I: one raw upload, one multipart upload and one download
# through server NAME, appended to up_NAME, mp_NAME and down_NAME.
declare -A times
transfers() {
  local name=$1 i=$2 base key t
  base=base_$name; base=${!base}; key=key_$name; key=${!key}
  local auth=(-H "apikey: $key" -H "Authorization: Bearer $key")
  curl -sf -o /dev/null "${auth[@]}" -X DELETE "$base/object/bench/50mb-$((i - 1)).bin" || true
  curl -sf -o /dev/null "${auth[@]}" -X DELETE "$base/object/bench/50mb-mp-$((i - 1)).bin" || true
  t=$(curl -sf -o /dev/null -w '%{time_total}' "${auth[@]}" -X POST -H 'Content-Type: application/octet-stream' \
    -T "$dir/50mb.bin" "$base/object/bench/50mb-$i.bin")
  times[up_$name]+="$t "
  t=$(curl -sf -o /dev/null -w '%{time_total}' "${auth[@]}" -X POST -F "cacheControl=3600" \
    -F "=@$dir/50mb.bin;type=application/octet-stream" "$base/object/bench/50mb-mp-$i.bin")
  times[mp_$name]+="$t "
  rm -f "$dir/down.bin"
  t=$(curl -sf -o "$dir/down.bin" -w '%{time_total}' "${auth[@]}" "$base/object/bench/50mb-$i.bin")
  times[down_$name]+="$t "
  cmp -s "$dir/50mb.bin" "$dir/down.bin" || { echo "$name: downloaded bytes differ" >&2; exit 1; }
  curl -sf -o "$dir/down.bin" "${auth[@]}" "$base/object/bench/50mb-mp-$i.bin"
  cmp -s "$dir/50mb.bin" "$dir/down.bin" || { echo "$name: multipart upload stored other bytes" >&2; exit 1; }
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for i in $(seq 1 "$runs"); do
  rm -f "$dir/copy.bin"; t0=$(now); cp "$dir/50mb.bin" "$dir/copy.bin"; t1=$(now)
  times[cp]+="$(echo "$t1 - $t0" | bc -l) "
  rm -f "$dir/copy.bin"; t0=$(now); cp "$dir/50mb.bin" "$dir/copy.bin"; sync "$dir/copy.bin"; t1=$(now)
  times[cps]+="$(echo "$t1 - $t0" | bc -l) "
  # Alternate which server goes first, so neither always follows cp.
  if ((i % 2)); then order=("${servers[@]}"); else order=(); for ((k = ${#servers[@]} - 1; k >= 0; k--)); do order+=("${servers[k]}"); done; fi
  for s in "${order[@]}"; do transfers "$s" "$i"; done
  times[fup]+="$(curl -sf -o /dev/null -w '%{time_total}' -X PUT -T "$dir/50mb.bin" "http://127.0.0.1:$floor_port/50mb.bin") "
  rm -f "$dir/down.bin"
  times[fdown]+="$(curl -sf -o "$dir/down.bin" -w '%{time_total}' "http://127.0.0.1:$floor_port/50mb.bin") "
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

report() { # label, kind; median and fastest in % of cp and of cp+fsync
  local label=$1 m f cpm cpf csm csf
  m=$(printf '%s\n' ${times[$2]} | median); f=$(printf '%s\n' ${times[$2]} | fastest)
  cpm=$(printf '%s\n' ${times[cp]} | median); cpf=$(printf '%s\n' ${times[cp]} | fastest)
  csm=$(printf '%s\n' ${times[cps]} | median); csf=$(printf '%s\n' ${times[cps]} | fastest)
  printf '  %-20s median %.3f s %9s (%3.0f%% of cp, %3.0f%% of cp+fsync), fastest %.3f s %9s (%3.0f%% of cp, %3.0f%% of cp+fsync)\n' \
    "$label" "$m" "$(mbps "$m")" "$(echo "100 * $cpm / $m" | bc -l)" "$(echo "100 * $csm / $m" | bc -l)" \
    "$f" "$(mbps "$f")" "$(echo "100 * $cpf / $f" | bc -l)" "$(echo "100 * $csf / $f" | bc -l)"
}
echo "50 MB, $runs runs, DAYBASE_STORAGE_FSYNC=${DAYBASE_STORAGE_FSYNC:-true}, load average $load_before before, $load_after after"
echo "(the machine is shared: the fastest run is the least disturbed)"
report cp cp
report "cp+fsync" cps
for s in "${servers[@]}"; do
  label=""; [ ${#servers[@]} -gt 1 ] && label="$s: "
  report "${label}upload" "up_$s"
  report "${label}upload, multipart" "mp_$s"
  report "${label}download" "down_$s"
done
echo "  floor: a bare Go HTTP server writing the body to a file / serving it with sendfile (bench/storage/floor):"
report "upload" fup
report "download" fdown

# Memory: idle RSS, then the peak RSS while a 100 MB upload streams in.
for s in "${servers[@]}"; do
  pid=pid_$s; pid=${!pid}; base=base_$s; base=${!base}; key=key_$s; key=${!key}
  auth=(-H "apikey: $key" -H "Authorization: Bearer $key")
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
  label=""; [ ${#servers[@]} -gt 1 ] && label="$s: "
  echo "${label}100 MB upload: idle RSS $((idle / 1024)) MB; peak RSS raw body $((hwm / 1024)) MB (+$(((hwm - idle) / 1024)) MB), multipart $((hwm_mp / 1024)) MB (+$(((hwm_mp - idle) / 1024)) MB)"
done
