package io.dbharness.tools;

import io.dbharness.cli.CliRun;
import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * BenchmarkSQL's three scripts on MogDB's test page's properties file (seed 003), its connection and sizes changed:
 * build, run with BenchmarkSQL's result lines, destroy.
 */
@org.junit.jupiter.api.Tag("server")
class BenchmarkSqlCommandsTest {

    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    @TempDir
    Path tmp;

    /** The page's file as it is, but for conn, user, password and the sizes (1000 warehouses, 812 terminals, 30 minutes). */
    private Path props() throws Exception {
        Path p = tmp.resolve("props.pg");
        Files.writeString(p, BenchmarkSqlPropertiesTest.MOGDB
                .replaceFirst("(?m)^conn=jdbc:postgresql://[^/]*/tpcc", java.util.regex.Matcher.quoteReplacement("conn=" + pg.url()))
                .replaceFirst("(?m)^user=.*$", "user=postgres").replaceFirst("(?m)^password=.*$", "password=unused")
                .replaceFirst("(?m)^warehouses=.*$", "warehouses=1").replaceFirst("(?m)^loadWorkers=.*$", "loadWorkers=2")
                .replaceFirst("(?m)^terminals=.*$", "terminals=2").replaceFirst("(?m)^runTxnsPerTerminal=.*$", "runTxnsPerTerminal=25")
                .replaceFirst("(?m)^runMins=.*$", "runMins=0"));
        return p;
    }

    private CliRun script(String name, Path props, String... ours) {
        String[] args = new String[3 + ours.length + 2];
        args[0] = name;
        args[1] = props.toString();
        args[2] = "--";
        System.arraycopy(ours, 0, args, 3, ours.length);
        args[args.length - 2] = "--results";
        args[args.length - 1] = tmp.resolve("results").toString();
        return CliRun.of(args);
    }

    @Test
    void buildThenRunThenDestroyAsTheScriptsDo() throws Exception {
        Path props = props();
        script("runDatabaseDestroy.sh", props); // whatever an earlier test left
        CliRun build = script("runDatabaseBuild.sh", props);
        assertEquals(0, build.exitCode(), build.err());
        assertTrue(build.out().contains("dbharness tpcc → postgres"), build.out());
        assertEquals(1, pg.count("SELECT count(*) FROM warehouse"));

        CliRun run = script("runBenchmark.sh", props, "--verify");
        assertEquals(0, run.exitCode(), run.err());
        String out = run.out();
        // BenchmarkSQL's lines, then our summary
        int tpmC = out.indexOf("Term-00, Measured tpmC (NewOrders) = ");
        assertTrue(tpmC >= 0 && out.indexOf("dbharness tpcc → postgres") > tpmC, out);
        assertTrue(Pattern.compile("Term-00, Measured tpmTOTAL = \\d+\\.\\d\\d\n").matcher(out).find(), out);
        assertTrue(Pattern.compile("Term-00, Session Start     = \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\n").matcher(out).find(), out);
        assertTrue(Pattern.compile("Term-00, Session End       = \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\n").matcher(out).find(), out);
        Matcher count = Pattern.compile("Term-00, Transaction Count = (\\d+)\n").matcher(out);
        assertTrue(count.find(), out);
        assertEquals(50, Long.parseLong(count.group(1))); // 2 terminals x runTxnsPerTerminal=25
        assertTrue(out.contains("verification                    │ PASSED: consistency conditions"), out);
        // the page's file has nothing this harness cannot honour: no error and no warning on the way
        assertFalse(run.err().contains("error:") || run.err().contains("warning:"), run.err());

        // the run's duration on the command line replaces the file's runTxnsPerTerminal
        CliRun timed = script("runBenchmark", props, "--duration", "2s");
        assertEquals(0, timed.exitCode(), timed.err());

        CliRun destroy = script("runDatabaseDestroy", props);
        assertEquals(0, destroy.exitCode(), destroy.err());
        assertTrue(destroy.out().contains("│ tables                          │ --destroy: dropped "), destroy.out());
        assertEquals(0, pg.count("SELECT count(*) FROM information_schema.tables WHERE table_name IN ('warehouse', 'tpcc_load')"));
        CliRun again = script("runBenchmark.sh", props);
        assertEquals(2, again.exitCode(), again.err());
        assertEquals("--run-only: there are no TPC-C tables to run on; load them first (runner --workload tpcc --load-only"
                + " --warehouses N)", again.oneLineError());
    }

