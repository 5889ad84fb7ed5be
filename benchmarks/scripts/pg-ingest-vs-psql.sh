#!/usr/bin/env bash
# End-to-end: the harness's PostgreSQL ingest against `psql \copy` of the very same rows, in one run, against the
# server's own ceiling (a server-side `COPY ... FROM 'file' (FORMAT binary)` of those rows: no client at all, at 1
# and WORKERS concurrent COPYs, the rows split by device as the workers split them), and the harness's own ceiling
# (noop target) on the same flags.
#
#   benchmarks/scripts/pg-ingest-vs-psql.sh            # 10 metrics, 10,000 devices x 60 s = 600,000 rows
#   TAGS=100000 METRICS=100 benchmarks/scripts/pg-ingest-vs-psql.sh
#   HARNESS_FLAGS=--pg-track-commits=false benchmarks/scripts/pg-ingest-vs-psql.sh   # extra flags for the harness runs
#   B_FLAGS="--write-batch-rows 5000" benchmarks/scripts/pg-ingest-vs-psql.sh       # also the harness with these, interleaved
#
# Prints rows/s (medians of ROUNDS interleaved rounds, min and max), the harness's CPU seconds per million rows (its
# own process over the measured run: start-up is not in it, the JIT's compiling during the run is), the host's CPU
# busy share over each side's timed part and, on the throw-away cluster, the server's CPU seconds per million rows
# (every PostgreSQL process's, from /proc, over each side's whole run: the harness's table creation, telemetry and
# --verify count included; each reference ends with the same count) and the wait events of the harness's backends
# (its result's pg_stat_activity samples). Each round holds BENCH_LOCK (lib/lock.sh); the order of the sides
# alternates by round.
#
# The server-side COPY reads files the file target wrote (--format copy-binary, what the postgres target sends),
# split by lib/split_copy_binary.py for the concurrent COPYs: it needs a superuser and a server that can read this
# host's /tmp. Where it cannot (a server on another host), it is left out, and said to be.
#
# Server: the one PGHOST/PGPORT/PGUSER/PGPASSWORD/PGDATABASE name, or else a throw-away cluster of the
# local PostgreSQL installation (Debian's postgresql package), started on a free port and removed at exit.
set -euo pipefail

TAGS=${TAGS:-10000}
METRICS=${METRICS:-10}
TYPE=${TYPE:-float8}
WORKERS=${WORKERS:-2}
ROUNDS=${ROUNDS:-5}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib/args.sh"
script_args "$@"
int_at_least TAGS "$TAGS" 1; int_at_least METRICS "$METRICS" 1; int_at_least ROUNDS "$ROUNDS" 1
int_at_least WORKERS "$WORKERS" 2 # the second worker count, beside 1
runner="$here/../../runner"
tmp="$(mktemp -d /tmp/dbharness-bench-XXXXXX)"
chmod 755 "$tmp"
source "$here/lib/postgres.sh"
source "$here/lib/lock.sh"
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
# "rows/s:harness CPU-s per M rows:server CPU-s per M rows:host CPU busy %:waits" of a result (the server's CPU from
# $1/server-cpu; the host's busy share, user and system, is the harness's sampling over its measured run)
rate() {
  python3 - "$(ls "$1"/*.json)" "$(cat "$1/server-cpu" 2>/dev/null)" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
rows = r["totals"]["rows"]
server = sys.argv[2]
w = ((r.get("resources") or {}).get("server") or {}).get("waits") or {}
n = sum(w.values())
waits = ",".join(f"{k.replace(' ', '_')}={v / n * 100:.0f}%" for k, v in sorted(w.items(), key=lambda kv: -kv[1])[:4]) if n else ""
h = (r.get("resources") or {}).get("mean") or {}  # the host's figures over the measured run
busy = "%.0f" % (h["cpuUserPercent"] + h["cpuSystemPercent"]) if h.get("cpuUserPercent") is not None else ""
print("%.0f:%.3f:%s:%s:%s" % (r["totals"]["rowsPerSecond"], r["harnessCpuSeconds"] * 1e6 / rows,
                              "%.3f" % (float(server) * 1e6 / rows) if server else "", busy, waits))
PY
}
host_ticks() { # "busy total" clock ticks of every CPU so far (/proc/stat: busy is all but idle and iowait)
  awk '/^cpu / { t = 0; for (i = 2; i <= NF; i++) t += $i; print t - $5 - $6, t; exit }' /proc/stat
}
cpu_since() { local now; now=$(server_cpu_seconds); [ -n "$now" ] && [ -n "$1" ] && python3 -c "print('%.2f' % ($now - $1))"; }

echo "== rows: $TAGS devices x 60 s x $METRICS $TYPE metrics; server: $(psql -XAtc 'show server_version') at $PGHOST:$PGPORT"

cols="ts timestamp NOT NULL, tag_id integer NOT NULL"
for ((i = 0; i < METRICS && i < 998; i++)); do cols+=", c$i $TYPE"; done
[ "$METRICS" -gt 998 ] && cols+=", ext jsonb"

