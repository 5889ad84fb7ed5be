package io.dbharness.cli;

import io.dbharness.tools.SeedTool;
import io.dbharness.core.api.Capability;
import io.dbharness.core.api.GeneratorProvider;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.api.WorkloadProvider;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.Registry;
import io.dbharness.core.engine.Version;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The picocli model, built from the options every target and workload declares, so a new adapter's
 * flags appear in {@code --help} and config files without touching the CLI.
 */
final class Commands {

    private Commands() {
    }

    static CommandLine build(Registry registry) {
        CommandSpec spec = CommandSpec.create().name("runner").mixinStandardHelpOptions(true)
                .version("dbharness " + Version.harness());
        spec.usageMessage()
                .description("Replays the same database workload against a target and measures it.",
                        "Exit codes: 0 ok, 1 finished with errors or failed verification, 2 bad usage or config, "
                                + "3 target unreachable or authentication failed, 130/143/129 stopped by SIGINT/SIGTERM/SIGHUP "
                                + "(summary and result written when the run had started).")
                .sortOptions(false)
                .customSynopsis("runner [--target TARGET] [--workload WORKLOAD] [--config FILE] [OPTIONS]",
                        "runner list", "runner config [--workload WORKLOAD] [--target TARGET] [--format yaml|toml]",
                        "runner queries [--target TARGET] [OPTIONS]", "runner compare BASE NEW [--threshold 5%%]",
                        "runner compare --answers A.json B.json", "runner merge PART.json... --out FILE",
                        "runner explain RESULT.json",
                        "runner report FILES|DIR... [--out DIR]",
                        "runner sweep --vary NAME=V1,V2[,...] [--vary NAME2=...] [--repeat N] [--out DIR] [run OPTIONS]",
                        "runner find-max --vary rate|workers|terminals|tag-num --slo OBJECTIVE --duration D [run OPTIONS]",
                        "",
                        "Other tools' command lines, as their users type them (runner TOOL --help):");
        spec.usageMessage().customSynopsis(java.util.stream.Stream.concat(
                java.util.Arrays.stream(spec.usageMessage().customSynopsis()),
                java.util.stream.Stream.concat(SeedTool.all().stream().flatMap(t -> t.synopsis().lines())
                        .map(l -> "  " + l.replace("%", "%%")), java.util.stream.Stream.of(""))).toArray(String[]::new));
        addRunOptions(spec, registry);

        CommandSpec list = CommandSpec.create().name("list").mixinStandardHelpOptions(true);
        list.usageMessage().description("Show targets, workloads and capabilities.");
        spec.addSubcommand("list", list);

        CommandSpec config = CommandSpec.create().name("config").mixinStandardHelpOptions(true);
        config.usageMessage().description("Print a commented sample config for a workload and target.");
        config.addOption(toSpec(CliOptions.WORKLOAD.def()));
        config.addOption(toSpec(CliOptions.TARGET.def()));
        config.addOption(OptionSpec.builder("--format").paramLabel("yaml|toml").type(String.class).defaultValue("yaml")
                .description("Config syntax (default: ${DEFAULT-VALUE})").build());
        spec.addSubcommand("config", config);

        CommandSpec queries = CommandSpec.create().name("queries").mixinStandardHelpOptions(true);
        queries.usageMessage().description("Print every query's text for a target, as the given flags make it (no connection needed).",
                "Parameters ({tag}, {tags}, {start}, {end}, {threshold}) stay as placeholders; instance 0's values follow each text.");
        queries.addOption(OptionSpec.builder("--target").paramLabel("TARGET").type(String.class)
                .description("Target (default: postgres)").build());
        queries.addOption(OptionSpec.builder("--workload").paramLabel("WORKLOAD").type(String.class)
                .description("Workload whose queries to print (default: iot-query)").build());
        queries.addOption(OptionSpec.builder("--config").paramLabel("FILE").type(String.class)
                .description("YAML, TOML or BenchmarkSQL properties config; the command line overrides it").build());
        addHarnessOptions(queries, registry);
        spec.addSubcommand("queries", queries);

        CommandSpec compare = CommandSpec.create().name("compare").mixinStandardHelpOptions(true);
        compare.usageMessage().description("Compare two results, or the query answers two runs kept.",
                "BASE NEW: the headline throughput and, per operation type, p50 and p99 latency and errors side by side "
                        + "(mean and 95%% interval over the repetitions, change, Welch's p-value). Exit 1 when NEW is worse "
                        + "than BASE beyond --threshold on the throughput or any type's p99, and significantly so when "
                        + "both sides have repetitions (with one run on a side the threshold alone decides); 0 otherwise; "
                        + "2 when the results cannot be read or compared.",
                "--answers A B: list each query instance whose answer differs between two runs with the same data flags "
                        + "(exit 1 when any does, 0 when none, 2 when the runs cannot be compared).");
        compare.addOption(OptionSpec.builder("--threshold").paramLabel("PERCENT").type(String.class)
                .description("Changes within this are the same, e.g. 5%% or 2.5%% (default: 5%%)").build());
        compare.addOption(OptionSpec.builder("--answers").arity("0").type(boolean.class)
                .description("Compare the query answers the runs kept").build());
        compare.addOption(OptionSpec.builder("--show").paramLabel("N").type(int.class).defaultValue("20")
                .description("With --answers: differences to print in full (default: ${DEFAULT-VALUE})").build());
        compare.addPositional(CommandLine.Model.PositionalParamSpec.builder().paramLabel("RESULT").arity("0..*")
                .type(String[].class).description("BASE and NEW: each a result file or a directory holding the "
                        + "repetitions of one configuration (with --answers: each one run's result file, or a directory holding it)").build());
        spec.addSubcommand("compare", compare);
        spec.addSubcommand("sweep", sweep(registry));
        spec.addSubcommand("find-max", FindMax.command(registry));

        CommandSpec merge = CommandSpec.create().name("merge").mixinStandardHelpOptions(true);
        merge.usageMessage().description("Merge the results of one run split across processes into one result.",
                "Counters are summed, latency histograms added per operation type and per interval, percentiles read "
                        + "again, over the wall-clock window of the union. The parts must be the shards of one run (--shard I/N: one "
                        + "run group, each index once, the same flags, measuring at the same time). "
                        + "Exit 0 when the merged result is written, 2 when the parts cannot be read or merged.");
        merge.addOption(OptionSpec.builder("--out").paramLabel("FILE").type(String.class)
                .required(true).description("The merged result file to write").build());
        merge.addOption(OptionSpec.builder("--allow-partial").arity("0")
                .description("Merge the shards given even when some shards of their run are missing (a warning says which)").build());
        merge.addPositional(CommandLine.Model.PositionalParamSpec.builder().paramLabel("PART").arity("0..*")
                .type(String[].class).description("The processes' result files, or directories of them").build());
        spec.addSubcommand("merge", merge);

        CommandSpec explain = CommandSpec.create().name("explain").mixinStandardHelpOptions(true);
        explain.usageMessage().description("Say what limited a run as its figures show it: the open model falling behind,"
                        + " or the offered rate when the run kept up with it (the server's and host's figures are then"
                        + " context), the harness's CPU, the server's wait events (WAL and fsync, locks, data file reads,"
                        + " the client, its CPU), the host's CPUs; each verdict with the figure it rests on, or that the"
                        + " figures do not decide.",
                "Exit 0 when the results are read, 2 when one cannot be.");
        explain.addPositional(CommandLine.Model.PositionalParamSpec.builder().paramLabel("RESULT").arity("0..*")
                .type(String[].class).description("Result files, or directories of them").build());
        spec.addSubcommand("explain", explain);

        CommandSpec report = CommandSpec.create().name("report").mixinStandardHelpOptions(true);
        report.usageMessage().description("Make a report of result files: a self-contained HTML page with charts "
                        + "(opens with no network), a Markdown summary and a CSV of every table.",
                "A directory stands for its *.json result files. Repetitions of one configuration are shown as their "
                        + "mean with a 95%% confidence interval.");
        report.addOption(OptionSpec.builder("--out").paramLabel("DIR").type(String.class)
                .description("Where report.html, report.md and the CSV files go (default: report-<time> in the first "
                        + "results folder given, a file's folder for a file, as sweep does)").build());
        report.addPositional(CommandLine.Model.PositionalParamSpec.builder().paramLabel("FILES|DIR").arity("0..*")
                .type(String[].class).description("Result files, or directories of them").build());
        spec.addSubcommand("report", report);

        CommandLine cl = new CommandLine(spec);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        // '--results sweep' names a directory; without this picocli refuses a value that is a subcommand's name
        cl.setAllowSubcommandsAsOptionParameters(true);
        return cl;
    }

