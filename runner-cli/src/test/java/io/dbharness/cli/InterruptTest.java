package io.dbharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C and SIGTERM on a real {@code runner} process, while rows flow and while the target is stalled (its
 * table locked by another session): the process ends within seconds with its summary, its result file, and
 * the exit code the result names (130, 143); a second Ctrl-C quits at once.
 */
@org.junit.jupiter.api.Tag("server")
class InterruptTest {

    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    @TempDir
    Path tmp;

    /** A runner process writing a table big enough to still be running when the test interrupts it. */
    private final class Runner implements AutoCloseable {
        final Process process;
        final StringBuilder out = new StringBuilder();
        final StringBuilder err = new StringBuilder();
        final CountDownLatch rowsFlowing = new CountDownLatch(1);
        final Thread[] pumps;

        final CountDownLatch verifying = new CountDownLatch(1);

        Runner(String table, String... more) throws IOException {
            String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", cp,
                    "io.dbharness.cli.Main", "--url", pg.url(), "--user", "postgres", "--table-name", table, "--clean",
                    "--tag-num", "400000", "--total-metrics-count", "10", "--watch-interval", "200ms", "--verify",
                    "--results", tmp.toString()));
            cmd.addAll(List.of(more));
            ProcessBuilder pb = new ProcessBuilder(CliRun.takingSigint(cmd));
            pb.environment().keySet().removeIf(k -> k.startsWith("PG"));
            process = pb.start();
            pumps = new Thread[] {pump(process.getInputStream(), out, false), pump(process.getErrorStream(), err, true)};
        }

        private Thread pump(java.io.InputStream in, StringBuilder into, boolean progress) {
            Thread t = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        synchronized (into) {
                            into.append(line).append('\n');
                        }
                        if (progress && line.startsWith("[") && !line.contains("]  0 rows")) {
                            rowsFlowing.countDown();
                        }
                        if (progress && line.startsWith("verifying")) {
                            verifying.countDown();
                        }
                    }
                } catch (IOException ignored) {
                    // the process ended
                }
            });
            t.setDaemon(true);
            t.start();
            return t;
        }

        /** What the process wrote to stderr so far (its pump is still appending). */
        String stderr() {
            synchronized (err) {
                return err.toString();
            }
        }

        void signal(String name) throws Exception {
            assertEquals(0, new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start().waitFor());
        }

        /** Waits for the process to end; returns the seconds it took. */
        double awaitExit(double maxSeconds) throws Exception {
            long t0 = System.nanoTime();
            assertTrue(process.waitFor((long) (maxSeconds * 1000), TimeUnit.MILLISECONDS),
                    "still running " + maxSeconds + " s later; stderr:\n" + err);
            for (Thread t : pumps) {
                t.join(5_000);
            }
            return (System.nanoTime() - t0) / 1e9;
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }
    }

    private static Connection admin() throws Exception {
        return DriverManager.getConnection(pg.url(), "postgres", null);
    }

    /**
     * Waits (60 s at most) until a backend of the runner whose statement is like {@code statement} waits for a
     * lock: the stall the test's signal is meant to find, however long a loaded machine took to get there.
     */
    private static void awaitLockWait(String statement) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try (Connection c = admin(); Statement st = c.createStatement()) {
            while (true) {
                try (ResultSet rs = st.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE application_name = "
                        + "'dbharness' AND wait_event_type = 'Lock' AND query ILIKE '" + statement + "'")) {
                    rs.next();
                    if (rs.getLong(1) > 0) {
                        return;
                    }
                }
                assertTrue(System.nanoTime() < until, "no statement like '" + statement + "' of the run waiting for the lock within 60 s");
                Thread.sleep(20);
            }
        }
    }

    /**
     * A stopped run that ends by its grace and its bounded checks (8 s) is told from one that ends only by the
     * safety net ({@link Interrupts#SAFETY_NET_SECONDS}) or the op-timeout (a minute) by half the safety net.
     */
    private static final double NOT_THE_SAFETY_NET = Interrupts.SAFETY_NET_SECONDS / 2.0;

    private JsonNode onlyResult() throws IOException {
        try (Stream<Path> files = Files.list(tmp)) {
            List<Path> json = files.filter(p -> p.toString().endsWith(".json")).toList();
            assertEquals(1, json.size(), "one result file: " + json);
            return new ObjectMapper().readTree(json.get(0).toFile());
        }
    }

    @Test
    void ctrlCWhileTheTargetIsStalledEndsWithinSecondsWithSummaryAndResult() throws Exception {
        try (Runner r = new Runner("cli_stall"); Connection lock = admin(); Statement st = lock.createStatement()) {
            assertTrue(r.rowsFlowing.await(60, TimeUnit.SECONDS), "no progress line with rows:\n" + r.err);
            lock.setAutoCommit(false);
            st.execute("LOCK TABLE cli_stall IN ACCESS EXCLUSIVE MODE"); // every write now waits, and so would a count
            awaitLockWait("%");
            r.signal("INT");
            double secs = r.awaitExit(2 * Interrupts.SAFETY_NET_SECONDS);
            lock.rollback();
            assertEquals(130, r.process.exitValue(), r.err.toString());
            assertTrue(secs < NOT_THE_SAFETY_NET, "grace + bounded verification, not the 60 s op-timeout: " + secs);
            assertTrue(r.err.toString().contains("stopping (SIGINT)"), r.err.toString());
            String summary = r.out.toString();
            assertTrue(summary.contains("│ stopped ") && summary.contains("INTERRUPTED"), summary);
            assertTrue(summary.matches("(?s).*│ exit code +│ 130 +│.*"), summary);
            assertTrue(summary.contains("stopped (SIGINT) before the verification finished"), summary);
            JsonNode result = onlyResult();
            assertEquals(130, result.at("/outcome/exitCode").asInt(), "the result's exit code is the process's");
            assertEquals("INTERRUPTED", result.at("/outcome/stopReason").asText());
            assertTrue(result.get("totals").get("rows").asLong() > 0);
        }
    }

    @Test
    void ctrlCDuringAStalledVerificationCutsItShort() throws Exception {
        // the table is locked mid-run: the writes time out at the deadline, and the count then waits on the lock
        try (Runner r = new Runner("cli_verify", "--duration", "3s"); Connection lock = admin(); Statement st = lock.createStatement()) {
            assertTrue(r.rowsFlowing.await(60, TimeUnit.SECONDS), "no progress line with rows:\n" + r.err);
            lock.setAutoCommit(false);
            st.execute("LOCK TABLE cli_verify IN ACCESS EXCLUSIVE MODE");
            assertTrue(r.verifying.await(30, TimeUnit.SECONDS), "no 'verifying' line:\n" + r.err);
            awaitLockWait("select count(%");
            r.signal("INT");
            double secs = r.awaitExit(2 * Interrupts.SAFETY_NET_SECONDS);
            lock.rollback();
            assertEquals(130, r.process.exitValue(), r.err.toString());
            assertTrue(secs < NOT_THE_SAFETY_NET, "5 s more for the checks, not --op-timeout's 65 s: " + secs);
            assertTrue(r.err.toString().contains("checks after the run"), r.err.toString());
            assertTrue(r.out.toString().contains("stopped (SIGINT) before the verification finished"), r.out.toString());
            JsonNode result = onlyResult();
            assertEquals(130, result.at("/outcome/exitCode").asInt());
            // the rows were not counted: not FAILED; and the run was stopped by the signal, not ended by --duration
            assertEquals("UNCHECKED", result.get("verification").get("status").asText(), result.get("verification").toString());
            assertEquals("INTERRUPTED", result.at("/outcome/stopReason").asText());
        }
    }

    @Test
    void sigtermEndsTheRunWithExitCode143() throws Exception {
        try (Runner r = new Runner("cli_term")) {
            assertTrue(r.rowsFlowing.await(60, TimeUnit.SECONDS), "no progress line with rows:\n" + r.err);
            r.process.destroy(); // SIGTERM
            r.awaitExit(20);
            assertEquals(143, r.process.exitValue(), r.err.toString());
            JsonNode result = onlyResult();
            assertEquals(143, result.at("/outcome/exitCode").asInt());
            assertEquals("PASSED", result.get("verification").get("status").asText(),
                    "what was written before the stop is all there: " + result.get("verification"));
        }
    }

    @Test
    void aSecondCtrlCQuitsAtOnce() throws Exception {
        try (Runner r = new Runner("cli_twice"); Connection lock = admin(); Statement st = lock.createStatement()) {
            assertTrue(r.rowsFlowing.await(60, TimeUnit.SECONDS), "no progress line with rows:\n" + r.err);
            lock.setAutoCommit(false);
            st.execute("LOCK TABLE cli_twice IN ACCESS EXCLUSIVE MODE");
            r.signal("INT");
            // the second once the first is taken (two signals at once may arrive as one)
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!r.stderr().contains("stopping (SIGINT)")) {
                assertTrue(System.nanoTime() < until, "the first SIGINT not taken within 60 s:\n" + r.stderr());
                Thread.sleep(10);
            }
            r.signal("INT");
            double secs = r.awaitExit(30);
            lock.rollback();
            assertEquals(130, r.process.exitValue());
            // the first alone would end it after the grace and the stalled checks (8 s): at once is within the grace
            assertTrue(secs < io.dbharness.core.engine.Engine.STOP_GRACE.toSeconds(), "at once: " + secs);
            assertTrue(r.err.toString().contains("quitting at once"), r.err.toString());
        }
    }
}
