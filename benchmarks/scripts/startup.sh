#!/usr/bin/env bash
# Start-up and first result: wall time from launching the README's first command to its run's start, its first
# row written and its summary, warm and cold, against `psql -c 'select 1'` and `pgbench -i` on the same machine.
#
#   benchmarks/scripts/startup.sh                                   # 5 interleaved rounds
#   BASE_RUNNER=/path/to/old/runner ROUNDS=7 benchmarks/scripts/startup.sh   # also another build, for before/after
#
# Each round runs these, in an order reversed every other round, holding BENCH_LOCK (flock: no other benchmark
# on the machine meanwhile; once a round, about 20 s, so it waits its turn 5 times, not 35):
#   warm      ./runner (class-data archive, PostgreSQL binaries and data template cached), embedded PostgreSQL
#   no CDS    java -jar runner.jar, the same caches
#   cold      java -jar runner.jar with empty caches (a new machine: binaries unpacked, initdb run)
#   server    ./runner against an already running PostgreSQL (the PG* server or a throw-away Debian cluster)
#   psql      psql -c 'select 1' against that server;  pgbench -i (scale 1: 100,000 rows) against it
#   base      BASE_RUNNER (when given) as warm
# The harness runs the README's command (10,000 devices x 60 s x 10 metrics, --verify) with
# --watch-interval 100ms, so its first row written is known to 0.1 s: the end of the first 100 ms interval
# that holds rows (from the run's start in the result). "summary" is when its last line reaches our pipe; "exit"
# when the process ends (after it the embedded server's stop).
set -euo pipefail

ROUNDS=${ROUNDS:-5}
BENCH_LOCK=${BENCH_LOCK:-/tmp/dbharness-bench.lock}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib/args.sh"
script_args "$@"
int_at_least ROUNDS "$ROUNDS" 1
[ -z "${BASE_RUNNER:-}" ] || launcher BASE_RUNNER "$BASE_RUNNER"
command -v flock >/dev/null || { echo "error: flock (util-linux) is needed to hold $BENCH_LOCK" >&2; exit 2; }
for tool in psql pgbench; do
  command -v "$tool" >/dev/null || { echo "error: $tool is needed (apt-get install postgresql-client postgresql-contrib)" >&2; exit 2; }
done
runner="$here/../../runner"
jar="$here/../../runner-cli/target/runner.jar"
tmp="$(mktemp -d /tmp/dbharness-startup-XXXXXX)"
chmod 755 "$tmp"
source "$here/lib/postgres.sh"
cleanup() {
  trap '' INT TERM HUP
  stop_postgres
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT; trap 'exit 143' TERM; trap 'exit 129' HUP

"$runner" --help >/dev/null # builds the jar and its class-data archive: later starts are warm
start_postgres
pgbench -i -q postgres >/dev/null 2>&1 # its tables once, so each timed -i drops and makes them alike
readme=(--workload iot-insert --tag-num 10000 --total-metrics-count 10 --verify)
echo "== README command: runner ${readme[*]}; server for psql, pgbench and 'server': $(psql -XAtc 'show server_version') at $PGHOST:$PGPORT"

# timed LABEL RESULTS COMMAND...: one line "LABEL start first_row summary exit code" (seconds from launch; - when
# not known), the first three from the run's result file in RESULTS
timed() {
  python3 - "$@" <<'PY'
import glob, json, subprocess, sys, time
from datetime import datetime
label, results, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
t0 = time.time()
p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
summary = None
for line in p.stdout:
    if line.startswith("result:"):
        summary = time.time() - t0
code = p.wait()
end = time.time() - t0
start = first = None
files = glob.glob(results + "/*.json")
if files:
    r = json.load(open(files[0]))
    s = datetime.fromisoformat(r["run"]["start"][:26].rstrip("Z") + "+00:00").timestamp()
    start = s - t0
    ends = [i["endSeconds"] for i in r["intervals"] if sum(g["rows"] for g in i["groups"]) > 0]
    first = start + ends[0] if ends else None
fmt = lambda v: "-" if v is None else "%.3f" % v
print(label, fmt(start), fmt(first), fmt(summary), "%.3f" % end, code)
PY
}

harness() { # label, then the launcher's words; the README's flags and ours follow
  local label="$1" res; shift
  res="$(mktemp -d "$tmp/r-XXXXXX")"
  timed "$label" "$res" "$@" "${readme[@]}" --watch-interval 100ms --results "$res"
}

embedded=(env -u PGHOST -u PGPORT -u PGUSER -u PGPASSWORD -u PGDATABASE) # else the PG* server would be the target
measure() {
  case "$1" in
    warm) harness warm "${embedded[@]}" "$runner";;
    nocds) harness "no-CDS" "${embedded[@]}" java -jar "$jar";;
    cold) rm -rf "$tmp/cold"; mkdir -p "$tmp/cold"; chmod 755 "$tmp/cold"
          harness cold "${embedded[@]}" XDG_CACHE_HOME="$tmp/cold/cache" java -Djava.io.tmpdir="$tmp/cold" -jar "$jar";;
    server) harness server "$runner" --url "jdbc:postgresql://$PGHOST:$PGPORT/$PGDATABASE" --user "$PGUSER" --clean;;
    psql) timed psql "$tmp/none" psql -Xc 'select 1';;
    pgbench) timed "pgbench-i" "$tmp/none" pgbench -i -q postgres;;
    base) harness base "${embedded[@]}" "$BASE_RUNNER";;
  esac
}

kinds=(warm nocds cold server psql pgbench)
[ -n "${BASE_RUNNER:-}" ] && kinds+=(base)
: > "$tmp/times"
exec 9>>"$BENCH_LOCK"
for ((round = 1; round <= ROUNDS; round++)); do
  flock 9
  order=("${kinds[@]}")
  if ((round % 2 == 0)); then order=(); for ((i = ${#kinds[@]} - 1; i >= 0; i--)); do order+=("${kinds[i]}"); done; fi
  for k in "${order[@]}"; do
    measure "$k" | tee -a "$tmp/times" | sed "s/^/   round $round: /"
  done
  flock -u 9
done

echo "== medians of $ROUNDS rounds (ranges), seconds from launch"
python3 - "$tmp/times" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    label, *vals, code = line.split()
    rows.setdefault(label, []).append((vals, code))
print("| command | run starts | first row written | summary | process ends | exits |")
print("|---|---:|---:|---:|---:|---|")
for label, runs in rows.items():
    cells = []
    for col in range(4):
        xs = [float(v[col]) for v, _ in runs if v[col] != "-"]
        cells.append("" if not xs else "%.2f (%.2f-%.2f)" % (statistics.median(xs), min(xs), max(xs)))
    codes = ",".join(sorted({c for _, c in runs}))
    print(f"| {label} | " + " | ".join(cells) + f" | {codes} |")
PY
