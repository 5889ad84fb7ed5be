package io.dbharness.cli;

import io.dbharness.core.api.SearchAxis;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Registry;
import io.dbharness.core.engine.Version;
import io.dbharness.core.result.StopReason;
import io.dbharness.core.result.GroupResult;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.ServerHostFigures;
import io.dbharness.results.search.Objective;
import io.dbharness.results.search.SearchFiles;
import io.dbharness.results.search.SearchResult;
import io.dbharness.results.stats.Headline;
import io.dbharness.search.KneeSearch;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code runner find-max --vary rate --slo "p99<20ms,kept-up" [run flags]}: the highest setting that meets an
 * objective, found by a ramp and a bisection ({@link KneeSearch}), each step a normal run with its result file in
 * {@code --results}, judged by the {@link Objective}. A table row per run as it ends; the search written beside
 * the steps after every step ({@code <id>.search.json}, so a stop keeps what was found), then a report.
 */
final class FindMax {

    /** A step shorter than this many progress intervals is too short to judge. */
    static final int MIN_INTERVALS = 3;

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> env;
    private final Registry registry;
    /** The search's live export, one endpoint for all its steps. */
    private LiveExport live = LiveExport.NONE;

    FindMax(PrintStream out, PrintStream err, Map<String, String> env, Registry registry) {
        this.out = out;
        this.err = err;
        this.env = env;
        this.registry = registry;
    }

    static CommandSpec command(Registry registry) {
        CommandSpec spec = CommandSpec.create().name("find-max").mixinStandardHelpOptions(true);
        spec.usageMessage().sortOptions(false)
                .customSynopsis("runner find-max --vary " + String.join("|", axes(registry).keySet()) + "[=FROM..TO]"
                        + " --slo OBJECTIVE [--from V] [--to V] [--resolution 5%%] [--repeat N] --duration D [run OPTIONS]")
                .description(
                        "Find the highest setting that meets an objective: a ramp from --from (x --factor while steps meet"
                                + " it, / --factor while they fail) brackets the knee, then bisection narrows the bracket to"
                                + " --resolution PERCENT (default " + KneeSearch.format(io.dbharness.search.FindMax.DEFAULT_RESOLUTION * 100)
                                + "%%; --precision N%% is its former name). Each step is a normal run of --duration with its result file in --results;"
                                + " a table row is printed as each ends, and the search is written beside them"
                                + " (<id>.search.json, again after every step) with a report of it (runner report draws"
                                + " the search from the search file or its directory). A failure counts once confirmed: it is"
                                + " run again at once, and one that meets the objective then is taken as noise (the search"
                                + " goes on above it); before the search ends, the bracket's met end is run again too."
                                + " --repeat N runs each step N times, and it meets the objective only when all"
                                + " N runs do. A step must last 3 --watch-interval at least. --shards N runs each step as"
                                + " N processes on this host (the shards of one run, --rate split between them), merged"
                                + " into the one result that is judged.",
                        "--slo: terms separated by commas, all of which must hold: p99<50ms (that percentile of every"
                                + " operation type; any from p1 to p99.999, or mean, max), p99(new-order)<5s (one type),"
                                + " errors=0 (or errors<=N), timeouts=0, kept-up (the open model kept to its schedule),"
                                + " behind<1s (never further behind it), server-cpu<80%% and server-await<5ms (every"
                                + " --server-hosts host's mean CPU busy, disk await)" + namedObjectives(registry) + ". A run that aborts or"
                                + " fails --verify meets nothing.",
                        "Exit codes: 0 the search ended with a bracket within --resolution or of neighbouring whole"
                                + " numbers (or met the objective up to"
                                + " --to), 1 nothing met it down to --min or --max-steps ran out, 2 bad usage, 3 target"
                                + " unreachable, 130/143/129 stopped (the search so far is kept).",
                        "",
                        "Examples:",
                        "  runner find-max --vary rate --slo 'p99<20ms,kept-up' --from 2000 \\",
                        "      --ts-end '2022-04-19 09:00:00' --duration 30s --clean",
                        "  runner find-max --workload tpcc --warehouses 2 --vary terminals --to 20 \\",
                        "      --slo tpcc,errors=0 --duration 60s",
                        "");
        spec.addOption(OptionSpec.builder("--vary").paramLabel("NAME").type(String.class)
                .description("The setting to search (NAME, or NAME=FROM..TO for --from and --to), one the workload declares: " + String.join(", ", axes(registry)
                        .entrySet().stream().map(e -> e.getKey() + " (" + String.join(", ", e.getValue()) + ")").toList()))
                .build());
        spec.addOption(OptionSpec.builder("--slo").paramLabel("OBJECTIVE").type(String.class)
                .description("What a step must meet, e.g. \"p99<50ms,errors=0,kept-up\" (see above)").build());
        spec.addOption(OptionSpec.builder("--from").paramLabel("V").type(String.class)
                .description("The first setting tried (default: " + defaults(registry, SearchAxis::from) + ")").build());
        spec.addOption(OptionSpec.builder("--to").paramLabel("V").type(String.class)
                .description("The highest setting tried (default: " + defaults(registry, SearchAxis::to) + ")").build());
        spec.addOption(OptionSpec.builder("--resolution").paramLabel("PERCENT").type(String.class)
                .description("How narrow the bracket ends, relative to its lower end (default: "
                        + KneeSearch.format(io.dbharness.search.FindMax.DEFAULT_RESOLUTION * 100) + "%%)").build());
        spec.addOption(OptionSpec.builder("--min").paramLabel("V").type(String.class)
                .description("The lowest setting the ramp goes down to while steps fail (default: "
                        + KneeSearch.format(io.dbharness.search.FindMax.DEFAULT_MIN) + ")").build());
        spec.addOption(OptionSpec.builder("--factor").paramLabel("X").type(String.class)
                .description("The ramp's step (default: " + KneeSearch.format(io.dbharness.search.FindMax.DEFAULT_FACTOR) + ")").build());
        spec.addOption(OptionSpec.builder("--max-steps").paramLabel("N").type(String.class)
                .description("Steps at most (default: " + io.dbharness.search.FindMax.DEFAULT_MAX_STEPS + ")").build());
        spec.addOption(OptionSpec.builder("--out").paramLabel("DIR").type(String.class)
                .description("Where the search's report goes (default: a report-<time> directory in --results)").build());
        Commands.addRunOptions(spec, registry, "Run each step N times (1 to " + CliOptions.MAX_REPEAT + "; default: 1):"
                + " a step meets the objective only when all N runs meet it");
        return spec;
    }