    /** What a run takes: target, workload, config file, results, repetitions, logs, and every harness option. */
    static void addRunOptions(CommandSpec spec, Registry registry) {
        addRunOptions(spec, registry, null);
    }

    /**
     * {@link #addRunOptions(CommandSpec, Registry)} with the command's own help for {@code --repeat} (what a
     * repetition is there, its range and default included), or null for the definition's.
     */
    static void addRunOptions(CommandSpec spec, Registry registry, String repeat) {
        spec.addOption(OptionSpec.builder("--target").paramLabel("TARGET").type(String.class)
                .description(CliOptions.TARGET.def().description() + ": " + registry.targets().stream().map(TargetProvider::id)
                        .collect(Collectors.joining(", ")) + " (default: " + CliOptions.TARGET.def().defaultValue()
                        + ", embedded when no URL or PG variables are given)").build());
        spec.addOption(OptionSpec.builder("--workload").paramLabel("WORKLOAD").type(String.class)
                .description(CliOptions.WORKLOAD.def().description() + ": " + registry.workloads().stream()
                        .map(WorkloadProvider::id).collect(Collectors.joining(", "))
                        + " (default: " + CliOptions.WORKLOAD.def().defaultValue() + ")").build());
        spec.addOption(OptionSpec.builder("--config").paramLabel("FILE").type(String.class)
                .description("YAML, mxbench-style TOML or BenchmarkSQL properties config; the command line overrides it").build());
        for (OptionDef d : CliOptions.ALL) {
            OptionSpec o = toSpec(d);
            if (d.isFlag()) { // a switch of the runner itself takes no value: '--verbose list' is the list command
                o = o.toBuilder().arity("0").build();
            }
            if (repeat != null && d.name().equals(CliOptions.REPEAT.name())) {
                o = o.toBuilder().description(repeat).build();
            }
            spec.addOption(o);
        }
        addHarnessOptions(spec, registry);
    }

