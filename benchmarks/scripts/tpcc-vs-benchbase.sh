#!/usr/bin/env bash
# TPC-C side by side: BenchBase (cmu-db/benchbase, built from its source repository with its postgres profile) and
# the harness's tpcc, on one PostgreSQL, doing the same work: the same warehouses, terminals and duration, read
# committed, no keying or think time, the standard mix (45,43,4,4,4). Each side: its own database, its own load,
# VACUUM ANALYZE and CHECKPOINT (BenchBase leaves statistics to autovacuum), then its measured run alone; then the
# database is dropped (no autovacuum of it under the other side's run). Rounds alternate which side goes first.
#
#   BENCHBASE_GIT=/path/to/benchbase/.git benchmarks/scripts/tpcc-vs-benchbase.sh              # 4 x 8, 60 s, 3 rounds
#   W=10 T=32 SECONDS=60 ROUNDS=3 benchmarks/scripts/tpcc-vs-benchbase.sh
#   PROFILE=0 ROUNDS=5 benchmarks/scripts/tpcc-vs-benchbase.sh     # no per-type profile runs
#
# Knobs: W warehouses (4), T terminals (8), SECONDS per measured run (60; read at start, so `SECONDS=30 script`
# works although bash counts it up), ROUNDS (3), PROFILE (1: in round 1, after each side's measured run, one
# PROFILE_SECONDS (10) run per transaction type alone, which gives the exact statements and rows per transaction
# of each type), OUT (a directory kept after the run for the raw figures: records/*.json, logs), LOCK (the file
# each side's load and runs hold with flock, so no other benchmark on the machine runs meanwhile:
# /tmp/dbharness-bench.lock), HARNESS_JAVA_OPTS (JVM flags of our side, e.g. JFR), BENCHBASE_JDK (a JDK >= 23;
# default the newest under /usr/lib/jvm), BENCHBASE_FKS (keep: BenchBase's schema as it ships, with its 10 foreign
# keys, whose checks read rows on every insert; drop: dropped after its load, the schema ours has).
#
# Per side and round it prints tpmC, tpmTotal, the client's CPU seconds (GNU time: user + system of the whole JVM,
# start included) per 1,000 transactions, and the statements the server saw per transaction (pg_stat_statements
# calls over the measured run); at the end the medians, ours/BenchBase ratios, and from the profile runs, per
# transaction type: each statement's calls per transaction, the total, and the rows read (seq_tup_read +
# idx_tup_fetch), inserted, updated and deleted per table per transaction (pg_stat_user_tables deltas).
#
# BENCHBASE_GIT: a git directory of BenchBase's repository (a bare mirror is enough: data/ is not needed); built
# once into /tmp/benchbase (BENCHBASE_DIR) with Maven and that JDK. Server: the one PGHOST/PGPORT/PGUSER name
# (it must have pg_stat_statements in shared_preload_libraries, and trust authentication), or else a throw-away
# cluster of the local PostgreSQL with pg_stat_statements preloaded (lib/postgres.sh), removed at exit.
set -euo pipefail

