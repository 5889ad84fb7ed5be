package io.dbharness.cli;

import io.dbharness.core.config.Option;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.ValueType;

import java.util.List;

/**
 * The runner's own options of a run, which belong to no target, workload or engine: ordinary definitions, so the
 * command line ({@link Commands}), config files ({@link ConfigFile}) and {@link RunConfig} read the same names,
 * defaults, ranges and help.
 */
final class CliOptions {

    private CliOptions() {
    }

    static final int MAX_REPEAT = 1000;

    /** Which target and workload run; their help lists what the registry holds. */
    static final Option<String> TARGET = Option.of("target", "TARGET", "postgres", "Target", ValueType.text());
    static final Option<String> WORKLOAD = Option.of("workload", "WORKLOAD", "iot-insert", "Workload", ValueType.text());

    /**
     * Where results go by default, relative to the current directory: a name of its own, not {@code results}, which
     * at the repository's root is the results module's source folder.
     */
    static final Option<String> RESULTS = Option.of("results", "DIR", "dbharness-results",
            "Where the result JSON goes, relative to the current directory", ValueType.text());
    static final Option<Integer> REPEAT = Option.of("repeat", "N", "1",
            "Run the same configuration N times in a row (1 to " + MAX_REPEAT + "): N result files, then the mean"
                    + " throughput and its 95% confidence interval", ValueType.integer(1, MAX_REPEAT));
    static final Option<Boolean> VERBOSE = Option.flag("verbose", "Show driver and embedded server logs");
    static final Option<Boolean> PRINT_RESULT = Option.flag("print-result",
            "Also print the result JSON on standard output after the summary, between the lines "
                    + SingleRun.RESULT_BEGIN + " and " + SingleRun.RESULT_END + " (a pod's log hands it over)");

    /** Those a config file may hold too (the command line still wins); the live export's are the runner's too. */
    static final List<OptionDef> IN_CONFIG = java.util.stream.Stream.concat(Option.defs(List.of(RESULTS, REPEAT,
            VERBOSE)).stream(), io.dbharness.live.LiveOptions.OPTIONS.stream()).toList();

    /** All of them, as a run's {@code --help} lists them. */
    static final List<OptionDef> ALL = java.util.stream.Stream.concat(Option.defs(List.of(RESULTS, REPEAT, VERBOSE,
            PRINT_RESULT)).stream(), io.dbharness.live.LiveOptions.OPTIONS.stream()).toList();
}