    /** {@code runner sweep}: every run option, plus the axes and where the report goes. */
    private static CommandSpec sweep(Registry registry) {
        CommandSpec sweep = CommandSpec.create().name("sweep").mixinStandardHelpOptions(true);
        sweep.usageMessage().sortOptions(false)
                .customSynopsis("runner sweep --vary NAME=V1,V2[,...] [--vary NAME2=...] [--repeat N] [--out DIR] [run OPTIONS]")
                .description(
                "Run a series of runs that differ in one or more options, one result file per run into --results,"
                        + " then a table of the runs.",
                "Each --vary adds an axis; two make a grid (the first outermost). Any option varies, and so do"
                        + " --target and --workload: options of one target apply to its points only. Values are"
                        + " split on commas, or on ';' when there is one (for values holding commas)."
                        + " Every point is checked before the first one runs. A point that fails does not stop the"
                        + " others; the exit code is the worst one. Ctrl-C, between runs too, stops the current run (its"
                        + " result is written) and starts no more.",
                "",
                "Examples:",
                "  runner sweep --target noop --vary total-metrics-count=10,100,1000",
                "  runner sweep --vary target=postgres,questdb,influx --tag-num 1000",
                "  runner sweep --workload tpcc --vary 'weights=45,43,4,4,4;50,40,4,3,3' \\",
                "      --vary terminals=4,8 --duration 60s --repeat 3",
                "");
        sweep.addOption(OptionSpec.builder("--vary").paramLabel("NAME=V1,V2").type(String[].class).arity("1")
                .description("An option and the values to run it with, e.g. workers=1,2,4 or target=postgres,noop;"
                        + " give --vary again for a grid").build());
        sweep.addOption(OptionSpec.builder("--out").paramLabel("DIR").type(String.class)
                .description("Where the sweep's report goes (default: a report-<time> directory in --results)").build());
        addRunOptions(sweep, registry);
        return sweep;
    }

