# Sourced by the benchmark scripts: the machine's benchmark lock, so timed runs of different scripts (and of
# other sessions on a shared machine) never overlap.
#   locked CMD ARGS...   runs CMD holding BENCH_LOCK (default /tmp/dbharness-bench.lock), returns its status
BENCH_LOCK=${BENCH_LOCK:-/tmp/dbharness-bench.lock}

locked() {
  exec 9>> "$BENCH_LOCK"
  flock 9
  local rc=0
  "$@" || rc=$?
  flock -u 9
  exec 9>&-
  return $rc
}
