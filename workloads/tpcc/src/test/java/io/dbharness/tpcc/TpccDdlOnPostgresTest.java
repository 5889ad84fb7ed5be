package io.dbharness.tpcc;

import io.dbharness.core.api.PrepareContext;
import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each product's TPC-C texts on embedded PostgreSQL, through the product's own target with
 * {@code --allow-compatible-server}. MogDB's DDL is PostgreSQL's syntax: a whole run (load, keys, statistics, five
 * transactions, the consistency checks). YugabyteDB's key annotations (HASH, ASC/DESC in a key constraint) and
 * MatrixDB's DISTRIBUTED clauses are not: PostgreSQL refuses them, and the targets do not rewrite a workload's
 * texts on a compatible server (their flavors switch off only what their own DDL templates hold). For those two the
 * test loads the tables with the product's scripts less exactly those clauses, then runs the transactions and
 * checks through the product's target with {@code --run-only}. The tests of this class share one server and must
 * not run in parallel (each load drops and recreates the same tables).
 */
@org.junit.jupiter.api.Tag("server")
class TpccDdlOnPostgresTest {

    @RegisterExtension
    static final TpccPostgres pg = new TpccPostgres();

    private static final Object[] SMALL_RUN = {"allow-compatible-server", true, "warehouses", 1, "terminals", 2,
            "txns-per-terminal", 100, "verify", true};

    private static Object[] with(Object... more) {
        Object[] out = new Object[SMALL_RUN.length + more.length];
        System.arraycopy(SMALL_RUN, 0, out, 0, SMALL_RUN.length);
        System.arraycopy(more, 0, out, SMALL_RUN.length, more.length);
        return out;
    }

    private static void assertRan(RunResult r, String dialect) {
        assertEquals(0, r.exitCode(), () -> r.failure() + " / " + r.verification().message());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(0, r.totals().counts().errors());
        long done = r.operations().stream().mapToLong(x -> x.counts().completed()).sum();
        assertEquals(200, done);
        assertEquals(dialect, r.workloadFacts().details().get("dialect"));
        assertEquals("io/dbharness/tpcc/sql/" + dialect + "/create_tables.sql", r.workloadFacts().details().get("ddl"));
    }

    @Test
    void mogdbRunsWholeOnPostgresql() throws Exception {
        RunResult r = pg.runOn("mogdb", with("clean", true));
        assertRan(r, "mogdb");
        assertTrue(r.workloadFacts().loaded().seconds().isPresent(), "loaded by this run: " + r.workloadFacts());
        // the openGauss guide's fill factor is PostgreSQL's storage parameter too
        assertEquals(8, pg.count("SELECT count(*) FROM pg_class WHERE relkind = 'r' AND 'fillfactor=80' = ANY (reloptions)"),
                "every table but item and tpcc_load");
        assertEquals(8, primaryKeys());
    }

    /** PostgreSQL has no hash-sharded keys and takes no ASC/DESC in a key constraint; the columns and their order stay. */
    static final UnaryOperator<String> YUGABYTE_TO_POSTGRES = s -> s
            .replaceAll("\\(([\\w, ]+)\\) HASH", "$1")
            .replaceAll(" (HASH|ASC|DESC)\\b", "");

    /** PostgreSQL has no DISTRIBUTED clause; {@code USING heap} is its own syntax (PostgreSQL 12+). */
    static final UnaryOperator<String> MATRIXDB_TO_POSTGRES = s -> s
            .replaceAll("\\s+DISTRIBUTED (BY \\(\\w+\\)|REPLICATED|RANDOMLY)", "");

    @Test
    void yugabyteKeysDeclaredInCreateTableLoadAndRun() throws Exception {
        TpccSql sql = TpccDdlGoldenTest.sql("yugabyte");
        assertTrue(sql.get("create_tables").contains("PRIMARY KEY ((d_w_id) HASH, d_id ASC)"));
        assertTrue(YUGABYTE_TO_POSTGRES.apply(sql.get("create_tables")).contains("PRIMARY KEY (d_w_id, d_id)"));
        loadWith(sql, YUGABYTE_TO_POSTGRES);
        // the keys came with the tables (COPY loaded into them), only the two secondary indexes after the load
        assertEquals(8, primaryKeys());
        assertEquals(2, pg.count("SELECT count(*) FROM pg_indexes WHERE indexname IN ('customer_name', 'oorder_customer')"));
        assertRan(pg.runOn("yugabyte", with("run-only", true)), "yugabyte");
    }

