#!/usr/bin/env bash
# Soak: iot-insert at a fixed rate for a long run, sampling the harness process's heap and RSS, to show that
# memory stays flat (nothing grows per batch, per interval or per error).
#
#   benchmarks/scripts/soak.sh                          # 10 minutes, 20,000 rows/s, embedded PostgreSQL
#   DURATION=30m TAGS=50000 benchmarks/scripts/soak.sh  # 50,000 rows/s for 30 minutes
#   TARGET_FLAGS="--target questdb" benchmarks/scripts/soak.sh
#
# The load is --live: every one of TAGS devices reports once a second, so the rate is TAGS rows/s and the
# run lasts DURATION whatever the machine. Samples every SAMPLE_SECONDS: heap used (all generations) and old
# generation used, from jstat, and the resident set size from /proc. The last lines compare the second
# half of the run with the first: a leak shows as growth there.
set -euo pipefail

DURATION=${DURATION:-10m}
TAGS=${TAGS:-20000}
METRICS=${METRICS:-10}
SAMPLE_SECONDS=${SAMPLE_SECONDS:-30}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runner="$here/../../runner"
tmp="$(mktemp -d /tmp/dbharness-soak-XXXXXX)"
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT

command -v jstat >/dev/null || { echo "error: jstat (from the JDK) is needed to read the heap" >&2; exit 2; }

"$runner" --help >/dev/null # builds the jar first, so the sampled process is the run itself
"$runner" --workload iot-insert ${TARGET_FLAGS:-} --live --duration "$DURATION" --tag-num "$TAGS" \
    --total-metrics-count "$METRICS" --clean --verify --no-watch --results "$tmp/results" \
    > "$tmp/summary.txt" 2> "$tmp/stderr.txt" &
pid=$!

echo "== soak: iot-insert --live, $TAGS rows/s for $DURATION, ${TARGET_FLAGS:-embedded PostgreSQL}; pid $pid"
printf '%8s %14s %14s %10s\n' elapsed heap_used_MB old_used_MB rss_MB | tee "$tmp/samples.txt"
start=$(date +%s)
while kill -0 "$pid" 2>/dev/null; do
  sleep "$SAMPLE_SECONDS"
  kill -0 "$pid" 2>/dev/null || break
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
if len(rows) < 4:
    print("too few samples to compare halves"); sys.exit(0)
heap = [float(r[1]) for r in rows]; old = [float(r[2]) for r in rows]; rss = [float(r[3]) for r in rows]
h = len(rows) // 2
mean = lambda xs: sum(xs) / len(xs)
for name, xs in (("heap used", heap), ("old gen used", old), ("RSS", rss)):
    a, b = mean(xs[:h]), mean(xs[h:])
    print(f"{name:>13}: min {min(xs):8.1f} MB  max {max(xs):8.1f} MB  first half {a:8.1f}  second half {b:8.1f}  "
          f"({(b - a) / a * 100 if a else 0:+.1f}%)")
PY
