package io.dbharness.cli;

import io.dbharness.results.search.SearchFiles;
import io.dbharness.results.search.SearchResult;
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
 * Ctrl-C on a real {@code runner find-max} process: the current step stops as a run does (its result written, not
 * judged), no further step starts, the search file keeps what was found and says it was stopped, exit 130.
 */
class FindMaxInterruptTest {

    @TempDir
    Path tmp;

    @Test
    void ctrlCStopsTheStepAndKeepsTheSearchSoFar() throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path results = tmp.resolve("res");
        // the first step offers 1,000 rows/s for a minute on noop: still running when the signal comes
        Process p = new ProcessBuilder(CliRun.takingSigint(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", cp, "io.dbharness.cli.Main", "find-max", "--target", "noop", "--vary", "rate",
                "--slo", "kept-up", "--tag-num", "1000", "--duration", "60s", "--watch-interval", "200ms", "--results",
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
            SearchResult s;
            try (Stream<Path> files = Files.list(results)) {
                List<Path> all = files.toList();
                assertEquals(1, all.stream().filter(f -> f.toString().endsWith(".json") && !SearchFiles.isSearch(f)).count(),
                        "the stopped step's result only: " + all);
                s = SearchFiles.read(all.stream().filter(SearchFiles::isSearch).findFirst().orElseThrow());
            }
            assertEquals("stopped", s.outcome());
            assertEquals(1, s.steps().size());
            assertEquals("stopped: not judged", s.steps().get(0).note());
            assertTrue(out.toString().contains("find-max stopped: highest rate that met the objective: none"), out.toString());
            assertFalse(out.toString().contains("\n    2  "), "a second step started: " + out);
        } finally {
            p.destroyForcibly();
        }
    }

    /**
     * Ctrl-C sent to the search alone (as a script's {@code kill -INT} or a CI's timeout would) while a step runs in
     * shards: the shards are stopped too, cleanly, no process is left behind, nor their temporary directory.
     */
    @Test
    void ctrlCToTheSearchAloneStopsItsShardsToo() throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path results = tmp.resolve("res");
        Path temp = Files.createDirectories(tmp.resolve("java-tmp"));
        Process p = new ProcessBuilder(CliRun.takingSigint(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Djava.io.tmpdir=" + temp, "-cp", cp, "io.dbharness.cli.Main", "find-max", "--target", "noop",
                "--shards", "2", "--vary", "rate", "--slo", "kept-up", "--tag-num", "1000", "--duration", "60s",
                "--watch-interval", "200ms", "--results", results.toString()))).start();
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        Thread[] pumps = {pump(p.getInputStream(), out, null), pump(p.getErrorStream(), err, null)};
        try {
            List<ProcessHandle> shards = List.of();
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (shards.size() < 2 && System.nanoTime() < until) {
                Thread.sleep(100);
                shards = p.toHandle().descendants().toList();
            }
            assertEquals(2, shards.size(), "the step's shards: " + err);
            // past the shards' common start (ShardedStep.LEAD), so they measure when the signal comes
            Thread.sleep(ShardedStep.LEAD.toMillis() + 2_000);
            assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "still running; stderr:\n" + err);
            for (Thread t : pumps) {
                t.join(5_000);
            }
            assertEquals(130, p.exitValue(), err.toString());
            for (ProcessHandle shard : shards) {
                assertFalse(shard.isAlive(), "shard " + shard.pid() + " left running");
            }
            try (Stream<Path> left = Files.list(temp)) {
                assertEquals(List.of(), left.filter(f -> f.getFileName().toString().startsWith("dbharness-find-max-shards"))
                        .toList(), "the shards' temporary directory");
            }
            try (Stream<Path> files = Files.list(results)) {
                SearchResult s = SearchFiles.read(files.filter(SearchFiles::isSearch).findFirst().orElseThrow());
                assertEquals("stopped", s.outcome(), out.toString());
                assertEquals(1, s.steps().size(), out.toString());
            }
            assertTrue(err.toString().contains("stopping (SIGINT): the step's 2 shards stop as a run does"), err.toString());
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
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