    /** Every option of the engine, the workloads and the targets, grouped by owner, as {@code --help} shows them. */
    private static void addHarnessOptions(CommandSpec spec, Registry registry) {
        Set<String> added = new LinkedHashSet<>();
        addGroup(spec, "Engine options:%n", RunOptions.OPTIONS, added);
        // options several workloads share (the data flags, the query options) are listed once, under all of them
        Map<String, List<String>> users = new LinkedHashMap<>();
        Map<String, OptionDef> byName = new LinkedHashMap<>();
        for (WorkloadProvider w : registry.workloads()) {
            for (OptionDef d : w.options()) {
                users.computeIfAbsent(d.name(), k -> new ArrayList<>()).add(w.id());
                byName.putIfAbsent(d.name(), d);
            }
        }
        Map<String, List<OptionDef>> byUsers = new LinkedHashMap<>();
        users.forEach((name, ids) -> byUsers.computeIfAbsent(String.join(", ", ids), k -> new ArrayList<>()).add(byName.get(name)));
        byUsers.forEach((ids, list) -> addGroup(spec, (ids.contains(",") ? "Workloads " : "Workload ") + ids + ":%n", list, added));
        // options several targets declare (connection settings of the PostgreSQL family, line-protocol
        // batching) get a group of their own, naming who takes them, instead of landing under whichever
        // target sorts first
        Map<String, List<String>> owners = new LinkedHashMap<>();
        Map<String, OptionDef> defs = new LinkedHashMap<>();
        for (TargetProvider t : registry.targets()) {
            for (OptionDef d : t.options()) {
                owners.computeIfAbsent(d.name(), k -> new ArrayList<>()).add(t.id());
                defs.putIfAbsent(d.name(), d);
            }
        }
        Map<String, List<OptionDef>> shared = new LinkedHashMap<>();
        owners.forEach((name, ids) -> {
            if (ids.size() > 1 && !added.contains(name)) {
                shared.computeIfAbsent(String.join(", ", ids), k -> new ArrayList<>()).add(defs.get(name));
            }
        });
        shared.forEach((ids, list) -> addGroup(spec, "Targets " + ids + ":%n", list, added));
        for (TargetProvider t : registry.targets()) {
            addGroup(spec, "Target " + t.id() + ":%n", t.options(), added);
        }

    }

    private static void addGroup(CommandSpec spec, String heading, List<OptionDef> defs, Set<String> added) {
        ArgGroupSpec.Builder group = ArgGroupSpec.builder().heading(heading).exclusive(false).multiplicity("0..1");
        boolean any = false;
        for (OptionDef d : defs) {
            if (!added.add(d.name())) {
                continue; // shared by several components (e.g. --url): declared once
            }
            group.addArg(toSpec(d));
            any = true;
        }
        if (any) {
            spec.addArgGroup(group.build());
        }
    }

