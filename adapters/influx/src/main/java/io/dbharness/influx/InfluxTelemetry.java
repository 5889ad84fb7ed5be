package io.dbharness.influx;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.core.api.MetricCatalogue;
import io.dbharness.core.api.ServerTelemetry;
import io.dbharness.core.api.TargetException;
import io.dbharness.http.Response;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * InfluxDB's own account of a run. InfluxDB 1.x: {@code /debug/vars} (expvar JSON): each statistic is an object
 * with a {@code name} ({@code httpd}, {@code shard}, {@code tsm1_engine}, {@code tsm1_cache}, {@code tsm1_wal},
 * {@code database}, {@code runtime}), {@code tags} (the {@code database} it belongs to) and {@code values}.
 * InfluxDB 2.x (the v2 API): {@code /metrics} (Prometheus text), whose storage metrics carry the bucket's id as
 * {@code bucket}. Either way counters are read for the run's database or bucket where the server tags them with
 * it; the HTTP service's counts are the whole server's, and both are reported under the same names. InfluxDB has
 * no wait events and no statement statistics: said so.
 *
 * <p>References: https://docs.influxdata.com/influxdb/v1/administration/server_monitoring/ and the statistics'
 * names in https://github.com/influxdata/influxdb/blob/1.8/services/httpd/handler.go, tsdb/engine/tsm1/*.go;
 * https://docs.influxdata.com/influxdb/v2/reference/internals/metrics/.
 */
final class InfluxTelemetry implements ServerTelemetry {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final InfluxHttp http;
    private final InfluxApi api;
    private final String database;
    private final StoreAdmin admin;

    /** @param admin the v2 API's, which finds the bucket's id; unused on v1 */
    InfluxTelemetry(InfluxHttp http, InfluxApi api, String database, StoreAdmin admin) {
        this.http = http;
        this.api = api;
        this.database = database;
        this.admin = admin;
    }

    @Override
    public Session open() {
        return api == InfluxApi.V2 ? new MetricsSession() : new DebugVarsSession();
    }

    /**
     * One reading: counters, gauges, the database's (bucket's) shard bytes and points written.
     *
     * @param note what of the answer could not be read, or null
     */
    record Reading(Map<String, Double> counters, Map<String, Double> gauges, long diskBytes, double pointsWritten,
                   String note) {
        Reading(Map<String, Double> counters, Map<String, Double> gauges, long diskBytes, double pointsWritten) {
            this(counters, gauges, diskBytes, pointsWritten, null);
        }
    }

    /** Sums the statistics of /debug/vars as a reading; {@code database} picks the tagged ones. */
    static Reading parseDebugVars(String body, String database) throws java.io.IOException {
        JsonNode root = JSON.readTree(body);
        Map<String, Double> c = new TreeMap<>();
        Map<String, Double> g = new TreeMap<>();
        long disk = 0;
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
        return new Reading(c, g, shards ? disk : -1, shards ? c.getOrDefault("shard_points_written", 0.0) : 0);
    }

    /**
     * Sums InfluxDB 2's /metrics as a reading under the names /debug/vars gives; {@code bucketId} picks the storage
     * metrics of the run's bucket (none when it is null: the bucket does not exist yet). Null when the text has none
     * of InfluxDB 2's storage writer metrics (another product on the v2 API).
     */
    static Reading parseMetrics(String body, String bucketId) {
        Map<String, Double> c = new TreeMap<>();
        Map<String, Double> g = new TreeMap<>();
        long disk = 0;
        boolean shards = false;
        boolean known = false;
        PrometheusText.Parsed parsed = PrometheusText.parse(body, n -> n.startsWith("storage_") || n.startsWith("http_api_requests")
                || n.startsWith("go_memstats_heap"));
        for (PrometheusText.Sample m : parsed.samples()) {
            String name = m.name();
            double v = m.value();
            if (name.startsWith("storage_writer_")) {
                known = true;
            }
            switch (name) {
                case "http_api_requests_total" -> {
                    String path = m.label("path");
                    if ("/api/v2/write".equals(path) || "/write".equals(path)) {
                        c.merge("write_requests", v, Double::sum);
                    }
                    if ("4XX".equals(m.label("status"))) {
                        c.merge("client_errors", v, Double::sum);
                    } else if ("5XX".equals(m.label("status"))) {
                        c.merge("server_errors", v, Double::sum);
                    }
                }
                case "storage_writer_ok_points_sum" -> c.merge("points_written_ok", v, Double::sum);
                case "storage_writer_dropped_points_sum" -> c.merge("points_dropped", v, Double::sum);
                case "storage_writer_err_points_sum" -> c.merge("points_failed", v, Double::sum);
                case "go_memstats_heap_inuse_bytes" -> g.merge("heap_in_use_bytes", v, Double::sum);
                case "go_memstats_heap_alloc_bytes" -> g.merge("heap_alloc_bytes", v, Double::sum);
                default -> {
                    if (bucketId == null || !bucketId.equals(m.label("bucket"))) {
                        continue;
                    }
                    switch (name) {
                        case "storage_shard_write_sum" -> {
                            shards = true;
                            c.merge("shard_points_written", v, Double::sum);
                        }
                        case "storage_shard_disk_size" -> {
                            shards = true;
                            disk += (long) v;
                        }
                        case "storage_shard_write_err_count" -> c.merge("shard_write_errors", v, Double::sum);
                        case "storage_compactions_duration_seconds_count" ->
                                c.merge("cache".equals(m.label("level")) ? "cache_compactions" : "tsm_compactions", v,
                                        Double::sum);
                        case "storage_wal_writes" -> c.merge("wal_writes", v, Double::sum);
                        case "storage_wal_writes_err" -> c.merge("wal_write_errors", v, Double::sum);
                        case "storage_cache_inuse_bytes" -> g.merge("cache_bytes", v, Double::sum);
                        case "storage_wal_size" -> g.merge("wal_bytes", v, Double::sum);
                        case "storage_bucket_series_num" -> g.merge("series", v, Double::sum);
                        case "storage_bucket_measurement_num" -> g.merge("measurements", v, Double::sum);
                        default -> {
                        }
                    }
                }
            }
        }
        if (!known) {
            return null;
        }
        double points = shards ? c.getOrDefault("shard_points_written", 0.0) : 0;
        return new Reading(c, g, shards ? disk : -1, points, parsed.unreadable() == 0 ? null : parsed.unreadable()
                + " line(s) of /metrics were not samples and were left out; the first: "
                + parsed.firstUnreadable());
    }

