#!/usr/bin/env bash
# How the harness's own cost grows: CPU-seconds per million rows and peak RSS of the harness's JVM as one
# dimension grows while the others stay put, on noop and on PostgreSQL.
#
#   benchmarks/scripts/cost-growth.sh                          # every dimension, noop and embedded PostgreSQL, 3 rounds
#   DIMS="devices workers" TARGETS=noop benchmarks/scripts/cost-growth.sh
#   DIMS=length LENGTHS="1m 5m" RATE=100000 benchmarks/scripts/cost-growth.sh
#   benchmarks/scripts/cost-growth.sh --table A.tsv B.tsv      # the medians table of earlier runs' raw figures
#
# Dimensions (DIMS): rows (a tenth of the size, the size, ten times it: what a run's fixed costs, the JIT's
# warm-up first, add per row), devices (1k..1M, rows fixed), metrics (10..5,000, rows x metrics fixed: past 998 the
# values go into the JSON column), workers (1..64), shards (1, 2, 4 processes `--shard I/N` started together;
# figures summed over them), models (telematics, devops, trucks, events, template, file), length (a run paced at
# RATE rows/s for each of LENGTHS: what grows with the run's wall time, not its rows).
# Sizes: NOOP_ROWS (30,000,000) and PG_ROWS (3,000,000) rows a point; the file model reads its rows into
# memory before the run, so it gets FILE_ROWS (1,000,000). RUNNER: the runner command (default: this checkout's
# ./runner, which rebuilds its jar when a source is newer: give a copy's launcher to keep measuring one jar).
# Targets (TARGETS): noop, and postgres: embedded PostgreSQL (a fresh server each run), but the shards need one
# server they all reach: the PG* server, or else a throw-away cluster of Debian's postgresql (lib/postgres.sh).
#
# Figures: the harness's CPU-seconds over the measured run (the result's harnessCpuSeconds: the JVM's own
# accounting, start-up not in it, the JIT's compiling during the run in it; an embedded server's processes
# not in it), per million rows and, for the metrics dimension, per million values (rows x metrics); peak RSS
# of the harness's JVM (GNU time's maximum resident set size: its own, or a waited-for child's if larger,
# which initdb's never is). Rounds interleave the points; medians and ranges are printed, the raw figures are
# kept in RAW (a file; default: /tmp/dbharness-growth-DATE.tsv, named at the end).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

