# Sourced by the benchmark scripts: the PostgreSQL that PGHOST/PGPORT/PGUSER/PGPASSWORD/PGDATABASE name, or
# else a throw-away cluster of the local installation (Debian's postgresql package) on a free loopback port,
# under "$tmp/pg" (the caller's temp directory, removed at exit).
#   start_postgres   exports PGHOST, PGPORT, PGUSER, PGDATABASE for it; exits 2 if there is none
#   stop_postgres    stops the throw-away cluster when one was started (call from the caller's EXIT trap)
# Knobs for the throw-away cluster (ignored when PGHOST names a server):
#   PG_PRELOAD=pg_stat_statements   its shared_preload_libraries (the extension is then created in "postgres")
#   PG_SETTINGS="-c shared_buffers=1GB -c max_connections=200"   more server settings, as postgres -c flags

as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

start_postgres() {
  [ -n "${PGHOST:-}" ] && return 0
  pgbin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  [ -x "$pgbin/initdb" ] || { echo "error: no PGHOST given and no local PostgreSQL (apt-get install postgresql)" >&2; exit 2; }
  local pgdir="$tmp/pg"    # owned by the server's user: cluster, log and socket
  cluster="$pgdir/cluster"
  local port
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  mkdir -p "$cluster"
  [ "$(id -u)" = 0 ] && chown -R postgres "$pgdir"
  as_pg "$pgbin/initdb" -A trust -U postgres -D "$cluster" --locale=C >/dev/null
  as_pg "$pgbin/pg_ctl" start -w -D "$cluster" -l "$pgdir/server.log" \
      -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$pgdir${PG_PRELOAD:+ -c shared_preload_libraries=$PG_PRELOAD} ${PG_SETTINGS:-}" >/dev/null
  export PGHOST=127.0.0.1 PGPORT=$port PGUSER=postgres PGDATABASE=postgres
  if [[ ",${PG_PRELOAD:-}," == *,pg_stat_statements,* ]]; then
    psql -Xqc "CREATE EXTENSION IF NOT EXISTS pg_stat_statements" >/dev/null
  fi
}

stop_postgres() {
  if [ -n "${cluster:-}" ]; then
    as_pg "$pgbin/pg_ctl" stop -m fast -D "$cluster" >/dev/null 2>&1 || true
  fi
}

# The CPU seconds the throw-away cluster's processes have used so far: the postmaster's own and its reaped
# children's (backends that have exited), plus its live children's (/proc, the kernel's accounting of each
# process). Empty when PGHOST names a server (its processes are not ours to read).
server_cpu_seconds() {
  [ -n "${cluster:-}" ] && [ -f "$cluster/postmaster.pid" ] || return 0
  python3 - "$(head -n 1 "$cluster/postmaster.pid")" <<'PY'
import os, sys
pm, hz = sys.argv[1], os.sysconf("SC_CLK_TCK")
def fields(pid):
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()  # after the command name, which may hold spaces
ticks = sum(int(x) for x in fields(pm)[11:15])  # utime stime cutime cstime
for pid in os.listdir("/proc"):
    if pid.isdigit() and pid != pm:
        try:
            f = fields(pid)
        except OSError:
            continue  # exited meanwhile: its time is in the postmaster's cutime once reaped
        if f[1] == pm:
            ticks += int(f[11]) + int(f[12])
print(f"{ticks / hz:.2f}")
PY
}
