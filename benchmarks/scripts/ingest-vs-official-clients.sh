#!/usr/bin/env bash
# Ingest against the official clients on the same rows, same batch size, same concurrency, one run, rounds
# interleaved: the harness's questdb target against QuestDB's Java ILP client (org.questdb:questdb-client,
# io.questdb.client.Sender over HTTP), and its influx target against influxdb-client-java's WriteApiBlocking
# with line-protocol records (benchmarks' OfficialClientLoader). Also each server's own loader, with no client of
# ours at all: QuestDB's `COPY table FROM 'rows.csv'` (its parallel CSV import, of the CSV the file target writes)
# and `influx -import` of the line-protocol file (Debian's influxdb-client), once per round each.
#
#   benchmarks/scripts/ingest-vs-official-clients.sh     # 10,000 devices x 120 s x 10 float8 (794k lines), 1 and 2 workers
#   TARGETS=questdb WORKERS="2" ROUNDS=5 benchmarks/scripts/ingest-vs-official-clients.sh
#   TARGETS=questdb QDB_TEXT_TOO=1 benchmarks/scripts/ingest-vs-official-clients.sh   # also the harness with text (v1)
#   SIDES="harness server" ROUNDS=5 benchmarks/scripts/ingest-vs-official-clients.sh   # the harness against the servers' own loaders only
#
# Servers: one standalone QuestDB (the server jar the questdb adapter embeds, from the local Maven repository,
# started with java -cp in its own process on free loopback ports) that both sides write to, and a throw-away
# influxd (lib/influxd.sh, Debian's InfluxDB 1.6). Every run writes into a table (database) of its own that is
# dropped after it; a QuestDB run is over for the next one only once the server has applied its WAL (the
# harness's --verify waits for it, the script polls wal_tables() after the loader), so no run pays for the one
# before. Each round holds BENCH_LOCK (flock) so other benchmarks on the machine do not run inside it; in each
# pair (harness, client) which side goes first alternates by round.
#
# The server's own loaders: QuestDB's COPY reads the CSV from its import root (cairo.sql.copy.root, set on the
# standalone server), into an empty table made with the harness's DDL, and is timed by the server's own import log
# (sys.text_import_log, from its start to its end: parsing, partitioning, symbols, attaching; the rows are then in
# the table, where the harness's rate ends when its posts are acknowledged and the WAL is applied after);
# `influx -import` (one stream, 5,000 lines a post) is timed around the command, and its counts are checked.
# Both load the very rows the harness writes: the CSV without the rows that have no value (line protocol has no
# line for them), the line-protocol file with the import's two header lines.
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
SIDES=${SIDES:-harness client server}
BENCH_LOCK=${BENCH_LOCK:-/tmp/dbharness-bench.lock}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$here/../.."
runner="${RUNNER:-$root/runner}"
loader_jar="${LOADER_JAR:-$root/benchmarks/target/benchmarks.jar}"
for side in $SIDES; do
  case $side in harness|client|server) ;; *) echo "error: SIDES: harness client server, not $side" >&2; exit 2 ;; esac