table() { # raw TSV files -> Markdown table of medians and ranges per point
  python3 - "$@" <<'PY'
import statistics, sys
rows = []
for f in sys.argv[1:]:
    for line in open(f):
        p = line.rstrip("\n").split("\t")
        if len(p) == 12 and p[0] != "dim":
            rows.append(p)
points = {}
for dim, value, target, label, rnd, code, nrows, values, cpu, rss, rss_sum, rate in rows:
    points.setdefault((dim, target, value, label), []).append((int(code), int(nrows), int(values), float(cpu), int(rss), int(rss_sum), float(rate)))
def rng(xs, fmt):
    m = statistics.median(xs)
    return fmt % m + ("" if len(xs) < 2 else " (" + fmt % min(xs) + "-" + fmt % max(xs) + ")")
print("| dimension | target | point | runs | rows | CPU-s per M rows | CPU-s per M values | peak RSS MB | rows/s |")
print("|---|---|---|---:|---:|---:|---:|---:|---:|")
for (dim, target, value, label), runs in points.items():
    ok = [r for r in runs if r[0] == 0 and r[1] > 0 and r[3] >= 0]
    failed = len(runs) - len(ok)
    runs_txt = str(len(ok)) + (f" ({failed} failed)" if failed else "")
    if not ok:
        print(f"| {dim} | {target} | {label} | {runs_txt} | | | | | |")
        continue
    per_row = [r[3] * 1e6 / r[1] for r in ok]
    per_value = [r[3] * 1e6 / r[2] for r in ok]
    rss = [r[4] / 1024 for r in ok]
    rss_txt = rng(rss, "%.0f") + ("" if ok[0][5] == ok[0][4] else ", all shards " + rng([r[5] / 1024 for r in ok], "%.0f"))
    print(f"| {dim} | {target} | {label} | {runs_txt} | {statistics.median([r[1] for r in ok]):,.0f} | {rng(per_row, '%.3f')} "
          f"| {'' if dim == 'models' else rng(per_value, '%.4f')} | {rss_txt} | {statistics.median([r[6] for r in ok]):,.0f} |")
PY
}
if [ "${1:-}" = "--table" ]; then
  shift
  [ $# -gt 0 ] || { echo "error: --table needs the raw TSV files of earlier runs" >&2; exit 2; }
  table "$@"
  exit 0
fi
source "$here/lib/args.sh"
script_args "$@"

DIMS=${DIMS:-"rows devices metrics workers shards models length"}
TARGETS=${TARGETS:-"noop postgres"}
ROUNDS=${ROUNDS:-3}
NOOP_ROWS=${NOOP_ROWS:-30000000}
PG_ROWS=${PG_ROWS:-3000000}
FILE_ROWS=${FILE_ROWS:-1000000}
RATE=${RATE:-100000}
LENGTHS=${LENGTHS:-"1m 5m"}
int_at_least ROUNDS "$ROUNDS" 1; int_at_least NOOP_ROWS "$NOOP_ROWS" 100000; int_at_least PG_ROWS "$PG_ROWS" 100000
int_at_least FILE_ROWS "$FILE_ROWS" 1000; int_at_least RATE "$RATE" 1000
for d in $DIMS; do
  case "$d" in rows|devices|metrics|workers|shards|models|length) ;; *) echo "error: DIMS: unknown dimension '$d' (rows devices metrics workers shards models length)" >&2; exit 2;; esac
done
for t in $TARGETS; do
  case "$t" in noop|postgres) ;; *) echo "error: TARGETS: unknown target '$t' (noop postgres)" >&2; exit 2;; esac
done
for l in $LENGTHS; do
  [[ "$l" =~ ^[0-9]+[sm]$ ]] || { echo "error: LENGTHS: '$l' is not a duration like 90s or 5m" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "error: GNU time (/usr/bin/time, Debian's time package) is needed for the peak RSS" >&2; exit 2; }

