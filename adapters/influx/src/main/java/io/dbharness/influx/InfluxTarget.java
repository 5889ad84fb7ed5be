package io.dbharness.influx;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.Capability;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.UsageException;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * An open InfluxDB: the schema modes, writers and counts of {@link TimeSeriesIngest} on top of the API's
 * {@link StoreAdmin}, and the queries of {@link InfluxQuery}. A measurement has no DDL: "creating" it means making sure the store exists and, under
 * CREATE, that the measurement holds no points yet.
 */
final class InfluxTarget implements TargetAdapter, TimeSeriesIngest {

    private final InfluxConfig config;
    private final InfluxApi api;
    private final String version;
    private final InfluxHttp http;
    private final StoreAdmin admin;
    private final String who;
    private final InfluxQuery query;
    private final InfluxTelemetry telemetry;

    InfluxTarget(InfluxConfig config, InfluxApi api, String version, InfluxHttp http, StoreAdmin admin, InfluxQl ql,
                 String who) {
        this.config = config;
        this.api = api;
        this.version = version;
        this.http = http;
        this.admin = admin;
        this.who = who;
        this.query = new InfluxQuery(config, api, http, ql, admin, who);
        this.telemetry = new InfluxTelemetry(http, api, config.database(), admin);
    }

    @Override
    public TargetInfo describe() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("api", api.name().toLowerCase());
        settings.put("store", admin.store());
        settings.put("precision", config.precision().map(p -> p.v2Name()).orElse("auto (coarsest exact per batch)"));
        settings.put("batch-lines", Integer.toString(config.batchLines()));
        settings.put("gzip", Boolean.toString(config.gzip()));
        return new TargetInfo("InfluxDB", version, config.endpoint(), settings);
    }

    @Override
    public <C extends Capability> Optional<C> capability(Class<C> type) {
        if (type.isInstance(query)) {
            return Optional.of(type.cast(query));
        }
        if (type == io.dbharness.core.api.ServerTelemetry.class) {
            return Optional.of(type.cast(telemetry));
        }
        return type.isInstance(this) ? Optional.of(type.cast(this)) : Optional.empty();
    }

    @Override
    public void createSchema(SeriesSchema schema, SchemaMode mode) throws TargetException {
        admin.ensureStore();
        String m = schema.tableName();
        switch (mode) {
            case CLEAN:
                admin.dropMeasurement(m);
                break;
            case CREATE:
                if (admin.hasPoints(m)) {
                    throw new UsageException("measurement " + m + " in " + admin.store() + " already holds points; "
                            + "use --append to add to it or --clean to drop it first");
                }
                break;
            case APPEND:
                checkFieldTypes(schema);
                break;
            default:
                throw new IllegalStateException(mode.name());
        }
    }

    /**
     * A field keeps the type of its first value for the life of the shard: appending floats to integer
     * fields (or the reverse) would have every line rejected. Refused up front with the reason.
     */
    private void checkFieldTypes(SeriesSchema schema) throws TargetException {
        Map<String, Integer> fields = new java.util.HashMap<>();
        for (int m = 0; m < schema.metricCount(); m++) {
            fields.put(schema.fieldName(m), m);
        }
        for (Map.Entry<String, String> f : admin.fieldTypes(schema.tableName()).entrySet()) {
            Integer m = fields.get(f.getKey());
            if (m == null) {
                continue;
            }
            String wanted = schema.fieldType(m).integral() ? "integer" : "float";
            if (!f.getValue().equals(wanted)) {
                throw new UsageException("measurement " + schema.tableName() + " stores field " + f.getKey() + " as "
                        + f.getValue() + " but " + (schema.telematics() ? "--metrics-type " + schema.fieldType(m).sqlName()
                        : "this run") + " writes " + wanted + " values; " + (schema.telematics() ? "use --metrics-type "
                        + (wanted.equals("integer") ? "float8" : "int8") + " to append, or --clean" : "use --clean"));
            }
        }
    }

    @Override
    public BatchWriter openWriter(SeriesSchema schema) {
        return new LineWriter(schema, http, admin, config, who);
    }

    /** Points of the measurement (InfluxDB merges rows with the same tag and timestamp into one point). */
    /** A point is identified by measurement, tag set and timestamp: a second write merges its fields. */
    @Override
    public boolean mergesRowsWithSameKey() {
        return true;
    }

    @Override
    public OptionalLong countRows(SeriesSchema schema) throws TargetException {
        return admin.countPoints(schema.tableName(), schema.keyColumns().get(0));
    }

    /** v1: the shards' {@code diskBytes} of the whole database (InfluxDB does not size a measurement). */
    @Override
    public OptionalLong storedBytes(SeriesSchema schema) throws TargetException {
        return admin.storedBytes();
    }

    @Override
    public void close() {
        // java.net.http.HttpClient has no close before Java 21; its idle connections time out on their own
        admin.close();
    }
}
