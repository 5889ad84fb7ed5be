package io.dbharness.postgres;

import io.dbharness.core.api.CompiledQuery;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.QueryReader;
import io.dbharness.core.api.QueryShape;
import io.dbharness.core.api.QueryTemplate;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.query.JdbcQueryReader;
import io.dbharness.core.query.SqlQuery;
import io.dbharness.core.query.SqlStyle;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/**
 * Queries on a PostgreSQL-family target: the catalogue's SQL from {@code sql/query/<name>.sql} (a product's
 * own text over the generic one), parameters bound to server-side prepared statements on pooled connections
 * that carry {@code statement_timeout = --op-timeout}.
 */
final class PgQuery implements TimeSeriesQuery, SqlStyle {

    private final DataSource pool;
    private final PgFlavor flavor;
    private final PostgresIngest ingest;

    PgQuery(DataSource pool, PgFlavor flavor, PostgresIngest ingest) {
        this.pool = pool;
        this.flavor = flavor;
        this.ingest = ingest;
    }

    @Override
    public List<String> languages() {
        return flavor.queryLanguages();
    }

    @Override
    public Optional<String> catalogueTemplate(String name) {
        return flavor.dialect().find("query/" + name);
    }

    @Override
    public CompiledQuery compile(String name, QueryTemplate template, QueryShape shape) {
        return SqlQuery.compile(name, template, shape, this);
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

    /** {@code CREATE INDEX IF NOT EXISTS} on {@code (tag_id, ts)}: the catalogue reads by device and time. */
    @Override
    public Optional<String> prepareForQueries(SeriesSchema schema) throws TargetException {
        String ddl = Tables.render(flavor, "query_index", schema,
                java.util.Map.of("index", Tables.quote(schema.tableName() + "_tag_ts")));
        try (Connection c = pool.getConnection(); Statement st = c.createStatement()) {
            st.execute(ddl);
            return Optional.of(ddl);
        } catch (SQLException e) {
            throw SqlErrors.classify(e, "creating the query index on " + Tables.quote(schema.tableName()));
        }
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
                if (pool instanceof com.zaxxer.hikari.HikariDataSource hikari) {
                    try {
                        hikari.evictConnection(c);
                        return;
                    } catch (RuntimeException ignored) {
                        // a plain close below
                    }
                }
                JdbcQueryReader.Connections.super.discard(c);
            }
        }, SqlErrors::classify);
    }

    @Override
    public String identifier(String name) {
        return Tables.quote(name);
    }

    @Override
    public boolean bindsParameters() {
        return true;
    }

    /** Devices as integers, times as {@code timestamp} (the column holds UTC), the threshold in the metric's type. */
    @Override
    public void bind(PreparedStatement ps, int index, String name, int tagIndex, QueryParams p, SeriesSchema schema)
            throws SQLException {
        switch (name) {
            case "tag" -> ps.setInt(index, (int) p.tag());
            case "tags" -> ps.setInt(index, (int) p.tag(tagIndex));
            case "start" -> ps.setObject(index, LocalDateTime.ofEpochSecond(Math.floorDiv(p.startMicros(), 1_000_000L),
                    (int) Math.floorMod(p.startMicros(), 1_000_000L) * 1000, ZoneOffset.UTC));
            case "end" -> ps.setObject(index, LocalDateTime.ofEpochSecond(Math.floorDiv(p.endMicros(), 1_000_000L),
                    (int) Math.floorMod(p.endMicros(), 1_000_000L) * 1000, ZoneOffset.UTC));
            case "threshold" -> {
                if (schema.metricType().integral()) {
                    ps.setLong(index, (long) p.threshold());
                } else {
                    ps.setDouble(index, p.threshold());
                }
            }
            default -> throw new IllegalStateException(name);
        }
    }
}
