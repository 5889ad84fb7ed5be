package io.dbharness.influx;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;
import io.dbharness.core.encode.LinePrecision;

import java.net.URI;
import java.util.Map;
import java.util.OptionalLong;

/** InfluxDB 1.x: databases and retention policies, {@code /write}, everything else through InfluxQL. */
final class V1Admin implements StoreAdmin {

    private final InfluxHttp http;
    private final InfluxQl ql;
    private final InfluxConfig config;
    private final String who;

    V1Admin(InfluxHttp http, InfluxQl ql, InfluxConfig config, String who) {
        this.http = http;
        this.ql = ql;
        this.config = config;
        this.who = who;
    }

    @Override
    public String store() {
        return "database " + config.database();
    }

    @Override
    public void checkCredentials() throws TargetException {
        ql.databases(); // with auth-enabled, any statement is refused (401) for a bad password
    }

    @Override
    public boolean storeExists() throws TargetException {
        return ql.databases().contains(config.database());
    }

    /** The measurement in the retention policy the writes go to. */
    private String from(String measurement) {
        return InfluxQl.from(config.retentionPolicy(), measurement);
    }

    @Override
    public void ensureStore() throws TargetException {
        if (storeExists()) {
            return;
        }
        try {
            ql.run(null, "CREATE DATABASE " + InfluxQl.ident(config.database()), true);
        } catch (TargetException e) {
            if (e.kind() == Kind.AUTHENTICATION) {
                throw new TargetException(Kind.AUTHENTICATION, e.vendorCode(), "database '" + config.database()
                        + "' does not exist and " + who + " may not create it (needs admin); create it or pick another with --influx-database", e);
            }
            throw e;
        }
    }

    @Override
    public URI writeUri(LinePrecision precision) {
        String rp = config.retentionPolicy().isEmpty() ? "" : "&rp=" + InfluxHttp.enc(config.retentionPolicy());
        return http.uri("/write?db=" + InfluxHttp.enc(config.database()) + rp + "&precision=" + precision.v1Name());
    }

    @Override
    public boolean hasPoints(String measurement) throws TargetException {
        return ql.hasPoints(config.database(), from(measurement));
    }

    @Override
    public Map<String, String> fieldTypes(String measurement) throws TargetException {
        return ql.fieldTypes(config.database(), from(measurement));
    }

    @Override
    public void dropMeasurement(String measurement) throws TargetException {
        ql.run(config.database(), "DROP MEASUREMENT " + InfluxQl.ident(measurement), true);
    }

    @Override
    public OptionalLong countPoints(String measurement, String tag) throws TargetException {
        return OptionalLong.of(ql.countPoints(config.database(), from(measurement), tag));
    }

    @Override
    public OptionalLong storedBytes() throws TargetException {
        try {
            return ql.diskBytes(config.database());
        } catch (TargetException e) {
            if (e.kind() == Kind.AUTHENTICATION) {
                return OptionalLong.empty(); // SHOW STATS needs admin; the size is optional
            }
            throw e;
        }
    }
}
