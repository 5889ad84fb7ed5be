package io.dbharness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run that ends before any operation fell due measured nothing: it says so and exits 1, not "kept up" and 0. At
 * --rate 1000 over 2 workers the default batch is paced to 0.1 s of rows (50), the first due when its last row is,
 * 98 ms in: after a 50 ms --duration. (At --rate 10 the batch is one row, due at once, and whether it starts within
 * a 1 ms --duration is up to the machine: the same path, not a deterministic test.)
 */
class NothingMeasuredTest {

    @TempDir
    Path tmp;

    @Test
    void aRateTooLowForTheDurationExitsOneAndSaysWhy() {
        CliRun r = CliRun.of("--target", "noop", "--rate", "1000", "--duration", "50ms", "--tag-num", "100",
                "--no-watch", "--results", tmp.toString());
        assertEquals(1, r.exitCode(), r.err() + r.out());
        assertEquals("nothing was measured: no operation started before --duration 50ms ended (under --rate a batch"
                + " falls due when the last of its rows does: raise --duration or --rate, or write smaller batches)",
                r.oneLineError());
        assertTrue(r.out().matches("(?s).*│ pacing \\(open model\\) +│ n/a: no operation fell due before the run ended +│.*"),
                r.out());
        assertTrue(r.out().matches("(?s).*│ exit code +│ 1 +│.*"), r.out());
    }

    /** The same batches at a rate that lets them all fall due within the duration: measured, exit 0. */
    @Test
    void aRateThatLetsTheBatchesFallDueWithinTheDurationMeasuresThem() {
        CliRun r = CliRun.of("--target", "noop", "--rate", "100000", "--duration", "60s", "--tag-num", "100",
                "--write-batch-rows", "100", "--no-watch", "--results", tmp.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().matches("(?s).*│ rows +│ 6,000 +│.*"), r.out());
    }
}
