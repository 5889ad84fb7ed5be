#!/usr/bin/env bash
# Query throughput: the harness's iot-query against pgbench -M prepared running the very same SQL (the text
# `runner queries` prints) with the same number of clients for the same time, in one run, rounds interleaved.
# Then the same flags on the embedded QuestDB and a throw-away local InfluxDB 1.x, QPS printed.
#
#   benchmarks/scripts/query-vs-pgbench.sh                 # 1,000 devices x 1 hour x 10 metrics
#   CLIENTS=4 SECONDS_PER_RUN=30 ROUNDS=5 benchmarks/scripts/query-vs-pgbench.sh
#   OTHERS=no benchmarks/scripts/query-vs-pgbench.sh       # PostgreSQL only
#
# Server: the PostgreSQL PGHOST/PGPORT/... name, or a throw-away local cluster (lib/postgres.sh).
set -euo pipefail

TAGS=${TAGS:-1000}
METRICS=${METRICS:-10}
CLIENTS=${CLIENTS:-2}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-20}
ROUNDS=${ROUNDS:-3}
QUERIES=${QUERIES:-single-tag-detail stats-per-device}
OTHERS=${OTHERS:-yes}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runner="$here/../../runner"
tmp="$(mktemp -d /tmp/dbharness-bench-XXXXXX)"
chmod 755 "$tmp"
source "$here/lib/postgres.sh"
source "$here/lib/influxd.sh"
cleanup() {
  stop_postgres
  stop_influxd
  rm -rf "$tmp"
}
trap cleanup EXIT
start_postgres

data=(--tag-num "$TAGS" --total-metrics-count "$METRICS" --ts-start "2022-04-18 09:00:00" --ts-end "2022-04-18 10:00:00"
      --table-name bench_query --no-watch)
qps() { python3 -c 'import json,sys; print("%.1f" % json.load(open(sys.argv[1]))["totals"]["operationsPerSecond"])' "$(ls "$1"/*.json)"; }

echo "== data: $TAGS devices x 1 hour x $METRICS metrics; $CLIENTS clients, ${SECONDS_PER_RUN} s per run, $ROUNDS rounds;" \
     "server: PostgreSQL $(psql -XAtc 'show server_version') at $PGHOST:$PGPORT"
"$runner" --workload iot-query --load --clean "${data[@]}" --queries count --query-count 1 --results "$tmp/load" >/dev/null
psql -XqAtc "VACUUM ANALYZE bench_query"

declare -A ref harness
for q in $QUERIES; do
  # the harness's own text for this query, parameters turned into pgbench's: {tag} a random device; the
  # window of a 1-hour query over 1 hour of data is always that hour
  sql="$("$runner" queries --queries "$q" "${data[@]}" | grep -v '^--' | grep -v '^$')"
  {
    echo "\\set tag random(1, $TAGS)"
    echo "$sql;" | sed -e 's/{tag}/:tag/g' -e "s/{start}/'2022-04-18 09:00:00'/g" -e "s/{end}/'2022-04-18 10:00:00'/g"
  } > "$tmp/$q.sql"
  grep -q '{' "$tmp/$q.sql" && { echo "error: $q has a parameter this script does not fill: $(cat "$tmp/$q.sql")" >&2; exit 2; }
done

for ((round = 1; round <= ROUNDS; round++)); do
  for q in $QUERIES; do
    tps=$(pgbench -n -M prepared -c "$CLIENTS" -j "$CLIENTS" -T "$SECONDS_PER_RUN" -f "$tmp/$q.sql" 2>/dev/null \
          | sed -n 's/^tps = \([0-9.]*\).*/\1/p')
    ref[$q]+="$tps "
    rm -rf "$tmp/r"
    "$runner" --workload iot-query --queries "$q" --workers "$CLIENTS" --duration "${SECONDS_PER_RUN}s" "${data[@]}" \
        --results "$tmp/r" >/dev/null
    harness[$q]+="$(qps "$tmp/r") "
  done
done

for q in $QUERIES; do
  python3 - "$q" "${ref[$q]}" "${harness[$q]}" <<'PY'
import statistics, sys
q, ref, h = sys.argv[1], [float(x) for x in sys.argv[2].split()], [float(x) for x in sys.argv[3].split()]
med = statistics.median
print(f"{q:<20} pgbench -M prepared {med(ref):>9,.1f} qps   harness {med(h):>9,.1f} qps   {med(h)/med(ref):.2f}x"
      f"   (pgbench {min(ref):,.1f}..{max(ref):,.1f}, harness {min(h):,.1f}..{max(h):,.1f})")
PY
done

if [ "$OTHERS" = yes ]; then
  for target in questdb influx; do
    flags=()
    if [ "$target" = influx ]; then
      start_influxd
      flags=(--influx-url "$INFLUX_URL")
    fi
    line="$target:"
    for q in $QUERIES; do
      rm -rf "$tmp/r"
      # one process: the embedded QuestDB lives as long as the run, so the load comes first in it
      "$runner" --target "$target" "${flags[@]}" --workload iot-query --load --clean --queries "$q" --workers "$CLIENTS" \
          --duration "${SECONDS_PER_RUN}s" "${data[@]}" --results "$tmp/r" >/dev/null
      line+="  $q $(qps "$tmp/r") qps"
    done
    echo "$line"
  done
fi
