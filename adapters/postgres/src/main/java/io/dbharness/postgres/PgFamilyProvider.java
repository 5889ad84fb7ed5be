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
import io.dbharness.core.config.Option;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.config.ValueType;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverPropertyInfo;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * The shared life of a PostgreSQL-family target: resolve where to connect (URL, options or libpq
 * variables), connect once to classify failures, check that the server is the product asked for, then pool.
 * A product adapter extends this with its options and its {@link PgFlavor}.
 */
public abstract class PgFamilyProvider implements TargetProvider {

    /** {@code --port}; without it 5432. */
    public static final Option<Integer> PORT = Option.of(OptionDef.of("port", "PORT", null, "Server port (default 5432)")
            .withEnv("PGPORT").withAliases("db-master-port"), ValueType.integer(1, 65535));

    /**
     * Connection options shared by every product: libpq's names and variables; a config file may also give them by
     * mxbench's names (YMatrix's benchmark tool: its TOML files run as they are).
     */
    public static final List<OptionDef> CONNECTION_OPTIONS = List.of(
            OptionDef.of("url", "JDBC_URL", null,
                    "JDBC URL of the server (jdbc:postgresql://HOST:PORT/DB, or the product's own scheme); default: "
                            + "built from --host/--port/--user/--database, or an embedded PostgreSQL for the postgres target"),
            OptionDef.of("host", "HOST", null, "Server host (default localhost)").withEnv("PGHOST").withAliases("db-master-host"),
            PORT.def(),
            OptionDef.of("user", "USER", null, "User name (default: the OS user)").withEnv("PGUSER").withAliases("db-user"),
            OptionDef.of("password", "PASSWORD", null, "Password; prefer the PGPASSWORD variable").withEnv("PGPASSWORD").asSecret()
                    .withAliases("db-password"),
            OptionDef.of("database", "DB", null, "Database (default: the user name)").withEnv("PGDATABASE").withAliases("db-database"));

    /** How long taking a connection may wait (a lost connection is re-opened in a loop with its own budget). */
    private static final long POOL_WAIT_MILLIS = 5_000;

    public static final OptionDef ALLOW_COMPATIBLE = OptionDef.flag("allow-compatible-server",
            "Run a product target against another PostgreSQL-family server; what it lacks is switched off, one warning each");

    @Override
    public java.util.Optional<String> serverOption() {
        return java.util.Optional.of("url");
    }

    /** The product's own options (ingest path, DDL choices). */
    protected abstract List<OptionDef> productOptions();

    /** Builds the product's flavor from validated settings; a bad value is a UsageException. */
    protected abstract PgFlavor flavor(Settings settings);

    @Override
    public java.util.Optional<io.dbharness.core.api.QueryLanguage> queryLanguage(Settings settings) {
        return java.util.Optional.of(new PgQueryLanguage(flavor(settings)));
    }

    @Override
    public List<OptionDef> options() {
        List<OptionDef> all = new ArrayList<>(CONNECTION_OPTIONS);
        all.addAll(productOptions());
        all.add(ALLOW_COMPATIBLE);
        return List.copyOf(all);
    }

    /** The family's products other than PostgreSQL itself do not run embedded: a sample names a server. */
    @Override
    public java.util.Map<String, String> sampleValues() {
        return java.util.Map.of("host", "localhost");
    }

    @Override
    public Set<Class<? extends Capability>> capabilities() {
        return Set.of(TimeSeriesIngest.class, SqlAccess.class, io.dbharness.core.api.SqlTransactions.class,
                io.dbharness.core.api.TimeSeriesQuery.class, io.dbharness.core.api.ServerTelemetry.class);
    }

    @Override
    public TargetAdapter open(Settings settings) throws TargetException {
        return open(settings, workers(settings));
    }

    @Override
    public void check(Settings settings) {
        endpoint(settings, flavor(settings));
    }

    @Override
    public boolean embedded(Settings settings) {
        PgFlavor flavor = flavor(settings);
        return flavor.embeddedByDefault() && PostgresEndpoint.resolve(settings, flavor.urlPrefixes()).isEmpty();
    }