done
has() { [[ " $SIDES " == *" $1 "* ]]; }
tmp="$(mktemp -d /tmp/dbharness-clients-XXXXXX)"
source "$here/lib/influxd.sh"
source "$here/lib/lock.sh"
qdb_pid=""
cleanup() {
  trap '' INT TERM HUP # a second signal (timeout's, the process group's) must not cut the clean-up short
  [ -n "$qdb_pid" ] && { kill "$qdb_pid" 2>/dev/null || true; wait "$qdb_pid" 2>/dev/null || true; }
  stop_influxd
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT; trap 'exit 143' TERM; trap 'exit 129' HUP

! has client || [ -f "$loader_jar" ] || (cd "$root" && mvn -q -o -B -Dstyle.color=never -DskipTests -pl benchmarks -am package) >&2

end=$(date -u -d "2022-04-18 09:00:00 UTC + $DATA_SECONDS seconds" '+%Y-%m-%d %H:%M:%S')
data=(--tag-num "$TAGS" --total-metrics-count "$METRICS" --metrics-type "$TYPE" --ts-start "2022-04-18 09:00:00"
      --ts-end "$end" --no-watch)
flags=("${data[@]}" --batch-lines "$BATCH_LINES")
write_rows() { # under the lock: writing the files is heavy too, and must slow no one else's timed run
  "$runner" --target file --format line-protocol --output "$tmp/rows.lp" "${data[@]}" --results "$tmp/r-file" >/dev/null
  rows=$(wc -l < "$tmp/rows.lp")
}
locked write_rows
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
  mkdir -p "$tmp/qdb" "$tmp/qdb-import"
  # the embedded server's configuration (EmbeddedQuestDb.CONFIG), on fixed free ports, and COPY's import root
  env QDB_CAIRO_SQL_COPY_ROOT="$tmp/qdb-import" QDB_HTTP_BIND_TO="127.0.0.1:$qdb_http" QDB_PG_NET_BIND_TO="127.0.0.1:$qdb_pg" QDB_LINE_TCP_ENABLED=false \
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

questdb_server() { # $1 table: QuestDB's own COPY of the CSV; prints rows/s by its import log
  qdb_sql "$(qdb_ddl "$1")" >/dev/null
  local id log
  id=$(qdb_sql "COPY $1 FROM 'rows.csv' WITH HEADER true TIMESTAMP 'ts' FORMAT 'yyyy-MM-dd HH:mm:ss' PARTITION BY DAY" \
       | sed -n 's/.*"dataset":\[\["\([0-9a-f]*\)"\]\].*/\1/p')
  [ -n "$id" ] || { echo "error: QuestDB's COPY into $1 did not start" >&2; exit 1; }
  for _ in $(seq 1 3000); do
    # the import's own start and end (the rows with no phase), its rows and errors
    log=$(qdb_sql "select status, ts, rows_imported, errors from sys.text_import_log where id = '$id' and phase is null order by ts")
    [[ "$log" == *'"finished"'* || "$log" == *'"failed"'* || "$log" == *'"cancelled"'* ]] && break
    sleep 0.1
  done
  python3 - "$log" "$rows" "$1" <<'PY'
import datetime, json, sys
data, rows, table = json.loads(sys.argv[1])["dataset"], int(sys.argv[2]), sys.argv[3]
status = {r[0]: r for r in data}
end = status.get("finished")
if not end or end[2] != rows or end[3]:
    sys.exit(f"error: QuestDB's COPY into {table} did not load {rows} rows without errors: {data}")
t = lambda r: datetime.datetime.fromisoformat(r[1].rstrip("Z"))
print("%.0f" % (rows / (t(end) - t(status["started"])).total_seconds()))
PY
  qdb_sql "DROP TABLE $1" >/dev/null
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
influx_server() { # `influx -import` of the line-protocol file into the database its header names; prints rows/s
  influxql "CREATE DATABASE server_import"
  local t0 t1 out port=${INFLUX_URL##*:} host=${INFLUX_URL#http://}
  host=${host%:*}
  t0=$(date +%s.%N)
  out=$(influx -host "$host" -port "$port" -import -path "$tmp/import.lp" -precision ns 2>&1)
  t1=$(date +%s.%N)
  # its own counts: every line an insert, none failed
  [[ "$out" == *"Processed $rows inserts"* && "$out" == *"Failed 0 inserts"* ]] \
      || { echo "error: influx -import did not insert $rows lines: $out" >&2; exit 1; }
  influxql "DROP DATABASE server_import"
  python3 -c "print('%.0f' % ($rows / ($t1 - $t0)))"
}
export -f questdb_harness questdb_client questdb_server influx_harness influx_client influx_server rate loader qdb_sql \
    qdb_settle qdb_ddl influxql has
export tmp runner loader_jar rows BATCH_LINES METRICS SIDES
export flags_q="${flags[*]@Q}"

for t in $TARGETS; do
  case $t in
    questdb) start_questdb; export QDB_URL qdb_pg ;;
    influx) start_influxd; export INFLUX_URL; echo "InfluxDB $(influxd version | head -n 1) at $INFLUX_URL" ;;
    *) echo "error: TARGETS: questdb influx, not $t" >&2; exit 2 ;;
  esac
done
server_files() {
  for t in $TARGETS; do
    case $t in
      questdb) # the CSV of the rows line protocol has a line for: those with a value
        "$runner" --target file --format csv --output "$tmp/rows.csv" "${data[@]}" --results "$tmp/r-file" >/dev/null
        awk -F, 'NR == 1 { print; next } { for (i = 3; i <= NF; i++) if ($i != "") { print; next } }' "$tmp/rows.csv" \
            > "$tmp/qdb-import/rows.csv"
        rm "$tmp/rows.csv"
        n=$(($(wc -l < "$tmp/qdb-import/rows.csv") - 1))
        [ "$n" = "$rows" ] || { echo "error: the CSV has $n rows with a value, the line-protocol file $rows lines" >&2; exit 1; } ;;
      influx)
        command -v influx >/dev/null || { echo "error: SIDES has server and there is no influx (apt-get install influxdb-client)" >&2; exit 2; }
        { printf '# DML\n# CONTEXT-DATABASE: server_import\n'; cat "$tmp/rows.lp"; } > "$tmp/import.lp" ;;
    esac
  done
}
if has server; then locked server_files; fi
echo "== rows: $TAGS devices x $DATA_SECONDS s x $METRICS $TYPE metrics = $rows lines; $BATCH_LINES lines per post;" \
     "workers: $WORKERS; $ROUNDS rounds"

