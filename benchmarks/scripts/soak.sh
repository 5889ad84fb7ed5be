#!/usr/bin/env bash
# Soak: iot-insert at a fixed rate for a long run, sampling the harness process's heap and RSS, to show that
# memory stays flat (nothing grows per batch, per interval or per error).
#
#   benchmarks/scripts/soak.sh                          # 10 minutes, 20,000 rows/s, embedded PostgreSQL
#   DURATION=30m TAGS=50000 benchmarks/scripts/soak.sh  # 50,000 rows/s for 30 minutes
#   TARGET_FLAGS="--target questdb" benchmarks/scripts/soak.sh
#
# The load is --live: every one of TAGS devices reports once a second, so the rate is TAGS rows/s and the
# run lasts DURATION whatever the machine. Every SAMPLE_SECONDS it asks the JVM for a full collection
# (jcmd GC.run, some milliseconds) and then reads the heap in use, from jstat: after a full collection that
# is the live set, what the harness really holds; and the resident set size from /proc. The last lines give
# each figure's growth per hour over the second half of the run (a least-squares slope): a leak shows there.
set -euo pipefail

DURATION=${DURATION:-10m}
TAGS=${TAGS:-20000}
METRICS=${METRICS:-10}
SAMPLE_SECONDS=${SAMPLE_SECONDS:-30}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runner="$here/../../runner"
tmp="$(mktemp -d /tmp/dbharness-soak-XXXXXX)"
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT

command -v jstat >/dev/null && command -v jcmd >/dev/null || { echo "error: jstat and jcmd (from the JDK) are needed to read the heap" >&2; exit 2; }

"$runner" --help >/dev/null # builds the jar first, so the sampled process is the run itself
"$runner" --workload iot-insert ${TARGET_FLAGS:-} --live --duration "$DURATION" --tag-num "$TAGS" \
    --total-metrics-count "$METRICS" --clean --verify --no-watch --results "$tmp/results" \
    > "$tmp/summary.txt" 2> "$tmp/stderr.txt" &
pid=$!

echo "== soak: iot-insert --live, $TAGS rows/s for $DURATION, ${TARGET_FLAGS:-embedded PostgreSQL}; pid $pid"
printf '%8s %14s %14s %10s\n' elapsed live_heap_MB old_used_MB rss_MB | tee "$tmp/samples.txt"
start=$(date +%s)
while kill -0 "$pid" 2>/dev/null; do
  sleep "$SAMPLE_SECONDS"
  kill -0 "$pid" 2>/dev/null || break
  jcmd "$pid" GC.run >/dev/null 2>&1 || continue
  # S0U S1U EU OU are columns 3 4 6 8 of jstat -gc (kB)
  gc=$(jstat -gc "$pid" 2>/dev/null | awk 'NR==2 {printf "%.1f %.1f", ($3+$4+$6+$8)/1024, $8/1024}') || true
  rss=$(awk '/^VmRSS:/ {printf "%.1f", $2/1024}' "/proc/$pid/status" 2>/dev/null) || true
  [ -n "$gc" ] && [ -n "$rss" ] || continue
  printf '%7ss %14s %14s %10s\n' "$(( $(date +%s) - start ))" ${gc} "$rss" | tee -a "$tmp/samples.txt"
done
wait "$pid" && code=0 || code=$?
echo "== runner exit code: $code"
grep -E "rows/s|verification|stopped|pacing|errors" "$tmp/summary.txt" || cat "$tmp/stderr.txt"

python3 - "$tmp/samples.txt" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1]).read().splitlines()[1:] if l.strip()]
if len(rows) < 6:
    print("too few samples for a trend"); sys.exit(0)
t = [float(r[0].rstrip('s')) for r in rows]
cols = {"live heap": [float(r[1]) for r in rows], "old gen used": [float(r[2]) for r in rows],
        "RSS": [float(r[3]) for r in rows]}
h = len(rows) // 2
def slope(xs, ys):
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
for name, ys in cols.items():
    print(f"{name:>13}: min {min(ys):7.1f} MB  max {max(ys):7.1f} MB  last {ys[-1]:7.1f} MB  "
          f"second-half trend {slope(t[h:], ys[h:]) * 3600:+7.1f} MB/hour")
PY
