#!/usr/bin/env bash
# End-to-end: the harness's PostgreSQL ingest against `psql \copy` of the very same rows, in one run,
# and the harness's own ceiling (noop target) on the same flags.
#
#   benchmarks/scripts/pg-ingest-vs-psql.sh            # 10 metrics, 10,000 devices x 60 s = 600,000 rows
#   TAGS=100000 METRICS=100 benchmarks/scripts/pg-ingest-vs-psql.sh
#   HARNESS_FLAGS=--pg-track-commits=false benchmarks/scripts/pg-ingest-vs-psql.sh   # extra flags for the harness runs
#   B_FLAGS="--write-batch-rows 5000" benchmarks/scripts/pg-ingest-vs-psql.sh       # also the harness with these, interleaved
#
# Prints rows/s (medians of ROUNDS interleaved rounds) and the harness's CPU seconds per million rows (its own
# process over the measured run: start-up is not in it, the JIT's compiling during the run is).
#
# Server: the one PGHOST/PGPORT/PGUSER/PGPASSWORD/PGDATABASE name, or else a throw-away cluster of the
# local PostgreSQL installation (Debian's postgresql package), started on a free port and removed at exit.
set -euo pipefail

TAGS=${TAGS:-10000}
METRICS=${METRICS:-10}
TYPE=${TYPE:-float8}
WORKERS=${WORKERS:-2}
ROUNDS=${ROUNDS:-5}
int_at_least() { # name, value, minimum: refused before any server starts
  [[ "$2" =~ ^[0-9]+$ ]] && [ "$2" -ge "$3" ] || { echo "error: $1=$2: expected an integer of at least $3" >&2; exit 2; }
}
int_at_least TAGS "$TAGS" 1; int_at_least METRICS "$METRICS" 1; int_at_least ROUNDS "$ROUNDS" 1
int_at_least WORKERS "$WORKERS" 2 # the second worker count, beside 1
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runner="$here/../../runner"
tmp="$(mktemp -d /tmp/dbharness-bench-XXXXXX)"
chmod 755 "$tmp"
source "$here/lib/postgres.sh"
cleanup() {
  trap '' INT TERM HUP # a second signal (timeout's, the process group's) must not cut the clean-up short
  stop_postgres
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT; trap 'exit 143' TERM; trap 'exit 129' HUP
start_postgres

flags=(--tag-num "$TAGS" --total-metrics-count "$METRICS" --metrics-type "$TYPE"
       --ts-start "2022-04-18 09:00:00" --ts-end "2022-04-18 09:01:00" --no-watch)
# "rows/s:cpu-seconds-per-million-rows" of a result
rate() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("%.0f:%.3f" % (r["totals"]["rowsPerSecond"], r["harnessCpuSeconds"] * 1e6 / r["totals"]["rows"]))' "$(ls "$1"/*.json)"; }
ref=(); h1=(); hn=(); b1=(); bn=(); noop=()

echo "== rows: $TAGS devices x 60 s x $METRICS $TYPE metrics; server: $(psql -XAtc 'show server_version') at $PGHOST:$PGPORT"

"$runner" --target file --format copy-text --output "$tmp/rows.copy" "${flags[@]}" --results "$tmp/r-file" >/dev/null
rows=$(wc -l < "$tmp/rows.copy")

cols="ts timestamp NOT NULL, tag_id integer NOT NULL"
for ((i = 0; i < METRICS && i < 998; i++)); do cols+=", c$i $TYPE"; done
[ "$METRICS" -gt 998 ] && cols+=", ext jsonb"
# Rounds interleave the four measurements so a slow patch of the machine hits them alike; medians are quoted.
for ((round = 1; round <= ROUNDS; round++)); do
  psql -Xqc "DROP TABLE IF EXISTS psql_copy_ref" 2>/dev/null
  psql -Xqc "CREATE TABLE psql_copy_ref ($cols)"
  t0=$(date +%s.%N)
  psql -Xqc "\\copy psql_copy_ref FROM '$tmp/rows.copy'"
  t1=$(date +%s.%N)
  ref+=("$(python3 -c "print('%.0f' % ($rows / ($t1 - $t0)))")")
  for w in 1 "$WORKERS"; do
    rm -rf "$tmp/r"
    "$runner" --target postgres --table-name harness_ref --clean --verify --workers "$w" "${flags[@]}" ${HARNESS_FLAGS:-} --results "$tmp/r" >/dev/null
    [ "$w" = 1 ] && h1+=("$(rate "$tmp/r")") || hn+=("$(rate "$tmp/r")")
    [ -z "${B_FLAGS:-}" ] && continue
    rm -rf "$tmp/r"
    "$runner" --target postgres --table-name harness_ref --clean --verify --workers "$w" "${flags[@]}" ${HARNESS_FLAGS:-} $B_FLAGS --results "$tmp/r" >/dev/null
    [ "$w" = 1 ] && b1+=("$(rate "$tmp/r")") || bn+=("$(rate "$tmp/r")")
  done
  rm -rf "$tmp/r"
  "$runner" --target noop --workers "$WORKERS" "${flags[@]}" --results "$tmp/r" >/dev/null
  noop+=("$(rate "$tmp/r")")
done

python3 - "$rows" "$WORKERS" "${B_FLAGS:-}" "${ref[*]}" "${h1[*]}" "${hn[*]}" "${b1[*]}" "${bn[*]}" "${noop[*]}" <<'PY'
import statistics, sys
rows, w, bflags = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
def parse(a):
    pairs = [x.split(":") for x in a.split()]
    return [int(p[0]) for p in pairs], [float(p[1]) for p in pairs if len(p) > 1]
ref = [int(x) for x in sys.argv[4].split()]
(h1, c1), (hn, cn), (b1, cb1), (bn, cbn), (noop, cnoop) = (parse(a) for a in sys.argv[5:10])
med = statistics.median
def show(name, xs, cpu, what):
    if not xs:
        return
    c = f"  {med(cpu):.3f} CPU-s/M rows" if cpu else ""
    print(f"{name:<34}{med(xs):>12,.0f} rows/s  (min {min(xs):,}, max {max(xs):,})  {what}{c}")
print(f"rows per run: {rows:,}; {len(ref)} rounds, medians")
show("psql \\copy (1 stream)", ref, [], "1.00x")
show("harness postgres, 1 worker", h1, c1, f"{med(h1)/med(ref):.2f}x psql")
show(f"harness postgres, {w} workers", hn, cn, f"{med(hn)/med(ref):.2f}x psql")
if b1:
    show(f"  with {bflags}, 1 worker", b1, cb1, f"{med(b1)/med(ref):.2f}x psql")
    show(f"  with {bflags}, {w} workers", bn, cbn, f"{med(bn)/med(ref):.2f}x psql")
show(f"harness noop, {w} workers", noop, cnoop, f"{med(noop)/max(med(h1), med(hn)):.1f}x the best postgres rate")
PY
