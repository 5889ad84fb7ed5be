package io.dbharness.postgres;

import io.dbharness.core.api.MetricCatalogue;
import io.dbharness.core.api.ServerTelemetry;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TopStatement;
import io.dbharness.core.dialect.StatementTexts;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Server telemetry of the PostgreSQL family, from the statistics views, each query a resource under
 * {@code telemetry/} of the flavor's dialect: wait events of the harness's own backends ({@code pg_stat_activity}
 * by application name), the database's counters, WAL and checkpoints, the bytes its tables and indexes take, and
 * {@code pg_stat_statements} where it is installed.
 *
 * <p>A statement can fit some server versions only: its first comment lines say {@code versions: 140000-179999}
 * ({@code server_version_num}), and of {@code NAME.vNN} and {@code NAME} the first that fits is used. A product
 * whose server lacks a view has a resource of its own with no statement, only {@code -- unavailable: why}; the
 * result says so.
 */
public final class PgTelemetry implements ServerTelemetry {

    /** The application name of the telemetry's own connection, so it never counts as one of the harness's backends. */
    static final String APPLICATION = "dbharness-telemetry";
    /** A telemetry query that takes longer is cut off by the server: a look must never pile up behind another. */
    static final Duration QUERY_TIMEOUT = Duration.ofSeconds(5);
    /** Counter statements read every interval, in this order. */
    static final List<String> COUNTERS = List.of("counters_database", "counters_wal", "counters_checkpoints");
    private static final String DIR = "telemetry/";

    /** How long {@link Session#settle} waits for the closed backends to exit. */
    static final Duration SETTLE_WAIT = Duration.ofSeconds(2);

    private final PgFlavor flavor;
    private final PostgresEndpoint endpoint;
    private final Duration opTimeout;
    private final boolean embedded;
    private final Runnable closeIdle;
    /**
     * Transactions the telemetry's sessions ran: they are in pg_stat_database's commits and are not the run's.
     * Counted across sessions, so a session re-opened after a lost one continues the count rather than reset it.
     */
    private final java.util.concurrent.atomic.AtomicLong ownTransactions = new java.util.concurrent.atomic.AtomicLong();

    /** @param closeIdle closes the target's idle pooled connections (their backends exit and publish their counters) */
    PgTelemetry(PgFlavor flavor, PostgresEndpoint endpoint, Duration opTimeout, boolean embedded, Runnable closeIdle) {
        this.flavor = flavor;
        this.endpoint = endpoint;
        this.opTimeout = opTimeout;
        this.embedded = embedded;
        this.closeIdle = closeIdle;
    }

    @Override
    public Session open() throws TargetException {
        Properties p = endpoint.driverProperties(opTimeout);
        p.setProperty("ApplicationName", APPLICATION);
        Connection c;
        try {
            c = flavor.driver(endpoint.jdbcUrl()).connect(endpoint.jdbcUrl(), p);
            try (Statement st = c.createStatement()) {
                st.execute(flavor.dialect().render("statement_timeout", Map.of("millis",
                        Long.toString(QUERY_TIMEOUT.toMillis()))));
            }
        } catch (SQLException e) {
            throw SqlErrors.connectFailure(e, flavor.product(), endpoint);
        }
        return new PgSession(c, flavor.dialect(), flavor.product(), embedded, closeIdle, ownTransactions);
    }

    /** The version range a statement's comments give ({@code versions: 140000-179999}, {@code 170000-}); all when none. */
    static boolean fits(List<String> comments, int version) {
        return comment(comments, "versions").map(v -> {
            String[] range = v.split("-", -1);
            int from = range[0].isBlank() ? 0 : Integer.parseInt(range[0].strip());
            int to = range.length < 2 || range[1].isBlank() ? Integer.MAX_VALUE : Integer.parseInt(range[1].strip());
            return version >= from && version <= to;
        }).orElse(true);
    }

