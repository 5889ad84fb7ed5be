package io.dbharness.postgres;

import io.dbharness.core.api.QueryLanguage;
import io.dbharness.core.api.QueryReader;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.query.JdbcQueryReader;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;

/**
 * Queries on a PostgreSQL-family target ({@link PgQueryLanguage} writes them), on pooled connections that
 * carry {@code statement_timeout = --op-timeout}.
 */
final class PgQuery implements TimeSeriesQuery {

    private final DataSource pool;
    private final PgFlavor flavor;
    private final PostgresIngest ingest;
    private final PgQueryLanguage language;

    private final java.time.Duration opTimeout;

    /** @param opTimeout {@code --op-timeout}, the statement_timeout the pool's connections carry */
    PgQuery(DataSource pool, PgFlavor flavor, PostgresIngest ingest, java.time.Duration opTimeout) {
        this.pool = pool;
        this.opTimeout = opTimeout;
        this.flavor = flavor;
        this.ingest = ingest;
        this.language = new PgQueryLanguage(flavor);
    }

    @Override
    public QueryLanguage language() {
        return language;
    }

    @Override
    public TableState tableState(SeriesSchema schema) throws TargetException {
        String table = Tables.quote(schema.tableName());
        try (Connection c = pool.getConnection(); Statement st = c.createStatement()) {
            if (!ingest.exists(c, table)) {
                return TableState.ABSENT;
            }
            return ingest.hasRows(st, table) ? TableState.HAS_ROWS : TableState.EMPTY;
        } catch (SQLException e) {
            throw SqlErrors.classify(e, "checking table " + table);
        }
    }

    /**
     * {@code CREATE INDEX IF NOT EXISTS} on {@code (tag_id, ts)} (the catalogue reads by device and time), then
     * {@code VACUUM ANALYZE}: a table just loaded has no statistics and no hint bits yet, and its first queries
     * would otherwise pay for writing them (a tenth of the later rate in the first seconds, measured). Both
     * take as long as the table is big: not bounded by {@code --op-timeout} (a backfilling YugabyteDB index can
     * take minutes), whose statement_timeout is restored before the connection goes back to the pool.
     */
    @Override
    public Optional<String> prepareForQueries(SeriesSchema schema) throws TargetException {
        java.util.Map<String, String> index = java.util.Map.of("index", Tables.quote(schema.tableName() + "_tag_ts"));
        List<String> statements = List.of(Tables.render(flavor, "query_index", schema, index),
                Tables.render(flavor, "query_analyze", schema, java.util.Map.of()));
        String what = "preparing " + Tables.quote(schema.tableName()) + " for queries";
        Connection c;
        try {
            c = pool.getConnection();
        } catch (SQLException e) {
            throw SqlErrors.classify(e, what);
        }
        boolean restored = false;
        try (Statement st = c.createStatement()) {
            c.setAutoCommit(true); // VACUUM refuses to run in a transaction
            st.execute(timeout(0));
            for (String sql : statements) {
                st.execute(sql);
            }
            st.execute(timeout(opTimeout.toMillis()));
            restored = true;
            return Optional.of(String.join(";\n", statements));
        } catch (SQLException e) {
            throw SqlErrors.classify(e, what);
        } finally {
            if (restored) {
                RowBinder.closeQuietly(c);
            } else {
                evict(c); // it may still be without --op-timeout's statement_timeout
            }
        }
    }

    private String timeout(long millis) {
        return flavor.dialect().render("statement_timeout", java.util.Map.of("millis", Long.toString(millis)));
    }

    @Override
    public QueryReader openReader() throws TargetException {
        return new JdbcQueryReader(new JdbcQueryReader.Connections() {
            @Override
            public Connection open() throws SQLException {
                return pool.getConnection();
            }

            @Override
            public void discard(Connection c) {
                evict(c);
            }
        }, SqlErrors::classify);
    }

    /** Out of the pool for good: a broken connection, or one whose session settings were changed. */
    private void evict(Connection c) {
        if (pool instanceof com.zaxxer.hikari.HikariDataSource hikari) {
            try {
                hikari.evictConnection(c);
                return;
            } catch (RuntimeException ignored) {
                // a plain close below
            }
        }
        RowBinder.closeQuietly(c);
    }
}
