package io.dbharness.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.dbharness.core.api.Capability;
import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Target {@code postgres}: options, endpoint resolution and connecting (or starting the embedded server). */
public final class PostgresTargetProvider implements TargetProvider {

    public static final String ID = "postgres";

    private static final List<OptionDef> OPTIONS = List.of(
            OptionDef.of("url", "JDBC_URL", null,
                    "jdbc:postgresql://HOST:PORT/DB; default: built from --host/--port/--user/--database, "
                            + "or an embedded server when none of them is set"),
            OptionDef.of("host", "HOST", null, "PostgreSQL host (default localhost)").withEnv("PGHOST"),
            OptionDef.of("port", "PORT", null, "PostgreSQL port (default 5432)").withEnv("PGPORT"),
            OptionDef.of("user", "USER", null, "User name (default: the OS user)").withEnv("PGUSER"),
            OptionDef.of("password", "PASSWORD", null, "Password; prefer the PGPASSWORD variable").withEnv("PGPASSWORD").asSecret(),
            OptionDef.of("database", "DB", null, "Database (default: the user name)").withEnv("PGDATABASE"),
            OptionDef.of("pg-ingest", "MODE", IngestMode.COPY_BINARY.cliName(),
                    "How rows are sent: copy-binary|copy-text|insert-batch|insert-multirow"));

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "PostgreSQL over JDBC (COPY or INSERT); starts an embedded server when no host is given";
    }

    @Override
    public List<OptionDef> options() {
        return OPTIONS;
    }

    @Override
    public Set<Class<? extends Capability>> capabilities() {
        return Set.of(TimeSeriesIngest.class, SqlAccess.class);
    }

    @Override
    public TargetAdapter open(Settings settings) throws TargetException {
        IngestMode mode = settings.enumValue("pg-ingest", IngestMode.class);
        int workers = workers(settings);
        Optional<PostgresEndpoint> external = PostgresEndpoint.resolve(settings);
        EmbeddedServer embedded = external.isPresent() ? null : EmbeddedServer.start();
        PostgresEndpoint endpoint = external.orElseGet(() -> PostgresEndpoint.embedded(embedded.port()));
        try {
            probe(endpoint);
            HikariDataSource pool = pool(endpoint, workers + 1);
            return new PostgresTarget(endpoint, pool, embedded, mode);
        } catch (TargetException | RuntimeException e) {
            if (embedded != null) {
                embedded.close();
            }
            throw e;
        }
    }

    /** Outside the engine (library use) {@code workers} may not be declared; one connection is enough then. */
    private static int workers(Settings settings) {
        try {
            return settings.intValue("workers", 1, 1024);
        } catch (IllegalArgumentException undeclared) {
            return 1;
        }
    }

    /**
     * One direct connection before the pool exists: the driver's own exception carries the SQLSTATE and
     * cause we classify, and it fails within the driver's connect timeout instead of Hikari's.
     */
    private static void probe(PostgresEndpoint endpoint) throws TargetException {
        try (Connection c = new org.postgresql.Driver().connect(endpoint.jdbcUrl(), endpoint.driverProperties())) {
            if (c == null) {
                throw new UsageException("invalid value for --url: expected jdbc:postgresql://HOST:PORT/DATABASE");
            }
        } catch (SQLException e) {
            throw SqlErrors.connectFailure(e, endpoint.display(), endpoint.user());
        }
    }

    private static HikariDataSource pool(PostgresEndpoint endpoint, int size) throws TargetException {
        HikariConfig config = new HikariConfig();
        config.setPoolName("dbharness-postgres");
        config.setDriverClassName("org.postgresql.Driver");
        config.setJdbcUrl(endpoint.jdbcUrl());
        config.setDataSourceProperties(endpoint.driverProperties());
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(1);
        config.setAutoCommit(true);
        config.setConnectionTimeout(10_000);
        config.setValidationTimeout(3_000);
        config.setInitializationFailTimeout(1);
        try {
            return new HikariDataSource(config);
        } catch (RuntimeException e) {
            SQLException cause = findSql(e);
            if (cause != null) {
                throw SqlErrors.connectFailure(cause, endpoint.display(), endpoint.user());
            }
            throw new TargetException(TargetException.Kind.UNREACHABLE, null,
                    "cannot connect to PostgreSQL at " + endpoint.display() + ": " + e.getMessage(), e);
        }
    }

    private static SQLException findSql(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s) {
                return s;
            }
        }
        return null;
    }
}
