package io.dbharness.core.engine;

import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Engine options, validated and immutable.
 *
 * @param duration      stop after this long; empty runs until the workload is exhausted
 * @param rowsPerSecond open model when &gt; 0, closed model otherwise
 * @param maxRetries    attempts after a RETRYABLE failure before the operation counts as failed
 * @param maxErrors     failed operations tolerated before the run aborts
 */
public record RunOptions(int workers, Optional<Duration> duration, double rowsPerSecond, Duration watchInterval,
                         boolean watch, boolean verify, int maxRetries, long maxErrors, long seed) {

    public static final List<OptionDef> OPTIONS = List.of(
            OptionDef.of("workers", "N", "2", "Parallel workers (connections) writing or querying"),
            OptionDef.of("duration", "DURATION", null,
                    "Stop after this long (30s, 5m, 1h); default: until the workload is exhausted"),
            OptionDef.of("rate", "ROWS_PER_S", null,
                    "Open model: offer this many rows per second in total; latency counts from each batch's intended start"),
            OptionDef.of("watch-interval", "DURATION", "5s", "Progress interval on stderr and in the result"),
            OptionDef.flag("no-watch", "Print no progress while running"),
            OptionDef.flag("verify", "Count the rows in the target at the end; exit 1 if they differ from what was reported"),
            OptionDef.of("max-retries", "N", "3", "Retries of an operation after a retryable failure (serialization, throttling)"),
            OptionDef.of("max-errors", "N", "0", "Failed operations tolerated before the run aborts (each one is counted and reported)"),
            OptionDef.of("seed", "N", "20220418", "Seed of every generator: the same flags give the same rows on every target"));

    public static RunOptions from(Settings s) {
        double rate = s.optional("rate").isPresent() ? s.doubleValue("rate", 1e-3, 1e12) : 0;
        return new RunOptions(s.intValue("workers", 1, 1024), s.duration("duration"), rate,
                s.duration("watch-interval").orElse(Duration.ofSeconds(5)), !s.bool("no-watch"), s.bool("verify"),
                s.intValue("max-retries", 0, 100), s.longValue("max-errors", 0, Long.MAX_VALUE),
                s.longValue("seed", Long.MIN_VALUE, Long.MAX_VALUE));
    }

    public LoadModel loadModel() {
        return rowsPerSecond > 0 ? new LoadModel.Open(workers, rowsPerSecond) : new LoadModel.Closed(workers);
    }
}
