#!/usr/bin/env bash
# Ingest against the official clients on the same rows, same batch size, same concurrency, one run, rounds
# interleaved: the harness's questdb target against QuestDB's Java ILP client (org.questdb:questdb-client,
# io.questdb.client.Sender over HTTP), and its influx target against influxdb-client-java's WriteApiBlocking
# with line-protocol records (benchmarks' OfficialClientLoader).
#
#   benchmarks/scripts/ingest-vs-official-clients.sh     # 10,000 devices x 120 s x 10 float8 (794k lines), 1 and 2 workers
#   TARGETS=questdb WORKERS="2" ROUNDS=5 benchmarks/scripts/ingest-vs-official-clients.sh
#   TARGETS=questdb QDB_TEXT_TOO=1 benchmarks/scripts/ingest-vs-official-clients.sh   # also the harness with text (v1)
#
# Servers: one standalone QuestDB (the server jar the questdb adapter embeds, from the local Maven repository,
# started with java -cp in its own process on free loopback ports) that both sides write to, and a throw-away
# influxd (lib/influxd.sh, Debian's InfluxDB 1.6). Every run writes into a table (database) of its own that is
# dropped after it; a QuestDB run is over for the next one only once the server has applied its WAL (the
# harness's --verify waits for it, the script polls wal_tables() after the loader), so no run pays for the one
# before. Each round holds BENCH_LOCK (flock) so other benchmarks on the machine do not run inside it; in each
# pair (harness, client) which side goes first alternates by round.
#
# The rows: the line-protocol file `runner --target file` writes for the same flags, which the loader parses
# into memory before its clock starts (its figure is the client's alone; the harness's includes generating and
# encoding). Rates count rows with a value (lines), as the harness does. InfluxDB 1.6 has no /api/v2/write,
# which influxdb-client-java posts to: the loader maps the request line to /write?db= (what 1.8+ does on the
# server for that endpoint), body and headers unchanged; records carry second timestamps, as the harness's
# --precision auto sends these rows, so both post the same bytes.
#
# QuestDB's line protocol: the harness negotiates version 2 (doubles in binary, --questdb-protocol-version auto),
# as the client does; the round lines say which version the harness used. QDB_TEXT_TOO=1 adds a third side
# in each QuestDB pair, the harness with --questdb-protocol-version 1 (text), shown as target questdb-v1 against
# the same client runs; the sides' order turns round by round (v2 client v1, then v1 client v2).
set -euo pipefail

