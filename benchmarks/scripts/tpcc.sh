#!/usr/bin/env bash
# TPC-C on the harness's embedded PostgreSQL (or the server the PG* variables name): the issue's standard run,
# 4 warehouses, 8 terminals, 60 s, no think time, read committed, --verify; ROUNDS runs, and with BASE_JAR and
# NEW_JAR two jars interleaved (base first in odd rounds), to see what a change costs.
#
#   benchmarks/scripts/tpcc.sh                                  # ./runner's jar, 3 rounds
#   BASE_JAR=/tmp/base.jar NEW_JAR=/tmp/new.jar ROUNDS=3 benchmarks/scripts/tpcc.sh
#   WAREHOUSES=10 TERMINALS=16 DURATION=5m EXTRA_FLAGS="--isolation serializable --max-retries 20" benchmarks/scripts/tpcc.sh
#
# Per run it prints tpmC, tpmTotal, p99 per transaction, the harness process's CPU seconds per 1,000
# transactions (its own cost: the embedded server runs in processes of its own) and the loader's rows per
# second; then per jar the medians. A run that fails, or whose consistency check fails, stops the script.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
ROUNDS=${ROUNDS:-3}
WAREHOUSES=${WAREHOUSES:-4}
TERMINALS=${TERMINALS:-8}
DURATION=${DURATION:-60s}
tmp="$(mktemp -d /tmp/dbharness-tpcc-XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
if [ -n "${BASE_JAR:-}" ] || [ -n "${NEW_JAR:-}" ]; then
  [ -f "${BASE_JAR:-}" ] && [ -f "${NEW_JAR:-}" ] || { echo "give both BASE_JAR and NEW_JAR" >&2; exit 2; }
  cp "$BASE_JAR" "$tmp/base.jar"
  cp "$NEW_JAR" "$tmp/new.jar"
  jars="base new"
else
  "$here/runner" --help > /dev/null # builds the jar when the sources are newer
  cp "$here/runner-cli/target/runner.jar" "$tmp/new.jar"
  jars="new"
fi

summary() { # one line of figures from a result file
  python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
t, f = r["totals"], r["figures"]
w = r["workloadFacts"]["details"] if "workloadFacts" in r else r["workloadInfo"]  # dbharness-result/3, or /2 of an older jar
p99 = " ".join(f"{o['type']} {o['p99Millis']:.1f}" for o in sorted(r["operations"], key=lambda o: o["type"]))
cpu = r["harnessCpuSeconds"] / (t["operations"] / 1000)
print(f"tpmC {f['tpmC']:.0f}  tpmTotal {f['tpmTotal']:.0f}  cpu/1000 {cpu:.3f} s  COPY {w.get('copyRowsPerSecond', '?')} rows/s, load with keys {w['loadRowsPerSecond']} rows/s  "
      f"verify {r['verification']['status']}  p99 ms: {p99}")
PY
}

for round in $(seq 1 "$ROUNDS"); do
  order="$jars"
  [ "$jars" = "base new" ] && [ $((round % 2)) -eq 0 ] && order="new base"
  for jar in $order; do
    out="$tmp/$jar-$round"
    if ! java ${DBHARNESS_JAVA_OPTS:-} -jar "$tmp/$jar.jar" --workload tpcc --warehouses "$WAREHOUSES" \
        --terminals "$TERMINALS" --duration "$DURATION" --verify --no-watch --results "$out" ${EXTRA_FLAGS:-} \
        > "$out.log" 2>&1; then
      echo "run $jar round $round failed:" >&2
      tail -5 "$out.log" >&2
      exit 1
    fi
    echo "$jar round $round: $(summary "$out"/*.json)"
    cp "$out"/*.json "$tmp/$jar-$round.json"
  done
done

python3 - "$tmp" $jars <<'PY'
import glob, json, statistics, sys
tmp, jars = sys.argv[1], sys.argv[2:]
med = {}
for jar in jars:
    rs = [json.load(open(f)) for f in sorted(glob.glob(f"{tmp}/{jar}-*.json"))]
    tpmc = statistics.median(r["figures"]["tpmC"] for r in rs)
    cpu = statistics.median(r["harnessCpuSeconds"] / (r["totals"]["operations"] / 1000) for r in rs)
    med[jar] = (tpmc, cpu)
    print(f"{jar}: median tpmC {tpmc:.0f}, median harness CPU {cpu:.3f} s per 1,000 transactions ({len(rs)} runs)")
if len(jars) == 2:
    print(f"new/base: tpmC {med['new'][0] / med['base'][0]:.3f}, CPU per transaction {med['new'][1] / med['base'][1]:.3f}")
PY
