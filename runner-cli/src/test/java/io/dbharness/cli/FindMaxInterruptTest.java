package io.dbharness.cli;

import io.dbharness.results.search.SearchFiles;
import io.dbharness.results.search.SearchResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
        Path results = tmp.resolve("res");
        // the first step offers 1,000 rows/s for a minute on noop: still running when the signal comes
        try (Spawned p = Spawned.start(List.of(), "find-max", "--target", "noop", "--vary", "rate", "--slo", "kept-up",
                "--tag-num", "1000", "--duration", "60s", "--watch-interval", "200ms", "--results", results.toString())) {
            assertTrue(p.awaitRows(60), "no progress: " + p.err());
            assertEquals(0, p.signal("INT"));
            assertTrue(p.awaitExit(30), "still running; stderr:\n" + p.err());
            assertEquals(130, p.process.exitValue(), p.err());
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
            assertTrue(p.out().contains("find-max stopped: highest rate that met the objective: none"), p.out());
            assertFalse(p.out().contains("\n    2  "), "a second step started: " + p.out());
        }
    }

    /**
     * Ctrl-C sent to the search alone (as a script's {@code kill -INT} or a CI's timeout would) while a step runs in
     * shards: the shards are stopped too, cleanly, no process is left behind, nor their temporary directory.
     */
    @Test
    void ctrlCToTheSearchAloneStopsItsShardsToo() throws Exception {
        Path results = tmp.resolve("res");
        Path temp = Files.createDirectories(tmp.resolve("java-tmp"));
        try (Spawned p = Spawned.start(List.of("-Djava.io.tmpdir=" + temp), "find-max", "--target", "noop",
                "--shards", "2", "--vary", "rate", "--slo", "kept-up", "--tag-num", "1000", "--duration", "60s",
                "--watch-interval", "200ms", "--results", results.toString())) {
            List<ProcessHandle> shards = List.of();
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (shards.size() < 2 && System.nanoTime() < until) {
                Thread.sleep(100);
                shards = p.process.toHandle().descendants().toList();
            }
            assertEquals(2, shards.size(), "the step's shards: " + p.err());
            // past the shards' common start (ShardedStep.LEAD), so they measure when the signal comes
            Thread.sleep(ShardedStep.LEAD.toMillis() + 2_000);
            assertEquals(0, p.signal("INT"));
            assertTrue(p.awaitExit(60), "still running; stderr:\n" + p.err());
            assertEquals(130, p.process.exitValue(), p.err());
            for (ProcessHandle shard : shards) {
                assertFalse(shard.isAlive(), "shard " + shard.pid() + " left running");
            }
            try (Stream<Path> left = Files.list(temp)) {
                assertEquals(List.of(), left.filter(f -> f.getFileName().toString().startsWith("dbharness-find-max-shards"))
                        .toList(), "the shards' temporary directory");
            }
            try (Stream<Path> files = Files.list(results)) {
                SearchResult s = SearchFiles.read(files.filter(SearchFiles::isSearch).findFirst().orElseThrow());
                assertEquals("stopped", s.outcome(), p.out());
                assertEquals(1, s.steps().size(), p.out());
            }
            assertTrue(p.err().contains("stopping (SIGINT): the step's 2 shards stop as a run does"), p.err());
        }
    }
}
