package io.dbharness.postgres;

import com.zaxxer.hikari.HikariDataSource;
import io.dbharness.core.api.Capability;
import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.TimeSeriesQuery;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * An open PostgreSQL-family target: owns the pool and, when embedded, the server; both go away on close.
 * What differs between products comes from its {@link PgFlavor}.
 */
final class PostgresTarget implements TargetAdapter {

    private final PostgresEndpoint endpoint;
    private final HikariDataSource pool;
    private final EmbeddedServer embedded;
    private final PgFlavor flavor;
    private final PostgresIngest ingest;
    private final io.dbharness.core.api.SqlTransactions sql;
    private final PgQuery query;
    private final PgTelemetry telemetry;

    private final boolean tracksCommits;
    private final Optional<io.dbharness.core.api.CommitTracking> commitTracking;

    /** @param tracksCommits whether the server answers {@code txid_status} for the writers (checked at open) */
    PostgresTarget(PostgresEndpoint endpoint, HikariDataSource pool, EmbeddedServer embedded, PgFlavor flavor,
                   boolean tracksCommits, java.time.Duration opTimeout) {
        this.endpoint = endpoint;
        this.pool = pool;
        this.embedded = embedded;
        this.flavor = flavor;
        this.tracksCommits = tracksCommits;
        this.commitTracking = tracksCommits ? Optional.of(new TxidTracking(flavor)) : Optional.empty();
        this.ingest = new PostgresIngest(pool, flavor, tracksCommits, opTimeout);
        this.query = new PgQuery(pool, flavor, ingest, opTimeout);
        this.telemetry = new PgTelemetry(flavor, endpoint, opTimeout, embedded != null, () -> {
            if (pool.getHikariPoolMXBean() != null) {
                pool.getHikariPoolMXBean().softEvictConnections(); // idle ones close now, busy ones when given back
            }
        });
        this.sql = new io.dbharness.core.api.SqlTransactions() {
            @Override
            public DataSource dataSource() {
                return pool;
            }

            @Override
            public java.util.List<String> dialects() {
                return flavor.queryLanguages();
            }

            @Override
            public io.dbharness.core.api.TargetException failure(SQLException e, String context) {
                return SqlErrors.classify(e, context);
            }

            @Override
            public void cancel(Connection connection) throws SQLException {
                flavor.cancelQuery(connection);
            }

            @Override
            public long copyIn(Connection connection, String copySql, byte[] data, int off, int len) throws SQLException {
                return flavor.copyChannel(connection).copy(copySql, data, off, len);
            }

            @Override
            public Optional<io.dbharness.core.api.CommitTracking> commitTracking() {
                return commitTracking;
            }
        };
    }

    /**
     * Records the settings that move ingest numbers (durability, WAL, memory); a failure to read them leaves
     * the version unknown rather than failing a run that has already finished.
     */
    @Override
    public TargetInfo describe() {
        Map<String, String> settings = new TreeMap<>();
        String version = null;
        try (Connection c = pool.getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(flavor.dialect().get("server_settings"))) {
            while (rs.next()) {
                if (rs.getString(1).equals("server_version")) {
                    version = rs.getString(2);
                } else {
                    settings.put(rs.getString(1), rs.getString(2));
                }
            }
        } catch (SQLException e) {
            settings.put("describe_error", SqlErrors.classify(e, "reading server settings").getMessage());
        }
        settings.put("ingest", flavor.ingestMode().cliName());
        // what a write cut off by a lost connection leaves: resolved from the transaction id, or unknown
        settings.put("lost_write_fate", tracksCommits ? "resolved by txid_status" : "unknown after a lost commit");
        // the same for a SQL workload's transactions (TPC-C): settled, or an error of unknown fate
        settings.putAll(flavor.settings());
        return new TargetInfo(flavor.product(), version, endpoint.display(), settings);
    }

    @Override
    public <C extends Capability> Optional<C> capability(Class<C> type) {
        if (type == TimeSeriesIngest.class) {
            return Optional.of(type.cast(ingest));
        }
        if (type == SqlAccess.class || type == io.dbharness.core.api.SqlTransactions.class) {
            return Optional.of(type.cast(sql));
        }
        if (type == TimeSeriesQuery.class) {
            return Optional.of(type.cast(query));
        }
        if (type == io.dbharness.core.api.ServerTelemetry.class) {
            return Optional.of(type.cast(telemetry));
        }
        return Optional.empty();
    }

    @Override
    public void close() {
        try {
            try {
                flavor.close();
            } finally {
                pool.close();
            }
        } finally {
            if (embedded != null) {
                embedded.close();
            }
        }
    }

    @Override
    public String toString() {
        return "PostgresTarget[" + flavor.product() + ", " + endpoint.display() + "]";
    }
}
