#!/usr/bin/env bash
# End-to-end: the harness's PostgreSQL ingest against `psql \copy` of the very same rows, in one run,
# and the harness's own ceiling (noop target) on the same flags.
#
#   benchmarks/scripts/pg-ingest-vs-psql.sh            # 10 metrics, 10,000 devices x 60 s = 600,000 rows
#   TAGS=100000 METRICS=100 benchmarks/scripts/pg-ingest-vs-psql.sh
#   HARNESS_FLAGS=--pg-track-commits=false benchmarks/scripts/pg-ingest-vs-psql.sh   # extra flags for the harness runs
#
# Server: the one PGHOST/PGPORT/PGUSER/PGPASSWORD/PGDATABASE name, or else a throw-away cluster of the
# local PostgreSQL installation (Debian's postgresql package), started on a free port and removed at exit.
set -euo pipefail

TAGS=${TAGS:-10000}
METRICS=${METRICS:-10}
TYPE=${TYPE:-float8}
WORKERS=${WORKERS:-2}
ROUNDS=${ROUNDS:-3}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runner="$here/../../runner"
tmp="$(mktemp -d /tmp/dbharness-bench-XXXXXX)"
chmod 755 "$tmp"
source "$here/lib/postgres.sh"
cleanup() {
  stop_postgres
  rm -rf "$tmp"
}
trap cleanup EXIT
start_postgres

flags=(--tag-num "$TAGS" --total-metrics-count "$METRICS" --metrics-type "$TYPE"
       --ts-start "2022-04-18 09:00:00" --ts-end "2022-04-18 09:01:00" --no-watch)
rate() { python3 -c 'import json,sys; print("%.0f" % json.load(open(sys.argv[1]))["totals"]["rowsPerSecond"])' "$(ls "$1"/*.json)"; }
ref=(); h1=(); hn=(); noop=()

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
  done
  rm -rf "$tmp/r"
  "$runner" --target noop --workers "$WORKERS" "${flags[@]}" --results "$tmp/r" >/dev/null
  noop+=("$(rate "$tmp/r")")
done

python3 - "$rows" "$WORKERS" "${ref[*]}" "${h1[*]}" "${hn[*]}" "${noop[*]}" <<'PY'
import statistics, sys
rows, w = int(sys.argv[1]), int(sys.argv[2])
ref, h1, hn, noop = ([int(x) for x in a.split()] for a in sys.argv[3:7])
med = statistics.median
def show(name, xs, base, what):
    print(f"{name:<30}{med(xs):>12,.0f} rows/s  (min {min(xs):,}, max {max(xs):,})  {what}")
print(f"rows per run: {rows:,}; {len(ref)} rounds, medians")
show("psql \\copy (1 stream)", ref, None, "1.00x")
show("harness postgres, 1 worker", h1, None, f"{med(h1)/med(ref):.2f}x psql")
show(f"harness postgres, {w} workers", hn, None, f"{med(hn)/med(ref):.2f}x psql")
show(f"harness noop, {w} workers", noop, None, f"{med(noop)/max(med(h1), med(hn)):.1f}x the best postgres rate")
PY
