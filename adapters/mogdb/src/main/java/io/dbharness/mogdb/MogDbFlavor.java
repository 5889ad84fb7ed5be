package io.dbharness.mogdb;

import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.dialect.StatementTexts;
import io.dbharness.postgres.CopyChannel;
import io.dbharness.postgres.IngestMode;
import io.dbharness.postgres.PgFlavor;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * MogDB / openGauss: its table options as DDL resources, text COPY, and two drivers chosen by the URL. The
 * openGauss driver ({@code jdbc:opengauss:}) speaks openGauss's SHA-256 authentication, which the stock
 * driver cannot; the stock driver ({@code jdbc:postgresql:}) serves MogDB set to md5 and every PostgreSQL
 * server (the openGauss driver cannot open a session on PostgreSQL 15+).
 *
 * @param switchedOff features dropped for a compatible server (empty on MogDB/openGauss), recorded in the result
 * @param server      the compatible server's short version when {@code switchedOff} applies, else null
 */
record MogDbFlavor(MogDbIngestMode ingest, MogDbDdl ddl, List<String> switchedOff, String server) implements PgFlavor {

    static final String OPENGAUSS_PREFIX = "jdbc:opengauss:";
    static final String POSTGRES_PREFIX = "jdbc:postgresql:";

    private static final StatementTexts DIALECT = PgFlavor.dialectOf("io/dbharness/mogdb/sql", MogDbFlavor.class.getClassLoader());

    MogDbFlavor {
        switchedOff = List.copyOf(switchedOff);
    }

    MogDbFlavor(MogDbIngestMode ingest, MogDbDdl ddl) {
        this(ingest, ddl, List.of(), null);
    }

    @Override
    public String product() {
        return "MogDB";
    }

    @Override
    public List<String> queryLanguages() {
        return List.of("mogdb", "postgres", "sql");
    }

    @Override
    public StatementTexts dialect() {
        return DIALECT;
    }

    /** {@code PostgreSQL 9.2.4 (MogDB 2.0.1 build f892ccb7) ...} or {@code (openGauss 5.0.1 build 33b035fd) ...}. */
    @Override
    public boolean recognises(String version) {
        String v = version.toLowerCase(Locale.ROOT);
        return v.contains("opengauss") || v.contains("mogdb");
    }

    /** The openGauss scheme first: URLs built from --host/--port use its driver, which MogDB's defaults need. */
    @Override
    public List<String> urlPrefixes() {
        return List.of(OPENGAUSS_PREFIX, POSTGRES_PREFIX);
    }

    @Override
    public Driver driver(String url) {
        return url.startsWith(OPENGAUSS_PREFIX) ? new org.opengauss.Driver() : new org.postgresql.Driver();
    }

    @Override
    public IngestMode ingestMode() {
        return ingest.mode();
    }

    @Override
    public Map<String, String> sqlValues(SeriesSchema schema) {
        return ddl.sqlValues(schema);
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>(ddl.settings());
        if (server != null) {
            s.put("compatible_server", server);
            s.put("switched_off", switchedOff.isEmpty() ? "none" : String.join(", ", switchedOff));
        }
        return s;
    }

    @Override
    public void cancelQuery(Connection connection) throws SQLException {
        if (connection.isWrapperFor(org.opengauss.core.BaseConnection.class)) {
            connection.unwrap(org.opengauss.core.BaseConnection.class).cancelQuery(); // its PGConnection lacks it
        } else {
            PgFlavor.super.cancelQuery(connection);
        }
    }

    /** A connection of the openGauss driver has its own copy API (same shape, package org.opengauss). */
    @Override
    public CopyChannel copyChannel(Connection connection) throws SQLException {
        if (connection.isWrapperFor(org.opengauss.PGConnection.class)) {
            return OpenGaussCopy.channel(connection);
        }
        return CopyChannel.postgres(connection);
    }

    @Override
    public PgFlavor onCompatibleServer(String version, Consumer<String> warn) {
        String shortVersion = shortVersion(version);
        List<String> off = new ArrayList<>();
        MogDbDdl plain = ddl.withoutOpenGaussFeatures(shortVersion, warn, off);
        return new MogDbFlavor(ingest, plain, off, shortVersion);
    }

    /** {@code PostgreSQL 17.11 on x86_64...} → {@code PostgreSQL 17.11}. */
    static String shortVersion(String version) {
        String[] words = version.trim().split("\\s+");
        return words.length >= 2 ? words[0] + " " + words[1].replaceAll(",$", "") : version;
    }
}