prepare() { # the rows: COPY text for psql \copy, binary for the server's COPY (whole, and split by device)
  "$runner" --target file --format copy-text --output "$tmp/rows.copy" "${flags[@]}" --results "$tmp/r-file" >/dev/null
  rows=$(wc -l < "$tmp/rows.copy")
  "$runner" --target file --format copy-binary --output "$tmp/rows.bin" "${flags[@]}" --results "$tmp/r-file" >/dev/null
  split_rows=$(python3 "$here/lib/split_copy_binary.py" "$tmp/rows.bin" "$WORKERS" "$tmp/rows-")
  chmod 644 "$tmp"/rows*
  # the server's COPY reads the file itself: a superuser on a server that sees this host's files
  psql -Xqc "SET client_min_messages = warning" -c "DROP TABLE IF EXISTS server_copy_ref" -c "CREATE TABLE server_copy_ref ($cols)"
  if ! err=$(psql -Xq -v ON_ERROR_STOP=1 -c "COPY server_copy_ref FROM '$tmp/rows-0.bin' (FORMAT binary)" 2>&1); then
    server_copy=""
    echo "server-side COPY: not measured (${err//$'\n'/ })"
  else
    server_copy=1
  fi
}
psql_copy() {
  psql -Xqc "SET client_min_messages = warning" -c "DROP TABLE IF EXISTS psql_copy_ref" -c "CREATE TABLE psql_copy_ref ($cols)"
  local t0 t1 c0 cpu b0 b1; c0=$(server_cpu_seconds)
  b0=$(host_ticks); t0=$(date +%s.%N)
  psql -Xqc "\\copy psql_copy_ref FROM '$tmp/rows.copy'"
  t1=$(date +%s.%N); b1=$(host_ticks)
  count_check psql_copy_ref
  sleep 0.3 # the backend exits and is reaped: its CPU is then in the postmaster's account
  cpu=$(cpu_since "$c0" || true)
  ref+=("$(figure "$t0" "$t1" "$cpu" "$b0" "$b1")")
  psql -Xqc "DROP TABLE psql_copy_ref"
}
count_check() { # $1 table: holds every row (the count the harness's --verify makes, so the server's CPU compares)
  local n; n=$(psql -XAtc "SELECT count(*) FROM $1")
  [ "$n" = "$rows" ] || { echo "error: $1 holds $n rows, not $rows" >&2; exit 1; }
}
figure() { # $1 $2 start and end (s), $3 the server's CPU seconds or empty, $4 $5 host_ticks at start and end:
  # "rows/s::server CPU-s per M rows:host CPU busy %:"
  python3 - "$rows" "$@" <<'PY'
import sys
rows, t0, t1, cpu, b0, b1 = sys.argv[1:]
(busy0, total0), (busy1, total1) = (map(int, b.split()) for b in (b0, b1))
print("%.0f::%s:%.0f:" % (int(rows) / (float(t1) - float(t0)), "%.3f" % (float(cpu) * 1e6 / int(rows)) if cpu else "",
                          (busy1 - busy0) * 100 / max(total1 - total0, 1)))
PY
}
server_copies() { # $1 concurrent COPYs: the whole file, or the files split by device
  [ -n "$server_copy" ] || return 0
  psql -Xqc "SET client_min_messages = warning" -c "DROP TABLE IF EXISTS server_copy_ref" -c "CREATE TABLE server_copy_ref ($cols)"
  local files=("$tmp/rows.bin") t0 t1 c0 f n total=0 cpu b0 b1
  [ "$1" = 1 ] || files=("$tmp"/rows-*.bin)
  c0=$(server_cpu_seconds)
  b0=$(host_ticks); t0=$(date +%s.%N)
  for f in "${files[@]}"; do psql -XAtc "COPY server_copy_ref FROM '$f' (FORMAT binary)" > "$f.out" & done
  wait
  t1=$(date +%s.%N); b1=$(host_ticks)
  count_check server_copy_ref
  sleep 0.3 # the backends exit and are reaped: their CPU is then in the postmaster's account
  cpu=$(cpu_since "$c0" || true)
  for f in "${files[@]}"; do n=$(sed -n 's/^COPY //p' "$f.out"); total=$((total + ${n:-0})); done
  [ "$total" = "$rows" ] || { echo "error: the server's COPY loaded $total rows, not $rows" >&2; exit 1; }
  local fig; fig=$(figure "$t0" "$t1" "$cpu" "$b0" "$b1")
  [ "$1" = 1 ] && s1+=("$fig") || sn+=("$fig")
  psql -Xqc "DROP TABLE server_copy_ref"
}
harness() { # $1 workers, $2 extra flags (B_FLAGS) or none
  rm -rf "$tmp/r"; mkdir -p "$tmp/r"
  local c0; c0=$(server_cpu_seconds)
  # shellcheck disable=SC2086
  "$runner" --target postgres --table-name harness_ref --clean --verify --workers "$1" "${flags[@]}" ${HARNESS_FLAGS:-} ${2:-} --results "$tmp/r" >/dev/null
  sleep 0.3
  cpu_since "$c0" > "$tmp/r/server-cpu" || true
  local fig; fig=$(rate "$tmp/r")
  psql -Xqc "DROP TABLE harness_ref"
  case "$1:${2:+b}" in
    1:) h1+=("$fig") ;; 1:b) b1+=("$fig") ;; *:b) bn+=("$fig") ;; *) hn+=("$fig") ;;
  esac
}
noop_run() {
  rm -rf "$tmp/r"
  "$runner" --target noop --workers "$WORKERS" "${flags[@]}" --results "$tmp/r" >/dev/null
  noop+=("$(rate "$tmp/r")")
}
round() { # $1: the round; odd rounds the references first, even rounds the harness first
  local refs=(psql_copy "server_copies 1" "server_copies $WORKERS") ours=("harness 1" "harness $WORKERS") s
  [ -n "${B_FLAGS:-}" ] && ours+=("harness 1 '$B_FLAGS'" "harness $WORKERS '$B_FLAGS'")
  ours+=(noop_run)
  if [ $(($1 % 2)) = 1 ]; then order=("${refs[@]}" "${ours[@]}"); else order=("${ours[@]}" "${refs[@]}"); fi
  for s in "${order[@]}"; do eval "$s"; done
}