    /** The server named by the settings, empty for the embedded one; refuses an embedded run the product cannot have. */
    private Optional<PostgresEndpoint> endpoint(Settings settings, PgFlavor flavor) {
        Optional<PostgresEndpoint> external = PostgresEndpoint.resolve(settings, flavor.urlPrefixes());
        if (external.isEmpty() && !flavor.embeddedByDefault()) {
            throw new UsageException("the " + id() + " target needs a server: give --url or --host "
                    + "(or the PGHOST... variables); " + flavor.product() + " does not run embedded");
        }
        if (external.isEmpty() && io.dbharness.core.config.ShardOptions.requested(settings)) {
            throw new UsageException("--shard splits a run over processes that share one server: give it with --url or"
                    + " --host; an embedded PostgreSQL lives inside one process");
        }
        return external;
    }

    @Override
    public TargetAdapter open(Settings settings, int workers) throws TargetException {
        PgFlavor flavor = flavor(settings);
        Optional<PostgresEndpoint> external = endpoint(settings, flavor);
        EmbeddedServer embedded = external.isPresent() ? null : EmbeddedServer.start();
        PostgresEndpoint endpoint = external.orElseGet(() -> PostgresEndpoint.embedded(embedded.port()));
        java.time.Duration opTimeout = io.dbharness.core.config.RunOptions.opTimeout(settings);
        try {
            String version = probe(flavor, endpoint, opTimeout);
            if (!flavor.recognises(version)) {
                if (!settings.bool("allow-compatible-server")) {
                    throw new UsageException("server at " + endpoint.display() + " is " + shortVersion(version) + ", not "
                            + flavor.product() + "; give --allow-compatible-server to run against it anyway");
                }
                flavor = flavor.onCompatibleServer(version, line -> System.err.println("warning: " + line));
            } else {
                flavor.checkRelease(version);
            }
            HikariDataSource pool = pool(flavor, endpoint, workers + 1, opTimeout);
            try {
                reserve(pool, workers, flavor, endpoint);
            } catch (TargetException | RuntimeException e) {
                pool.close();
                throw e;
            }
            return new PostgresTarget(endpoint, pool, embedded, flavor, flavor.tracksCommits(version), opTimeout);
        } catch (TargetException | RuntimeException e) {
            if (embedded != null) {
                embedded.close();
            }
            throw e;
        }
    }

    /**
     * Opens every connection the run needs before it starts, so a server (or role) with too few connection
     * slots fails here, with the reason, instead of as a worker that cannot start.
     */
    private static void reserve(HikariDataSource pool, int workers, PgFlavor flavor, PostgresEndpoint endpoint)
            throws TargetException {
        int needed = workers + 1;
        List<Connection> held = new ArrayList<>(needed);
        try {
            while (held.size() < needed) {
                held.add(pool.getConnection());
            }
        } catch (SQLException e) {
            SQLException cause = findSql(e.getCause()) != null ? findSql(e.getCause()) : e;
            throw new TargetException(TargetException.Kind.UNREACHABLE, SqlErrors.sqlState(cause), flavor.product()
                    + " at " + endpoint.display() + " refused connection " + (held.size() + 1) + " of the " + needed
                    + " this run needs (one per worker, or per worker and table when the model writes several, and one"
                    + " for preparing and checking): " + SqlErrors.classify(cause, "connecting").getMessage()
                    .replaceFirst("^connecting failed: ", ""), e);
        } finally {
            held.forEach(RowBinder::closeQuietly);
        }
    }

    /** {@code PostgreSQL 14.22 on x86_64...} → {@code PostgreSQL 14.22}. */
    public static String shortVersion(String version) {
        String[] words = version.split("\\s+");
        return words.length >= 2 ? words[0] + " " + words[1].replaceAll(",$", "") : version;
    }

    /** Outside the engine (library use) {@code workers} may not be declared; one connection is enough then. */
    private static int workers(Settings settings) {
        return settings.declares(RunOptions.WORKERS.name()) ? settings.get(RunOptions.WORKERS) : 1;
    }

