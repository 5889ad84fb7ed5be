package io.dbharness.cli;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultFiles;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The shards of one run made as on N machines, side by side in this JVM: one {@code --start-at} a few seconds ahead
 * (time for every shard of a noop run to be ready), so they measure at the same time and {@code runner merge} takes
 * them. {@code options} should make each shard's run last longer than threads take to wake (e.g. a {@code rate}).
 */
final class Shards {

    private Shards() {
    }

    /** Runs shards 0..count-1 of run group {@code group} together and writes their results into {@code results}. */
    static List<Path> together(Path results, int count, String group, String target, Map<String, String> options) throws Exception {
        String at = Instant.now().plusSeconds(3).truncatedTo(ChronoUnit.SECONDS).toString();
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            List<Future<RunResult>> runs = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                RunSpec spec = RunSpec.builder().target(target).options(options).option("shard", i + "/" + count)
                        .option("run-group", group).option("start-at", at).environment(Map.of()).build();
                runs.add(pool.submit(() -> Harness.run(spec)));
            }
            List<Path> files = new ArrayList<>();
            for (Future<RunResult> f : runs) {
                RunResult r = f.get();
                if (r.exitCode() != 0) {
                    throw new AssertionError("shard " + r.shard() + " exited " + r.exitCode() + ": " + r.failure());
                }
                files.add(ResultFiles.write(r, results));
            }
            return files;
        } finally {
            pool.shutdownNow();
        }
    }
}