runner="${RUNNER:-$here/../../runner}"
launcher RUNNER "$runner"
tmp="$(mktemp -d /tmp/dbharness-growth-XXXXXX)"
chmod 755 "$tmp"
source "$here/lib/postgres.sh"
cleanup() {
  trap '' INT TERM HUP # a second signal must not cut the clean-up short
  stop_postgres
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT; trap 'exit 143' TERM; trap 'exit 129' HUP
raw="${RAW:-/tmp/dbharness-growth-$(date -u +%Y%m%d-%H%M%S).tsv}" # kept: --table reads it again
printf 'dim\tvalue\ttarget\tlabel\tround\texit\trows\tvalues\tcpu_s\trss_kb\trss_sum_kb\trows_per_s\n' > "$raw"

"$runner" --help >/dev/null # builds the jar (and its class-data archive) before anything is measured

ts_start="2022-04-18T00:00:00Z"
ts_end() { date -u -d "2022-04-18T00:00:00Z + $1 seconds" +%Y-%m-%dT%H:%M:%SZ; } # start + N seconds
rows_of() { if [ "$1" = noop ]; then echo "$NOOP_ROWS"; else echo "$PG_ROWS"; fi; }
target_flags() { if [ "$1" = noop ]; then echo "--target noop"; else echo "--target postgres"; fi; }

if [[ " $DIMS " == *" models "* ]]; then # the file model's rows: telematics, 10 metrics, written once as CSV
  "$runner" --target file --format csv --output "$tmp/rows.csv" --tag-num 1000 --total-metrics-count 10 \
      --ts-start "$ts_start" --ts-end "$(ts_end $((FILE_ROWS / 1000)))" --no-watch --results "$tmp/r-file" >/dev/null
fi

# Each point: "dim|value|target|label|flags": the label is what the table shows, the flags what the runner gets.
points=()
for t in $TARGETS; do
  R=$(rows_of "$t")
  for d in $DIMS; do
    case "$d" in
      rows) for r in $((R / 10)) "$R" $((R * 10)); do
          points+=("rows|$r|$t|$r rows|--tag-num 10000 --total-metrics-count 10 --ts-start $ts_start --ts-end $(ts_end $((r / 10000)))")
        done;;
      devices) for n in 1000 10000 100000 1000000; do
          points+=("devices|$n|$t|$n devices x $((R / n)) s|--tag-num $n --total-metrics-count 10 --ts-start $ts_start --ts-end $(ts_end $((R / n)))")
        done;;
      metrics) for m in 10 100 1000 5000; do # rows x metrics fixed: R rows of 10 metrics
          rows=$((R * 10 / m))
          points+=("metrics|$m|$t|$m metrics, $rows rows|--tag-num 1000 --total-metrics-count $m --ts-start $ts_start --ts-end $(ts_end $((rows / 1000)))")
        done;;
      workers) for w in 1 4 16 64; do
          points+=("workers|$w|$t|$w workers|--workers $w --tag-num 10000 --total-metrics-count 10 --ts-start $ts_start --ts-end $(ts_end $((R / 10000)))")
        done;;
      shards) for s in 1 2 4; do
          points+=("shards|$s|$t|$s shards|--tag-num 10000 --total-metrics-count 10 --ts-start $ts_start --ts-end $(ts_end $((R / 10000)))")
        done;;
      models)
        points+=("models|telematics|$t|telematics, 10 metrics|--tag-num 10000 --total-metrics-count 10 --ts-start $ts_start --ts-end $(ts_end $((R / 10000)))")
        # devops cpu-only: a row of 10 fields per host every 10 s; trucks: readings and diagnostics per truck every 10 s
        points+=("models|devops|$t|devops cpu-only, 1000 hosts|--generator devops --use-case cpu-only --scale 1000 --ts-start 2016-01-01T00:00:00Z --ts-end $(date -u -d "2016-01-01T00:00:00Z + $((R / 100)) seconds" +%Y-%m-%dT%H:%M:%SZ)")
        points+=("models|trucks|$t|trucks, 1000 trucks|--generator trucks --scale 1000 --ts-start 2016-01-01T00:00:00Z --ts-end $(date -u -d "2016-01-01T00:00:00Z + $((R / 200)) seconds" +%Y-%m-%dT%H:%M:%SZ)")
        points+=("models|events|$t|events, 2 devices|--generator events --devices 2 --num-inserts $((R / 2))")
        points+=("models|template|$t|template, 100000 series|--generator template --series 100000 --points $R")
        points+=("models|file|$t|file (CSV), $FILE_ROWS rows|--generator file --generator-file-paths $tmp/rows.csv");;
      length) for l in $LENGTHS; do
          secs=${l%[sm]}; [[ "$l" == *m ]] && secs=$((secs * 60))
          # enough rows for the whole run at RATE: 10,000 devices, one row a second each
          points+=("length|$secs|$t|$l at $RATE rows/s|--rate $RATE --duration $l --tag-num 10000 --total-metrics-count 10 --ts-start $ts_start --ts-end $(ts_end $((RATE * secs / 10000 + 60)))")
        done;;
    esac
  done
done

if [[ " $DIMS " == *" shards "* && " $TARGETS " == *" postgres "* ]]; then
  start_postgres # shards share one server: the PG* one or a throw-away cluster
  echo "== shards on postgres: $(psql -XAtc 'show server_version') at $PGHOST:$PGPORT"
fi

