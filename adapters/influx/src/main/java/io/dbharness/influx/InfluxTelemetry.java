package io.dbharness.influx;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.core.api.ServerTelemetry;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TopStatement;
import io.dbharness.http.Response;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * InfluxDB's own account of a run, from InfluxDB 1.x's {@code /debug/vars} (expvar JSON): each statistic is an
 * object with a {@code name} ({@code httpd}, {@code shard}, {@code tsm1_engine}, {@code tsm1_cache},
 * {@code tsm1_wal}, {@code database}, {@code runtime}), {@code tags} (the {@code database} it belongs to) and
 * {@code values}. Counters are read for the run's database only where the statistic is tagged with it; the HTTP
 * service's counts are the whole server's. InfluxDB has no wait events and no statement statistics: said so.
 * InfluxDB 2's {@code /metrics} (Prometheus text) is not read by this version: said so too.
 *
 * <p>Reference: https://docs.influxdata.com/influxdb/v1/administration/server_monitoring/ and the statistics'
 * names in https://github.com/influxdata/influxdb/blob/1.8/services/httpd/handler.go, tsdb/engine/tsm1/*.go.
 */
final class InfluxTelemetry implements ServerTelemetry {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final InfluxHttp http;
    private final InfluxApi api;
    private final String database;

    InfluxTelemetry(InfluxHttp http, InfluxApi api, String database) {
        this.http = http;
        this.api = api;
        this.database = database;
    }

    @Override
    public Session open() {
        return new V1Session();
    }

    /** One reading of /debug/vars: counters, gauges, the database's shard bytes and points written. */
    record Reading(Map<String, Double> counters, Map<String, Double> gauges, long diskBytes, double pointsWritten) {
    }

    /** Sums the statistics of /debug/vars as a reading; {@code database} picks the tagged ones. */
    static Reading parse(String body, String database) throws java.io.IOException {
        JsonNode root = JSON.readTree(body);
        Map<String, Double> c = new TreeMap<>();
        Map<String, Double> g = new TreeMap<>();
        long disk = 0;
        double points = 0;
        boolean shards = false;
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode stat = e.getValue();
            String name = stat.path("name").asText("");
            JsonNode values = stat.path("values");
            boolean ours = database.equals(stat.path("tags").path("database").asText(null));
            switch (name) {
                case "httpd" -> {
                    add(c, "write_requests", values, "writeReq");
                    add(c, "write_request_bytes", values, "writeReqBytes");
                    add(c, "points_written_ok", values, "pointsWrittenOK");
                    add(c, "points_dropped", values, "pointsWrittenDropped");
                    add(c, "points_failed", values, "pointsWrittenFail");
                    add(c, "client_errors", values, "clientError");
                    add(c, "server_errors", values, "serverError");
                }
                case "shard" -> {
                    if (ours) {
                        shards = true;
                        add(c, "shard_points_written", values, "writePointsOk");
                        add(c, "shard_write_errors", values, "writeReqErr");
                        add(c, "series_created", values, "seriesCreate");
                        disk += values.path("diskBytes").asLong(0);
                        points += values.path("writePointsOk").asDouble(0);
                    }
                }
                case "tsm1_engine" -> {
                    if (ours) {
                        add(c, "cache_compactions", values, "cacheCompactions");
                        for (String level : List.of("tsmLevel1Compactions", "tsmLevel2Compactions", "tsmLevel3Compactions",
                                "tsmOptimizeCompactions", "tsmFullCompactions")) {
                            add(c, "tsm_compactions", values, level);
                        }
                    }
                }
                case "tsm1_cache" -> {
                    if (ours) {
                        add(g, "cache_bytes", values, "memBytes");
                        add(c, "cache_snapshots", values, "snapshotCount");
                    }
                }
                case "tsm1_wal" -> {
                    if (ours) {
                        add(c, "wal_writes", values, "writeOk");
                        add(c, "wal_write_errors", values, "writeErr");
                        add(g, "wal_bytes", values, "currentSegmentDiskBytes");
                        add(g, "wal_bytes", values, "oldSegmentsDiskBytes");
                    }
                }
                case "database" -> {
                    if (ours) {
                        add(g, "series", values, "numSeries");
                        add(g, "measurements", values, "numMeasurements");
                    }
                }
                case "runtime" -> {
                    add(g, "heap_in_use_bytes", values, "HeapInUse");
                    add(g, "heap_alloc_bytes", values, "HeapAlloc");
                }
                default -> {
                }
            }
        }
        return new Reading(c, g, shards ? disk : -1, shards ? points : 0);
    }

    private static void add(Map<String, Double> to, String key, JsonNode values, String field) {
        JsonNode v = values.get(field);
        if (v != null && v.isNumber()) {
            to.merge(key, v.asDouble(), Double::sum);
        }
    }

    /** A session reads /debug/vars once per call: counters and gauges at the interval, sizes at the start and end. */
    final class V1Session implements Session {

        private final Map<String, String> unavailable = java.util.Collections.synchronizedMap(new TreeMap<>());
        private Reading last;
        private boolean broken;

        V1Session() {
            unavailable.put("waits", "InfluxDB has no wait events to sample");
            unavailable.put("statements", "InfluxDB keeps no statistics per statement");
            if (api == InfluxApi.V2) {
                broken = true;
                unavailable.put("debug_vars", "InfluxDB 2's /metrics (Prometheus text) is not read by this version of the harness");
            }
        }

        private Reading read() {
            if (broken) {
                return new Reading(Map.of(), Map.of(), -1, -1);
            }
            try {
                Response r = http.get("/debug/vars", "read /debug/vars");
                if (!r.ok()) {
                    broken = true;
                    unavailable.put("debug_vars", "/debug/vars answered HTTP " + r.status());
                    return new Reading(Map.of(), Map.of(), -1, -1);
                }
                last = parse(r.body(), database);
                return last;
            } catch (TargetException | java.io.IOException | RuntimeException e) {
                broken = true;
                unavailable.put("debug_vars", "/debug/vars could not be read: " + e.getMessage());
                return new Reading(Map.of(), Map.of(), -1, -1);
            }
        }

        @Override
        public String waitSource() {
            return null;
        }

        @Override
        public Map<String, Integer> sampleWaits() {
            return Map.of();
        }

        @Override
        public Map<String, Double> counters() {
            return read().counters();
        }

        /** The levels of the reading the counters just made (read right after them by the engine). */
        @Override
        public Map<String, Double> gauges() {
            return last == null ? Map.of() : last.gauges();
        }

        @Override
        public long storedBytes() {
            return read().diskBytes();
        }

        @Override
        public double pointsWritten() {
            Reading r = last != null ? last : read();
            return broken ? -1 : r.pointsWritten();
        }

        @Override
        public List<TopStatement> statements() {
            return List.of();
        }

        @Override
        public Map<String, String> unavailable() {
            synchronized (unavailable) {
                return Map.copyOf(unavailable);
            }
        }

        @Override
        public void close() {
            // the target's shared HTTP client: nothing of the session's own
        }
    }
}