TAGS=${TAGS:-10000}
DATA_SECONDS=${DATA_SECONDS:-120}
METRICS=${METRICS:-10}
TYPE=${TYPE:-float8}
BATCH_LINES=${BATCH_LINES:-5000}
WORKERS=${WORKERS:-1 2}
ROUNDS=${ROUNDS:-3}
TARGETS=${TARGETS:-questdb influx}
BENCH_LOCK=${BENCH_LOCK:-/tmp/dbharness-bench.lock}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$here/../.."
runner="${RUNNER:-$root/runner}"
loader_jar="${LOADER_JAR:-$root/benchmarks/target/benchmarks.jar}"
tmp="$(mktemp -d /tmp/dbharness-clients-XXXXXX)"
source "$here/lib/influxd.sh"
qdb_pid=""
cleanup() {
  trap '' INT TERM HUP # a second signal (timeout's, the process group's) must not cut the clean-up short
  [ -n "$qdb_pid" ] && { kill "$qdb_pid" 2>/dev/null || true; wait "$qdb_pid" 2>/dev/null || true; }
  stop_influxd
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT; trap 'exit 143' TERM; trap 'exit 129' HUP

[ -f "$loader_jar" ] || (cd "$root" && mvn -q -o -B -Dstyle.color=never -DskipTests -pl benchmarks -am package) >&2

end=$(date -u -d "2022-04-18 09:00:00 UTC + $DATA_SECONDS seconds" '+%Y-%m-%d %H:%M:%S')
data=(--tag-num "$TAGS" --total-metrics-count "$METRICS" --metrics-type "$TYPE" --ts-start "2022-04-18 09:00:00"
      --ts-end "$end" --no-watch)
flags=("${data[@]}" --batch-lines "$BATCH_LINES")
"$runner" --target file --format line-protocol --output "$tmp/rows.lp" "${data[@]}" --results "$tmp/r-file" >/dev/null
rows=$(wc -l < "$tmp/rows.lp")
rate() { python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["totals"]; print("%.0f" % t["rowsPerSecond"])' "$(ls "$1"/*.json)"; }
loader() { java -cp "$loader_jar" io.dbharness.bench.OfficialClientLoader "$@" 2>>"$tmp/loader.err" | sed -n 's/.*rowsPerSecond=\([0-9]*\).*/\1/p'; }

# --- QuestDB: the server jar the adapter embeds (its version from the parent pom), standalone
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
start_questdb() {
  local version jar
  version=$(sed -n 's:.*<artifactId>questdb</artifactId><version>\([^<]*\)</version>.*:\1:p' "$root/pom.xml" | head -n 1)
  jar="$HOME/.m2/repository/org/questdb/questdb/$version/questdb-$version.jar"
  [ -f "$jar" ] || (cd "$root" && mvn -q -B -Dstyle.color=never dependency:get -Dartifact="org.questdb:questdb:$version") >&2
  qdb_http=$(free_port); qdb_pg=$(free_port)
  mkdir -p "$tmp/qdb"
  # the embedded server's configuration (EmbeddedQuestDb.CONFIG), on fixed free ports
  env QDB_HTTP_BIND_TO="127.0.0.1:$qdb_http" QDB_PG_NET_BIND_TO="127.0.0.1:$qdb_pg" QDB_LINE_TCP_ENABLED=false \
      QDB_LINE_UDP_ENABLED=false QDB_HTTP_MIN_ENABLED=false QDB_TELEMETRY_ENABLED=false \
      QDB_TELEMETRY_DISABLE_COMPLETELY=true QDB_METRICS_ENABLED=false \
      java -cp "$jar" io.questdb.ServerMain -d "$tmp/qdb" > "$tmp/questdb.log" 2>&1 &
  qdb_pid=$!
  QDB_URL="http://127.0.0.1:$qdb_http"
  for _ in $(seq 1 300); do
    curl -sf -o /dev/null "$QDB_URL/ping" && { echo "QuestDB $version (standalone) at $QDB_URL"; return 0; }
    sleep 0.1
  done
  echo "error: QuestDB did not answer at $QDB_URL" >&2; tail -20 "$tmp/questdb.log" >&2; exit 2
}
qdb_sql() { curl -sfG "$QDB_URL/exec" --data-urlencode "query=$1"; }
qdb_settle() { # $1 table: waits until its WAL is applied, prints its row count
  for _ in $(seq 1 600); do
    if qdb_sql "select writerTxn = sequencerTxn from wal_tables() where name = '$1'" | grep -q '"dataset":\[\[true\]\]'; then
      qdb_sql "select count() from $1" | sed -n 's/.*"dataset":\[\[\([0-9]*\)\]\].*/\1/p'; return 0
    fi
    sleep 0.2
  done
  echo "error: QuestDB did not apply the WAL of $1" >&2; exit 1
}
qdb_ddl() { # the harness's DDL (QuestDbTables.createSql) for table $1
  local cols="" m
  for ((m = 0; m < METRICS; m++)); do cols+=", c$m DOUBLE"; done
  echo "CREATE TABLE $1 (ts TIMESTAMP, tag_id SYMBOL$cols) TIMESTAMP(ts) PARTITION BY DAY WAL"
}

questdb_harness() { # $1 workers $2 table [$3 line-protocol version, default auto]; prints rows/s
  rm -rf "$tmp/r"
  "$runner" --target questdb --questdb-http "$QDB_URL" --questdb-pg "127.0.0.1:$qdb_pg" --table-name "$2" --verify \
      --workers "$1" --questdb-protocol-version "${3:-auto}" "${flags[@]}" --results "$tmp/r" >/dev/null
  rate "$tmp/r"
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["run"]["targetInfo"]["settings"]["line-protocol-version"], file=sys.stderr)' \
      "$(ls "$tmp"/r/*.json)" 2>>"$tmp/versions" || true
  qdb_sql "DROP TABLE $2" >/dev/null
}
questdb_client() { # $1 workers $2 table; prints rows/s after checking every row arrived
  qdb_sql "$(qdb_ddl "$2")" >/dev/null
  local r n
  r=$(loader questdb "$tmp/rows.lp" "$QDB_URL" "$2" "$1" "$BATCH_LINES")
  n=$(qdb_settle "$2")
  [ "$n" = "$rows" ] || { echo "error: the QuestDB client's table $2 holds $n rows, not $rows" >&2; exit 1; }
  qdb_sql "DROP TABLE $2" >/dev/null
  echo "$r"
}

influxql() { curl -sf -XPOST "$INFLUX_URL/query" --data-urlencode "q=$1" >/dev/null; }
influx_harness() { # $1 workers $2 database
  rm -rf "$tmp/r"
  "$runner" --target influx --influx-url "$INFLUX_URL" --influx-database "$2" --workers "$1" "${flags[@]}" \
      --results "$tmp/r" >/dev/null
  rate "$tmp/r"
  influxql "DROP DATABASE $2"
}
influx_client() { # $1 workers $2 database
  influxql "CREATE DATABASE $2"
  loader influx "$tmp/rows.lp" "$INFLUX_URL" "$2" "$1" "$BATCH_LINES"
  influxql "DROP DATABASE $2"
}
export -f questdb_harness questdb_client influx_harness influx_client rate loader qdb_sql qdb_settle qdb_ddl influxql
export tmp runner loader_jar rows BATCH_LINES METRICS
export flags_q="${flags[*]@Q}"

for t in $TARGETS; do
  case $t in
    questdb) start_questdb; export QDB_URL qdb_pg ;;
    influx) start_influxd; export INFLUX_URL; echo "InfluxDB $(influxd version | head -n 1) at $INFLUX_URL" ;;
    *) echo "error: TARGETS: questdb influx, not $t" >&2; exit 2 ;;
  esac