    private static OptionSpec toSpec(OptionDef d) {
        List<String> desc = new ArrayList<>();
        String text = d.description();
        if (d.defaultValue() != null && !d.isFlag()) {
            text += " (default: " + d.defaultValue() + ")";
        }
        if (!d.envVars().isEmpty()) {
            text += " [env " + String.join(", ", d.envVars()) + "]";
        }
        desc.add(text.replace("%", "%%")); // picocli formats descriptions
        OptionSpec.Builder b = OptionSpec.builder("--" + d.name()).description(desc.toArray(String[]::new));
        if (d.isFlag()) {
            b.arity("0..1").type(boolean.class).paramLabel("true|false");
        } else {
            b.arity("1").type(String.class).paramLabel(d.paramLabel());
        }
        if (d.secret()) {
            b.interactive(false);
        }
        return b.build();
    }

    /** The CLI's own options, which are no option of a run's target, workload or engine. */
    private static final Set<String> CLI_OPTIONS = java.util.stream.Stream.concat(
            CliOptions.ALL.stream().map(OptionDef::name), java.util.stream.Stream.of("target", "workload", "config",
                    "vary", "out", "help", "version", "slo", "from", "to", "resolution", "min", "factor", "max-steps"))
            .collect(Collectors.toUnmodifiableSet());

    /** Flag values given on the command line for harness options (not the CLI's own). */
    static Map<String, String> matchedHarnessOptions(ParseResult pr) {
        Map<String, String> out = new LinkedHashMap<>();
        for (OptionSpec o : pr.matchedOptions()) {
            String name = o.longestName().substring(2);
            if (CLI_OPTIONS.contains(name)) {
                continue;
            }
            Object v = o.getValue();
            out.put(name, String.valueOf(v));
        }
        return out;
    }

    /** Keys a config file may hold. */
    static Set<String> knownKeys(Registry registry) {
        Set<String> keys = new LinkedHashSet<>(List.of("target", "workload"));
        RunOptions.OPTIONS.forEach(d -> keys.add(d.name()));
        registry.workloads().forEach(w -> w.options().forEach(d -> keys.add(d.name())));
        registry.targets().forEach(t -> t.options().forEach(d -> keys.add(d.name())));
        return keys;
    }

    /** Every option's other names ({@link OptionDef#aliases()}), each to the option's name, for config files and tools. */
    static Map<String, String> aliases(Registry registry) {
        List<OptionDef> all = new ArrayList<>(RunOptions.OPTIONS);
        registry.workloads().forEach(w -> all.addAll(w.options()));
        registry.targets().forEach(t -> all.addAll(t.options()));
        Map<String, String> out = new LinkedHashMap<>();
        for (OptionDef d : all) {
            d.aliases().forEach(a -> out.putIfAbsent(a, d.name()));
        }
        return out;
    }

    static int list(Registry registry, PrintStream out) {
        out.println("Targets:");
        for (TargetProvider t : registry.targets()) {
            out.printf("  %-12s %s%n  %-12s capabilities: %s%n", t.id(), t.description(), "", names(t.capabilities()));
        }
        out.println();
        out.println("Workloads:");
        for (WorkloadProvider w : registry.workloads()) {
            List<String> able = registry.targets().stream().filter(t -> t.capabilities().containsAll(w.requires()))
                    .map(TargetProvider::id).toList();
            out.printf("  %-12s %s%n  %-12s requires: %s; targets: %s%n", w.id(), w.description(), "",
                    names(w.requires()), String.join(", ", able));
        }
        out.println();
        out.println("Generators (iot-insert, iot-query, iot-mixed --generator NAME):");
        for (GeneratorProvider g : GeneratorProvider.all()) {
            out.printf("  %-12s %s%n  %-12s options: %s%n", g.name(), g.description(), "",
                    g.options().stream().map(o -> "--" + o.name()).collect(Collectors.joining(", ")));
        }
        return ExitCode.OK;
    }

    private static String names(Set<Class<? extends Capability>> caps) {
        return caps.stream().map(Class::getSimpleName).sorted().collect(Collectors.joining(", "));
    }

