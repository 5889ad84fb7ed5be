package io.dbharness.cli;

import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code runner explain} on runs made here: it names the limit the server's figures show, and refuses bad input. */
@org.junit.jupiter.api.Tag("server")
class ExplainCommandTest {

    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    @TempDir
    Path tmp;

    @Test
    void sixteenTerminalsOnOneWarehouseAreLockBound() {
        CliRun run = CliRun.of("--workload", "tpcc", "--url", pg.url(), "--user", "postgres", "--warehouses", "1",
                "--terminals", "16", "--duration", "4s", "--watch-interval", "1s", "--clean", "--no-watch",
                "--results", tmp.resolve("crowded").toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("│ server time "), run.out());
        CliRun explain = CliRun.of("explain", tmp.resolve("crowded").toString());
        assertEquals(0, explain.exitCode(), explain.err());
        assertTrue(explain.out().contains("tpcc on postgres (PostgreSQL "), explain.out());
        assertTrue(explain.out().contains("  - row and table locks: "), explain.out());
        assertTrue(explain.out().contains("Lock:transactionid"), explain.out());
        assertTrue(!explain.out().contains("offered") && !explain.out().contains("context"), explain.out());
    }

    /**
     * An ingest held to a rate it keeps up with (200 rows/s, far below what the server takes) was limited by that
     * offer: it is the one verdict, with offered and achieved rates; what the server's sessions did (waiting for the
     * harness's next statement, mostly) comes after it, as context. Ten seconds: the schedule's tolerance is 5% of
     * the run, so one batch slowed by a busy machine at the end is not a run that fell behind.
     */
    @Test
    @Timeout(120)
    void aRunThatKeptUpWithItsRateWasLimitedByTheOffer() {
        CliRun run = CliRun.of("--url", pg.url(), "--user", "postgres", "--tag-num", "100", "--total-metrics-count", "10",
                "--rate", "200", "--duration", "10s", "--watch-interval", "1s", "--clean", "--no-watch",
                "--results", tmp.resolve("capped").toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("kept up with 200 rows/s offered"), run.out());
        String out = CliRun.of("explain", tmp.resolve("capped").toString()).out();
        List<String> verdicts = verdicts(out);
        assertEquals(1, verdicts.size(), out);
        assertTrue(verdicts.get(0).matches("the offered rate: it kept up with the load it was given: group \\S+ offered 200"
                + " rows/s and achieved [0-9,.]+ rows/s, [0-9.]+ s behind its schedule at the end \\(at most [0-9.]+ s\\)"), out);
    }

    /** TPC-C held to a rate of transactions (ten a second, for ten seconds): the same, in operations per second. */
    @Test
    @Timeout(180)
    void tpccHeldToARateItKeptUpWithWasLimitedByTheOffer() {
        CliRun run = CliRun.of("--workload", "tpcc", "--url", pg.url(), "--user", "postgres", "--warehouses", "1",
                "--terminals", "4", "--rate", "10", "--duration", "10s", "--watch-interval", "1s", "--clean", "--no-watch",
                "--results", tmp.resolve("tpcc-capped").toString());
        assertEquals(0, run.exitCode(), run.err());
        String out = CliRun.of("explain", tmp.resolve("tpcc-capped").toString()).out();
        List<String> verdicts = verdicts(out);
        assertEquals(1, verdicts.size(), out);
        assertTrue(verdicts.get(0).startsWith("the offered rate: it kept up with the load it was given: group "), out);
        assertTrue(verdicts.get(0).contains(" offered 10.0 ops/s and achieved "), out);
    }

    /** The verdicts as printed: the lines under "what limited it:", up to the context if any. */
    private static List<String> verdicts(String out) {
        String verdicts = out.substring(out.indexOf("what limited it:\n"));
        int context = verdicts.indexOf("at the offered rate (context, not the limit):");
        return (context < 0 ? verdicts : verdicts.substring(0, context)).lines().filter(l -> l.startsWith("  - "))
                .map(l -> l.substring(4)).toList();
    }

    @Test
    void withoutServerTelemetryTheServerIsNotJudged() {
        CliRun run = CliRun.of("--workload", "tpcc", "--url", pg.url(), "--user", "postgres", "--warehouses", "1",
                "--terminals", "16", "--duration", "2s", "--clean", "--no-watch", "--server-telemetry", "off",
                "--results", tmp.resolve("off").toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(!run.out().contains("│ server time "), run.out());
        CliRun explain = CliRun.of("explain", tmp.resolve("off").toString());
        assertEquals(0, explain.exitCode(), explain.err());
        assertTrue(!explain.out().contains("locks"), explain.out());
        assertTrue(explain.out().contains("no server telemetry"), explain.out());
    }

    @Test
    void aRunOfAFractionOfASecondIsTooShortToJudge() {
        CliRun run = CliRun.of("--target", "noop", "--tag-num", "20", "--ts-end", "2022-04-18 09:00:10",
                "--total-metrics-count", "3", "--no-watch", "--results", tmp.resolve("noop").toString());
        assertEquals(0, run.exitCode(), run.err());
        CliRun explain = CliRun.of("explain", tmp.resolve("noop").toString());
        assertEquals(0, explain.exitCode(), explain.err());
        assertTrue(explain.out().contains("what limited it: the figures do not decide. The run lasted 0.0 s: too short"
                + " for its figures to decide."), explain.out());
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        CliRun none = CliRun.of("explain");
        assertEquals(2, none.exitCode());
        assertEquals("runner explain needs a result file (or a directory of them)", none.oneLineError());
        CliRun missing = CliRun.of("explain", tmp.resolve("nothere.json").toString());
        assertEquals(2, missing.exitCode());
        assertTrue(missing.oneLineError().startsWith("result file not found: "), missing.err());
    }
}
