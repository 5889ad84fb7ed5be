package io.dbharness.tpcc;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.RunResult;
import io.dbharness.postgres.EmbeddedPostgres;

import java.util.Map;

/**
 * The tests' embedded PostgreSQL ({@link EmbeddedPostgres}: a server of the test class's own) with tpcc runs on it:
 * {@code @RegisterExtension static final TpccPostgres pg = new TpccPostgres();}.
 */
final class TpccPostgres extends EmbeddedPostgres {

    /** A tpcc run on this server with {@code options} (flag names without dashes, then values). */
    RunResult run(Object... options) throws Exception {
        return runOn("postgres", options);
    }

    /** The same, telling {@code progress} at every watch interval. */
    RunResult run(ProgressListener progress, Object... options) throws Exception {
        return run("postgres", progress, options);
    }

    RunResult runOn(String target, Object... options) throws Exception {
        return run(target, ProgressListener.NONE, options);
    }

    /** A tpcc run on this server as {@code target} that tells {@code progress} its phases and intervals. */
    RunResult run(String target, ProgressListener progress, Object... options) throws Exception {
        RunSpec.Builder b = RunSpec.builder().target(target).workload("tpcc").environment(Map.of())
                .option("url", url()).option("user", "postgres").option("no-watch", true).progress(progress);
        for (int i = 0; i < options.length; i += 2) {
            b.option((String) options[i], options[i + 1]);
        }
        return Harness.run(b.build());
    }
}
