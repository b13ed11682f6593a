#!/bin/bash
# PostgreSQL CPU per REST "get one task by id" transaction, as the gateway
# sends it, on two running Daybase data dirs side by side (issue 25).
#
#   cd bench/peers/pocketbase && go run . -bin ../../../bin/daybase \
#       -baseline /tmp/daybase-before -keep -d 1s -only "get one"   # seeds and keeps both
#   bench/rest-tx/cpu-per-tx.sh /tmp/bench-daybase-before-NNN /tmp/bench-daybase-MMM
#
# One pgbench client (-M prepared, as the gateway prepares its statements)
# runs BEGIN, the setup statement, the main statement, the response
# settings and COMMIT; the script reads that backend's utime+stime over a
# 4 s window and divides by the transactions pgbench logged in it. CPU time
# moves less with the machine's load than latency does; alternate and
# compare within one run. ROUNDS (default 4) sets the alternations.
# BEFORE_SETTINGS=old sends the baseline the setup of builds before 0696
# (no daybase.* settings). The gateway's word for the data-access check
# (0697) is sent as a warm session gets it; DATA_ACCESS= sends a cold one.
# AFTER_SHAPE=implicit sends both as one pipeline (one Sync, as the gateway
# does), the baseline with BEGIN … COMMIT and the new build without them,
# the setup making the implicit transaction read only (issue 25, part g).
set -euo pipefail
before=$1 after=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# A request's headers as request.headers carries them: two JWTs' worth.
hdr=$(printf '{"accept":"*/*","apikey":"%s","authorization":"Bearer %s","user-agent":"Go-http-client/1.1"}' \
  "$(head -c 150 /dev/zero | tr '\0' a)" "$(head -c 700 /dev/zero | tr '\0' b)")

common="set_config('search_path', :sp, true), set_config('statement_timeout', '8s', true), set_config('role', 'authenticated', true), set_config('request.jwt.claims', :claims, true), set_config('request.method', 'GET', true), set_config('request.path', '/tasks', true), set_config('request.headers', :hdr, true), set_config('request.cookies', '{}', true)"
tail="SELECT \"tasks\".* FROM \"public\".\"tasks\" AS \"tasks\" WHERE \"tasks\".\"id\" = :id LIMIT 1000;
SELECT nullif(current_setting('response.headers', true), ''), nullif(current_setting('response.status', true), '');
COMMIT;"
printf 'BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY;\nSELECT %s;\n%s\n' "$common" "$tail" > old.sql
printf 'BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY;\nSELECT %s, %s;\n%s\n' "$common" \
  "set_config('daybase.sub', :sub, true), set_config('daybase.session_id', :sid, true), set_config('daybase.aal', 'aal1', true), set_config('daybase.claims_split', 'on', true), set_config('daybase.data_access', '${DATA_ACCESS-on}', true)" "$tail" > new.sql

# one DIR SCRIPT prints the backend CPU per transaction.
one() {
  local dir=$1 script=$2
  export PGHOST=127.0.0.1 PGUSER=postgres PGDATABASE=postgres
  PGPASSWORD=$(python3 -c "import json,sys;print(json.load(open(sys.argv[1]))['superuser_password'])" "$dir/cluster.json")
  PGPORT=$(python3 -c "import json,sys;print(json.load(open(sys.argv[1]))['port'])" "$dir/cluster.json")
  export PGPASSWORD PGPORT
  local uid sid id
  read -r uid sid <<<"$(psql -Atc "SELECT user_id, id FROM auth.sessions ORDER BY created_at DESC LIMIT 1" | tr '|' ' ')"
  id=$(psql -Atc "SELECT id FROM public.tasks ORDER BY created_at LIMIT 1")
  local claims
  claims=$(printf '{"aal":"aal1","amr":[{"method":"password","timestamp":1795741902}],"app_metadata":{"provider":"email","providers":["email"]},"aud":"authenticated","email":"bench@daybase.local","exp":1795745502,"iat":1795741902,"is_anonymous":false,"iss":"http://127.0.0.1/auth/v1","phone":"","role":"authenticated","session_id":"%s","sub":"%s","user_metadata":{"email_verified":true}}' "$sid" "$uid")
  rm -f pgbench_log.*
  pgbench -n -M prepared -c 1 -T 7 -l -D claims="$claims" -D hdr="$hdr" -D sp='"public", "public", "extensions"' \
    -D sub="$uid" -D sid="$sid" -D id="$id" -f "$script" >/dev/null 2>&1 &
  local pb=$!
  sleep 1.5
  local pid t0 t1 c0 c1 n
  pid=$(psql -Atc "SELECT pid FROM pg_stat_activity WHERE application_name = 'pgbench' LIMIT 1")
  t0=$(date +%s.%N); c0=$(awk '{print $14+$15}' "/proc/$pid/stat")
  sleep 4
  t1=$(date +%s.%N); c1=$(awk '{print $14+$15}' "/proc/$pid/stat")
  wait "$pb"
  n=$(awk -v a="$t0" -v b="$t1" '{t = $5 + $6/1e6; if (t >= a && t < b) n++} END {print n}' pgbench_log.*)
  echo "$(( (c1 - c0) * 10000 / n )) µs/transaction ($n transactions, load $(cut -d' ' -f1 /proc/loadavg))"
}

after_script=new.sql
if [ "${AFTER_SHAPE:-}" = implicit ]; then
  for f in old new; do
    { echo '\startpipeline'; cat "$f.sql"; echo '\endpipeline'; } > "$f.pipe.sql"
    mv "$f.pipe.sql" "$f.sql"
  done
  grep -v '^BEGIN\|^COMMIT' new.sql | sed "s/^SELECT set_config('search_path'/SELECT set_config('transaction_read_only', 'on', true), set_config('search_path'/" > implicit.sql
  after_script=implicit.sql
fi
before_script=new.sql
[ "${BEFORE_SETTINGS:-}" = old ] && before_script=old.sql
for _ in $(seq "${ROUNDS:-4}"); do
  echo -n "before: "; one "$before" "$before_script"
  echo -n "after:  "; one "$after" "$after_script"
done
