package io.dbharness.cli;

import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code runner explain} on runs made here: it names the limit the server's figures show, and refuses bad input. */
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