    private static void add(Map<String, Double> to, String key, JsonNode values, String field) {
        JsonNode v = values.get(field);
        if (v != null && v.isNumber()) {
            to.merge(key, v.asDouble(), Double::sum);
        }
    }

    /** What the sessions report, for summaries, reports and explain. */
    static final MetricCatalogue METRICS = MetricCatalogue.resource(InfluxTelemetry.class, "telemetry-metrics.txt");

    /**
     * A session reads the server's statistics once per call: counters and gauges at the interval, sizes at the
     * start and end. A source that cannot be read is said once under {@code unavailable} and not asked again.
     */
    abstract class HttpSession implements Session {

        private final io.dbharness.core.api.Unavailable unavailable = new io.dbharness.core.api.Unavailable();
        private final String path;
        private final String key;
        private Reading last;
        private boolean broken;
        /** Why the server could not be reached (it restarted, went away), null while it answers. */
        private String lost;

        /** @param key under which a failure to read {@code path} is said */
        HttpSession(String path, String key) {
            this.path = path;
            this.key = key;
            unavailable.put("waits", "InfluxDB has no wait events to sample");
            unavailable.put("statements", "InfluxDB keeps no statistics per statement");
        }

        /** Its counters, gauges and wait events, declared in telemetry-metrics.txt beside it. */
        @Override
        public MetricCatalogue metrics() {
            return METRICS;
        }

        /** The reading of one answer, or null (with {@link #fail}) when the answer is not what the source gives. */
        abstract Reading parse(String body) throws java.io.IOException, TargetException;

        /** Says what is missing and why, the source still read. */
        final void note(String key, String why) {
            unavailable.put(key, why);
        }

        final void fail(String key, String why) {
            broken = true;
            unavailable.put(key, why);
        }

        private Reading read() {
            Reading none = new Reading(Map.of(), Map.of(), -1, -1);
            if (broken || lost != null) {
                return none;
            }
            try {
                Response r;
                try {
                    r = http.get(path, "read " + path);
                } catch (TargetException e) {
                    if (e.connectionLost()) { // the server is away, not refusing the read: the engine opens another session
                        lost = e.getMessage();
                        return none;
                    }
                    throw e;
                }
                if (r.status() >= 500) { // starting or stopping: away for now, not refusing the read
                    lost = path + " answered HTTP " + r.status();
                    return none;
                }
                if (!r.ok()) {
                    fail(key, path + " answered HTTP " + r.status());
                    return none;
                }
                Reading reading = parse(r.body());
                if (reading == null) {
                    return none;
                }
                if (reading.note() != null) {
                    note(key, reading.note());
                }
                last = reading;
                return last;
            } catch (TargetException | java.io.IOException | RuntimeException e) {
                fail(key, path + " could not be read: " + e.getMessage());
                return none;
            }
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
        public Map<String, String> unavailable() {
            return unavailable.snapshot();
        }

        @Override
        public String lost() {
            return lost;
        }

        @Override
        public void close() {
            // the target's shared HTTP client: nothing of the session's own
        }
    }

    /** InfluxDB 1.x's /debug/vars. */
    final class DebugVarsSession extends HttpSession {
        DebugVarsSession() {
            super("/debug/vars", "debug_vars");
        }

        @Override
        Reading parse(String body) throws java.io.IOException {
            return parseDebugVars(body, database);
        }
    }

    /** InfluxDB 2's /metrics; the bucket's id is looked up until the bucket exists (the run may create it). */
    final class MetricsSession extends HttpSession {
        private String bucketId;
        /** The bucket's id could not be looked up: the server-wide counters are still read, not the bucket's. */
        private boolean noBucketId;

        MetricsSession() {
            super("/metrics", "metrics");
        }

        @Override
        Reading parse(String body) throws TargetException {
            if (bucketId == null && !noBucketId) {
                try {
                    bucketId = admin.storeId().orElse(null);
                } catch (TargetException e) {
                    noBucketId = true;
                    note("bucket", "the bucket's id could not be looked up, so its storage metrics are not read: "
                            + e.getMessage());
                }
            }
            Reading r = parseMetrics(body, bucketId);
            if (r == null) {
                fail("metrics", "/metrics has none of InfluxDB 2's storage_writer_* metrics (not InfluxDB 2.x?)");
            }
            return r;
        }
    }
}