S=${DURATION:-$SECONDS}          # bash's SECONDS: the value given in the environment, counting up from start
[ "$S" -ge 5 ] 2>/dev/null || S=60
W=${W:-4}
T=${T:-8}
ROUNDS=${ROUNDS:-3}
PROFILE=${PROFILE:-1}
PROFILE_SECONDS=${PROFILE_SECONDS:-10}
BENCHBASE_FKS=${BENCHBASE_FKS:-keep}
LOCK=${LOCK:-/tmp/dbharness-bench.lock}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$here/../.."
BENCHBASE_DIR=${BENCHBASE_DIR:-/tmp/benchbase}
BENCHBASE_JDK=${BENCHBASE_JDK:-$(ls -d /usr/lib/jvm/temurin-2[3-9]* /usr/lib/jvm/*-2[3-9]-* 2>/dev/null | sort -V | tail -n 1)}
# everything checked before anything is made, so a refusal leaves nothing behind
[ -x "${BENCHBASE_JDK:-}/bin/java" ] || { echo "error: no JDK >= 23 at '${BENCHBASE_JDK:-}' or under /usr/lib/jvm (BenchBase needs one); set BENCHBASE_JDK" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "error: GNU time (/usr/bin/time) is needed for the clients' CPU" >&2; exit 2; }
bb_home="$BENCHBASE_DIR/dist/benchbase-postgres"
if [ -f "$bb_home/benchbase.jar" ]; then
  echo "BenchBase: the build in $BENCHBASE_DIR ($(cat "$BENCHBASE_DIR/commit" 2>/dev/null || echo 'commit unknown'));" \
    "remove it or set BENCHBASE_DIR to build another" >&2
elif [ -z "${BENCHBASE_GIT:-}" ] || ! git --git-dir="$BENCHBASE_GIT" rev-parse -q --verify HEAD >/dev/null 2>&1; then
  echo "error: no BenchBase build in $BENCHBASE_DIR, and BENCHBASE_GIT ('${BENCHBASE_GIT:-}') is not a git directory" \
    "of cmu-db/benchbase to build one from" >&2
  exit 2
fi
for v in W T ROUNDS PROFILE_SECONDS; do
  [[ "${!v}" =~ ^[0-9]+$ ]] && [ "${!v}" -ge 1 ] || { echo "error: $v=${!v}: expected a positive integer" >&2; exit 2; }
done
case "$BENCHBASE_FKS" in keep|drop) ;; *) echo "error: BENCHBASE_FKS=$BENCHBASE_FKS: expected keep or drop" >&2; exit 2 ;; esac
export PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning" # no NOTICE for each DROP ... IF EXISTS
OUT=${OUT:-/tmp/tpcc-vs-benchbase-$(date -u +%Y%m%d-%H%M%S)}
mkdir -p "$OUT/records" "$OUT/logs"
tmp="$(mktemp -d /tmp/dbharness-tpcc-bb-XXXXXX)"
chmod 755 "$tmp"
source "$here/lib/postgres.sh"
BENCH_LOCK=$LOCK
source "$here/lib/lock.sh" # locked CMD: each side holds the machine's benchmark lock for its load and runs
cleanup() {
  trap '' INT TERM HUP # a second signal (timeout's, the process group's) must not cut the clean-up short
  stop_postgres
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT; trap 'exit 143' TERM; trap 'exit 129' HUP

# ---- BenchBase, built once from its repository
if [ ! -f "$bb_home/benchbase.jar" ]; then
  echo "building BenchBase from $BENCHBASE_GIT ($(git --git-dir="$BENCHBASE_GIT" log -1 --format='%h %cs')) into $BENCHBASE_DIR ..." >&2
  rm -rf "$BENCHBASE_DIR" && mkdir -p "$BENCHBASE_DIR/src"
  # one path at a time: a mirror whose data/ objects are absent fails a single archive of several paths
  for p in pom.xml src config lib LICENSE README.md CONTRIBUTORS.md scripts docker .mvn; do
    git --git-dir="$BENCHBASE_GIT" archive HEAD "$p" 2>/dev/null | tar x -C "$BENCHBASE_DIR/src" 2>/dev/null || true
  done
  [ -f "$BENCHBASE_DIR/src/pom.xml" ] || { echo "error: no pom.xml in $BENCHBASE_GIT's HEAD" >&2; exit 2; }
  (cd "$BENCHBASE_DIR/src" && JAVA_HOME=$BENCHBASE_JDK PATH="$BENCHBASE_JDK/bin:$PATH" mvn -q -B -P postgres -DskipTests \
      -Dfmt.skip=true -Dmaven.compiler.release=23 clean package) > "$BENCHBASE_DIR/build.log" 2>&1 \
    || { tail -20 "$BENCHBASE_DIR/build.log" >&2; exit 2; }
  mkdir -p "$BENCHBASE_DIR/dist" && tar xzf "$BENCHBASE_DIR/src/target/benchbase-postgres.tgz" -C "$BENCHBASE_DIR/dist"
  git --git-dir="$BENCHBASE_GIT" log -1 --format='%h %cs' > "$BENCHBASE_DIR/commit"
fi

# ---- ours: the jar ./runner builds, copied so a rebuild during the run changes nothing
"$root/runner" --help > /dev/null
cp "$root/runner-cli/target/runner.jar" "$tmp/runner.jar"
[ -f "$root/runner-cli/target/runner.jsa" ] && cp "$root/runner-cli/target/runner.jsa" "$tmp/runner.jsa"
harness_java=(java)
[ -f "$tmp/runner.jsa" ] && harness_java+=(-Xlog:cds*=off -XX:SharedArchiveFile="$tmp/runner.jsa")

# ---- the server
PG_PRELOAD=${PG_PRELOAD:-pg_stat_statements} start_postgres
q() { psql -X -q -At -d "${2:-postgres}" -c "$1"; }
q "CREATE EXTENSION IF NOT EXISTS pg_stat_statements" > /dev/null 2>&1 || true
q "SELECT 1 FROM pg_stat_statements LIMIT 1" > /dev/null 2>&1 \
  || { echo "error: pg_stat_statements is not loaded on $PGHOST:$PGPORT (shared_preload_libraries)" >&2; exit 2; }
url() { echo "jdbc:postgresql://$PGHOST:$PGPORT/$1?user=$PGUSER${PGPASSWORD:+&password=$PGPASSWORD}"; }

TYPES=(NewOrder Payment OrderStatus Delivery StockLevel)
weights_of() { # the mix, or one type alone
  case "$1" in
    mix) echo 45,43,4,4,4 ;; NewOrder) echo 100,0,0,0,0 ;; Payment) echo 0,100,0,0,0 ;;
    OrderStatus) echo 0,0,100,0,0 ;; Delivery) echo 0,0,0,100,0 ;; StockLevel) echo 0,0,0,0,100 ;;
  esac
}

bb_config() { # $1 database, $2 seconds, $3 weights
  cat > "$tmp/bb-$1.xml" <<XML
<?xml version="1.0"?>
<parameters>
  <type>POSTGRES</type><driver>org.postgresql.Driver</driver>
  <url>jdbc:postgresql://$PGHOST:$PGPORT/$1?sslmode=disable&amp;ApplicationName=tpcc&amp;reWriteBatchedInserts=true</url>
  <username>$PGUSER</username><password>${PGPASSWORD:-x}</password>
  <reconnectOnConnectionFailure>true</reconnectOnConnectionFailure>
  <isolation>TRANSACTION_READ_COMMITTED</isolation><batchsize>128</batchsize>
  <scalefactor>$W</scalefactor><loaderThreads>2</loaderThreads><terminals>$T</terminals>
  <works><work><time>$2</time><rate>unlimited</rate><weights>$3</weights></work></works>
  <transactiontypes>
    <transactiontype><name>NewOrder</name></transactiontype><transactiontype><name>Payment</name></transactiontype>
    <transactiontype><name>OrderStatus</name></transactiontype><transactiontype><name>Delivery</name></transactiontype>
    <transactiontype><name>StockLevel</name></transactiontype>
  </transactiontypes>
</parameters>
XML
  echo "$tmp/bb-$1.xml"
}

# The server's figures for database $1 as JSON: tables (rows read, inserted, updated, deleted) and statements.
server_stats() {
  local tables stmts
  tables=$(q "SELECT coalesce(json_object_agg(relname, json_build_array(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0),
                n_tup_ins, n_tup_upd, n_tup_del)), '{}') FROM pg_stat_user_tables" "$1")
  stmts=$(q "SELECT coalesce(json_agg(json_build_array(query, calls, rows)), '[]') FROM pg_stat_statements
             WHERE dbid = (SELECT oid FROM pg_database WHERE datname = '$1')")
  printf '{"tables": %s, "statements": %s}' "$tables" "$stmts"
}
reset_stats() { q "SELECT pg_stat_statements_reset()" > /dev/null; server_stats "$1" > "$tmp/before.json"; }
settle_stats() { sleep 2; server_stats "$1" > "$tmp/after.json"; } # the run's backends flush their counts on exit

# One measured run of one side: $1 side (benchbase|dbharness), $2 database, $3 seconds, $4 mix|type, $5 record name.
run_side() {
  local side=$1 db=$2 secs=$3 kind=$4 name=$5 w
  w=$(weights_of "$kind")
  reset_stats "$db"
  if [ "$side" = benchbase ]; then
    local cfg; cfg=$(bb_config "$db" "$secs" "$w")
    rm -rf "$tmp/bb-results" "$tmp/bb-hist.json"
    (cd "$bb_home" && /usr/bin/time -f "%U %S" -o "$tmp/cpu.txt" "$BENCHBASE_JDK/bin/java" -jar benchbase.jar -b tpcc -c "$cfg" \
        --execute=true -d "$tmp/bb-results" --json-histograms "$tmp/bb-hist.json") > "$OUT/logs/$name.log" 2>&1 \
      || { echo "BenchBase run failed: $OUT/logs/$name.log" >&2; tail -5 "$OUT/logs/$name.log" >&2; return 1; }
    cp "$(ls "$tmp"/bb-results/*.raw.csv)" "$tmp/side.csv"
    cp "$tmp/bb-hist.json" "$tmp/side.json"
  else
    rm -rf "$tmp/h-results"
    /usr/bin/time -f "%U %S" -o "$tmp/cpu.txt" "${harness_java[@]}" ${HARNESS_JAVA_OPTS:-} -jar "$tmp/runner.jar" \
        --target postgres --url "$(url "$db")" --workload tpcc --warehouses "$W" --terminals "$T" --duration "${secs}s" \
        --weights "$w" --isolation read-committed --run-only --no-watch --results "$tmp/h-results" > "$OUT/logs/$name.log" 2>&1 \
      || { echo "harness run failed: $OUT/logs/$name.log" >&2; tail -5 "$OUT/logs/$name.log" >&2; return 1; }
    cp "$(ls "$tmp"/h-results/*.json)" "$tmp/side.json"
    : > "$tmp/side.csv"
  fi
  settle_stats "$db"
  python3 - "$side" "$kind" "$secs" "$(awk '{print $1 + $2}' "$tmp/cpu.txt")" "$tmp" > "$OUT/records/$name.json" <<'PY'
import collections, csv, json, sys
side, kind, secs, cpu, tmp = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
names = {"new-order": "NewOrder", "payment": "Payment", "order-status": "OrderStatus", "delivery": "Delivery",
         "stock-level": "StockLevel"}
done, attempts = collections.Counter(), collections.Counter()
r = json.load(open(f"{tmp}/side.json"))
if side == "benchbase":
    # measured transactions from the raw file (what BenchBase's own rates count); attempts from its histograms
    for row in csv.DictReader(open(f"{tmp}/side.csv")):
        done[row["Transaction Name"]] += 1
    for part in ("completed", "aborted", "rejected", "unexpected"):
        for k, v in r[part]["HISTOGRAM"].items():
            attempts[k.split(".")[-1].split("/")[0]] += v
    tpmc, tpm = done["NewOrder"] / secs * 60, sum(done.values()) / secs * 60
    aborted = sum(r["aborted"]["HISTOGRAM"].values())
else:
    for o in r["operations"]:
        t = names[o["type"]]
        done[t] += o["completed"]
        attempts[t] += o["completed"] + o["rolledBack"] + o["errors"] + o["retries"]
    tpmc, tpm = r["figures"]["tpmC"], r["figures"]["tpmTotal"]
    aborted = r["totals"]["rolledBack"] + r["totals"]["errors"]
before, after = json.load(open(f"{tmp}/before.json")), json.load(open(f"{tmp}/after.json"))
tables = {t: [a - b for a, b in zip(v, before["tables"].get(t, [0, 0, 0, 0]))] for t, v in after["tables"].items()}
stmts = collections.Counter()
for query, calls, rows in after["statements"]:  # reset before the run: every call is the run's
    stmts[" ".join(query.split())] += calls
json.dump({"side": side, "kind": kind, "seconds": secs, "cpu": cpu, "tpmC": tpmc, "tpmTotal": tpm, "aborted": aborted,
           "done": done, "attempts": attempts, "tables": tables, "statements": stmts}, sys.stdout)
PY
}

# Load, VACUUM ANALYZE, CHECKPOINT, the measured run (and the profile runs), the database dropped: one side, under the lock.
side() {
  local side=$1 round=$2 db
  [ "$side" = benchbase ] && db=bb_tpcc || db=h_tpcc
  q "DROP DATABASE IF EXISTS $db" > /dev/null
  q "CREATE DATABASE $db" > /dev/null
  local t0; t0=$(date +%s)
  if [ "$side" = benchbase ]; then
    local cfg; cfg=$(bb_config "$db" "$S" 45,43,4,4,4)
    (cd "$bb_home" && "$BENCHBASE_JDK/bin/java" -jar benchbase.jar -b tpcc -c "$cfg" --create=true --load=true --execute=false \
        -d "$tmp/bb-load") > "$OUT/logs/$side-load-$round.log" 2>&1 \
      || { echo "BenchBase load failed: $OUT/logs/$side-load-$round.log" >&2; return 1; }
    if [ "$BENCHBASE_FKS" = drop ]; then # the schema ours has: no foreign keys, so no checks on insert
      q "DO \$\$ DECLARE r record; BEGIN
           FOR r IN SELECT conrelid::regclass AS t, conname FROM pg_constraint WHERE contype = 'f' LOOP
             EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.t, r.conname);
           END LOOP; END \$\$" "$db"
    fi
  else
    "${harness_java[@]}" -jar "$tmp/runner.jar" --target postgres --url "$(url "$db")" --workload tpcc --warehouses "$W" \
        --load-only --no-watch --results "$tmp/h-load" > "$OUT/logs/$side-load-$round.log" 2>&1 \
      || { echo "harness load failed: $OUT/logs/$side-load-$round.log" >&2; return 1; }
  fi
  local load=$(( $(date +%s) - t0 ))
  q "VACUUM ANALYZE" "$db"
  q "CHECKPOINT" > /dev/null
  run_side "$side" "$db" "$S" mix "$side-$round"
  python3 - "$OUT/records/$side-$round.json" "$round" "$load" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); n = sum(r["attempts"].values())
calls = sum(c for q, c in r["statements"].items())
print(f"round {sys.argv[2]} {r['side']:<10} tpmC {r['tpmC']:9,.0f}  tpmTotal {r['tpmTotal']:9,.0f}  "
      f"client CPU {r['cpu']:5.1f} s = {r['cpu'] / n * 1000:.3f} s per 1,000 txn  statements/txn {calls / n:5.2f}  "
      f"aborted {r['aborted']}  (load {sys.argv[3]} s)")
PY
  if [ "$PROFILE" = 1 ] && [ "$round" = 1 ]; then
    for t in "${TYPES[@]}"; do
      run_side "$side" "$db" "$PROFILE_SECONDS" "$t" "$side-profile-$t"
    done
  fi
  q "DROP DATABASE IF EXISTS $db" > /dev/null
}


echo "== TPC-C, $W warehouses, $T terminals, ${S} s, read committed, no think time; $ROUNDS rounds; BenchBase's foreign keys: $BENCHBASE_FKS;" \
     "server $PGHOST:$PGPORT ($(q 'SHOW server_version')); figures in $OUT"
echo "   BenchBase $(git --git-dir="${BENCHBASE_GIT:-/nonexistent}" log -1 --format=%h 2>/dev/null || echo '(prebuilt)') on $("$BENCHBASE_JDK/bin/java" -version 2>&1 | head -1);" \
     "dbharness $(git -C "$root" rev-parse --short HEAD) on $(java -version 2>&1 | head -1)"
for round in $(seq 1 "$ROUNDS"); do
  if [ $((round % 2)) = 1 ]; then order="benchbase dbharness"; else order="dbharness benchbase"; fi
  for s in $order; do
    locked side "$s" "$round"
  done
done

python3 "$here/lib/tpcc_compare.py" "$OUT/records"
