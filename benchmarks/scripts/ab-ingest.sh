#!/usr/bin/env bash
# A/B: two runner jars side by side on the same ingest, interleaved, to see what a change costs.
#
#   BASE_JAR=/tmp/base/runner.jar NEW_JAR=/tmp/new/runner.jar benchmarks/scripts/ab-ingest.sh
#   TARGETS="influx questdb postgres" WORKERS="1 2" ROUNDS=5 BASE_JAR=... NEW_JAR=... benchmarks/scripts/ab-ingest.sh
#
# For every target in TARGETS (default "influx questdb") and worker count in WORKERS (default "1 2"), each round
# runs both jars with identical flags (default 10,000 devices x 60 s x 10 float8 metrics, --verify --clean
# --no-watch), base first in odd rounds and new first in even ones, so that a slow patch of the machine hits
# both alike. It prints, per target and worker count, the median of totals.rowsPerSecond of each jar and the
# NEW/BASE ratio (of the medians, and the median of each round's own ratio), with the median CPU seconds of the
# runner process of each. A run that fails (or whose --verify fails) stops the script with its last lines.
#
# Servers: influx uses INFLUX_URL (InfluxDB 1.x, no auth) or else a throw-away influxd of Debian's influxdb
# package on free loopback ports; questdb runs embedded; postgres uses the PG* variables or, without them,
# the harness's embedded PostgreSQL. Any other target gets no connection flags (give them in EXTRA_FLAGS).
# The jars are copied first, so a rebuild during the run does not change what is measured.
set -euo pipefail

[ -f "${BASE_JAR:-}" ] && [ -f "${NEW_JAR:-}" ] || {
  echo "usage: BASE_JAR=base/runner.jar NEW_JAR=new/runner.jar $0   (optional: TARGETS WORKERS ROUNDS TAGS METRICS TYPE EXTRA_FLAGS DBHARNESS_JAVA_OPTS INFLUX_URL)" >&2
  exit 2
}
TARGETS=${TARGETS:-influx questdb}
WORKERS=${WORKERS:-1 2}
ROUNDS=${ROUNDS:-3}
TAGS=${TAGS:-10000}
METRICS=${METRICS:-10}
TYPE=${TYPE:-float8}
tmp="$(mktemp -d /tmp/dbharness-ab-XXXXXX)"
# shellcheck source=lib/influxd.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/influxd.sh"
cleanup() {
  trap '' INT TERM HUP # a second signal (timeout's, the process group's) must not cut the clean-up short
  stop_influxd
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT; trap 'exit 143' TERM; trap 'exit 129' HUP
cp "$BASE_JAR" "$tmp/base.jar"
cp "$NEW_JAR" "$tmp/new.jar"

if [[ " $TARGETS " == *" influx "* ]] && [ -z "${INFLUX_URL:-}" ]; then
  start_influxd
fi

target_flags() { # connection flags per target, one per line
  case "$1" in
    influx) printf '%s\n' --influx-url "$INFLUX_URL" --influx-database ab_ingest ;;
    *) ;; # questdb: embedded; postgres: the PG* variables or embedded
  esac
}

flags=(--tag-num "$TAGS" --total-metrics-count "$METRICS" --metrics-type "$TYPE"
       --ts-start "2022-04-18 09:00:00" --ts-end "2022-04-18 09:01:00" --verify --clean --no-watch)
rate() { python3 -c 'import json,sys; print("%.0f" % json.load(open(sys.argv[1]))["totals"]["rowsPerSecond"])' "$(ls "$1"/*.json)"; }

# CPU seconds (user + system) of the whole runner process, as a second figure less sensitive to a busy machine
# than rows/s: for influx it is the client side alone (influxd runs apart); for the embedded servers it
# includes the server. Needs GNU time (Debian's "time" package); without it the column shows 0.
if [ -x /usr/bin/time ]; then timed=(/usr/bin/time -f "%U %S" -o); else timed=(); fi

run() { # $1 = base|new, $2 = target, $3 = workers, $4 = round; appends "target workers jar rate cpu" to the tally
  local dir="$tmp/r-$2-w$3-$1-$4" tf cpu=0
  mapfile -t tf < <(target_flags "$2")
  # shellcheck disable=SC2086 # EXTRA_FLAGS and the JVM options are word lists on purpose
  if ! "${timed[@]}" ${timed:+"$dir.cpu"} java ${DBHARNESS_JAVA_OPTS:-} -jar "$tmp/$1.jar" --target "$2" "${tf[@]}" \
      --workers "$3" "${flags[@]}" ${EXTRA_FLAGS:-} --results "$dir" > "$dir.log" 2>&1; then
    echo "error: $1 jar, --target $2 --workers $3 (round $4) failed:" >&2
    tail -n 5 "$dir.log" >&2
    exit 1
  fi
  [ -f "$dir.cpu" ] && cpu=$(awk 'END { print $1 + $2 }' "$dir.cpu")
  echo "$2 $3 $1 $(rate "$dir") $cpu" >> "$tmp/tally"
}

echo "== A/B ingest: $TAGS devices x 60 s x $METRICS $TYPE metrics, --verify --clean; targets: $TARGETS; workers: $WORKERS; $ROUNDS rounds"
echo "   BASE $BASE_JAR ($(stat -c %s "$BASE_JAR") bytes)"
echo "   NEW  $NEW_JAR ($(stat -c %s "$NEW_JAR") bytes)"
[ -n "${INFLUX_URL:-}" ] && [[ " $TARGETS " == *" influx "* ]] && echo "   influx at $INFLUX_URL"
echo "   load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((round = 1; round <= ROUNDS; round++)); do
  for target in $TARGETS; do
    for w in $WORKERS; do
      if ((round % 2)); then run base "$target" "$w" "$round"; run new "$target" "$w" "$round"
      else run new "$target" "$w" "$round"; run base "$target" "$w" "$round"; fi
    done
  done
  echo "   round $round of $ROUNDS done"
done
echo "   load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$tmp/tally" <<'PY'
import collections, statistics, sys
runs, cpu = collections.defaultdict(list), collections.defaultdict(list)
order = []
for line in open(sys.argv[1]):
    target, workers, jar, rate, seconds = line.split()
    if (target, workers) not in order:
        order.append((target, workers))
    runs[(target, workers, jar)].append(int(rate))
    cpu[(target, workers, jar)].append(float(seconds))
med = statistics.median
# NEW/BASE is the ratio of the medians; "paired" the median of each round's own ratio (the two runs of a round
# are back to back, so a machine that slows down for a while moves both): read both, trust them when they agree
print(f"{'target':<10}{'workers':>8}{'BASE rows/s':>14}{'NEW rows/s':>14}{'NEW/BASE':>10}{'paired':>8}"
      f"{'CPU s B/N':>14}   rows/s per round (base | new)")
for target, workers in order:
    k = (target, workers)
    b, n = runs[k + ("base",)], runs[k + ("new",)]
    paired = med([y / x for x, y in zip(b, n)])
    print(f"{target:<10}{workers:>8}{med(b):>14,.0f}{med(n):>14,.0f}{med(n) / med(b):>10.3f}{paired:>8.3f}"
          f"{med(cpu[k + ('base',)]):>8.1f}/{med(cpu[k + ('new',)]):<5.1f}   "
          f"{' '.join(f'{x:,}' for x in b)} | {' '.join(f'{x:,}' for x in n)}")
PY