done
echo "== rows: $TAGS devices x $DATA_SECONDS s x $METRICS $TYPE metrics = $rows lines; $BATCH_LINES lines per post;" \
     "workers: $WORKERS; $ROUNDS rounds"

: > "$tmp/figures"
pair() { # $1 target, $2 workers, $3 round: odd rounds the harness first, even rounds the client first
  local h c t name="r${3}_w$2"
  if [ "$1" = questdb ] && [ "${QDB_TEXT_TOO:-}" = 1 ]; then # v2 client v1, then v1 client v2
    if [ $(($3 % 2)) = 1 ]; then h=$(questdb_harness "$2" "h_$name"); c=$(questdb_client "$2" "c_$name")
      t=$(questdb_harness "$2" "t_$name" 1)
    else t=$(questdb_harness "$2" "t_$name" 1); c=$(questdb_client "$2" "c_$name"); h=$(questdb_harness "$2" "h_$name"); fi
    echo "questdb-v1 $2 ${t:-error} ${c:-error}" | tee -a "$tmp/figures" | sed "s/^/round $3: /"
  elif [ $(($3 % 2)) = 1 ]; then h=$("$1"_harness "$2" "h_$name"); c=$("$1"_client "$2" "c_$name")
  else c=$("$1"_client "$2" "c_$name"); h=$("$1"_harness "$2" "h_$name"); fi
  echo "$1 $2 ${h:-error} ${c:-error}" | tee -a "$tmp/figures" | sed "s/^/round $3: /"
}
export -f pair
export TARGETS WORKERS QDB_TEXT_TOO
for ((round = 1; round <= ROUNDS; round++)); do
  # one lock holding per round (every target and worker count: ~3 min at the defaults)
  flock "$BENCH_LOCK" bash -c '
    eval "flags=($flags_q)"
    for t in $TARGETS; do for w in $WORKERS; do pair "$t" "$w" "$1"; done; done' _ "$round"
done

[ -s "$tmp/versions" ] && echo "== the harness's QuestDB line protocol: $(sort "$tmp/versions" | uniq -c |
  awk '{n = $1; $1 = ""; printf "%s%s in %d runs", sep, substr($0, 2), n; sep = "; "}')"
echo "== medians of $ROUNDS rounds (rows/s), ratio harness / official client"
python3 - "$tmp/figures" <<'PY'
import statistics, sys, collections
runs, order = collections.defaultdict(lambda: ([], [])), []
for line in open(sys.argv[1]):
    t, w, h, c = line.split()
    if (t, w) not in runs:
        order.append((t, w))
    runs[(t, w)][0].append(float(h) if h != "error" else float("nan"))
    runs[(t, w)][1].append(float(c) if c != "error" else float("nan"))
client = {"questdb": "questdb-client Sender (ILP/HTTP)", "questdb-v1": "questdb-client Sender (ILP/HTTP)",
          "influx": "influxdb-client-java WriteApiBlocking"}
med = statistics.median
print("| target | workers | official client | rows/s | harness rows/s | ratio |")
print("|---|---:|---|---:|---:|---:|")
for t, w in order:
    h, c = runs[(t, w)]
    print(f"| {t} | {w} | {client[t]} | {med(c):,.0f} ({min(c):,.0f}..{max(c):,.0f}) | {med(h):,.0f} ({min(h):,.0f}..{max(h):,.0f}) "
          f"| {med(h) / med(c):.2f}x |")
PY