ref=(); s1=(); sn=(); h1=(); hn=(); b1=(); bn=(); noop=()
locked prepare # writing the files is heavy too: under the lock, so it slows no one else's timed run
echo "rows per run: $rows; split by device for $WORKERS COPYs: $split_rows"
for ((round_no = 1; round_no <= ROUNDS; round_no++)); do
  locked round "$round_no"
done

python3 - "$WORKERS" "${B_FLAGS:-}" "${ref[*]}" "${s1[*]}" "${sn[*]}" "${h1[*]}" "${hn[*]}" "${b1[*]}" "${bn[*]}" "${noop[*]}" <<'PY'
import statistics, sys, collections
w, bflags = int(sys.argv[1]), sys.argv[2]
def parse(a):  # rows/s, harness CPU-s/M rows, server CPU-s/M rows, host CPU busy %, waits per run
    runs = [x.split(":", 4) for x in a.split()]
    return ([int(r[0]) for r in runs], [float(r[1]) for r in runs if r[1]], [float(r[2]) for r in runs if r[2]],
            [float(r[3]) for r in runs if r[3]], [r[4] for r in runs if r[4]])
ref, s1, sn, h1, hn, b1, bn, noop = (parse(a) for a in sys.argv[3:11])
med = statistics.median
def waits(ws):  # the share of each wait event over the runs (each run's shares averaged)
    acc = collections.Counter()
    for run in ws:
        for kv in run.split(","):
            k, v = kv.rsplit("=", 1)
            acc[k] += float(v.rstrip("%")) / len(ws)
    return ", ".join(f"{k} {v:.0f}%" for k, v in acc.most_common(3))
def show(name, fig, vs):
    xs, hcpu, scpu, busy, ws = fig
    if not xs:
        return
    ratios = "  ".join(f"{med(xs) / med(v[0]):.2f}x {n}" for n, v in vs if v[0])
    cpu = (f"  harness {med(hcpu):.3f}" if hcpu else "") + (f"  server {med(scpu):.3f} CPU-s/M rows" if scpu else "") \
        + (f"  host {med(busy):.0f}% busy" if busy else "")
    print(f"{name:<34}{med(xs):>12,.0f} rows/s  ({min(xs):,}..{max(xs):,})  {ratios}{cpu}")
    if ws:
        print(f"{'':<34}  waits of its backends: {waits(ws)}")
print(f"{len(ref[0])} rounds, medians (min..max)")
show("psql \\copy (1 stream)", ref, [])
show("server COPY FROM file, 1", s1, [("psql", ref)])
show(f"server COPY FROM file, {w} at once", sn, [("psql", ref)])
show("harness postgres, 1 worker", h1, [("psql", ref), ("server COPY 1", s1)])
show(f"harness postgres, {w} workers", hn, [("psql", ref), (f"server COPY {w}", sn)])
if b1[0]:
    show(f"  with {bflags}, 1 worker", b1, [("psql", ref), ("server COPY 1", s1)])
    show(f"  with {bflags}, {w} workers", bn, [("psql", ref), (f"server COPY {w}", sn)])
if noop[0] and (h1[0] or hn[0]):
    print(f"harness noop, {w} workers{'':<11}{med(noop[0]):>12,.0f} rows/s  ({min(noop[0]):,}..{max(noop[0]):,})  "
          f"{med(noop[0]) / max(med(h1[0]), med(hn[0])):.1f}x the best postgres rate  harness {med(noop[1]):.3f} CPU-s/M rows")
PY
