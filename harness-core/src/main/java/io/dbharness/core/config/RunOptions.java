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

    public static final Option<Integer> WORKERS = Option.of("workers", "N", "2",
            "Parallel workers (connections) writing or querying", ValueType.integer(1, 1024));
    public static final Option<Duration> DURATION = Option.of("duration", "DURATION", null,
            "Stop after this long (30s, 5m, 1h); default: until the workload is exhausted", ValueType.duration(Duration.ofMillis(1)));
    /**
     * A workload's option, declared here once for the workloads that offer it (in their own options, not every run's:
     * a warm-up that writes would change what is verified).
     */
    public static final Option<Duration> WARMUP = Option.of("warmup", "DURATION", null,
            "Run this long before measuring (the JIT compiles, caches warm, connections settle); its operations are"
                    + " reported apart, not in the rates (default: none)", ValueType.duration(Duration.ofMillis(1)));
    public static final Option<Double> RATE = Option.of("rate", "PER_SECOND", null,
            "Open model: offer this many rows (operations, for workloads without rows) per second in total;"
                    + " latency counts from each operation's intended start", ValueType.number(1e-3, 1e12));
    public static final Option<Duration> WATCH_INTERVAL = Option.of("watch-interval", "DURATION", "5s",
            "Progress interval on stderr and in the result", ValueType.duration(Duration.ofMillis(100)));
    public static final Option<Boolean> NO_WATCH = Option.flag("no-watch", "Print no progress while running");
    public static final Option<Boolean> VERIFY = Option.flag("verify",
            "Check the target at the end (the rows it holds; tpcc: the consistency conditions); exit 1 if the check fails");
    public static final Option<Integer> MAX_RETRIES = Option.of("max-retries", "N", "3",
            "Retries of an operation after a retryable failure, a timeout or a lost connection", ValueType.integer(0, 100));
    public static final Option<Long> MAX_ERRORS = Option.of("max-errors", "N", "0",
            "Failed operations (timeouts included) tolerated before the run aborts; each one is counted and reported",
            ValueType.longInteger(0, Long.MAX_VALUE));
    public static final Option<Duration> OP_TIMEOUT = Option.of("op-timeout", "DURATION", DEFAULT_OP_TIMEOUT,
            "Deadline of one operation (a batch write, a query); past it the operation is cancelled and counted as a timeout",
            ValueType.duration(Duration.ofMillis(100)));
    public static final Option<Duration> RECONNECT_TIMEOUT = Option.of("reconnect-timeout", "DURATION", "60s",
            "How long a worker keeps re-opening a lost connection (with backoff) before the run gives up with exit code 3",
            ValueType.duration(Duration.ofSeconds(1)));
    public static final Option<Long> SEED = Option.of("seed", "N", "20220418",
            "Seed of every generator: the same flags give the same rows on every target",
            ValueType.longInteger(Long.MIN_VALUE, Long.MAX_VALUE));
    public static final Option<String> LABEL = Option.of("label", "TEXT", null,
            "What reports call this run, e.g. default or tuned (the target's settings); runs of one label are compared together",
            ValueType.printable("a name", 80));
    public static final Option<Boolean> SERVER_TELEMETRY = Option.of("server-telemetry", "on|off", "on",
            "Sample the target server's own account of the run every --watch-interval on a connection of its own"
                    + " (wait events of our sessions, WAL, checkpoints, storage, top statements) where the target offers it",
            ValueType.onOff());

    /** The engine's options, then the server hosts' and the sharding ones, as {@code --help} lists them. */
    public static final List<OptionDef> OPTIONS = java.util.stream.Stream.of(Option.defs(List.of(WORKERS, DURATION,
            RATE, WATCH_INTERVAL, NO_WATCH, VERIFY, MAX_RETRIES, MAX_ERRORS, OP_TIMEOUT, RECONNECT_TIMEOUT, SEED, LABEL,
            SERVER_TELEMETRY)), HostOptions.OPTIONS, ShardOptions.OPTIONS).flatMap(List::stream).toList();

    public static RunOptions from(Settings s) {
        return new RunOptions(s.get(WORKERS), s.find(DURATION), s.find(RATE).orElse(0.0), s.get(WATCH_INTERVAL),
                !s.get(NO_WATCH), s.get(VERIFY), s.get(MAX_RETRIES), s.get(MAX_ERRORS), s.get(SEED), s.get(OP_TIMEOUT),
                s.get(RECONNECT_TIMEOUT), s.find(LABEL).orElse(null), s.get(SERVER_TELEMETRY));
    }

    /**
     * {@code --op-timeout}, for adapters that enforce it natively (statement_timeout, HTTP deadlines); its
     * default when the settings do not declare it (an adapter opened outside the engine).
     */
    public static Duration opTimeout(Settings s) {
        return s.declares(OP_TIMEOUT.name()) ? s.get(OP_TIMEOUT) : Duration.ofSeconds(60);
    }

    public LoadModel loadModel() {
        return loadModel(1);
    }

    /** The load of one of {@code shards} processes: {@code --rate} is the whole run's, so each offers its share. */
    public LoadModel loadModel(int shards) {
        return rate > 0 ? new LoadModel.Open(workers, rate / shards) : new LoadModel.Closed(workers);
    }
}
