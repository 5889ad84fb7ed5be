# Sourced by the benchmark scripts: a throw-away influxd of Debian's influxdb package on free loopback ports,
# its data under "$tmp/influx" (the caller's temp directory, removed at exit).
#   start_influxd   starts it and sets INFLUX_URL and influxd_pid; exits 2 if it cannot
#   stop_influxd    stops it when it was started (call from the caller's EXIT trap)

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

start_influxd() {
  command -v influxd >/dev/null || { echo "error: no INFLUX_URL given and no local influxd (apt-get install influxdb)" >&2; exit 2; }
  local port rpc
  port=$(free_port); rpc=$(free_port)
  cat > "$tmp/influxdb.conf" <<CONF
reporting-disabled = true
bind-address = "127.0.0.1:$rpc"
[meta]
  dir = "$tmp/influx/meta"
  logging-enabled = false
[data]
  dir = "$tmp/influx/data"
  wal-dir = "$tmp/influx/wal"
  query-log-enabled = false
[http]
  bind-address = "127.0.0.1:$port"
  log-enabled = false
[monitor]
  store-enabled = false
[continuous_queries]
  enabled = false
CONF
  influxd -config "$tmp/influxdb.conf" > "$tmp/influxd.log" 2>&1 &
  influxd_pid=$!
  INFLUX_URL="http://127.0.0.1:$port"
  for _ in $(seq 1 300); do
    curl -sf -o /dev/null "$INFLUX_URL/ping" && return 0
    sleep 0.1
  done
  echo "error: influxd did not answer at $INFLUX_URL (its log follows)" >&2; cat "$tmp/influxd.log" >&2; exit 2
}

stop_influxd() {
  if [ -n "${influxd_pid:-}" ]; then
    kill "$influxd_pid" 2>/dev/null || true
    wait "$influxd_pid" 2>/dev/null || true
  fi
}