    /**
     * One direct connection before the pool exists: the driver's own exception carries the SQLSTATE and
     * cause we classify, and it fails within the driver's connect timeout instead of Hikari's. Returns
     * {@code version()}.
     */
    private static String probe(PgFlavor flavor, PostgresEndpoint endpoint, java.time.Duration opTimeout)
            throws TargetException {
        checkUrlProperties(flavor.driver(endpoint.jdbcUrl()), endpoint.jdbcUrl());
        try (Connection c = flavor.driver(endpoint.jdbcUrl()).connect(endpoint.jdbcUrl(), endpoint.driverProperties(opTimeout))) {
            if (c == null) {
                throw new UsageException("invalid value for --url: expected " + flavor.urlPrefixes().get(0) + "//HOST:PORT/DATABASE");
            }
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT version()")) {
                rs.next();
                return rs.getString(1);
            }
        } catch (SQLException e) {
            throw SqlErrors.connectFailure(e, flavor.product(), endpoint);
        }
    }

    /**
     * Checks the URL's parameters against the choices the driver itself declares (sslmode, targetServerType...):
     * the driver would report {@code sslmode=bogus} as a failure to connect (exit 3) when it is a typo (exit 2).
     * Asking the driver keeps the list right for each fork (YugabyteDB's, openGauss's) and each version.
     * Case is ignored, as the drivers do; a comma list (requireAuth) is checked item by item.
     */
    static void checkUrlProperties(Driver driver, String url) {
        int q = url.indexOf('?');
        if (q < 0) {
            return;
        }
        DriverPropertyInfo[] declared;
        try {
            declared = driver.getPropertyInfo(url, new Properties());
        } catch (SQLException | RuntimeException e) {
            return; // the driver will say what is wrong when it connects
        }
        Map<String, String[]> choices = new HashMap<>();
        for (DriverPropertyInfo d : declared) {
            if (d.choices != null && d.choices.length > 0) {
                choices.put(d.name, d.choices);
            }
        }
        for (String param : url.substring(q + 1).split("&")) {
            int eq = param.indexOf('=');
            String[] allowed = choices.get(eq < 0 ? param : param.substring(0, eq));
            if (allowed == null || eq < 0) {
                continue;
            }
            String value;
            try {
                value = URLDecoder.decode(param.substring(eq + 1), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException badEscape) {
                continue;
            }
            for (String item : value.split(",", -1)) {
                if (Arrays.stream(allowed).noneMatch(a -> a.equalsIgnoreCase(item.trim()))) {
                    throw new UsageException("invalid value '" + value + "' for " + param.substring(0, eq) + " in --url: expected "
                            + String.join("|", allowed));
                }
            }
        }
    }

    /**
     * The target's pool: one connection per worker plus one for preparation and verification. Every connection
     * gets {@code statement_timeout = --op-timeout}, so the server itself ends a statement that runs or waits
     * (for a lock) too long, and the connection stays usable.
     */
    private static HikariDataSource pool(PgFlavor flavor, PostgresEndpoint endpoint, int size, java.time.Duration opTimeout)
            throws TargetException {
        HikariConfig config = new HikariConfig();
        config.setPoolName("dbharness-" + flavor.product().toLowerCase(java.util.Locale.ROOT));
        config.setDriverClassName(flavor.driver(endpoint.jdbcUrl()).getClass().getName());
        config.setJdbcUrl(endpoint.jdbcUrl());
        config.setDataSourceProperties(endpoint.driverProperties(opTimeout));
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(1);
        config.setAutoCommit(true);
        config.setConnectionTimeout(POOL_WAIT_MILLIS);
        config.setValidationTimeout(3_000);
        config.setInitializationFailTimeout(1);
        List<String> session = new ArrayList<>();
        session.add(flavor.dialect().render("statement_timeout", java.util.Map.of("millis", Long.toString(opTimeout.toMillis()))));
        session.addAll(flavor.sessionSql());
        config.setConnectionInitSql(String.join("; ", session));
        try {
            return new HikariDataSource(config);
        } catch (RuntimeException e) {
            SQLException cause = findSql(e);
            if (cause != null) {
                throw SqlErrors.connectFailure(cause, flavor.product(), endpoint);
            }
            throw new TargetException(TargetException.Kind.UNREACHABLE, null,
                    "cannot connect to " + flavor.product() + " at " + endpoint.display() + ": " + e.getMessage(), e);
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