    @Test
    void tablesThisHarnessDidNotCreateAreNeverDropped() throws Exception {
        try (var c = pg.admin(); var st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS shop");
            st.execute("CREATE DATABASE shop");
        }
        String shop = pg.url().replaceFirst("/postgres$", "/shop");
        try (var c = java.sql.DriverManager.getConnection(shop, "postgres", ""); var st = c.createStatement()) {
            st.execute("CREATE TABLE customer (id int, name text)");
            st.execute("INSERT INTO customer VALUES (1, 'mine')");
        }
        Path props = tmp.resolve("props.shop");
        Files.writeString(props, "db=postgres\nconn=" + shop + "\nuser=postgres\nwarehouses=1\nterminals=1\nrunMins=1\n");
        CliRun destroy = script("runDatabaseDestroy", props);
        assertEquals(2, destroy.exitCode(), destroy.err());
        assertEquals("--destroy: the tables here named like TPC-C's (customer) were not created by this harness (it creates a"
                + " tpcc_load table with them): nothing was dropped; drop them yourself if they are to go", destroy.oneLineError());
        CliRun build = script("runDatabaseBuild", props);
        assertEquals(2, build.exitCode(), build.err());
        assertEquals("tables named like TPC-C's exist (customer) that this harness did not create (it creates a tpcc_load table"
                + " with them): load into another database, or give --clean to drop them", build.oneLineError());
        try (var c = java.sql.DriverManager.getConnection(shop, "postgres", ""); var st = c.createStatement();
             var rs = st.executeQuery("SELECT name FROM customer")) {
            assertTrue(rs.next());
            assertEquals("mine", rs.getString(1));
        }
    }

    @Test
    void aScriptTakesOnePropertiesFile() throws Exception {
        assertEquals("usage: runner runBenchmark PROPS_FILE [-- OPTIONS] (BenchmarkSQL's runBenchmark.sh takes one properties file)",
                refused("runBenchmark.sh"));
        assertEquals("usage: runner runDatabaseBuild PROPS_FILE [-- OPTIONS] (BenchmarkSQL's runDatabaseBuild.sh takes one"
                + " properties file, not a b)", refused("runDatabaseBuild", "a", "b"));
        assertEquals("BenchmarkSQL properties file " + tmp.resolve("none") + " does not exist",
                refused("runBenchmark", tmp.resolve("none").toString()));
        Path bad = tmp.resolve("props.bad");
        Files.writeString(bad, "db=postgres\nconn=jdbc:postgresql://localhost/x\nrunMins=1\nwarehouse=3\n");
        assertEquals("unknown key 'warehouse' in BenchmarkSQL file " + bad + " (line 4)", refused("runBenchmark", bad.toString()));
        Path zero = tmp.resolve("props.zero");
        Files.writeString(zero, "db=postgres\nconn=jdbc:postgresql://localhost/x\nrunMins=1\nwarehouses=0\n");
        assertEquals(zero + " line 4: invalid value '0' for --warehouses: expected an integer from 1 to 100000",
                refused("runBenchmark", zero.toString()));
        CliRun help = CliRun.of("runDatabaseDestroy", "--help");
        assertEquals(0, help.exitCode(), help.err());
        assertTrue(help.out().startsWith("Usage: runner runDatabaseDestroy PROPS_FILE [-- OPTIONS]"), help.out());
    }

    private static String refused(String... args) {
        CliRun r = CliRun.of(args);
        assertEquals(2, r.exitCode(), r.err());
        return r.oneLineError();
    }
}
