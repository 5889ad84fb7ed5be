#!/usr/bin/env bash
# End-to-end: the harness's InfluxDB ingest against curl posting the very same line-protocol bytes, in one
# run, at the same batch size and the same concurrency (1 and 2 streams).
#
#   benchmarks/scripts/influx-ingest-vs-curl.sh          # 10 metrics, 10,000 devices x 60 s
#   TAGS=2000 BATCH_LINES=5000 benchmarks/scripts/influx-ingest-vs-curl.sh
#   INFLUX_URL=http://host:8086 benchmarks/scripts/influx-ingest-vs-curl.sh   # a running InfluxDB 1.x (no auth)
#
# Without INFLUX_URL a throw-away influxd (Debian's influxdb package) is started on free loopback ports with
# its data in a temp dir, and removed at exit. Each run (curl or harness) starts from a dropped database, so
# all of them write into the same empty state. The harness sends nanosecond timestamps here (--precision ns)
# so that both sides post byte-identical bodies; rates count written lines (rows without any value are not
# in the file and are counted as skipped by the harness).
set -euo pipefail

TAGS=${TAGS:-10000}
METRICS=${METRICS:-10}
TYPE=${TYPE:-float8}
BATCH_LINES=${BATCH_LINES:-5000}
WORKERS=${WORKERS:-2}
ROUNDS=${ROUNDS:-3}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runner="$here/../../runner"
tmp="$(mktemp -d /tmp/dbharness-influx-bench-XXXXXX)"
# shellcheck source=lib/influxd.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/influxd.sh"
cleanup() {
  trap '' INT TERM HUP # a second signal (timeout's, the process group's) must not cut the clean-up short
  stop_influxd
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT; trap 'exit 143' TERM; trap 'exit 129' HUP

if [ -z "${INFLUX_URL:-}" ]; then
  start_influxd
fi
version=$(curl -sf -D - -o /dev/null "$INFLUX_URL/ping" | tr -d '\r' | awk -F': ' 'tolower($1)=="x-influxdb-version"{print $2}')
[ -n "$version" ] || { echo "error: no InfluxDB answering at $INFLUX_URL" >&2; exit 2; }

influxql() { curl -sf -XPOST "$INFLUX_URL/query" --data-urlencode "q=$1" >/dev/null; }
flags=(--tag-num "$TAGS" --total-metrics-count "$METRICS" --metrics-type "$TYPE"
       --ts-start "2022-04-18 09:00:00" --ts-end "2022-04-18 09:01:00" --no-watch)
rate() { python3 -c 'import json,sys; print("%.0f" % json.load(open(sys.argv[1]))["totals"]["rowsPerSecond"])' "$(ls "$1"/*.json)"; }

echo "== rows: $TAGS devices x 60 s x $METRICS $TYPE metrics; InfluxDB $version at $INFLUX_URL; $BATCH_LINES lines per post"

"$runner" --target file --format line-protocol --output "$tmp/rows.lp" "${flags[@]}" --results "$tmp/r-file" >/dev/null
rows=$(wc -l < "$tmp/rows.lp")
mkdir "$tmp/parts"
split -l "$BATCH_LINES" -a 6 -d "$tmp/rows.lp" "$tmp/parts/p."
rm "$tmp/rows.lp"

curl_run() { # $1 = concurrency; prints rows/s, checks every post was accepted (204)
  influxql "DROP DATABASE curl_ref"; influxql "CREATE DATABASE curl_ref"
  local t0 t1
  t0=$(date +%s.%N)
  ls "$tmp"/parts/p.* | xargs -P "$1" -I{} curl -s -o /dev/null -w '%{http_code}\n' \
      -H 'Content-Type: text/plain; charset=utf-8' --data-binary @{} \
      "$INFLUX_URL/write?db=curl_ref&precision=ns" > "$tmp/codes.$1"
  t1=$(date +%s.%N)
  if grep -qv '^204$' "$tmp/codes.$1"; then
    echo "error: curl posts refused: $(sort "$tmp/codes.$1" | uniq -c | tr '\n' ' ')" >&2; exit 1
  fi
  python3 -c "print('%.0f' % ($rows / ($t1 - $t0)))"
}

harness_run() { # $1 = workers; prints rows/s
  influxql "DROP DATABASE harness_ref"
  rm -rf "$tmp/r-influx$1"
  "$runner" --target influx --influx-url "$INFLUX_URL" --influx-database harness_ref --verify --workers "$1" \
      --batch-lines "$BATCH_LINES" --precision ns ${HARNESS_FLAGS:-} "${flags[@]}" --results "$tmp/r-influx$1" >/dev/null
  rate "$tmp/r-influx$1"
}

questdb_run() { # same harness flags into embedded QuestDB (its own line-protocol endpoint); prints rows/s
  rm -rf "$tmp/r-questdb"
  "$runner" --target questdb --verify --workers "$WORKERS" --batch-lines "$BATCH_LINES" "${flags[@]}" \
      --results "$tmp/r-questdb" >/dev/null
  rate "$tmp/r-questdb"
}

# Rounds interleave the measurements so a slow patch of the machine hits them alike; medians are quoted.
c1=(); c2=(); h1=(); h2=()
for ((round = 1; round <= ROUNDS; round++)); do
  c1+=("$(curl_run 1)"); c2+=("$(curl_run 2)")
  h1+=("$(harness_run 1)"); h2+=("$(harness_run 2)")
done
q=$(questdb_run)

python3 - "$rows" "${c1[*]}" "${c2[*]}" "${h1[*]}" "${h2[*]}" "$q" "$WORKERS" <<'PY'
import statistics, sys
rows = int(sys.argv[1])
c1, c2, h1, h2 = ([int(x) for x in a.split()] for a in sys.argv[2:6])
q, w = int(sys.argv[6]), sys.argv[7]
med = statistics.median
def show(name, xs, what=""):
    print(f"{name:<30}{med(xs):>12,.0f} rows/s  (min {min(xs):,}, max {max(xs):,})  {what}")
print(f"lines (rows with a value): {rows:,}; {len(c1)} rounds, medians")
show("curl, 1 stream", c1)
show("curl, 2 streams", c2)
show("harness influx, 1 worker", h1, f"{med(h1)/med(c1):.2f}x curl at 1")
show("harness influx, 2 workers", h2, f"{med(h2)/med(c2):.2f}x curl at 2")
print(f"{'harness questdb (embedded), ' + w + ' workers':<30}{q:>12,} rows/s  same flags, one run")
PY