    /** The value of a statement's first {@code -- key: value} comment line. */
    static Optional<String> comment(List<String> comments, String key) {
        return comments.stream().filter(l -> l.startsWith(key + ":")).findFirst()
                .map(l -> l.substring(key.length() + 1).strip());
    }

    /**
     * The statement to use for {@code name} on a server of {@code version}: its text, or the reason there is none
     * (a product's {@code -- unavailable:} resource, or no variant that fits the version).
     */
    static Choice choose(StatementTexts texts, String name, int version) {
        // the variants, most specific directory first (a product's own beats the generic text), then newest first
        List<String> ids = new ArrayList<>();
        for (int v = 20; v >= 9; v--) {
            ids.add(DIR + name + ".v" + v);
        }
        ids.add(DIR + name);
        List<String> tried = new ArrayList<>();
        for (String id : ids.stream().filter(id -> texts.specificity(id) >= 0)
                .sorted(java.util.Comparator.comparingInt(texts::specificity)).toList()) { // stable: newest first stays
            Optional<Choice> c = candidate(texts, id, version, tried);
            if (c.isPresent()) {
                return c.get();
            }
        }
        return new Choice(null, null, "not in this server's version (" + version + "); " + String.join(", ", tried));
    }

    /**
     * The statement a product runs for {@code name} on a server of {@code version}, as its golden files hold it: the
     * text, or {@code -- unavailable: why} when it has none.
     */
    public static String statementFor(StatementTexts texts, String name, int version) {
        Choice c = choose(texts, name, version);
        return c.sql() != null ? c.sql() : "-- unavailable: " + c.why();
    }

    private static Optional<Choice> candidate(StatementTexts texts, String id, int version, List<String> tried) {
        if (texts.find(id).isEmpty()) {
            return Optional.empty();
        }
        List<String> comments = texts.comments(id);
        Optional<String> unavailable = comment(comments, "unavailable");
        if (unavailable.isPresent()) {
            return Optional.of(new Choice(id, null, unavailable.get()));
        }
        if (!fits(comments, version)) {
            comment(comments, "versions").ifPresent(v -> tried.add(id.substring(DIR.length()) + " needs versions: " + v));
            return Optional.empty();
        }
        return Optional.of(new Choice(id, texts.get(id), null));
    }

    /** @param sql the statement, null when there is none ({@code why} says why) */
    record Choice(String id, String sql, String why) {
    }

    /** What the sessions report, for summaries, reports and explain. */
    static final MetricCatalogue METRICS = MetricCatalogue.resource(PgTelemetry.class, "telemetry-metrics.txt");

    /** One run's session: its own connection, used from the engine's telemetry thread only. */
    static final class PgSession implements Session {

        private final Connection connection;
        private final StatementTexts texts;
        private final String product;
        private final io.dbharness.core.api.Unavailable unavailable = new io.dbharness.core.api.Unavailable();
        private final Map<String, String> counterSql = new LinkedHashMap<>();
        private final Runnable closeIdle;
        private String waitsSql;
        private String waitSourceText;
        private String storedSql;
        private String statementsSql;
        private int version;
        /** Transactions the telemetry ran, this session's and those before it. */
        private final java.util.concurrent.atomic.AtomicLong ownTransactions;
        /** Why the connection went away, null while it holds: then every read gives nothing. */
        private volatile String lost;

        PgSession(Connection connection, StatementTexts texts, String product, boolean embedded, Runnable closeIdle,
                  java.util.concurrent.atomic.AtomicLong ownTransactions) {
            this.connection = connection;
            this.ownTransactions = ownTransactions;
            this.closeIdle = closeIdle;
            this.texts = texts;
            this.product = product;
            try {
                version = (int) single(texts.get(DIR + "version"));
            } catch (SQLException e) {
                version = 0;
                said("version", e);
            }
            Choice waits = choose(texts, "waits", version);
            waitsSql = waits.sql();
            // a product's waits say what they describe in a comment ("source: ..."); the family's own words otherwise
            waitSourceText = waits.id() == null ? null : comment(texts.comments(waits.id()), "source")
                    .orElse(product + " wait events of our backends");
            if (waits.sql() == null) {
                unavailable.put("waits", waits.why());
            }
            for (String name : COUNTERS) {
                Choice c = choose(texts, name, version);
                if (c.sql() != null) {
                    counterSql.put(name, c.sql());
                } else {
                    unavailable.put(name, c.why());
                }
            }
            Choice stored = choose(texts, "stored_bytes", version);
            storedSql = stored.sql();
            if (stored.sql() == null) {
                unavailable.put("stored_bytes", stored.why());
            }
            statementsSql = statements(embedded);
        }