    /** Every workload's search axes, by option: the workloads that declare each. */
    private static Map<String, List<String>> axes(Registry registry) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        registry.workloads().forEach(w -> w.searchAxes().forEach(a -> m.computeIfAbsent(a.option(), k -> new ArrayList<>())
                .add(w.id())));
        return m;
    }

    /** {@code rate 1000, workers 1, ...}: each axis's default as its workloads declare it. */
    private static String defaults(Registry registry, java.util.function.ToDoubleFunction<SearchAxis> value) {
        Map<String, Set<String>> m = new LinkedHashMap<>();
        registry.workloads().forEach(w -> w.searchAxes().forEach(a -> m.computeIfAbsent(a.option(),
                k -> new java.util.LinkedHashSet<>()).add(KneeSearch.format(value.applyAsDouble(a)))));
        return String.join(", ", m.entrySet().stream().map(e -> e.getKey() + " " + String.join(" or ", e.getValue())).toList());
    }

    /** {@code , tpcc (tpcc's: p90(new-order)<5s, ...)}: the objectives workloads name. */
    private static String namedObjectives(Registry registry) {
        StringBuilder b = new StringBuilder();
        registry.workloads().forEach(w -> w.objectives().forEach((name, terms) -> b.append(", ").append(name).append(" (")
                .append("workload ").append(w.id()).append("'s: ").append(terms.replace(",", ", ")).append(")")));
        return b.toString();
    }

    /** The steps' runner: their own summaries would bury the table (its row says what decided, the result file the rest). */
    private SingleRun quietRunner() {
        return new SingleRun(new PrintStream(OutputStream.nullOutputStream()), err, env, registry).live(live);
    }

    /** Every check a search makes before its first step; nothing connects or is written. */
    FindMaxPlan plan(ParseResult pr) {
        return FindMaxPlan.parse(pr, registry, err, env, quietRunner());
    }

    // --- running ---

    /** The search so far, as it is written after every step. */
    private final class State {
        final FindMaxPlan plan;
        final String id;
        final Instant start = Instant.now();
        final List<SearchResult.Step> steps = new ArrayList<>();
        KneeSearch search;
        String outcome;
        /** A step's exit code when it ended the search (not judged), else 0. */
        int code = ExitCode.OK;
        Path file;

        State(FindMaxPlan plan) {
            this.plan = plan;
            this.search = plan.start();
            this.id = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-find-max-" + plan.vary();
        }

        SearchResult result() {
            Map<String, Double> limits = new LinkedHashMap<>();
            plan.objective().terms().forEach(t -> {
                if (t instanceof Objective.Latency l) {
                    limits.put(l.label(), l.limitMillis());
                }
            });
            Map<String, String> options = new LinkedHashMap<>(plan.shownOptions());
            options.remove(plan.vary());
            if (plan.shards() > 1) {
                options.put("shards", Integer.toString(plan.shards())); // the search's own, not the steps' option
            }
            return new SearchResult(id, Version.harness(), plan.base().target(), plan.base().workload(), plan.vary(),
                    plan.objective().text(), limits, search.precision(), plan.base().repeat(), options, start,
                    Instant.now(), search.highestMet(), search.lowestFailed(), outcome == null ? "running" : outcome, steps);
        }

        /** The latest step that gave {@code value} a verdict. */
        Optional<SearchResult.Step> lastVerdict(double value) {
            return steps.stream().filter(st -> st.value() == value && st.stepMet() != null).reduce((a, b) -> b);
        }

        /** Ends the search on a run that is not judged: the run kept in the file, the reason thrown as one line. */
        UsageException refuse(SearchResult.Step step, String message) {
            outcome = "failed";
            steps.add(step);
            save();
            return new UsageException(message);
        }

        /** Written after every step and at the end: a stop (or a crash) keeps the steps so far. */
        void save() {
            try {
                file = SearchFiles.write(result(), plan.base().resultsDir());
            } catch (IOException e) {
                Main.printError(err, "cannot write the search to " + plan.base().resultsDir() + ": " + ResultsDir.reason(e));
            }
        }
    }

    /**
     * The group that wrote all its rows before the step's --duration ended, if one did (iot-mixed's ingest ends
     * while its queries go on: the run lasts, the load it was judged on did not).
     */
    static Optional<GroupResult> ranOutOfData(RunResult r, Duration step) {
        if (r.stopReason() != StopReason.COMPLETED && r.stopReason() != StopReason.DURATION || r.groups() == null) {
            return Optional.empty();
        }
        double limit = 0.9 * step.toMillis() / 1000.0;
        return r.groups().stream().filter(g -> g.totals().counts().rows() > 0 && g.totals().durationSeconds() < limit).findFirst();
    }

    int run(ParseResult pr) {
        FindMaxPlan plan = plan(pr);
        RunConfig base = plan.base();
        ResultsDir.check(base.resultsDir());
        if (plan.reportDir() != null) {
            ResultsDir.check(plan.reportDir(), "cannot write the report to ", "--out");
        }
        KneeSearch s0 = plan.start();
        out.println("find-max: " + plan.vary() + " from " + KneeSearch.format(s0.from()) + " (ramp x"
                + KneeSearch.format(s0.factor()) + " up to " + KneeSearch.format(s0.max()) + ", then bisection to "
                + KneeSearch.format(s0.precision() * 100) + "%), objective " + String.join(", ",
                plan.objective().terms().stream().map(Objective.Term::label).toList())
                + (base.repeat() > 1 ? ", each step " + base.repeat() + " runs that must all meet it" : "")
                + (plan.shards() > 1 ? ", each run " + plan.shards() + " shards merged" : "")
                + "; results into " + base.resultsDir());
        Table table = new Table(plan);
        out.println(table.header());
        // the signals are taken until the search and its report are written: one between two steps is not lost
        try (LiveExport live = LiveExport.open(plan.base(), env, err); Interrupts interrupts = Interrupts.forSeries(err)) {
            this.live = live;
            int code = search(plan, table, interrupts);
            if (interrupts.isRequested()) {
                live.stopped();
            }
            return code;
        }
    }

    private int search(FindMaxPlan plan, Table table, Interrupts interrupts) {
        RunConfig base = plan.base();
        SingleRun runner = quietRunner();
        State state = new State(plan);
        // the library's search: the next setting, this step's runs, the verdict, until it ends or a step stops it
        io.dbharness.search.FindMax.Ended ended = io.dbharness.search.FindMax.search(state.search, plan.maxSteps(),
                (number, value, search) -> trial(state, runner, table, interrupts, number, value));
        state.search = ended.search();
        if (state.outcome == null) {
            state.outcome = ended.outcome();
        }
        int code = state.code;
        state.save();
        out.println();
        out.println(conclusion(state));
        if (code == ExitCode.OK && !(state.outcome.equals("bracketed") || state.outcome.equals("limit"))) {
            code = ExitCode.RUN_FAILED;
        }
        if (interrupts.isRequested()) { // between steps, or while the search was written
            code = interrupts.requested().exitCode();
        }
        if (state.file != null) {
            out.println("search: " + state.file);
            List<Path> files = SearchFiles.stepFiles(state.result(), state.file);
            if (!files.isEmpty()) {
                Path reportDir = plan.reportDir() != null ? plan.reportDir()
                        : base.resultsDir().resolve("report-" + state.id.substring(0, 15));
                try {
                    out.println("report: " + io.dbharness.results.report.Report.write(List.of(state.file), reportDir));
                } catch (IOException e) {
                    Main.printError(err, "cannot write the report to " + reportDir + ": " + ResultsDir.reason(e));
                    code = code == ExitCode.OK ? ExitCode.RUN_FAILED : code;
                } catch (io.dbharness.results.ResultFileException e) {
                    Main.printError(err, "runner report: " + e.getMessage());
                    code = code == ExitCode.OK ? ExitCode.RUN_FAILED : code;
                }
            }
        }
        return code;
    }

    /** One step: its runs (--repeat), each judged and shown as a row; its verdict, or empty when the search ends. */
    private Optional<Boolean> trial(State state, SingleRun runner, Table table, Interrupts interrupts, int number,
                                    double value) {
        FindMaxPlan plan = state.plan;
        RunConfig base = plan.base();
        RunConfig config = base.with(plan.vary(), KneeSearch.format(value));
        for (int rep = 1; rep <= base.repeat(); rep++) {
            if (interrupts.isRequested()) { // between two runs: the next one does not start
                state.outcome = "stopped";
                return Optional.empty();
            }
            SingleRun.Outcome o;
            try {
                o = plan.shards() > 1 ? ShardedStep.run(config, plan.shards(), "find-max-" + state.id + "-step-"
                        + number + "-" + rep, plan.secretEnv(), err) : runner.run(config, interrupts, String.valueOf(number),
                        "find-max step " + number + ": " + plan.vary() + "=" + KneeSearch.format(value)
                                + (base.repeat() > 1 ? " (repetition " + rep + "/" + base.repeat() + ")" : ""));
            } catch (UsageException e) {
                Main.printError(err, "step " + number + " (" + plan.vary() + "=" + KneeSearch.format(value) + "): " + e.getMessage());
                o = new SingleRun.Outcome(ExitCode.USAGE, null, null, false);
            }
            RunResult r = o.result();
            if (r == null || o.stopped() || r.exitCode() == ExitCode.TARGET) {
                // nothing to judge, or a judgement cut short: the search ends here, what it found is kept
                if (r != null) {
                    state.steps.add(step(number, value, rep, o, false, null, List.of(), o.stopped()
                            ? "stopped: not judged" : "target lost: not judged", plan));
                    out.println(table.row(state.steps.get(state.steps.size() - 1), base.repeat(), r));
                }
                state.outcome = o.stopped() ? "stopped" : "failed";
                state.code = o.exitCode() == ExitCode.OK ? ExitCode.RUN_FAILED : o.exitCode();
                return Optional.empty();
            }
            if (number == 1 && rep == 1 && !plan.typesToCheckAfterFirstStep().isEmpty()) {
                Set<String> ran = new java.util.TreeSet<>(r.operations().stream().map(OperationStats::type).toList());
                for (String t : plan.typesToCheckAfterFirstStep()) {
                    if (!ran.contains(t)) {
                        throw state.refuse(step(number, value, rep, o, false, null, List.of(),
                                "objective names a type the run lacks", plan), "--slo names operation type '" + t
                                + "', which the first step did not run; it ran: " + String.join(", ", ran));
                    }
                }
            }
            Optional<GroupResult> ranOut = ranOutOfData(r, plan.stepDuration());
            if (ranOut.isPresent()) {
                // the data ran out before --duration: a rate or a latency over part of a step judges nothing
                GroupResult g = ranOut.get();
                throw state.refuse(step(number, value, rep, o, false, null, List.of(), "data ran out: not judged", plan),
                        String.format(Locale.ROOT, "step %d (%s %s) wrote all its %,d rows"
                        + "%s in %.2f s, before its --duration ended: a step is judged over its whole --duration; give"
                        + " the steps more data (--tag-num, --ts-end; or --live) or a shorter --duration", number,
                        plan.vary(), KneeSearch.format(value), g.totals().counts().rows(), r.groups().size() > 1 ? " (group "
                                + g.name() + ")" : "", g.totals().durationSeconds()));
            }
            String note = r.failure() != null ? "run aborted: " + oneLine(r.failure())
                    : r.verification() != null && r.verification().isFailed() ? "verification failed" : null;
            Objective.Judgement j = plan.objective().judge(r);
            boolean met = io.dbharness.search.FindMax.meets(r, j); // an aborted or failed-verification run meets nothing: note says which
            boolean last = !met || rep == base.repeat();
            String confirmation = null;
            if (last) {
                Optional<SearchResult.Step> before = state.lastVerdict(value);
                state.search = state.search.after(value, met);
                confirmation = before.map(b -> b.stepMet() == met ? SearchResult.Step.CONFIRMED
                        : SearchResult.Step.CONTRADICTED).orElse(null);
                String said = confirmationNote(before, state.search, value);
                note = note == null ? said : said == null ? note : note + "; " + said;
            }
            state.steps.add(step(number, value, rep, o, met, last ? met : null, j.checks(), note, plan)
                    .withConfirmation(confirmation));
            out.println(table.row(state.steps.get(state.steps.size() - 1), base.repeat(), r));
            state.save();
            if (!met) {
                return Optional.of(false); // a step meets the objective only when every run of it does
            }
        }
        return Optional.of(true);
    }

    private static SearchResult.Step step(int number, double value, int rep, SingleRun.Outcome o, boolean met,
                                          Boolean stepMet, List<Objective.Check> checks, String note, FindMaxPlan plan) {
        RunResult r = o.result();
        // a step stopped before its first operation measured nothing: no headline, rather than 0 ops/s beside rows/s
        Headline h = r == null || r.totals().counts().operations() == 0 ? null : Headline.of(r);
        double offered = plan.vary().equals("rate") ? value : Double.NaN;
        return new SearchResult.Step(number, value, rep, met, stepMet, o.file() == null ? null
                : o.file().getFileName().toString(), o.exitCode(), offered, h == null ? Double.NaN : h.value(),
                h == null ? null : h.name(), checks, note);
    }

    /** What a step's verdict does to its setting's, for the table: which verdicts stand on two runs. */
    private static String confirmationNote(Optional<SearchResult.Step> before, KneeSearch search, double value) {
        KneeSearch.Verdict now = search.verdict(value).orElseThrow();
        if (before.isEmpty()) {
            return now == KneeSearch.Verdict.TO_CONFIRM ? "to be confirmed: run again" : null;
        }
        String step = "step " + before.get().number();
        boolean metBefore = before.get().stepMet();
        return switch (now) {
            case MET -> metBefore ? "confirms " + step : "contradicts " + step + ": a failure not confirmed, taken as noise"
                    + (search.confirmedMet(value) ? "; confirmed: met more often than failed" : "");
            case FAILED -> metBefore ? "contradicts " + step + "; confirmed failure (failed more often than met)"
                    : "confirms " + step + ": confirmed failure";
            case TO_CONFIRM -> "contradicts " + step + ": run again";
        };
    }

    private static String oneLine(String s) {
        return s.replaceAll("\\s*\\R\\s*", " ");
    }

    /** The lines that answer the question, with the steps that decided each end. */
    private String conclusion(State state) {
        KneeSearch s = state.search;
        String vary = state.plan.vary();
        long steps = state.steps.stream().map(SearchResult.Step::number).distinct().count();
        long seconds = Duration.between(state.start, Instant.now()).toSeconds();
        int runs = state.steps.size();
        String spent = steps + (steps == 1 ? " step" : " steps") + " (" + runs + (runs == 1 ? " run" : " runs") + ") in "
                + (seconds >= 60 ? seconds / 60 + "m" + String.format(Locale.ROOT, "%02d", seconds % 60) + "s" : seconds + "s");
        String met = s.highestMet() == null ? "none" : KneeSearch.format(s.highestMet()) + " (" + end(state, s.highestMet(),
                true) + ")";
        String failed = s.lowestFailed() == null ? "none" : KneeSearch.format(s.lowestFailed()) + " (" + end(state,
                s.lowestFailed(), false) + ")";
        String width = s.highestMet() != null && s.lowestFailed() != null ? String.format(Locale.ROOT, ", bracket %.1f%% wide",
                (s.lowestFailed() - s.highestMet()) / s.highestMet() * 100) : "";
        String why = switch (state.outcome) {
            case "bracketed" -> (s.withinPrecision(s.highestMet(), s.lowestFailed()) ? "within --resolution "
                    + KneeSearch.format(s.precision() * 100) + "%" : "as fine as whole numbers allow (adjacent settings)")
                    + ", both ends confirmed by a second run";
            case "limit" -> "every step met the objective up to --to " + KneeSearch.format(s.max());
            case "none-met" -> "no step met the objective down to --min " + KneeSearch.format(s.min());
            case "max-steps" -> "--max-steps " + state.plan.maxSteps() + " ran out before the bracket was within --resolution";
            case "stopped" -> "stopped before the bracket was within --resolution";
            default -> "a step could not run";
        };
        return "find-max " + state.outcome + ": highest " + vary + " that met the objective: " + met + "; lowest that"
                + " did not: " + failed + width + "; " + why + "; " + spent;
    }

    /**
     * An end of the bracket: its last step; {@code run once} when no second run stands behind it (a search cut short);
     * for the met end of an offered rate, what its runs achieved, which the lag kept-up allows can leave below it.
     */
    private static String end(State state, double value, boolean met) {
        List<SearchResult.Step> runs = state.steps.stream().filter(st -> st.value() == value && st.stepMet() != null).toList();
        String said = "step " + stepOf(state, value) + (runs.size() == 1 ? ", run once" : "");
        if (met && state.plan.vary().equals("rate")) {
            SearchResult.Step best = runs.stream().filter(st -> st.stepMet() && st.achievedName() != null)
                    .reduce((a, b) -> b).orElse(null);
            if (best != null && best.achieved() < 0.99 * value) {
                said += ", achieved " + io.dbharness.results.Fmt.rate(best.achieved()) + " " + best.achievedName();
            }
        }
        return said;
    }

    private static int stepOf(State state, double value) {
        return state.steps.stream().filter(st -> st.value() == value).mapToInt(SearchResult.Step::number).max().orElse(0);
    }

    /** The table printed as the runs end: fixed columns, so rows printed one by one line up. */
    private static final class Table {
        /** Wide enough for each server host column's heading and figure ({@code 12,345 ms}, {@code missing}). */
        private static final int HOST_WIDTH = 10;
        private final FindMaxPlan plan;
        private final List<Integer> widths = new ArrayList<>();

        Table(FindMaxPlan plan) {
            this.plan = plan;
            plan.objective().terms().forEach(t -> widths.add(Math.max(t.label().length(), 24)));
        }

        String header() {
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%5s  %-12s %-7s %14s", "step", plan.vary(),
                    "verdict", "achieved"));
            List<Objective.Term> terms = plan.objective().terms();
            for (int i = 0; i < terms.size(); i++) {
                b.append("  ").append(pad(terms.get(i).label(), widths.get(i)));
            }
            if (plan.serverHosts()) {
                ServerHostFigures.HEADINGS.forEach(h -> b.append("  ").append(pad(h, HOST_WIDTH)));
            }
            return b.append("  result").toString();
        }

        /** @param r the step's run, for the server hosts' figures */
        String row(SearchResult.Step s, int repeat, RunResult r) {
            String number = repeat > 1 ? s.number() + "." + s.repetition() : String.valueOf(s.number());
            String verdict = s.note() != null && !s.met() && s.checks().isEmpty() ? "-" : s.met() ? "met" : "FAILED";
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%5s  %-12s %-7s %14s", number,
                    KneeSearch.format(s.value()), verdict, s.achievedName() == null ? "not measured"
                            : io.dbharness.results.Fmt.rate(s.achieved()) + " " + s.achievedName()));
            for (int i = 0; i < plan.objective().terms().size(); i++) {
                String cell = i < s.checks().size() ? (s.checks().get(i).met() ? "" : "x ") + s.checks().get(i).figure() : "-";
                b.append("  ").append(pad(cell, widths.get(i)));
            }
            if (plan.serverHosts()) {
                ServerHostFigures.cells(r).forEach(c -> b.append("  ").append(pad(c, HOST_WIDTH)));
            }
            b.append("  ").append(s.file() == null ? "(no result)" : s.file());
            if (s.note() != null) {
                b.append("  ").append(s.note());
            }
            return b.toString();
        }

        private static String pad(String s, int width) {
            return s.length() >= width ? s : s + " ".repeat(width - s.length());
        }
    }
}
