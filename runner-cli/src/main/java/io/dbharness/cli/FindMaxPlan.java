package io.dbharness.cli;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.WorkloadProvider;
import io.dbharness.core.config.Secrets;
import io.dbharness.core.config.Settings;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.Registry;
import io.dbharness.core.engine.StopSignal;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.results.search.Objective;
import io.dbharness.search.FindMax;
import io.dbharness.search.KneeSearch;
import io.dbharness.core.api.SearchAxis;
import picocli.CommandLine.ParseResult;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Everything a find-max search checks before its first step: the axis, the objective, the steps' shared
 * configuration, and both ends' runs as their first shard would check them. Nothing connects or is written.
 *
 * @param shards       processes per step ({@code --shards N}: merged before judged), 1 for a step in this process
 * @param stepDuration each step's {@code --duration}: a step whose data runs out before it is not judged
 * @param shownOptions the options given, secrets masked (also inside URLs): what the search file may hold
 * @param secretEnv    the secret options given and the environment variable each can be passed in instead (to
 *                     shard processes: a command line is visible to every user of the host)
 */
record FindMaxPlan(RunConfig base, String vary, Objective objective, KneeSearch start, int maxSteps, Path reportDir,
                   Set<String> typesToCheckAfterFirstStep, int shards, Duration stepDuration,
                   Map<String, String> shownOptions, Map<String, String> secretEnv) {

    /** The option naming the database's machines: the steps sample them, and the table shows their figures. */
    static final String SERVER_HOSTS = io.dbharness.core.config.HostOptions.SERVER_HOSTS.name();

    /** Whether the steps sample the database's machines, so the table has their columns. */
    boolean serverHosts() {
        return base.options().containsKey(SERVER_HOSTS);
    }

    /**
     * Every check a search makes before its first step; nothing connects or is written.
     *
     * @param runner what runs the steps: their specs are checked as it will build them
     */
    static FindMaxPlan parse(ParseResult pr, Registry registry, PrintStream err, Map<String, String> env,
                             SingleRun runner) {
        String vary = pr.matchedOptionValue("--vary", null);
        String slo = pr.matchedOptionValue("--slo", null);
        if (slo == null) {
            throw new UsageException("runner find-max needs --slo, e.g. --slo \"p99<50ms,errors=0,kept-up\"");
        }
        RunConfig base = RunConfig.from(pr, registry, err);
        WorkloadProvider wp = registry.workload(base.workload());
        if (vary == null) {
            throw new UsageException("runner find-max needs --vary NAME: for " + wp.id() + " one of " + String.join(", ",
                    wp.searchAxes().stream().map(SearchAxis::option).toList()) + " (see 'runner find-max --help')");
        }
        vary = vary.strip().replaceFirst("^--", "");
        // NAME=FROM..TO: sweep's NAME=VALUES, the values a range to search in rather than a list to run
        String[] range = {pr.matchedOptionValue("--from", null), pr.matchedOptionValue("--to", null)};
        String[] rangeFlags = {"--from", "--to"};
        int eq = vary.indexOf('=');
        if (eq >= 0) {
            String values = vary.substring(eq + 1).strip();
            vary = vary.substring(0, eq).strip();
            int dots = values.indexOf("..");
            if (dots < 0 || values.contains(",")) {
                throw new UsageException("--vary " + vary + "=" + values + ": find-max searches a range, --vary " + vary
                        + "=FROM..TO (either end may be left out), or the name alone; a list of values to run is runner"
                        + " sweep's");
            }
            if (range[0] != null || range[1] != null) {
                throw new UsageException("--vary " + vary + "=" + values + " gives the range, and --" + (range[0] != null
                        ? "from" : "to") + " too: give it once");
            }
            range = new String[]{values.substring(0, dots).strip(), values.substring(dots + 2).strip()};
            range = new String[]{range[0].isEmpty() ? null : range[0], range[1].isEmpty() ? null : range[1]};
            rangeFlags = new String[]{"--vary " + vary + "=FROM..", "--vary " + vary + "=..TO"};
        }
        SearchAxis axis = FindMax.axis(wp, vary); // the workload's: what it may vary, and the default range
        if (pr.hasMatchedOption("--" + vary)) {
            throw new UsageException("--" + vary + " is given as a flag and searched by --vary " + vary
                    + "; give --from instead");
        }
        Objective objective = FindMax.objective(wp, slo);
        // --precision 5% was the search's name for --resolution; --precision ms (no '%') is the line-protocol targets'
        String precisionOption = base.options().get("precision");
        String resolution = pr.matchedOptionValue("--resolution", null);
        if (precisionOption != null && precisionOption.strip().endsWith("%")) {
            if (resolution != null) {
                throw new UsageException("--precision " + precisionOption.strip() + " is the former name of --resolution,"
                        + " given too: give --resolution alone");
            }
            Main.printWarning(err, "--precision " + precisionOption.strip() + " is find-max's former name of --resolution:"
                    + " give --resolution " + precisionOption.strip() + " (--precision is the line-protocol targets')");
            resolution = precisionOption;
            base = base.without(Set.of("precision"));
        }
        Map<String, String> options = base.options();
        if (options.containsKey("shard") || options.containsKey("run-group") || options.containsKey("start-at")) {
            throw new UsageException("find-max runs a step's shards itself: give --shards N (N processes on this host,"
                    + " merged before the step is judged), not --" + (options.containsKey("shard") ? "shard"
                    : options.containsKey("run-group") ? "run-group" : "start-at"));
        }
        int shards = 1;
        if (options.containsKey("shards")) {
            String raw = options.get("shards").strip();
            try {
                shards = Integer.parseInt(raw);
            } catch (NumberFormatException e) {
                shards = 0;
            }
            if (shards < 2 || shards > 64) {
                throw new UsageException("invalid value '" + raw + "' for --shards: expected an integer from 2 to 64"
                        + " (processes per find-max step)");
            }
            base = base.without(Set.of("shards"));
            options = base.options();
        }
        boolean integer = axis.integer();
        double from = number(range[0], rangeFlags[0], axis.from(), integer);
        double to = number(range[1], rangeFlags[1], axis.to(), integer);
        double min = number(pr.matchedOptionValue("--min", null), "--min", FindMax.DEFAULT_MIN, integer);
        if (!(min <= from && from <= to)) {
            throw new UsageException("find-max needs --min <= --from <= --to: " + KneeSearch.format(min) + ", "
                    + KneeSearch.format(from) + ", " + KneeSearch.format(to));
        }
        double precision = resolution == null ? FindMax.DEFAULT_RESOLUTION : percent(resolution);
        double factor = pr.hasMatchedOption("--factor") ? factor(pr.matchedOptionValue("--factor", null))
                : FindMax.DEFAULT_FACTOR;
        int maxSteps = pr.hasMatchedOption("--max-steps") ? maxSteps(pr.matchedOptionValue("--max-steps", null))
                : FindMax.DEFAULT_MAX_STEPS;

        // the steps' configurations at both ends, checked as their runs would check them; then as their first
        // shard: what only that refuses is --shards' doing
        checkStep(base.with(vary, KneeSearch.format(from)), vary, "--from", registry, runner);
        if (range[1] != null) {
            checkStep(base.with(vary, KneeSearch.format(to)), vary, "--to", registry, runner);
        }
        for (double end : range[1] != null ? new double[]{from, to} : new double[]{from}) {
            if (shards > 1) {
                checkShards(base.with(vary, KneeSearch.format(end)).with("shard", "0/" + shards), shards, registry, runner);
            }
        }
        RunConfig first = base.with(vary, KneeSearch.format(from));
        Settings settings;
        try {
            settings = Settings.resolve(Harness.allOptions(registry.target(first.target()), wp), first.options(), env);
        } catch (UsageException e) {
            throw first.located(e);
        }
        checkDuration(settings);
        if (objective.needsOpenModel() && !vary.equals("rate") && !options.containsKey("rate")
                && !settings.bool("live")) {
            throw new UsageException("--slo " + objective.terms().stream().filter(t -> t instanceof Objective.KeptUp
                    || t instanceof Objective.Behind).findFirst().orElseThrow().label() + " judges the open model, and "
                    + "these steps run closed: give --rate (or --vary rate, or --live)");
        }
        if (objective.needsServerHosts() && !options.containsKey(SERVER_HOSTS)) {
            throw new UsageException("--slo " + objective.terms().stream().filter(t -> t instanceof Objective.ServerHost)
                    .findFirst().orElseThrow().label() + " judges the database's machines, and the steps sample none:"
                    + " give --server-hosts");
        }
        Set<String> unchecked = Set.of();
        Optional<Set<String>> types = wp.operationTypes(settings);
        if (types.isPresent()) {
            for (String t : objective.types()) {
                if (!types.get().contains(t)) {
                    throw new UsageException("--slo names operation type '" + t + "', which " + wp.id()
                            + " does not run; its types: " + String.join(", ", new java.util.TreeSet<>(types.get())));
                }
            }
        } else {
            unchecked = objective.types(); // checked against the first step's result
        }
        String outOption = pr.matchedOptionValue("--out", null);
        Path reportDir = outOption == null ? null : Path.of(outOption);
        Map<String, String> shown = new java.util.TreeMap<>();
        Map<String, String> secretEnv = new java.util.TreeMap<>();
        base.options().forEach((k, v) -> {
            shown.put(k, settings.declares(k) ? Secrets.shown(settings.definition(k), v) : Secrets.maskEmbedded(v));
            if (settings.declares(k) && settings.definition(k).secret() && !settings.definition(k).envVars().isEmpty()) {
                secretEnv.put(k, settings.definition(k).envVars().get(0));
            }
        });
        return new FindMaxPlan(base, vary, objective, KneeSearch.start(from, min, to, factor, precision, integer), maxSteps,
                reportDir, unchecked, shards, settings.duration("duration").orElseThrow(), Map.copyOf(shown),
                Map.copyOf(secretEnv));
    }

    private static void checkStep(RunConfig config, String vary, String flag, Registry registry,
                                  SingleRun runner) {
        try {
            Harness.check(runner.spec(config, ProgressListener.NONE, new StopSignal()), registry);
        } catch (UsageException e) {
            throw new UsageException(flag + " " + config.options().get(vary) + ": " + config.located(e).getMessage());
        }
    }

    /**
     * A refusal of the steps' shards, in the words of the option given: the search's {@code --shards}, not the
     * {@code --shard} of the processes it starts.
     */
    private static void checkShards(RunConfig config, int shards, Registry registry, SingleRun runner) {
        try {
            Harness.check(runner.spec(config, ProgressListener.NONE, new StopSignal()), registry);
        } catch (UsageException e) {
            String message = String.valueOf(e.getMessage()).replaceAll("--shard(?![\\w-])", "--shards");
            throw new UsageException(message.contains("--shards") ? message : "--shards " + shards + ": " + message);
        }
    }

    /** A step must last long enough to be judged: {@value io.dbharness.cli.FindMax#MIN_INTERVALS} progress intervals at least. */
    private static void checkDuration(Settings s) {
        Optional<Duration> duration = s.duration("duration");
        if (duration.isEmpty()) {
            throw new UsageException("find-max needs --duration: every step runs that long (at least " + io.dbharness.cli.FindMax.MIN_INTERVALS
                    + " --watch-interval, e.g. --duration 30s)");
        }
        Duration watch = s.duration("watch-interval").orElse(Duration.ofSeconds(5));
        if (duration.get().compareTo(watch.multipliedBy(io.dbharness.cli.FindMax.MIN_INTERVALS)) < 0) {
            throw new UsageException("--duration " + s.string("duration") + " is too short to judge a step: at least "
                    + io.dbharness.cli.FindMax.MIN_INTERVALS + " progress intervals (--watch-interval " + s.string("watch-interval")
                    + "), so --duration " + (watch.multipliedBy(io.dbharness.cli.FindMax.MIN_INTERVALS).toMillis() / 1000.0) + "s or a shorter --watch-interval");
        }
    }

    private static double number(String raw, String flag, double otherwise, boolean integer) {
        if (raw == null) {
            return otherwise;
        }
        double v;
        try {
            v = Double.parseDouble(raw.strip().replace("_", ""));
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (!(v > 0) || Double.isInfinite(v) || integer && v != Math.rint(v)) {
            throw new UsageException("invalid value '" + raw + "' for " + flag + ": expected " + (integer
                    ? "a whole number above 0" : "a number above 0"));
        }
        return v;
    }

    static double percent(String raw) {
        String t = raw.strip();
        double v;
        try {
            v = Double.parseDouble(t.endsWith("%") ? t.substring(0, t.length() - 1).strip() : t);
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (!(v >= 0.1 && v <= 50)) {
            throw new UsageException("invalid value '" + raw + "' for --resolution: expected a percentage from 0.1% to 50%, e.g. 5%");
        }
        return v / 100;
    }

    private static double factor(String raw) {
        double v;
        try {
            v = Double.parseDouble(raw.strip());
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (!(v >= 1.1 && v <= 100)) {
            throw new UsageException("invalid value '" + raw + "' for --factor: expected a number from 1.1 to 100, e.g. 2");
        }
        return v;
    }

    private static int maxSteps(String raw) {
        try {
            int n = Integer.parseInt(raw.strip());
            if (n >= 1 && n <= 1000) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new UsageException("invalid value '" + raw + "' for --max-steps: expected an integer from 1 to 1000");
    }
}
