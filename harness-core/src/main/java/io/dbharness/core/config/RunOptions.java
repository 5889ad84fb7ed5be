package io.dbharness.core.config;

import io.dbharness.core.api.LoadModel;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Engine options, validated and immutable.
 *
 * @param duration         stop after this long; empty runs until the workload is exhausted
 * @param rate             open model when &gt; 0 (rows per second, or operations per second for workloads
 *                         whose operations carry no rows), closed model otherwise
 * @param maxRetries       attempts after a retryable failure, a timeout or a lost connection before the
 *                         operation counts as failed
 * @param maxErrors        failed operations (of every kind, timeouts included) tolerated before the run aborts
 * @param opTimeout        deadline of one operation; past it the operation is cancelled and counted as a timeout
 * @param reconnectTimeout how long a worker keeps trying to re-open a lost connection before the run aborts
 * @param label            what reports call the run ({@code default}, {@code tuned}...), null when unset
 * @param serverTelemetry  whether the engine samples the target server's own account of the run (wait events,
 *                         counters, storage) when the target offers it ({@code --server-telemetry})
 */
public record RunOptions(int workers, Optional<Duration> duration, double rate, Duration watchInterval,
                         boolean watch, boolean verify, int maxRetries, long maxErrors, long seed,
                         Duration opTimeout, Duration reconnectTimeout, String label,
                         boolean serverTelemetry) {

    /** Options as before server telemetry: it is on. */
    public RunOptions(int workers, Optional<Duration> duration, double rate, Duration watchInterval, boolean watch,
                      boolean verify, int maxRetries, long maxErrors, long seed, Duration opTimeout,
                      Duration reconnectTimeout, String label) {
        this(workers, duration, rate, watchInterval, watch, verify, maxRetries, maxErrors, seed, opTimeout,
                reconnectTimeout, label, true);
    }

    public static final String DEFAULT_OP_TIMEOUT = "60s";

    public static final List<OptionDef> OPTIONS = java.util.stream.Stream.concat(java.util.stream.Stream.of(
            OptionDef.of("workers", "N", "2", "Parallel workers (connections) writing or querying"),
            OptionDef.of("duration", "DURATION", null,
                    "Stop after this long (30s, 5m, 1h); default: until the workload is exhausted"),
            OptionDef.of("rate", "PER_SECOND", null,
                    "Open model: offer this many rows (operations, for workloads without rows) per second in total;"
                            + " latency counts from each operation's intended start"),
            OptionDef.of("watch-interval", "DURATION", "5s", "Progress interval on stderr and in the result"),
            OptionDef.flag("no-watch", "Print no progress while running"),
            OptionDef.flag("verify", "Check the target at the end (the rows it holds; tpcc: the consistency conditions); exit 1 if the check fails"),
            OptionDef.of("max-retries", "N", "3",
                    "Retries of an operation after a retryable failure, a timeout or a lost connection"),
            OptionDef.of("max-errors", "N", "0",
                    "Failed operations (timeouts included) tolerated before the run aborts; each one is counted and reported"),
            OptionDef.of("op-timeout", "DURATION", DEFAULT_OP_TIMEOUT,
                    "Deadline of one operation (a batch write, a query); past it the operation is cancelled and counted as a timeout"),
            OptionDef.of("reconnect-timeout", "DURATION", "60s",
                    "How long a worker keeps re-opening a lost connection (with backoff) before the run gives up with exit code 3"),
            OptionDef.of("seed", "N", "20220418", "Seed of every generator: the same flags give the same rows on every target"),
            OptionDef.of("label", "TEXT", null,
                    "What reports call this run, e.g. default or tuned (the target's settings); runs of one label are compared together"),
            OptionDef.of("server-telemetry", "on|off", "on",
                    "Sample the target server's own account of the run every --watch-interval on a connection of its own"
                            + " (wait events of our sessions, WAL, checkpoints, storage, top statements) where the target offers it")),
            ShardOptions.OPTIONS.stream()).toList();

    public static RunOptions from(Settings s) {
        double rate = s.optional("rate").isPresent() ? s.doubleValue("rate", 1e-3, 1e12) : 0;
        Duration watch = s.duration("watch-interval").orElse(Duration.ofSeconds(5));
        if (watch.toMillis() < 100) {
            throw s.bad("watch-interval", s.string("watch-interval"), "a duration of at least 100ms");
        }
        return new RunOptions(s.intValue("workers", 1, 1024), s.duration("duration"), rate, watch,
                !s.bool("no-watch"), s.bool("verify"), s.intValue("max-retries", 0, 100),
                s.longValue("max-errors", 0, Long.MAX_VALUE), s.longValue("seed", Long.MIN_VALUE, Long.MAX_VALUE),
                opTimeout(s), atLeast(s, "reconnect-timeout", Duration.ofSeconds(1)), label(s), serverTelemetry(s));
    }

    private static boolean serverTelemetry(Settings s) {
        String v = s.optional("server-telemetry").orElse("on").strip().toLowerCase(java.util.Locale.ROOT);
        return switch (v) {
            case "on", "true", "yes" -> true;
            case "off", "false", "no" -> false;
            default -> throw s.bad("server-telemetry", s.string("server-telemetry"), "on or off");
        };
    }

    /**
     * {@code --op-timeout}, for adapters that enforce it natively (statement_timeout, HTTP deadlines); its
     * default when the settings do not declare it (an adapter opened outside the engine).
     */
    public static Duration opTimeout(Settings s) {
        try {
            return atLeast(s, "op-timeout", Duration.ofMillis(100));
        } catch (IllegalArgumentException undeclared) {
            return Duration.ofSeconds(60);
        }
    }

    private static String label(Settings s) {
        String label = s.optional("label").map(String::strip).orElse(null);
        if (label != null && (label.isEmpty() || label.length() > 80 || label.chars().anyMatch(Character::isISOControl))) {
            throw s.bad("label", s.string("label"), "a name of 1 to 80 printable characters");
        }
        return label;
    }

    private static Duration atLeast(Settings s, String name, Duration min) {
        Duration d = s.duration(name).orElseThrow();
        if (d.compareTo(min) < 0) {
            throw s.bad(name, s.string(name), "a duration of at least " + min.toMillis() + "ms");
        }
        return d;
    }

    public LoadModel loadModel() {
        return loadModel(1);
    }

    /** The load of one of {@code shards} processes: {@code --rate} is the whole run's, so each offers its share. */
    public LoadModel loadModel(int shards) {
        return rate > 0 ? new LoadModel.Open(workers, rate / shards) : new LoadModel.Closed(workers);
    }
}