        /** pg_stat_statements' query when it can be read; otherwise null and the reason, plainly. */
        private String statements(boolean embedded) {
            Choice c = choose(texts, "statements", version);
            if (c.sql() == null) {
                unavailable.put("statements", c.why());
                return null;
            }
            try {
                if (single(texts.get(DIR + "statements_installed")) == 0) {
                    if (!embedded) {
                        unavailable.put("statements", comment(texts.comments(DIR + "statements_installed"), "missing")
                                .orElse("the server's statement statistics are not there"));
                        return null;
                    }
                    execute(texts.get(DIR + "statements_create"));
                }
                try (Statement st = connection.createStatement()) {
                    ownTransactions.incrementAndGet();
                    st.executeQuery(c.sql()).close(); // a library not preloaded fails here, with the server's words
                }
                return c.sql();
            } catch (SQLException e) {
                if (!lostBy(e)) {
                    unavailable.put("statements", "pg_stat_statements cannot be read: " + message(e));
                }
                return lost == null ? null : c.sql(); // a lost session is re-opened: the next one tries again
            }
        }

        /** Its counters, gauges and wait events, declared in telemetry-metrics.txt beside it. */
        @Override
        public MetricCatalogue metrics() {
            return METRICS;
        }

        @Override
        public String waitSource() {
            return waitsSql == null ? null : waitSourceText;
        }

        /**
         * Closes the harness's idle pooled connections and waits (at most {@link #SETTLE_WAIT}) until their backends
         * have exited: a backend publishes the counters it still holds as it exits, so the last reading has all of
         * the run. (PostgreSQL 15+ publishes a busy backend's counters at most once a second, an idle one's up to
         * 10 s later.) A backend leaves pg_stat_activity just before it publishes, hence the short grace after.
         */
        @Override
        public void settle() {
            Choice idle = choose(texts, "idle_backends", version);
            Choice left = choose(texts, "backends_left", version);
            if (idle.sql() == null || left.sql() == null) {
                return;
            }
            try {
                List<Long> pids = new ArrayList<>();
                try (PreparedStatement ps = connection.prepareStatement(idle.sql())) {
                    ps.setString(1, PostgresEndpoint.APPLICATION);
                    ownTransactions.incrementAndGet();
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            pids.add(rs.getLong(1));
                        }
                    }
                }
                if (pids.isEmpty()) {
                    return;
                }
                closeIdle.run();
                String sql = texts.render(left.id(), Map.of("pids",
                        String.join(", ", pids.stream().map(String::valueOf).toList())));
                long deadline = System.nanoTime() + SETTLE_WAIT.toNanos();
                while (single(sql) > 0) {
                    if (System.nanoTime() > deadline) {
                        unavailable.put("settle", "the harness's closed connections' backends had not exited "
                                + SETTLE_WAIT.toSeconds() + " s after the run: the last counters may lag");
                        return;
                    }
                    Thread.sleep(10);
                }
                Thread.sleep(20);
            } catch (SQLException e) {
                if (!lostBy(e)) {
                    unavailable.put("settle", "the last counters may lag: " + message(e));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public Map<String, Integer> sampleWaits() {
            if (waitsSql == null || lost != null) {
                return Map.of();
            }
            Map<String, Integer> out = new TreeMap<>();
            try (PreparedStatement ps = connection.prepareStatement(waitsSql)) {
                ps.setString(1, PostgresEndpoint.APPLICATION);
                ownTransactions.incrementAndGet();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.put(rs.getString(1), rs.getInt(2));
                    }
                }
            } catch (SQLException e) {
                if (!lostBy(e)) {
                    unavailable.put("waits", message(e));
                    waitsSql = null; // one reason is enough: a failing look would fail every time
                }
                return Map.of();
            }
            return out;
        }

