#!/usr/bin/env bash
# Query throughput: the harness's iot-query against pgbench -M prepared running the very same SQL (the text
# `runner queries` prints) with the same number of clients for the same time, for every catalogue query and
# every client count, in one run, rounds interleaved. Then the same flags on the embedded QuestDB and a
# throw-away local InfluxDB 1.x, QPS printed.
#
#   benchmarks/scripts/query-vs-pgbench.sh                 # every query, 1, 2 and 8 clients, 6 s, 3 rounds
#   QUERIES="single-tag-detail stats-per-device" CLIENTS="2" SECONDS_PER_RUN=30 ROUNDS=5 benchmarks/scripts/query-vs-pgbench.sh
#   OTHERS=no benchmarks/scripts/query-vs-pgbench.sh       # PostgreSQL only
#
# Parameters become pgbench's `\set` variables drawn per transaction like the harness draws them per instance:
# {tag} a random device; {tags} as many random devices as the harness binds (one variable each, so both send
# the same number of parameters); {start}/{end} a window of the harness's length at a random whole minute
# inside the data (the harness's own rule, QueryParameters), {threshold} the harness's value. A query whose text
# has a parameter this script does not know is refused, not skipped.
#
# Server: the PostgreSQL PGHOST/PGPORT/... name, or a throw-away local cluster (lib/postgres.sh). The timed runs
# hold BENCH_LOCK (flock, LOCK_QUERIES queries of a round at a time) so other benchmarks on the machine do not
# run inside them; in each pair (pgbench, harness) which side goes first alternates by round. Both count from their first query (iot-query
# has no warm-up, so the JVM's JIT compiling is inside the harness's figure). RUNNER names another launcher
# (a frozen jar while the checkout is being changed).
set -euo pipefail