: > "$tmp/figures"
pair() { # $1 target, $2 workers, $3 round: odd rounds the harness first, even rounds the client first
  local h=- c=- t name="r${3}_w$2"
  if [ "$1" = questdb ] && [ "${QDB_TEXT_TOO:-}" = 1 ]; then # v2 client v1, then v1 client v2
    if [ $(($3 % 2)) = 1 ]; then has harness && h=$(questdb_harness "$2" "h_$name"); has client && c=$(questdb_client "$2" "c_$name")
      has harness && t=$(questdb_harness "$2" "t_$name" 1)
    else has harness && t=$(questdb_harness "$2" "t_$name" 1); has client && c=$(questdb_client "$2" "c_$name")
      has harness && h=$(questdb_harness "$2" "h_$name"); fi
    echo "questdb-v1 $2 ${t:--} ${c:-error}" | tee -a "$tmp/figures" | sed "s/^/round $3: /"
  elif [ $(($3 % 2)) = 1 ]; then
    has harness && h=$("$1"_harness "$2" "h_$name"); has client && c=$("$1"_client "$2" "c_$name")
  else
    has client && c=$("$1"_client "$2" "c_$name"); has harness && h=$("$1"_harness "$2" "h_$name")
  fi
  echo "$1 $2 ${h:-error} ${c:-error}" | tee -a "$tmp/figures" | sed "s/^/round $3: /"
}
server() { # $1 target, $2 round: the server's own loader, once a round (it has no worker count)
  local s
  s=$("$1"_server "s_r$2")
  echo "$1 server ${s:-error}" | tee -a "$tmp/figures" | sed "s/^/round $2: /"
}
export -f pair server
export TARGETS WORKERS QDB_TEXT_TOO
for ((round = 1; round <= ROUNDS; round++)); do
  # one lock holding per round (every target and worker count: ~3 min at the defaults); the server's own loader
  # goes first in odd rounds, last in even ones
  flock "$BENCH_LOCK" bash -c '
    eval "flags=($flags_q)"
    for t in $TARGETS; do
      if has server && [ $(($1 % 2)) = 1 ]; then server "$t" "$1"; fi
      for w in $WORKERS; do pair "$t" "$w" "$1"; done
      if has server && [ $(($1 % 2)) = 0 ]; then server "$t" "$1"; fi
    done' _ "$round"
done

[ -s "$tmp/versions" ] && echo "== the harness's QuestDB line protocol: $(sort "$tmp/versions" | uniq -c |
  awk '{n = $1; $1 = ""; printf "%s%s in %d runs", sep, substr($0, 2), n; sep = "; "}')"
echo "== medians of $ROUNDS rounds (rows/s, min..max), ratios harness / official client and harness / the server's own loader"
python3 - "$tmp/figures" <<'PY'
import statistics, sys, collections
runs, servers, order = collections.defaultdict(lambda: ([], [])), collections.defaultdict(list), []
num = lambda x: float(x) if x != "error" else float("nan")
for line in open(sys.argv[1]):
    f = line.split()
    if f[1] == "server":
        servers[f[0]].append(num(f[2]))
        continue
    t, w, h, c = f
    if (t, w) not in runs:
        order.append((t, w))
    if h != "-":
        runs[(t, w)][0].append(num(h))
    if c != "-":
        runs[(t, w)][1].append(num(c))
client = {"questdb": "questdb-client Sender (ILP/HTTP)", "questdb-v1": "questdb-client Sender (ILP/HTTP)",
          "influx": "influxdb-client-java WriteApiBlocking"}
server = {"questdb": "COPY FROM CSV", "questdb-v1": "COPY FROM CSV", "influx": "influx -import"}
med = statistics.median
cell = lambda xs: f"{med(xs):,.0f} ({min(xs):,.0f}..{max(xs):,.0f})" if xs else "-"
ratio = lambda a, b: f"{med(a) / med(b):.2f}x" if a and b else "-"
print("| target | workers | harness rows/s | official client | client rows/s | x client | server's loader | loader rows/s | x loader |")
print("|---|---:|---:|---|---:|---:|---|---:|---:|")
for t, w in order:
    h, c = runs[(t, w)]
    s = servers.get(t, [])
    print(f"| {t} | {w} | {cell(h)} | {client[t] if c else '-'} | {cell(c)} | {ratio(h, c)} | {server[t] if s else '-'} "
          f"| {cell(s)} | {ratio(h, s)} |")
PY