n=0
# one process: "exit rows values cpu_s rss_kb rows_per_s" of its run
measure() { # result dir, time file, metrics, command...
  local res="$1" tf="$2" m="$3"; shift 3
  local code=0
  /usr/bin/time -f '%M' -o "$tf" "$@" > "$res.out" 2>&1 || code=$?
  python3 - "$res" "$tf" "$m" "$code" <<'PY'
import glob, json, sys
res, tf, m, code = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
rss = open(tf).read().split()[-1]
files = glob.glob(res + "/*.json")
if not files:
    print(code if code != "0" else 1, 0, 0, -1, rss, 0); sys.exit()
r = json.load(open(files[0]))
t = r["totals"]
cpu = r.get("harnessCpuSeconds", -1)
print(code, t["rows"], t["rows"] * m, -1 if cpu is None else cpu, rss, round(t["rowsPerSecond"]))
PY
}

for ((round = 1; round <= ROUNDS; round++)); do
  for p in "${points[@]}"; do
    IFS='|' read -r dim value target label flags <<< "$p"
    n=$((n + 1))
    metrics=10; [ "$dim" = metrics ] && metrics=$value
    [ "$dim" = models ] && metrics=1 # values per row differ by model: per row only
    # shellcheck disable=SC2086 # flags are words by design
    if [ "$dim" = shards ]; then
      shards=$value; group="growth-$$-$n"
      start_at=$(date -u -d "+$((3 + 2 * shards)) seconds" +%Y-%m-%dT%H:%M:%SZ)
      tflags="--target noop"
      [ "$target" = postgres ] && tflags="--target postgres --url jdbc:postgresql://$PGHOST:$PGPORT/$PGDATABASE --user $PGUSER --clean"
      pids=()
      for ((i = 0; i < shards; i++)); do
        measure "$tmp/r-$n-$i" "$tmp/t-$n-$i" "$metrics" "$runner" $tflags $flags --shard "$i/$shards" \
            --run-group "$group" --start-at "$start_at" --no-watch --results "$tmp/r-$n-$i" > "$tmp/m-$n-$i" &
        pids+=($!)
      done
      for pid in "${pids[@]}"; do wait "$pid" || true; done
      # summed over the shards: rows, values, CPU; the largest process's RSS and all of theirs; the run's rows/s
      read -r code rows values cpu rss rss_sum rate < <(cat "$tmp"/m-$n-* | awk '
        { if ($1 != 0) c = $1; r += $2; v += $3; if ($4 < 0) bad = 1; cpu += $4; if ($5 > m) m = $5; s += $5; rate += $6 }
        END { print c + 0, r, v, bad ? -1 : cpu, m, s, rate }')
    else
      # embedded PostgreSQL: the PG* variables (set for the shards' server) would name a server instead
      read -r code rows values cpu rss rate < <(measure "$tmp/r-$n" "$tmp/t-$n" "$metrics" \
          env -u PGHOST -u PGPORT -u PGUSER -u PGPASSWORD -u PGDATABASE "$runner" \
          $(target_flags "$target") $flags --no-watch --results "$tmp/r-$n")
      rss_sum=$rss
    fi
    [ "$dim" = models ] && values=$rows
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$dim" "$value" "$target" "$label" "$round" "$code" \
        "$rows" "$values" "$cpu" "$rss" "$rss_sum" "$rate" >> "$raw"
    if [ "$code" != 0 ]; then
      echo "   round $round, $dim $target $label: exit $code: $(cat "$tmp/r-$n".out "$tmp/r-$n"-*.out 2>/dev/null | grep -m 1 error || echo 'no error line')" >&2
    else
      awk -v c="$cpu" -v r="$rows" -v k="$rss" -v l="$label" -v t="$target" -v d="$dim" -v o="$round" \
          'BEGIN { printf "   round %d, %s %s %s: %.3f CPU-s per M rows, peak RSS %.0f MB\n", o, d, t, l, c * 1e6 / r, k / 1024 }'
    fi
  done
done

echo "== medians of $ROUNDS rounds (ranges in brackets); raw figures: $raw"
table "$raw"
