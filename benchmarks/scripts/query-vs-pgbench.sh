#!/usr/bin/env bash
# Query throughput: the harness's iot-query against pgbench -M prepared running the very same SQL (the text
# `runner queries` prints) with the same number of clients for the same time, for every catalogue query of each
# data model's catalogue and every client count, in one run, rounds interleaved, with each side's client CPU per
# query. Then the same flags on the embedded QuestDB and a throw-away local InfluxDB 1.x, QPS printed.
#
#   benchmarks/scripts/query-vs-pgbench.sh                 # telematics, every query, 1, 2 and 8 clients, 6 s, 3 rounds
#   GENERATORS="telematics devops events" OTHERS=no benchmarks/scripts/query-vs-pgbench.sh   # the three catalogues
#   QUERIES="single-tag-detail stats-per-device" CLIENTS="2" SECONDS_PER_RUN=30 ROUNDS=5 benchmarks/scripts/query-vs-pgbench.sh
#   ANSWERS="on off" OTHERS=no benchmarks/scripts/query-vs-pgbench.sh   # the harness also with --kept-answers 0
#   WARMUP=3 OTHERS=no benchmarks/scripts/query-vs-pgbench.sh   # the harness measured after a 3 s --warmup
#   PGHOST=... LOAD=no benchmarks/scripts/query-vs-pgbench.sh   # a server that holds the data of an earlier run's flags
#
# Data per model: telematics TAGS devices x TS_START..TS_END x METRICS metrics; devops (TSBS cpu-only) SCALE hosts
# over TSBS's day at 10 s; events (MaibornWolff) DEVICES devices x EVENTS events. QUERIES names queries of the
# first model in GENERATORS (default all of each).
# Parameters become pgbench's `\set` variables drawn per transaction like the harness draws them per instance:
# {tag} a random device (devops: a host's name, 'host_' and its number); {tags} as many random devices as the
# harness binds (one variable each, so both send the same number of parameters); {start}/{end} a window of the
# harness's length at a random whole minute inside the data (the harness's own rule, QueryParameters),
# {threshold} the harness's value. A query whose text has a parameter this script does not know is refused, not
# skipped.
#
# Client CPU per query: pgbench's from its own process accounting (user + system, wait4) over the transactions it
# reports; the harness's from its result (harnessCpuSeconds: the process's CPU from the run's start to its end,
# so the JVM's start left out, its JIT compiling and the answers' digest thread in) over its queries. ANSWERS="on off" runs the harness
# both with its answers kept (the default) and with --kept-answers 0.
#
# Server: the PostgreSQL PGHOST/PGPORT/... name, or a throw-away local cluster (lib/postgres.sh). The timed runs
# hold BENCH_LOCK (flock, LOCK_QUERIES queries of a round at a time) so other benchmarks on the machine do not
# run inside them; in each pair (pgbench, harness) which side goes first alternates by round. Both count from their
# first query, so the JVM's JIT compiling is inside the harness's figure, unless WARMUP=SECONDS: then the harness runs
# --warmup first and counts (queries and CPU) over the SECONDS_PER_RUN after it, its steady state, as pgbench (C, no
# JIT) has from its start. RUNNER names another launcher
# (a frozen jar while the checkout is being changed).
set -euo pipefail

GENERATORS=${GENERATORS:-telematics}
TAGS=${TAGS:-1000}
METRICS=${METRICS:-10}
TS_START=${TS_START:-2022-04-18 09:00:00}
TS_END=${TS_END:-2022-04-18 10:00:00}
SCALE=${SCALE:-100}
DEVICES=${DEVICES:-100}
EVENTS=${EVENTS:-10000}
CLIENTS=${CLIENTS:-1 2 8}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-6}
LOCK_QUERIES=${LOCK_QUERIES:-7}
ROUNDS=${ROUNDS:-3}
QUERIES=${QUERIES:-all}
ANSWERS=${ANSWERS:-on}
OTHERS=${OTHERS:-yes}
LOAD=${LOAD:-yes}
WARMUP=${WARMUP:-0}
BENCH_LOCK=${BENCH_LOCK:-/tmp/dbharness-bench.lock}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib/args.sh"
script_args "$@"
runner="${RUNNER:-$here/../../runner}"
launcher RUNNER "$runner"
int_at_least ROUNDS "$ROUNDS" 1; int_at_least SECONDS_PER_RUN "$SECONDS_PER_RUN" 1; int_at_least WARMUP "$WARMUP" 0
int_at_least LOCK_QUERIES "$LOCK_QUERIES" 1
# shellcheck disable=SC2086 # lists of numbers
ints_at_least CLIENTS 1 $CLIENTS
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
for a in $ANSWERS; do
  [ "$a" = on ] || [ "$a" = off ] || { echo "error: ANSWERS takes on and off, not '$a'" >&2; exit 2; }
