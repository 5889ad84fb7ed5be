package io.dbharness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path results = tmp.resolve("res");
        // an open model at 1,000 rows/s for a minute: still running when the signal comes
        Process p = new ProcessBuilder(CliRun.takingSigint(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", cp, "io.dbharness.cli.Main", "sweep", "--target", "noop", "--vary", "workers=1,2,3",
                "--tag-num", "1000", "--rate", "1000", "--duration", "60s", "--watch-interval", "200ms", "--results",
                results.toString()))).start();
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        CountDownLatch flowing = new CountDownLatch(1);
        Thread[] pumps = {pump(p.getInputStream(), out, null), pump(p.getErrorStream(), err, flowing)};
        try {
            assertTrue(flowing.await(60, TimeUnit.SECONDS), "no progress: " + err);
            assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "still running; stderr:\n" + err);
            for (Thread t : pumps) {
                t.join(5_000);
            }
            assertEquals(130, p.exitValue(), err.toString());
            try (Stream<Path> files = Files.list(results)) {
                assertEquals(1, files.filter(f -> f.toString().endsWith(".json")).count(), "the stopped point's result only");
            }
            assertTrue(err.toString().contains("stopped: 2 runs of the series not started"), err.toString());
            assertTrue(out.toString().contains("sweep: 1 of 3 runs made"), out.toString());
            assertTrue(out.toString().matches("(?s).*1 workers=1\\s+130\\s.*"), out.toString());
            assertFalse(out.toString().contains("== point 2/3"), out.toString());
        } finally {
            p.destroyForcibly();
        }
    }

    /** Copies a stream into {@code into}; counts {@code flowing} down at the first progress line with rows. */
    private static Thread pump(InputStream in, StringBuilder into, CountDownLatch flowing) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    synchronized (into) {
                        into.append(line).append('\n');
                    }
                    if (flowing != null && line.startsWith("[") && !line.contains("]  0 rows")) {
                        flowing.countDown();
                    }
                }
            } catch (java.io.IOException ignored) {
                // the process ended
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }
}
