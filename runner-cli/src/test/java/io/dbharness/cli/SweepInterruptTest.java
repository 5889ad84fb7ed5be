package io.dbharness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C on a real {@code runner sweep} process: the current point stops with its summary and result, no
 * further point starts, and the process exits 130 after the sweep's table.
 */
class SweepInterruptTest {

    @TempDir
    Path tmp;

    @Test
    void ctrlCStopsTheCurrentPointAndStartsNoMore() throws Exception {
        Path results = tmp.resolve("res");
        // an open model at 1,000 rows/s for a minute: still running when the signal comes
        try (Spawned p = Spawned.start(List.of(), "sweep", "--target", "noop", "--vary", "workers=1,2,3",
                "--tag-num", "1000", "--rate", "1000", "--duration", "60s", "--watch-interval", "200ms", "--results",
                results.toString())) {
            assertTrue(p.awaitRows(60), "no progress: " + p.err());
            assertEquals(0, p.signal("INT"));
            assertTrue(p.awaitExit(30), "still running; stderr:\n" + p.err());
            assertEquals(130, p.process.exitValue(), p.err());
            try (Stream<Path> files = Files.list(results)) {
                assertEquals(1, files.filter(f -> f.toString().endsWith(".json")).count(), "the stopped point's result only");
            }
            assertTrue(p.err().contains("stopped: 2 runs of the series not started"), p.err());
            assertTrue(p.out().contains("sweep: 1 of 3 runs made"), p.out());
            assertTrue(p.out().matches("(?s).*1 workers=1\\s+130\\s.*"), p.out());
            assertFalse(p.out().contains("== point 2/3"), p.out());
        }
    }
}