        @Override
        public Map<String, Double> counters() {
            Map<String, Double> out = new TreeMap<>();
            for (var it = counterSql.entrySet().iterator(); it.hasNext() && lost == null; ) {
                var e = it.next();
                try (Statement st = connection.createStatement()) {
                    ownTransactions.incrementAndGet();
                    try (ResultSet rs = st.executeQuery(e.getValue())) {
                        if (rs.next()) {
                            ResultSetMetaData md = rs.getMetaData();
                            for (int i = 1; i <= md.getColumnCount(); i++) {
                                double v = rs.getDouble(i);
                                if (!rs.wasNull()) {
                                    out.put(md.getColumnLabel(i), v);
                                }
                            }
                        }
                    }
                } catch (SQLException ex) {
                    if (!lostBy(ex)) {
                        unavailable.put(e.getKey(), message(ex));
                        it.remove();
                    }
                }
            }
            // pg_stat_database counts every client's transactions, these too: said beside them, not guessed away
            // (backends report their counts up to a second late, so a subtraction would go negative)
            if (lost != null) {
                return Map.of(); // part of a reading is no reading
            }
            if (!out.isEmpty()) {
                out.put("telemetry_transactions", (double) ownTransactions.get());
            }
            return out;
        }

        @Override
        public long storedBytes() {
            if (storedSql == null || lost != null) {
                return -1;
            }
            try {
                return single(storedSql);
            } catch (SQLException e) {
                if (!lostBy(e)) {
                    unavailable.put("stored_bytes", message(e));
                    storedSql = null;
                }
                return -1;
            }
        }

        @Override
        public List<TopStatement> statements() {
            if (statementsSql == null || lost != null) {
                return List.of();
            }
            List<TopStatement> out = new ArrayList<>();
            try (Statement st = connection.createStatement()) {
                ownTransactions.incrementAndGet();
                try (ResultSet rs = st.executeQuery(statementsSql)) {
                    while (rs.next()) {
                        String id = rs.getString(1);
                        if (id != null) {
                            out.add(new TopStatement(id, rs.getString(2), rs.getLong(3), Math.max(0, rs.getDouble(4)),
                                    rs.getLong(5)));
                        }
                    }
                }
            } catch (SQLException e) {
                if (!lostBy(e)) {
                    unavailable.put("statements", "pg_stat_statements cannot be read: " + message(e));
                    statementsSql = null;
                }
                return List.of();
            }
            return out;
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
            RowBinder.closeQuietly(connection);
        }

        /**
         * Whether {@code e} says the connection went away (the server ended the session, restarted, the socket
         * broke) rather than refused the read: then the session is lost and the read is not given up for good.
         */
        private boolean lostBy(SQLException e) {
            if (SqlErrors.connectionLost(e)) {
                lost = message(e);
                return true;
            }
            return false;
        }

        private void said(String key, SQLException e) {
            if (!lostBy(e)) {
                unavailable.put(key, message(e));
            }
        }

        private long single(String sql) throws SQLException {
            try (Statement st = connection.createStatement()) {
                ownTransactions.incrementAndGet();
                try (ResultSet rs = st.executeQuery(sql)) {
                    return rs.next() ? rs.getLong(1) : -1;
                }
            }
        }

        private void execute(String sql) throws SQLException {
            try (Statement st = connection.createStatement()) {
                ownTransactions.incrementAndGet();
                st.execute(sql);
            }
        }

        private static String message(SQLException e) {
            String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
            int nl = m.indexOf('\n');
            return (e.getSQLState() == null ? "" : e.getSQLState() + ": ") + (nl < 0 ? m : m.substring(0, nl));
        }
    }
}