    @Test
    void matrixdbDistributionLessLoadsAndRuns() throws Exception {
        TpccSql sql = TpccDdlGoldenTest.sql("matrixdb");
        String plain = MATRIXDB_TO_POSTGRES.apply(sql.get("create_tables"));
        assertTrue(!plain.contains("DISTRIBUTED") && plain.contains("USING heap"), plain);
        loadWith(sql, MATRIXDB_TO_POSTGRES);
        assertEquals(8, primaryKeys());
        assertRan(pg.runOn("matrixdb", with("run-only", true)), "matrixdb");
    }

    /**
     * What a run with {@code --clean} meets on PostgreSQL with the yugabyte and matrixdb targets as they are: CREATE
     * TABLE is refused at the product clause (a syntax error, 42601), and the run stops saying which statement.
     */
    @Test
    void theProductClausesAreRefusedByPostgresqlAsWritten() throws Exception {
        for (Map.Entry<String, String> e : Map.of("yugabyte", "HASH", "matrixdb", "DISTRIBUTED").entrySet()) {
            // a preparation that fails ends in a result that says so, with the exit code of a setting to change
            io.dbharness.core.result.RunResult r = pg.runOn(e.getKey(), with("clean", true));
            assertEquals("preparing the run failed: creating the TPC-C tables (tpcc/sql/" + e.getKey()
                    + "/create_tables.sql, statement 1 of 10: CREATE TABLE warehouse) failed: syntax error at or near \""
                    + e.getValue() + "\" (SQLSTATE 42601)", r.failure(), e.getKey());
            assertEquals(io.dbharness.core.result.Outcome.Phase.PREPARE, r.failedPhase());
            assertEquals(2, r.exitCode());
        }
    }

    // --- helpers

    private static long primaryKeys() throws SQLException {
        return pg.count("SELECT count(*) FROM pg_constraint WHERE contype = 'p' AND conrelid::regclass::text IN ('warehouse', "
                + "'district', 'customer', 'history', 'new_order', 'oorder', 'order_line', 'item', 'stock', 'tpcc_load')");
    }

    /**
     * What the workload's preparation does (drop, create, COPY load, keys, statistics, the load record), with
     * {@code sql}'s scripts made PostgreSQL by {@code toPostgres}; COPY goes through the postgres target's access.
     */
    private static void loadWith(TpccSql sql, UnaryOperator<String> toPostgres) throws Exception {
        SqlAccess access = pg.target().capability(SqlAccess.class).orElseThrow();
        for (String script : List.of("drop_tables", "create_tables")) {
            execute(access, sql, script, toPostgres);
        }
        long seed = 20240601L;
        TpccRandom.Constants constants = TpccRandom.Constants.forLoad(new SplittableRandom(seed));
        new Loader(access, sql, 1, 2, seed, constants).load(PrepareContext.NONE);
        execute(access, sql, "create_indexes", toPostgres);
        execute(access, sql, "analyze", toPostgres);
        new Schema(access, sql).recordLoad(new Schema.Load(1, constants, seed));
        assertEquals(30_000, pg.count("SELECT count(*) FROM oorder"));
    }

    private static void execute(SqlAccess access, TpccSql sql, String script, UnaryOperator<String> toPostgres) throws SQLException {
        try (Connection c = access.dataSource().getConnection(); Statement st = c.createStatement()) {
            c.setAutoCommit(true);
            for (String s : sql.statements(script)) {
                String plain = toPostgres.apply(s);
                try {
                    st.execute(plain);
                } catch (SQLException e) {
                    throw new SQLException(script + ": " + e.getMessage() + "\n" + plain, e.getSQLState(), e);
                }
            }
        }
    }
}