done
for gen in $GENERATORS; do
  case "$gen" in telematics|devops|events) ;; *) echo "error: GENERATORS takes telematics, devops and events, not '$gen'" >&2; exit 2 ;; esac
done
start_postgres

# per model: its data flags, the time its data spans, and the numbers of its devices as {tag} draws them
model() {
  case "$1" in
    telematics)
      data=(--tag-num "$TAGS" --total-metrics-count "$METRICS" --ts-start "$TS_START" --ts-end "$TS_END"
            --table-name bench_query --no-watch)
      span=("$TS_START" "$TS_END"); tag_first=1; tag_last=$TAGS ;;
    devops)
      data=(--generator devops --use-case cpu-only --scale "$SCALE" --no-watch)
      span=("2016-01-01 00:00:00" "2016-01-02 00:00:00"); tag_first=0; tag_last=$((SCALE - 1)) ;;
    events)
      data=(--generator events --devices "$DEVICES" --num-inserts "$EVENTS" --no-watch)
      span=(); tag_first=0; tag_last=$((DEVICES - 1)) ;;
  esac
}
# $1 result directory; prints "qps cpu-µs-per-query" (cpu "-" when the result has none), or "error -"
result() { python3 -c '
import json, sys, glob
j = json.load(open(glob.glob(sys.argv[1] + "/*.json")[0])); t = j["totals"]
cpu = j.get("harnessCpuSeconds")
if t.get("errors") or not t["operations"]:
    print("error -")
else:
    print("%.2f %s" % (t["operationsPerSecond"], "-" if cpu is None else "%.1f" % (cpu * 1e6 / t["operations"])))' "$1"; }

epoch() { date -u -d "$1" +%s; }
# writes $tmp/$gen.$q.sql, pgbench's script of the harness's text of query $q, and checks that pgbench runs it
pgbench_file() {
  local gen=$1 q=$2 sql instance tag prefix tags n i s0 e0 w first slots
  "$runner" queries --queries "$q" "${data[@]}" > "$tmp/$gen.$q.txt"
  sql="$(grep -v '^--' "$tmp/$gen.$q.txt" | grep -v '^$')"
  instance="$(sed -n 's/^-- instance 0: //p' "$tmp/$gen.$q.txt")"
  # a device as the model names it: a number (telematics' 17), or a prefix and a number (devops' host_17)
  tag="$(sed -n 's/.*tags\{0,1\}=\[\{0,1\}\([^], ]*\).*/\1/p' <<<"$instance")"
  prefix="$(sed -n 's/^\(.*[^0-9]\)[0-9]*$/\1/p' <<<"$tag")"
  device() { if [ -n "$prefix" ]; then echo "'$prefix' || :$1"; else echo ":$1"; fi; }
  {
    if grep -q '{tag}' <<<"$sql"; then echo "\\set tag random($tag_first, $tag_last)"; fi
    tags=""
    if grep -q '{tags}' <<<"$sql"; then
      # as many devices as the harness binds for this query (its instance line lists them)
      n=$(sed -n 's/.*tags=\[\([^]]*\)\].*/\1/p' <<<"$instance" | tr ',' '\n' | wc -l)
      for ((i = 1; i <= n; i++)); do echo "\\set t$i random($tag_first, $tag_last)"; tags+="${tags:+, }$(device "t$i")"; done
    fi
    if grep -q '{start}\|{end}' <<<"$sql"; then
      # the harness's window: its length from instance 0, its start a whole minute drawn among those that
      # keep it inside the data (QueryParameters.of)
      s0=$(epoch "$(sed -n 's/.*start=\([^ ]*\).*/\1/p' <<<"$instance")")
      e0=$(epoch "$(sed -n 's/.*end=\([^ ]*\).*/\1/p' <<<"$instance")")
      w=$((e0 - s0)); first=$(($(epoch "${span[0]}") / 60 * 60))
      slots=$(( ($(epoch "${span[1]}") - first - w) / 60 + 1 )); [ "$slots" -lt 1 ] && slots=1
      echo "\\set s $first + 60 * random(0, $((slots - 1)))"
      echo "\\set e :s + $w"
    fi
    if grep -q '{threshold}' <<<"$sql"; then
      echo "\\set threshold $(sed -n 's/.*threshold=\([^ ]*\).*/\1/p' <<<"$instance")"
    fi
    # the column is a UTC timestamp: the harness binds a LocalDateTime, pgbench an epoch turned into one
    echo "$sql;" | sed -e "s/{tag}/$(device tag)/g" -e "s/{tags}/$tags/g" -e 's/{threshold}/:threshold/g' \
        -e "s/{start}/(to_timestamp(:s) AT TIME ZONE 'UTC')/g" -e "s/{end}/(to_timestamp(:e) AT TIME ZONE 'UTC')/g"
  } > "$tmp/$gen.$q.sql"
  if grep -v '^\\set' "$tmp/$gen.$q.sql" | grep -q '{'; then
    echo "error: $q has a parameter this script does not fill: $(cat "$tmp/$gen.$q.sql")" >&2; exit 2
  fi
  pgbench -n -M prepared -t 1 -f "$tmp/$gen.$q.sql" >/dev/null 2>"$tmp/$q.err" \
    || { echo "error: pgbench cannot run $q ($gen): $(cat "$tmp/$q.err")" >&2; exit 2; }
}

: > "$tmp/queries"
for gen in $GENERATORS; do
  model "$gen"
  "$runner" queries "${data[@]}" > "$tmp/$gen.catalogue.sql"
  qs="$QUERIES"
  if [ "$qs" = all ] || [ "$gen" != "${GENERATORS%% *}" ]; then
    qs="$(sed -n 's/^-- \([a-z0-9-]*\) (.*/\1/p' "$tmp/$gen.catalogue.sql" | tr '\n' ' ')"
  fi
  echo "== $gen: ${data[*]}; server: PostgreSQL $(psql -XAtc 'show server_version') at $PGHOST:$PGPORT"
  echo "== $gen queries: $qs"
  if [ "$LOAD" = yes ]; then
    "$runner" --workload iot-query --load --clean "${data[@]}" --queries "${qs%% *}" --query-count 1 --results "$tmp/load" >/dev/null
    psql -XqAtc "VACUUM ANALYZE"
  fi
  for q in $qs; do pgbench_file "$gen" "$q"; echo "$gen $q" >> "$tmp/queries"; done
done
echo "== clients: $CLIENTS; ${SECONDS_PER_RUN} s per run, $ROUNDS rounds; the harness with answers kept: $ANSWERS"

pgbench_run() { # $1 model, $2 query, $3 clients; prints "tps cpu-µs-per-transaction" (its process's accounting)
  python3 -c '
import os, re, subprocess, sys
gen, q, c = sys.argv[1:4]
p = subprocess.Popen(["pgbench", "-n", "-M", "prepared", "-c", c, "-j", c, "-T", os.environ["SECONDS_PER_RUN"],
                      "-f", os.environ["tmp"] + "/" + gen + "." + q + ".sql"], stdout=subprocess.PIPE,
                     stderr=subprocess.DEVNULL, text=True)
out = p.stdout.read()
_, status, use = os.wait4(p.pid, 0)
tps = re.search(r"^tps = ([0-9.]+)", out, re.M)
n = re.search(r"^number of transactions actually processed: ([0-9]+)", out, re.M)
if status != 0 or not tps or not n or int(n.group(1)) == 0:
    print("error -")
else:
    print("%s %.1f" % (tps.group(1), (use.ru_utime + use.ru_stime) * 1e6 / int(n.group(1))))' "$@"
}
harness_run() { # $1 model, $2 query, $3 clients, $4 answers kept: on|off; prints "qps cpu-µs-per-query"
  local kept=()
  [ "$4" = off ] && kept=(--kept-answers 0)
  [ "$WARMUP" != 0 ] && kept+=(--warmup "${WARMUP}s")
  model "$1"
  rm -rf "$tmp/r"
  "$runner" --workload iot-query --queries "$2" --workers "$3" "${kept[@]}" \
      --duration "${SECONDS_PER_RUN}s" "${data[@]}" --results "$tmp/r" >/dev/null 2>&1 || true
  result "$tmp/r" 2>/dev/null || echo "error -"
}
export -f pgbench_run harness_run result model
export tmp runner SECONDS_PER_RUN WARMUP CLIENTS ANSWERS TAGS METRICS TS_START TS_END SCALE DEVICES EVENTS

: > "$tmp/figures"
pair() { # $1 model, $2 query, $3 clients, $4 round: odd rounds pgbench first, even rounds the harness first
  local p a sides=""
  if [ $(($4 % 2)) = 0 ]; then for a in $ANSWERS; do sides+=" harness-$a $(harness_run "$1" "$2" "$3" "$a")"; done; fi
  p=$(pgbench_run "$1" "$2" "$3")
  if [ $(($4 % 2)) = 1 ]; then for a in $ANSWERS; do sides+=" harness-$a $(harness_run "$1" "$2" "$3" "$a")"; done; fi
  echo "$1 $2 $3 pgbench $p$sides" | tee -a "$tmp/figures" | sed "s/^/round $4: /"
}
export -f pair
mapfile -t all < "$tmp/queries"
for ((round = 1; round <= ROUNDS; round++)); do
  # one lock holding per LOCK_QUERIES queries of a round (every client count of each): few enough holdings
  # that the run ends on a shared machine, short enough (~5 min at the defaults) that others are not held up long
  for ((i = 0; i < ${#all[@]}; i += LOCK_QUERIES)); do
    flock "$BENCH_LOCK" bash -c '
      round=$1; shift
      for gq in "$@"; do for c in $CLIENTS; do pair $gq "$c" "$round"; done; done' _ "$round" "${all[@]:i:LOCK_QUERIES}"
  done
done

echo "== medians of $ROUNDS rounds (qps, the range in brackets), ratio harness / pgbench; client CPU µs per query, medians"
python3 - "$tmp/figures" <<'PY'
import collections, math, statistics, sys
runs = collections.defaultdict(lambda: collections.defaultdict(lambda: ([], [])))
order, sides = [], []
num = lambda v: float("nan") if v in ("error", "-") else float(v)
for line in open(sys.argv[1]):
    f = line.split()
    key = tuple(f[:3])
    if key not in runs:
        order.append(key)
    for i in range(3, len(f), 3):
        if f[i] not in sides:
            sides.append(f[i])
        runs[key][f[i]][0].append(num(f[i + 1]))
        runs[key][f[i]][1].append(num(f[i + 2]))
def med(xs):
    xs = [x for x in xs if not math.isnan(x)]
    return statistics.median(xs) if xs else float("nan")
def rng(xs):
    xs = [x for x in xs if not math.isnan(x)]
    return f"{min(xs):,.1f}..{max(xs):,.1f}" if xs else "-"
harness = [s for s in sides if s != "pgbench"]
cols = ["model", "query", "clients", "pgbench -M prepared qps"] + [c for s in harness for c in (f"{s} qps", "ratio")] \
    + ["CPU µs/query pgbench"] + [f"CPU µs/query {s}" for s in harness]
print("| " + " | ".join(cols) + " |")
print("|" + "|".join(["---"] * 2 + ["---:"] * (len(cols) - 2)) + "|")
for key in order:
    p = runs[key]["pgbench"]
    cells = [key[0], f"`{key[1]}`", key[2], f"{med(p[0]):,.1f} ({rng(p[0])})"]
    for s in harness:
        h = runs[key][s]
        cells += [f"{med(h[0]):,.1f} ({rng(h[0])})", f"{med(h[0]) / med(p[0]):.2f}x"]
    cells += [f"{med(p[1]):,.1f}"] + [f"{med(runs[key][s][1]):,.1f}" for s in harness]
    print("| " + " | ".join(cells) + " |")
PY

if [ "$OTHERS" = yes ]; then
  for target in questdb influx; do
    flags=()
    if [ "$target" = influx ]; then
      start_influxd
      flags=(--influx-url "$INFLUX_URL")
    fi
    for gen in $GENERATORS; do
      model "$gen"
      for c in $CLIENTS; do
        line="$target, $gen, $c clients:"
        for q in $(awk -v g="$gen" '$1 == g { print $2 }' "$tmp/queries"); do
          rm -rf "$tmp/r"
          # one process: the embedded QuestDB lives as long as the run, so the load comes first in it
          flock "$BENCH_LOCK" "$runner" --target "$target" "${flags[@]}" --workload iot-query --load --clean --queries "$q" \
              --workers "$c" --duration "${SECONDS_PER_RUN}s" "${data[@]}" --results "$tmp/r" >/dev/null 2>&1 || true
          line+="  $q $(result "$tmp/r" 2>/dev/null | cut -d' ' -f1 || echo error) qps"
        done
        echo "$line"
      done
    done
  done
fi
