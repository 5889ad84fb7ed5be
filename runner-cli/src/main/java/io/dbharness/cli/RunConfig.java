package io.dbharness.cli;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;
import io.dbharness.core.engine.Registry;
import io.dbharness.tools.ToolRun;
import picocli.CommandLine.ParseResult;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One run's configuration as the command line and config file give it, before it connects. The file's options
 * and the command line's are kept apart because a command-line value may displace a file's other spelling of
 * the same setting (see {@link #options()}); a sweep point's values count as the command line's.
 *
 * @param fileOptions harness options from {@code --config}
 * @param flagOptions harness options from the command line (and a sweep point)
 * @param repeat      runs of this configuration in a row ({@code --repeat}, 1 to {@value CliOptions#MAX_REPEAT})
 * @param printResult whether the result JSON also goes to standard output, between marker lines
 *                    ({@code --print-result}: a pod without shared storage hands its result over in its log)
 * @param source      the config file the file options come from, with the line of each; null without one
 * @param metricsListen where the run's live figures are served ({@code --metrics-listen}), null: not served
 * @param metricsPush   the URL they are pushed to ({@code --metrics-push}, read with its token by {@link LiveExport}),
 *                      null: not pushed
 */
public record RunConfig(String target, String workload, Map<String, String> fileOptions, Map<String, String> flagOptions,
                 Path resultsDir, int repeat, boolean printResult, Source source,
                 java.net.InetSocketAddress metricsListen, String metricsPush)
        implements ToolRun.Config {

    /** A config file and the line each of its settings stands on. */
    public record Source(Path file, Map<String, Integer> lines) {
        public Source {
            lines = Map.copyOf(lines);
        }

        /** {@code e}'s message after the file and the line {@code key} stands on. */
        UsageException at(String key, UsageException e) {
            Integer line = lines.get(key);
            return new UsageException(file + (line == null ? "" : " line " + line) + ": " + e.getMessage(), e.option());
        }
    }

    public RunConfig {
        // in the order given, so the first bad option reported is the first written
        fileOptions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fileOptions));
        flagOptions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(flagOptions));
        if (repeat < 1 || repeat > CliOptions.MAX_REPEAT) {
            throw new IllegalArgumentException("repeat " + repeat);
        }
    }

    /** Reads {@code --config} (turning on driver logs when it says {@code verbose}) and the flags of {@code pr}. */
    static RunConfig from(ParseResult pr, Registry registry, PrintStream err) {
        String target = pr.matchedOptionValue("--target", null);
        String workload = pr.matchedOptionValue("--workload", null);
        String config = pr.matchedOptionValue("--config", null);
        Map<String, String> file = new LinkedHashMap<>();
        // the CLI's own options: the file's, then the command line's over them
        Map<String, String> cli = new LinkedHashMap<>();
        Source source = null;
        if (config != null) {
            ConfigFile.Contents contents = ConfigFile.load(Path.of(config), Commands.knownKeys(registry), Commands.aliases(registry),
                    w -> Main.printWarning(err, w));
            file.putAll(contents.values());
            source = new Source(Path.of(config), contents.lines());
            String t = file.remove("target");
            String w = file.remove("workload");
            target = target == null ? t : target;
            workload = workload == null ? w : workload;
            for (OptionDef d : CliOptions.IN_CONFIG) {
                String v = file.remove(d.name());
                if (v != null) {
                    cli.put(d.name(), v);
                }
            }
        }
        Map<String, String> fromFile = Map.copyOf(cli);
        for (OptionDef d : CliOptions.ALL) {
            if (pr.hasMatchedOption("--" + d.name())) {
                cli.put(d.name(), String.valueOf((Object) pr.matchedOptionValue("--" + d.name(), null)));
            }
        }
        if (cli.containsKey(CliOptions.RESULTS.name()) && cli.get(CliOptions.RESULTS.name()).isBlank()) {
            throw new UsageException("--results needs a directory (default: " + CliOptions.RESULTS.def().defaultValue() + ")");
        }
        Settings own;
        try {
            own = Settings.resolve(CliOptions.ALL, cli, Map.of());
        } catch (UsageException e) {
            boolean inFile = e.option() != null && fromFile.containsKey(e.option()) && !pr.hasMatchedOption("--" + e.option());
            throw inFile && source != null ? source.at(e.option(), e) : e;
        }
        if (own.get(CliOptions.VERBOSE) && !pr.hasMatchedOption("--verbose")) {
            Main.configureLogging(true); // the file's: the command line's was seen before parsing
        }
        return new RunConfig(target == null ? CliOptions.TARGET.def().defaultValue() : target,
                workload == null ? CliOptions.WORKLOAD.def().defaultValue() : workload, file,
                Commands.matchedHarnessOptions(pr), Path.of(own.get(CliOptions.RESULTS)), own.get(CliOptions.REPEAT),
                own.get(CliOptions.PRINT_RESULT), source, own.find(io.dbharness.live.LiveOptions.METRICS_LISTEN).orElse(null),
                own.find(io.dbharness.live.LiveOptions.METRICS_PUSH).orElse(null));
    }

    /** The first {@code --name} in a message: the option it is about when the exception does not say. */
    private static final java.util.regex.Pattern NAMED = java.util.regex.Pattern.compile("--([a-z0-9][a-z0-9-]*)");

    /**
     * {@code e} pointing at the config file's line when the option it refuses has its value from the file (not
     * overridden on the command line): {@code props.pg line 7: invalid value '-3' for --terminals: ...}. The option
     * is the one the exception names ({@link UsageException#option()}), else the first {@code --name} in its message.
     */
    UsageException located(UsageException e) {
        if (source == null) {
            return e;
        }
        String option = e.option();
        if (option == null) {
            java.util.regex.Matcher m = NAMED.matcher(String.valueOf(e.getMessage()));
            option = m.find() ? m.group(1) : null;
        }
        // only an option the file holds: a tool's own additions (runBenchmark's --run-only) are not in its file
        return option != null && options().containsKey(option) && !flagOptions.containsKey(option)
                && source.lines().containsKey(option) ? source.at(option, e) : e;
    }

    /**
     * {@code --repeat} of a shard is refused: its repetitions would start one after another, each process on its
     * own clock, under one run group, so no repetition's shards would measure one window (nor merge).
     */
    RunConfig refuseRepeatedShard() {
        String sharding = options().containsKey("shard") ? "shard" : options().containsKey("shards") ? "shards" : null;
        if (repeat > 1 && sharding != null) {
            throw new UsageException("--repeat cannot be combined with --" + sharding + ": each repetition's shards would"
                    + " need their own --start-at and --run-group; run the sharded command " + repeat
                    + " times instead, each with its own --run-group and --start-at", "repeat");
        }
        return this;
    }

    /**
     * The options a run gets: the file's under the command line's. When to stop is one setting written two ways:
     * the command line's replaces the file's (a BenchmarkSQL file's runTxnsPerTerminal against --duration),
     * rather than both being refused as contradictory.
     */
    public Map<String, String> options() {
        Map<String, String> options = new LinkedHashMap<>(fileOptions);
        if (flagOptions.containsKey("duration")) {
            options.remove("txns-per-terminal");
        }
        if (flagOptions.containsKey("txns-per-terminal")) {
            options.remove("duration");
        }
        options.putAll(flagOptions);
        return options;
    }

    /** This configuration with one more value as if given on the command line: {@code target}, {@code workload} or an option. */
    public RunConfig with(String name, String value) {
        return switch (name) {
            case "target" -> new RunConfig(value, workload, fileOptions, flagOptions, resultsDir, repeat, printResult, source, metricsListen, metricsPush);
            case "workload" -> new RunConfig(target, value, fileOptions, flagOptions, resultsDir, repeat, printResult, source, metricsListen, metricsPush);
            default -> {
                Map<String, String> flags = new LinkedHashMap<>(flagOptions);
                flags.put(name, value);
                yield new RunConfig(target, workload, fileOptions, flags, resultsDir, repeat, printResult, source, metricsListen, metricsPush);
            }
        };
    }

    /** This configuration without {@code names}: options of another point's target or workload. */
    RunConfig without(java.util.Collection<String> names) {
        Map<String, String> file = new LinkedHashMap<>(fileOptions);
        Map<String, String> flags = new LinkedHashMap<>(flagOptions);
        file.keySet().removeAll(names);
        flags.keySet().removeAll(names);
        return new RunConfig(target, workload, file, flags, resultsDir, repeat, printResult, source, metricsListen, metricsPush);
    }
}