    static int sampleConfig(Registry registry, ParseResult pr, PrintStream out) {
        WorkloadProvider w = registry.workload(pr.matchedOptionValue("--workload", CliOptions.WORKLOAD.def().defaultValue()));
        TargetProvider t = registry.target(pr.matchedOptionValue("--target", CliOptions.TARGET.def().defaultValue()));
        Harness.requireCapabilities(t, w); // a sample of a pair that cannot run would only fail later
        String format = pr.matchedOptionValue("--format", "yaml");
        boolean toml = format.equalsIgnoreCase("toml");
        if (!toml && !format.equalsIgnoreCase("yaml")) {
            throw new io.dbharness.core.api.UsageException("invalid value '" + format + "' for --format: expected yaml|toml");
        }
        out.println("# dbharness config: " + w.id() + " on " + t.id() + ". Keys are the flag names; the command line overrides them.");
        out.println("# Lines starting with '#' are defaults or unset options; uncomment to change them.");
        out.println(toml ? "target = \"" + t.id() + "\"" : "target: " + t.id());
        out.println(toml ? "workload = \"" + w.id() + "\"" : "workload: " + w.id());
        Map<String, String> set = new LinkedHashMap<>(w.sampleValues());
        set.putAll(t.sampleValues());
        section(out, toml, "cli", CliOptions.IN_CONFIG, set);
        section(out, toml, "engine", RunOptions.OPTIONS, set);
        section(out, toml, w.id(), w.options(), set);
        section(out, toml, t.id(), t.options(), set);
        return ExitCode.OK;
    }

    /** @param set values the workload or target gives the sample for options a run needs (written uncommented) */
    private static void section(PrintStream out, boolean toml, String name, List<OptionDef> defs, Map<String, String> set) {
        out.println();
        out.println(toml ? "[" + name + "]" : "# --- " + name + " ---");
        for (OptionDef d : defs) {
            String given = set.get(d.name());
            out.println("# " + d.description() + (d.envVars().isEmpty() ? "" : " [env " + String.join(", ", d.envVars()) + "]")
                    + (given == null ? "" : " (the run needs a value: change this one to yours)"));
            String value = given != null ? given : d.defaultValue() == null ? "" : d.defaultValue();
            String shown = toml && !d.isFlag() && !value.matches("-?\\d+") ? "\"" + value + "\"" : value;
            boolean commented = given == null && (d.defaultValue() == null || d.secret() || d.isFlag());
            // YAML 1.1 reads OFF, yes, no as booleans: quote every text value
            String yaml = d.isFlag() || value.matches("-?\\d+") ? value : "\"" + value + "\"";
            String line = d.name() + (toml ? " = " + shown : ": " + yaml);
            out.println(commented ? "# " + line : line);
        }
    }

    /** The runner's own subcommands. */
    static final Set<String> SUBCOMMANDS = Set.of("list", "config", "queries", "compare", "merge", "sweep", "report",
            "find-max", "explain");

    /** The command, the runner's or another tool's, nearest to a mistyped one ({@code runDataBuild}), if one is near. */
    static java.util.Optional<String> closest(String typed) {
        List<String> all = new ArrayList<>(SUBCOMMANDS);
        SeedTool.all().forEach(t -> all.addAll(t.names()));
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : all) {
            int d = distance(typed.toLowerCase(java.util.Locale.ROOT), c.toLowerCase(java.util.Locale.ROOT));
            if (d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        return bestDistance <= Math.max(2, typed.length() / 3) ? java.util.Optional.of(best) : java.util.Optional.empty();
    }

    /** Levenshtein distance. */
    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                cur[j] = Math.min(Math.min(cur[j - 1], prev[j]) + 1, prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /** Every option of a run, for tests and docs. */
    static List<OptionDef> optionsOf(Registry registry, String target, String workload) {
        return Harness.allOptions(registry.target(target), registry.workload(workload));
    }
}