TAGS=${TAGS:-1000}
METRICS=${METRICS:-10}
CLIENTS=${CLIENTS:-1 2 8}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-6}
LOCK_QUERIES=${LOCK_QUERIES:-7}
ROUNDS=${ROUNDS:-3}
QUERIES=${QUERIES:-all}
OTHERS=${OTHERS:-yes}
TS_START=${TS_START:-2022-04-18 09:00:00}
TS_END=${TS_END:-2022-04-18 10:00:00}
BENCH_LOCK=${BENCH_LOCK:-/tmp/dbharness-bench.lock}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runner="${RUNNER:-$here/../../runner}"
tmp="$(mktemp -d /tmp/dbharness-bench-XXXXXX)"
chmod 755 "$tmp"
source "$here/lib/postgres.sh"
source "$here/lib/influxd.sh"
cleanup() {
  trap '' INT TERM HUP # a second signal (timeout's, the process group's) must not cut the clean-up short
  stop_postgres
  stop_influxd
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT; trap 'exit 143' TERM; trap 'exit 129' HUP
start_postgres

data=(--tag-num "$TAGS" --total-metrics-count "$METRICS" --ts-start "$TS_START" --ts-end "$TS_END"
      --table-name bench_query --no-watch)
result() { python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["totals"]; print("%.2f" % t["operationsPerSecond"] if not t.get("errors") else "error")' "$(ls "$1"/*.json)"; }

"$runner" queries "${data[@]}" > "$tmp/catalogue.sql"
if [ "$QUERIES" = all ]; then
  QUERIES="$(sed -n 's/^-- \([a-z0-9-]*\) (.*/\1/p' "$tmp/catalogue.sql" | tr '\n' ' ')"
fi
echo "== data: $TAGS devices x $TS_START..$TS_END x $METRICS metrics; clients: $CLIENTS; ${SECONDS_PER_RUN} s per run," \
     "$ROUNDS rounds; server: PostgreSQL $(psql -XAtc 'show server_version') at $PGHOST:$PGPORT"
echo "== queries: $QUERIES"
"$runner" --workload iot-query --load --clean "${data[@]}" --queries count --query-count 1 --results "$tmp/load" >/dev/null
psql -XqAtc "VACUUM ANALYZE bench_query"

epoch() { date -u -d "$1" +%s; }
data_start=$(epoch "$TS_START"); data_end=$(epoch "$TS_END")
for q in $QUERIES; do
  "$runner" queries --queries "$q" "${data[@]}" > "$tmp/$q.txt"
  sql="$(grep -v '^--' "$tmp/$q.txt" | grep -v '^$')"
  instance="$(sed -n 's/^-- instance 0: //p' "$tmp/$q.txt")"
  {
    if grep -q '{tag}' <<<"$sql"; then echo "\\set tag random(1, $TAGS)"; fi
    tags=""
    if grep -q '{tags}' <<<"$sql"; then
      # as many devices as the harness binds for this query (its instance line lists them)
      n=$(sed -n 's/.*tags=\[\([^]]*\)\].*/\1/p' <<<"$instance" | tr ',' '\n' | wc -l)
      for ((i = 1; i <= n; i++)); do echo "\\set t$i random(1, $TAGS)"; tags+="${tags:+, }:t$i"; done
    fi
    if grep -q '{start}' <<<"$sql"; then
      # the harness's window: its length from instance 0, its start a whole minute drawn among those that
      # keep it inside the data (QueryParameters.of)
      s0=$(epoch "$(sed -n 's/.*start=\([^ ]*\).*/\1/p' <<<"$instance")")
      e0=$(epoch "$(sed -n 's/.*end=\([^ ]*\).*/\1/p' <<<"$instance")")
      w=$((e0 - s0)); first=$((data_start / 60 * 60))
      slots=$(( (data_end - first - w) / 60 + 1 )); [ "$slots" -lt 1 ] && slots=1
      echo "\\set s $first + 60 * random(0, $((slots - 1)))"
      echo "\\set e :s + $w"
    fi
    if grep -q '{threshold}' <<<"$sql"; then
      echo "\\set threshold $(sed -n 's/.*threshold=\([^ ]*\).*/\1/p' <<<"$instance")"
    fi
    # the column is a UTC timestamp: the harness binds a LocalDateTime, pgbench an epoch turned into one
    echo "$sql;" | sed -e 's/{tag}/:tag/g' -e "s/{tags}/$tags/g" -e 's/{threshold}/:threshold/g' \
        -e "s/{start}/(to_timestamp(:s) AT TIME ZONE 'UTC')/g" -e "s/{end}/(to_timestamp(:e) AT TIME ZONE 'UTC')/g"
  } > "$tmp/$q.sql"
  if grep -v '^\\set' "$tmp/$q.sql" | grep -q '{'; then
    echo "error: $q has a parameter this script does not fill: $(cat "$tmp/$q.sql")" >&2; exit 2
  fi
  pgbench -n -M prepared -t 1 -f "$tmp/$q.sql" >/dev/null 2>"$tmp/$q.err" \
    || { echo "error: pgbench cannot run $q: $(cat "$tmp/$q.err")" >&2; exit 2; }
done

pgbench_run() { # $1 query, $2 clients; prints tps
  pgbench -n -M prepared -c "$2" -j "$2" -T "$SECONDS_PER_RUN" -f "$tmp/$1.sql" 2>/dev/null \
    | sed -n 's/^tps = \([0-9.]*\).*/\1/p'
}
harness_run() { # $1 query, $2 clients; prints qps
  rm -rf "$tmp/r"
  "$runner" --workload iot-query --queries "$1" --workers "$2" \
      --duration "${SECONDS_PER_RUN}s" "${data[@]}" --results "$tmp/r" >/dev/null
  result "$tmp/r"
}
export -f pgbench_run harness_run result
export tmp runner SECONDS_PER_RUN CLIENTS
export data_flags="${data[*]@Q}"

: > "$tmp/figures"
pair() { # $1 query, $2 clients, $3 round: odd rounds pgbench first, even rounds the harness first
  local p h
  if [ $(($3 % 2)) = 1 ]; then p=$(pgbench_run "$1" "$2"); h=$(harness_run "$1" "$2")
  else h=$(harness_run "$1" "$2"); p=$(pgbench_run "$1" "$2"); fi
  echo "$1 $2 ${p:-error} ${h:-error}" | tee -a "$tmp/figures" | sed "s/^/round $3: /"
}
export -f pair
read -r -a all <<<"$QUERIES"
for ((round = 1; round <= ROUNDS; round++)); do
  # one lock holding per LOCK_QUERIES queries of a round (every client count of each): few enough holdings
  # that the run ends on a shared machine, short enough (~5 min at the defaults) that others are not held up long
  for ((i = 0; i < ${#all[@]}; i += LOCK_QUERIES)); do
    flock "$BENCH_LOCK" bash -c '
      eval "data=($data_flags)"
      round=$1; shift
      for q in "$@"; do for c in $CLIENTS; do pair "$q" "$c" "$round"; done; done' _ "$round" "${all[@]:i:LOCK_QUERIES}"
  done
done

echo "== medians of $ROUNDS rounds (qps), ratio harness / pgbench"
python3 - "$tmp/figures" <<'PY'
import statistics, sys, collections
runs = collections.defaultdict(lambda: ([], []))
order = []
for line in open(sys.argv[1]):
    q, c, p, h = line.split()
    if (q, c) not in runs:
        order.append((q, c))
    runs[(q, c)][0].append(float(p) if p != "error" else float("nan"))
    runs[(q, c)][1].append(float(h) if h != "error" else float("nan"))
med = statistics.median
print(f"| query | clients | pgbench -M prepared | harness | ratio |")
print(f"|---|---:|---:|---:|---:|")
for q, c in order:
    p, h = runs[(q, c)]
    print(f"| `{q}` | {c} | {med(p):,.1f} ({min(p):,.1f}..{max(p):,.1f}) | {med(h):,.1f} ({min(h):,.1f}..{max(h):,.1f}) "
          f"| {med(h) / med(p):.2f}x |")
PY

if [ "$OTHERS" = yes ]; then
  for target in questdb influx; do
    flags=()
    if [ "$target" = influx ]; then
      start_influxd
      flags=(--influx-url "$INFLUX_URL")
    fi
    for c in $CLIENTS; do
      line="$target, $c clients:"
      for q in $QUERIES; do
        rm -rf "$tmp/r"
        # one process: the embedded QuestDB lives as long as the run, so the load comes first in it
        flock "$BENCH_LOCK" "$runner" --target "$target" "${flags[@]}" --workload iot-query --load --clean --queries "$q" \
            --workers "$c" --duration "${SECONDS_PER_RUN}s" "${data[@]}" --results "$tmp/r" >/dev/null
        line+="  $q $(result "$tmp/r") qps"
      done
      echo "$line"
    done
  done
fi
