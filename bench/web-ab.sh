#!/bin/sh
# Side-by-side figures of the web app: the browser specs that print figures
# (never pass/fail on time), run against two daybase binaries alternately in
# one sitting, so that both see the same load on a shared machine. Each
# run's printed figures and the load average go to the output.
#
#   bench/web-ab.sh BEFORE_BIN AFTER_BIN [ROUNDS] [SPEC...]
#
# e.g. build main into /tmp/before/daybase (go tool task build; cp bin/daybase …),
# then this branch, and:
#   bench/web-ab.sh /tmp/before/daybase bin/daybase 2 specs/writing-bench.spec.ts
set -eu
[ $# -ge 2 ] || { echo "usage: $0 BEFORE_BIN AFTER_BIN [ROUNDS] [SPEC...]" >&2; exit 2; }
before=$(realpath "$1"); after=$(realpath "$2"); shift 2
rounds=${1:-2}; [ $# -gt 0 ] && shift
specs=${*:-specs/bundle.spec.ts specs/writing-bench.spec.ts specs/admin-sql.spec.ts specs/tasks-perf.spec.ts}
cd "$(dirname "$0")/../tests/browser"
round=1
while [ "$round" -le "$rounds" ]; do
  for side in before after; do
    bin=$before; [ "$side" = after ] && bin=$after
    for spec in $specs; do
      echo "== round $round, $side, $spec, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%H:%M:%S)"
      # One worker: the two sides must not run side by side.
      DAYBASE_BIN="$bin" npx playwright test --workers 1 "$spec" 2>&1 |
        grep -vE '^\s*$|^Running [0-9]+ test' || true
    done
  done
  round=$((round + 1))
done
echo "== done, load $(cut -d' ' -f1-3 /proc/loadavg)"
