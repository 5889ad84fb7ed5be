package io.dbharness.cli;

import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultFileException;
import io.dbharness.results.ResultFiles;
import io.dbharness.results.ResultMismatchException;
import io.dbharness.results.merge.ResultMerge;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One find-max step split over {@code shards} processes on this host ({@code find-max --shards N}): each a
 * {@code runner --shard I/N} of the step's configuration under one run group, started together; their results merged
 * ({@link ResultMerge}, as {@code runner merge} does) into the step's one result, which is what is judged.
 */
final class ShardedStep {

    private ShardedStep() {
    }

    /**
     * How long after they are started the shards begin measuring ({@code --start-at}): time for their JVMs to start
     * and shard 0 to prepare, so they measure one window. A shard that is late starts at once (the engine warns).
     */
    static final java.time.Duration LEAD = java.time.Duration.ofSeconds(3);

    /**
     * The command line of shard {@code i}: this JVM's java and class path, the step's target, workload and options,
     * but for those in {@code secretEnv}, which go in the environment ({@link #environment}).
     */
    static List<String> command(RunConfig config, int i, int shards, String group, Path results, java.time.Instant startAt,
                                Map<String, String> secretEnv) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "--target", config.target(), "--workload", config.workload()));
        config.options().forEach((k, v) -> {
            if (!k.equals("no-watch") && !secretEnv.containsKey(k)) { // no-watch: given below, once
                cmd.add("--" + k);
                cmd.add(v);
            }
        });
        cmd.addAll(List.of("--shard", i + "/" + shards, "--run-group", group, "--start-at", startAt.toString(),
                "--results", results.toString(), "--no-watch"));
        return cmd;
    }

    /** The secret options' values as the environment variables the shards read them from. */
    static Map<String, String> environment(RunConfig config, Map<String, String> secretEnv) {
        Map<String, String> env = new java.util.TreeMap<>();
        secretEnv.forEach((option, variable) -> {
            String v = config.options().get(option);
            if (v != null) {
                env.put(variable, v);
            }
        });
        return env;
    }

    /**
     * Runs the shards side by side, waits for them all and merges what they wrote into {@code config.resultsDir()}.
     * A shard that wrote no result leaves the step without one (exit code: the worst shard's). Ctrl-C
     * stops the shards as well ({@link Stop}).
     */
    static SingleRun.Outcome run(RunConfig config, int shards, String group, Map<String, String> secretEnv, PrintStream err) {
        Path parts;
        try {
            parts = Files.createTempDirectory("dbharness-find-max-shards");
        } catch (IOException e) {
            Main.printError(err, "cannot make a directory for the shards' results: " + ResultsDir.reason(e));
            return new SingleRun.Outcome(ExitCode.RUN_FAILED, null, null, false);
        }
        List<Process> running = new ArrayList<>();
        Stop stop = new Stop(running, err);
        try (Interrupts.AutoCloseableQuietly ignored = Interrupts.trap(stop::signal)) {
            java.time.Instant startAt = java.time.Instant.now().plus(LEAD).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
            IOException failedToStart = null;
            for (int i = 0; i < shards; i++) {
                Path log = parts.resolve("shard-" + i + ".log");
                synchronized (running) {
                    if (stop.name != null) {
                        break;
                    }
                    ProcessBuilder pb = new ProcessBuilder(command(config, i, shards, group, parts, startAt, secretEnv))
                            .redirectErrorStream(true).redirectOutput(log.toFile());
                    pb.environment().putAll(environment(config, secretEnv));
                    try {
                        running.add(pb.start());
                    } catch (IOException e) {
                        failedToStart = e;
                    }
                }
                // Ctrl-C from a terminal reaches the JVM's spawn helper too, and the start fails; the handler that
                // records the signal waits for the lock above, so give it a moment before calling this a failure
                if (failedToStart != null) {
                    if (stop.cameWithin(SIGNAL_WAIT)) {
                        break;
                    }
                    Main.printError(err, "cannot start shard " + i + " of the step: " + failedToStart.getMessage());
                    running.forEach(Process::destroy);
                    for (Process p : List.copyOf(running)) {
                        p.waitFor();
                    }
                    return new SingleRun.Outcome(ExitCode.RUN_FAILED, null, null, false);
                }
            }
            int worst = ExitCode.OK;
            for (Process p : List.copyOf(running)) {
                worst = Math.max(worst, p.waitFor());
            }
            List<RunResult> results = new ArrayList<>();
            try (Stream<Path> files = Files.list(parts)) {
                for (Path f : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                    results.add(ResultFiles.read(f));
                }
            }
            if (results.size() < shards) {
                if (stop.name != null) { // stopped before every shard measured: nothing of the step to keep
                    return new SingleRun.Outcome(stop.exitCode, null, null, true);
                }
                String why = lastLine(parts);
                Main.printError(err, (shards - results.size()) + " of " + shards + " shards left no result" + why);
                return new SingleRun.Outcome(worst == ExitCode.OK ? ExitCode.RUN_FAILED : worst, null, null, false);
            }
            RunResult merged = ResultMerge.merge(results);
            Path file = ResultFiles.write(merged, config.resultsDir());
            if (stop.name != null) {
                return new SingleRun.Outcome(stop.exitCode, file, merged, true);
            }
            return new SingleRun.Outcome(Math.max(worst, merged.exitCode()), file, merged, false);
        } catch (IOException | ResultFileException | ResultMismatchException e) {
            Main.printError(err, "the step's shards could not be merged: " + e.getMessage());
            return new SingleRun.Outcome(ExitCode.RUN_FAILED, null, null, false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new SingleRun.Outcome(130, null, null, true);
        } finally {
            try (Stream<Path> files = Files.walk(parts)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            } catch (IOException ignored) {
                // a temporary directory left behind
            }
        }
    }

    /**
     * Ctrl-C (SIGTERM, SIGHUP) while the shards run. From a terminal the whole process group gets it, the shards too,
     * and they stop as a run does (results written); sent to this process alone, they would run on. So the first
     * signal gives the shards the time a run takes to stop, then sends them SIGTERM (a first signal to a shard that
     * got none, so it stops cleanly); a second signal ends them at once, and this process.
     */
    /** How long a shard that failed to start waits for the signal that may have made it fail. */
    private static final java.time.Duration SIGNAL_WAIT = java.time.Duration.ofSeconds(2);

    private static final class Stop {
        private final List<Process> running;
        private final PrintStream err;
        private volatile String name;
        private volatile int exitCode;
        private final java.util.concurrent.CountDownLatch signalled = new java.util.concurrent.CountDownLatch(1);

        /** Whether a signal came, or comes within {@code wait}. */
        boolean cameWithin(java.time.Duration wait) throws InterruptedException {
            return signalled.await(wait.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        }

        Stop(List<Process> running, PrintStream err) {
            this.running = running;
            this.err = err;
        }

        void signal(String signal, int code) {
            List<Process> shards;
            synchronized (running) {
                shards = List.copyOf(running);
                if (name != null) {
                    err.println("error: " + signal + " again: ending the shards and quitting at once, without the step's result");
                    shards.forEach(Process::destroyForcibly);
                    System.exit(code);
                }
                name = signal;
                exitCode = code;
                signalled.countDown();
            }
            err.println();
            err.println("stopping (" + signal + "): the step's " + shards.size() + " shards stop as a run does, their"
                    + " results are merged, then the search is written (press Ctrl-C again to quit at once, without them)");
            Thread nudge = new Thread(() -> {
                try {
                    Thread.sleep(io.dbharness.core.engine.Engine.STOP_GRACE.toMillis() + 3_000);
                } catch (InterruptedException e) {
                    return;
                }
                shards.stream().filter(Process::isAlive).forEach(Process::destroy); // SIGTERM: stop cleanly
            }, "dbharness-shards-stop");
            nudge.setDaemon(true);
            nudge.start();
        }
    }

    /** The last line of the first failed shard's output: its one-line error. */
    private static String lastLine(Path parts) throws IOException {
        try (Stream<Path> logs = Files.list(parts)) {
            for (Path log : logs.filter(f -> f.toString().endsWith(".log")).sorted().toList()) {
                List<String> lines = Files.readAllLines(log);
                String last = lines.stream().filter(l -> l.startsWith("error: ")).reduce((a, b) -> b).orElse(null);
                if (last != null) {
                    return " (" + log.getFileName().toString().replace(".log", "") + ": " + last.substring(7) + ")";
                }
            }
        }
        return "";
    }
}
