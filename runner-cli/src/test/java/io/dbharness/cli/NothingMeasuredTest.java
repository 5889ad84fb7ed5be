package io.dbharness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run that ends before any operation fell due measured nothing: it says so and exits 1, not "kept up" and 0. */
class NothingMeasuredTest {

    @TempDir
    Path tmp;

    @Test
    void aRateTooLowForTheDurationExitsOneAndSaysWhy() {
        CliRun r = CliRun.of("--target", "noop", "--rate", "10", "--duration", "1ms", "--tag-num", "100",
                "--no-watch", "--results", tmp.toString());
        assertEquals(1, r.exitCode(), r.err());
        assertEquals("nothing was measured: no operation started before --duration 1ms ended (under --rate a batch"
                + " falls due when the last of its rows does: raise --duration or --rate, or write smaller batches)",
                r.oneLineError());
        assertTrue(r.out().matches("(?s).*│ pacing \\(open model\\) +│ n/a: no operation fell due before the run ended +│.*"),
                r.out());
        assertTrue(r.out().matches("(?s).*│ exit code +│ 1 +│.*"), r.out());
    }

    @Test
    void aRateThatLetsOneBatchDueWithinTheDurationMeasuresIt() {
        CliRun r = CliRun.of("--target", "noop", "--rate", "1000000", "--duration", "1s", "--tag-num", "100",
                "--no-watch", "--results", tmp.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("kept up"), r.out());
    }
}
