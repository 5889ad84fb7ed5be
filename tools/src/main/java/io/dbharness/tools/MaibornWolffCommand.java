package io.dbharness.tools;

import io.dbharness.core.api.UsageException;
import io.dbharness.search.Sweep;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code runner mw insert|query FLAGS}: MaibornWolff's database-performance-comparison ({@code python run.py
 * insert|query}) as its README types it. Its worker pods become this harness's workers, its events the
 * {@code events} generator, its postgres module's COPY / VALUES lists / single INSERTs the target's ingest modes,
 * its queries the events catalogue; config.yaml's entry of the target gives the connection. One run per worker
 * count and repetition (insert) or per query (query), then MaibornWolff's table, then this harness's summary of
 * the last run; the runs before print their own summaries as they end.
 */
public final class MaibornWolffCommand implements SeedTool {

    /** run.py insert's defaults (click's). */
    private static final String WORKERS = "1,4,8,12,16";
    private static final int RUNS = 3;
    private static final long NUM_INSERTS = 10000;
    /** The postgres module's batch_size when none is given (also the identity's cache). */
    private static final int MODULE_BATCH = 100;
    /** The modules' prefill batch. */
    private static final int PREFILL_BATCH = 1000;
    /** MaibornWolff's catalogue, in its order (simulator/modules/postgres.py's _queries). */
    static final List<String> QUERIES = List.of("count-events", "temperature-min-max", "temperature-stats",
            "temperature-stats-per-device", "newest-per-device");
    /** run.py waits for a query as long as it takes (--timeout 0): bounded here only as a safety net. */
    private static final String NO_TIMEOUT = "24h";

    private static final String KUBERNETES = "no Kubernetes here: the workers are this process's threads";
    private static final String ONE_TABLE = "the events model writes one table";

    /** Keys run.py writes into the module's config itself: a value in the entry is overwritten, as there. */
    private static final Set<String> RUN_PY_KEYS = Set.of("task", "num_inserts", "prefill", "primary_key",
            "use_multiple_tables", "clean_database", "runs");

    @Override
    public List<String> names() {
        return List.of("mw");
    }

    @Override
    public String synopsis() {
        return "runner mw insert|query --target T [FLAGS] [-- OPTIONS]";
    }

    static ToolFlags insertFlags() {
        ToolFlags f = new ToolFlags("mw insert", ToolFlags.Style.ARGPARSE);
        f.mapped("target", "t", "Name of the target: config.yaml's targets (postgresql, yugabyte_sql, influxdb, ...; questdb)");
        f.mapped("config", "c", "Name of the config file to use (default config.yaml, read when it exists)");
        f.mapped("workers", "w", "Sets of worker counts to use, separate by comma without space (default 1,4,8,12,16)");
        f.mapped("runs", "r", "Number of runs per worker count (default 3)");
        f.mapped("primary-key", null, "sql, db, uuid or none (default db); client is refused");
        f.mapped("tables", null, "single (default); multiple is refused: " + ONE_TABLE);
        f.mapped("num-inserts", null, "Number of inserts per worker (default 10000)");
        f.mapped("prefill", null, "Insert this number of events into the table before each run, unmeasured (default 0)");
        f.mapped("extra-option", null, "KEY=VALUE for the database module, repeatable: use_values_lists, batch_mode,"
                + " batch_size, device_spread (others refused or without effect, saying why)");
        f.noEffect("timeout", false, "Seconds to wait for one run to complete (default 0: none)",
                "a run here ends when its rows are written; -- --op-timeout bounds each batch (60s), -- --duration a run");
        f.mapped("batch", null, "Number of events to insert in one batch (default 0: one INSERT a row)");
        f.mappedSwitch("clean", null, "Clean up the database before each run (the default for the tables this command makes;"
                + " a table there before it is dropped only when --clean is given)");
        f.mappedSwitch("no-clean", null, "Keep the table: each run adds to it");
        f.mapped("steps", null, "Do x insert runs without cleaning the database in between (fill levels)");
        f.mappedSwitch("help", "h", "Show this message and exit");
        return f;
    }

    static ToolFlags queryFlags() {
        ToolFlags f = new ToolFlags("mw query", ToolFlags.Style.ARGPARSE);
        f.mapped("target", "t", "Name of the target: config.yaml's targets (postgresql, yugabyte_sql, influxdb, ...; questdb)");
        f.mapped("config", "c", "Name of the config file to use (default config.yaml, read when it exists)");
        f.mapped("workers", "w", "Number of workers to use (default 1)");
        f.mapped("runs", "r", "Number of times each query should be executed by each worker (default 3)");
        f.mapped("extra-option", null, "KEY=VALUE for the database module, repeatable: queries=NAME,... (create_indices:"
                + " without effect, saying why)");
        f.mapped("timeout", null, "Seconds a query may take (default 0: no limit; here a day)");
        f.mappedSwitch("help", "h", "Show this message and exit");
        return f;
    }

    @Override
    public int run(String name, List<String> args, ToolRun run) {
        if (args.isEmpty()) {
            throw new UsageException("mw needs a command: insert or query (see 'runner mw --help')");
        }
        String command = args.get(0);
        if (List.of("--help", "-h", "help").contains(command)) {
            usage(run.out, null);
            return ToolRun.OK;
        }
        if (command.startsWith("-")) { // run.py's README once wrote 'python run.py --target ...'
            throw new UsageException("mw needs its command first: runner mw insert " + String.join(" ", args)
                    + " (or query; see 'runner mw --help')");
        }
        if (!command.equals("insert") && !command.equals("query")) {
            throw new UsageException("unknown mw command '" + command + "': expected insert or query, as run.py's"
                    + " (see 'runner mw --help')");
        }
        boolean insert = command.equals("insert");
        ToolFlags flags = insert ? insertFlags() : queryFlags();
        List<String> extra = new ArrayList<>();
        List<String> rest = extraOptions(args.subList(1, args.size()), flags, extra);
        List<String> warnings = new ArrayList<>();
        ToolFlags.Parsed cli = flags.parse(rest, warnings::add);
        if (cli.flag("help")) {
            usage(run.out, flags);
            return ToolRun.OK;
        }
        if (!cli.positionals().isEmpty()) {
            throw new UsageException(flags.command() + ": got unexpected extra argument (" + String.join(" ",
                    cli.positionals()) + ") (see 'runner " + flags.command() + " --help')");
        }
        warnings.forEach(run::warn);
        Plan plan = plan(flags.command(), cli, extra, run);
        return insert ? insert(cli, plan, run) : query(cli, plan, run);
    }

    /**
     * {@code --extra-option} is click's {@code multiple=True}: every occurrence counts, where the other flags keep
     * their last. Takes them out of {@code args} (before a lone {@code --}), stepping over the other flags' values.
     */
    static List<String> extraOptions(List<String> args, ToolFlags flags, List<String> extra) {
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                rest.addAll(args.subList(i, args.size()));
                break;
            }
            if (a.equals("--extra-option")) {
                if (i + 1 >= args.size()) {
                    throw new UsageException(flags.command() + ": flag --extra-option needs a value");
                }
                extra.add(args.get(++i));
                continue;
            }
            if (a.startsWith("--extra-option=")) {
                extra.add(a.substring("--extra-option=".length()));
                continue;
            }
            rest.add(a);
            // a flag's separate value is not a flag of its own, even when it looks like one
            String flagName = a.startsWith("--") ? a.substring(2) : a.startsWith("-") && a.length() == 2 ? shortName(flags, a) : null;
            ToolFlags.Flag f = flagName == null || flagName.contains("=") ? null : flags.flag(flagName);
            if (f != null && !f.bool() && i + 1 < args.size()) {
                rest.add(args.get(++i));
            }
        }
        return rest;
    }

    private static String shortName(ToolFlags flags, String a) {
        for (String n : List.of("target", "config", "workers", "runs", "help")) {
            ToolFlags.Flag f = flags.flag(n);
            if (f != null && a.substring(1).equals(f.shorthand())) {
                return n;
            }
        }
        return null;
    }

    /**
     * What every run of the command shares: this harness's target, the connection and module settings from the
     * config entry, and the module's settings merged (config entry under {@code --extra-option}, as run.py merges).
     */
    record Plan(String target, MaibornWolffConfig.Entry entry, Map<String, String> connection, Map<String, Object> module,
                List<String> runnerArgs) {
    }

    private Plan plan(String command, ToolFlags.Parsed cli, List<String> extra, ToolRun run) {
        String name = cli.get("target", null);
        if (name == null) {
            throw new UsageException(command + ": missing option '-t' / '--target' (the target's name in config.yaml:"
                    + " postgresql, yugabyte_sql, influxdb, ...)");
        }
        Path file = Path.of(cli.get("config", MaibornWolffConfig.DEFAULT_FILE));
        Map<String, Object> given = new LinkedHashMap<>();
        for (String option : extra) {
            int eq = option.indexOf('=');
            if (eq < 0) { // run.py's option.split("=", 1) fails the same way
                throw new UsageException(command + ": --extra-option '" + option + "' is not KEY=VALUE");
            }
            given.put(option.substring(0, eq), option.substring(eq + 1));
        }
        MaibornWolffConfig.Entry entry = MaibornWolffConfig.entry(command, file, cli.has("config"), name,
                (String) given.remove("module"), run::warn, run.err::println);
        Map<String, Object> module = new LinkedHashMap<>(entry.settings());
        module.putAll(given);
        List<String> runnerArgs = cli.runnerArgs();
        String override = runnerTarget(runnerArgs);
        String target = override != null ? override : target(entry);
        boolean compatible = runnerArgs.stream().anyMatch(a -> a.equals("--allow-compatible-server")
                || a.equals("--allow-compatible-server=true"));
        Map<String, String> connection = switch (entry.module()) {
            case "postgres", "timescaledb" -> List.of("postgres", "yugabyte", "matrixdb", "mogdb").contains(target)
                    ? MaibornWolffConfig.postgres(entry, target, compatible, run.env, run::warn) : Map.of();
            case "influxdb" -> target.equals("influx") ? MaibornWolffConfig.influx(entry) : Map.of();
            case "questdb" -> target.equals("questdb") ? MaibornWolffConfig.questdb(entry) : Map.of();
            default -> Map.of();
        };
        return new Plan(target, entry, connection, module, runnerArgs);
    }

    /** {@code -- --target X}: the user's own choice of target, which then runs even a refused MaibornWolff target. */
    private static String runnerTarget(List<String> runnerArgs) {
        String t = null;
        for (int i = 0; i < runnerArgs.size(); i++) {
            String a = runnerArgs.get(i);
            if (a.equals("--target") && i + 1 < runnerArgs.size()) {
                t = runnerArgs.get(++i);
            } else if (a.startsWith("--target=")) {
                t = a.substring("--target=".length());
            }
        }
        return t;
    }

    /** This harness's target for a config entry: by module, and within the postgres module by the product it serves. */
    static String target(MaibornWolffConfig.Entry e) {
        String refusedTail = " (after '--', --target postgres runs MaibornWolff's postgres-module path on that server anyway)";
        return switch (e.module()) {
            case "postgres" -> switch (e.name()) {
                case "yugabyte_sql" -> "yugabyte";
                case "cockroachdb" -> throw new UsageException("mw target cockroachdb is not supported here: there is no"
                        + " CockroachDB target (MaibornWolff runs its postgres module on it)" + refusedTail);
                case "postgresql" -> "postgres";
                // an entry of the user's own: YugabyteDB's session settings say which product it is
                default -> MaibornWolffConfig.hasYugabyteSettings(e) ? "yugabyte" : "postgres";
            };
            case "timescaledb" -> throw new UsageException("mw target " + e.name() + " is not supported here: MaibornWolff's"
                    + " timescaledb module makes events a hypertable (create_hypertable, chunks of a day) and no target here"
                    + " does; its rows would be an ordinary PostgreSQL table's figure" + refusedTail);
            case "influxdb" -> "influx";
            case "questdb" -> "questdb";
            case "cassandra" -> throw new UsageException("mw target " + e.name() + " is not supported here: MaibornWolff's"
                    + " cassandra module speaks CQL (Cassandra, YugabyteDB YCQL), which no target here does");
            case "arangodb" -> throw new UsageException("mw target " + e.name() + " is not supported here: there is no"
                    + " ArangoDB target");
            case "elasticsearch" -> throw new UsageException("mw target " + e.name() + " is not supported here: there is no"
                    + " Elasticsearch target");
            default -> throw new UsageException("unknown module '" + e.module() + "' of " + e.where() + ": MaibornWolff's are"
                    + " postgres, timescaledb, influxdb, cassandra, arangodb and elasticsearch");
        };
    }


    // ------------------------------------------------------------------------------------------------- insert

    /**
     * One run of a series.
     *
     * @param prefill    the unmeasured write of {@code --prefill} before a measured run
     * @param seedOffset added to the seed: rows written into a table already holding the series' earlier rows
     *                   must differ from them (MaibornWolff's are random in every run)
     */
    record Step(int workers, int repetition, boolean prefill, boolean clean, int seedOffset) {
    }

    private int insert(ToolFlags.Parsed cli, Plan plan, ToolRun run) {
        String cmd = "mw insert";
        List<Integer> counts = workerCounts(cli.get("workers", WORKERS));
        int runs = (int) integer(cli, "runs", "-r' / '--runs", RUNS, 1, 10_000);
        String pk = choice(cli, "primary-key", "--primary-key", "db", List.of("sql", "db", "client", "uuid", "none"));
        String tables = choice(cli, "tables", "--tables", "single", List.of("single", "multiple"));
        long numInserts = integer(cli, "num-inserts", "--num-inserts", NUM_INSERTS, 1, 1_000_000_000L);
        long prefill = integer(cli, "prefill", "--prefill", 0, 0, Long.MAX_VALUE);
        long batch = integer(cli, "batch", "--batch", 0, 0, 1_000_000);
        long steps = integer(cli, "steps", "--steps", 0, 0, 10_000);
        boolean clean = clean(cli);
        if (tables.equals("multiple")) {
            throw new UsageException(cmd + " flag --tables multiple is not supported here: " + ONE_TABLE
                    + " (events0..events3 are not written)");
        }
        if (pk.equals("client")) {
            throw new UsageException(cmd + " flag --primary-key client is not supported here: the id the client builds from"
                    + " device, time and sequence number is not generated; use db, sql, uuid or none");
        }
        // run.py's own rules, in its words
        if (steps > 0 && counts.size() > 1) {
            throw new UsageException("ERROR: If using the --steps option only one worker count can be used");
        }
        if (steps > 0 && runs > 1) {
            throw new UsageException("ERROR: If using the --steps option only one run is allowed");
        }
        if (steps > 0 && prefill > 0) {
            throw new UsageException("ERROR: --steps and --prefill cannot be used at the same time");
        }
        String target = plan.target();
        boolean family = List.of("postgres", "yugabyte", "matrixdb", "mogdb").contains(target);
        Map<String, Object> module = plan.module();
        checkKeys(plan, run, true);
        if (module.containsKey("primary_key_constraint")) {
            throw new UsageException(cmd + ": primary_key_constraint is not supported here: the table's key is the target's"
                    + " own (PRIMARY KEY (id); on YugabyteDB hash-sharded on id), written in its DDL");
        }
        // MaibornWolff installs pgcrypto for gen_random_uuid (uuid ids): said where it matters, or for other extensions
        Object extensions = module.get("install_extensions");
        if (extensions != null && (pk.equals("uuid") || !extensions.toString().strip().equals("pgcrypto"))) {
            run.warn(cmd + ": install_extensions (" + module.get("install_extensions") + ") of " + plan.entry().where()
                    + " has no effect here: create them beforehand (CREATE EXTENSION IF NOT EXISTS ...; gen_random_uuid, for"
                    + " --primary-key uuid, is built into PostgreSQL 13+ and needs pgcrypto on YugabyteDB 2.x)");
        }
        // run.py sets batch_mode only for --batch N; an entry's (or --extra-option's) batch_mode stands otherwise
        boolean batchMode = batch > 0 || truthy(module.get("batch_mode"));
        int batchSize = batch > 0 ? (int) batch : (int) setting(module, "batch_size",
                plan.entry().module().equals("influxdb") ? 1000 : MODULE_BATCH, plan);
        boolean valuesLists = "true".equalsIgnoreCase(String.valueOf(module.getOrDefault("use_values_lists", "false")));
        long spread = setting(module, "device_spread", 1, plan);
        if (spread < 1 || numInserts % spread != 0) {
            throw new UsageException(cmd + ": --num-inserts " + numInserts + " is not a multiple of device_spread " + spread
                    + ": here every device writes the same number of events");
        }
        if (!family && cli.has("primary-key") && !pk.equals("db")) {
            run.warn(cmd + " flag --primary-key has no effect on " + target + ": MaibornWolff's influxdb module writes no id,"
                    + " and line protocol has none");
        }

        Map<String, String> o = new LinkedHashMap<>(plan.connection());
        o.put("generator", "events");
        if (family) {
            o.put("primary-key", pk);
            if (pk.equals("sql")) { // the postgres module's identity cache is its batch_size, 100 without one
                o.put("identity-cache", String.valueOf(batchSize));
            }
        }
        String ingest = batchMode ? (valuesLists ? "insert-multirow" : "copy-text") : null;
        switch (target) {
            case "postgres" -> o.put("pg-ingest", ingest != null ? ingest : "insert-batch");
            case "yugabyte" -> o.put("yb-ingest", ingest != null ? ingest : "insert-multirow");
            case "influx", "questdb" -> {
                if (batchMode) {
                    o.put("batch-lines", String.valueOf(batchSize)); // one write call, one request
                }
            }
            default -> {
            }
        }
        // without a batch the module writes one row per statement in autocommit: one row per write here
        o.put("write-batch-rows", String.valueOf(batchMode ? batchSize : 1));
        o.put("verify", "true");

        List<Step> series = new ArrayList<>();
        int sinceClean = 0;
        if (steps > 0) {
            for (int s = 0; s < steps; s++) {
                boolean c = s == 0 && clean;
                sinceClean = c ? 0 : sinceClean;
                series.add(new Step(counts.get(0), s, false, c, sinceClean++));
            }
        } else {
            for (int w : counts) {
                for (int r = 0; r < runs; r++) {
                    boolean prefills = prefill / w > 0;
                    sinceClean = clean ? 0 : sinceClean;
                    if (prefills) {
                        series.add(new Step(w, r, true, clean, sinceClean++));
                    }
                    series.add(new Step(w, r, false, clean && !prefills, sinceClean++));
                }
            }
        }
        MaibornWolffReport tally = new MaibornWolffReport(counts, runs, steps, numInserts);
        // the library's series: one run per step, in order, until one does not end well (the next fills on it)
        List<Sweep.Run<Step, ToolRun.Outcome>> made = Sweep.run(series, 1, (step, number, rep) -> {
            int i = number - 1;
            Map<String, String> options = new LinkedHashMap<>(o);
            options.put("workers", String.valueOf(step.workers()));
            long events = step.prefill() ? prefill / step.workers() : numInserts;
            options.put("devices", String.valueOf(step.workers() * (step.prefill() ? 1 : spread)));
            options.put("num-inserts", String.valueOf(step.prefill() ? events : events / spread));
            if (step.prefill()) { // the modules prefill in batch mode, 1000 events a batch (COPY on PostgreSQL)
                options.put("write-batch-rows", String.valueOf(PREFILL_BATCH));
                if (target.equals("postgres")) {
                    options.put("pg-ingest", "copy-text");
                } else if (target.equals("yugabyte")) {
                    options.put("yb-ingest", "copy-text");
                }
            }
            if (step.clean() && i == 0 && !cli.has("clean")) {
                // run.py cleans by default; here a table this invocation did not create is dropped only when told
                // (--clean): a first run finding one is refused, naming --clean
                options.remove("append");
            } else {
                options.put(step.clean() ? "clean" : "append", "true");
            }
            ToolRun.Config config = seeded(run.config(target, "iot-insert", options, plan.runnerArgs()), step.seedOffset());
            if (i == 0 && (steps > 0 || prefill > 0) && run.embedded(config)) {
                throw new UsageException(cmd + (steps > 0 ? " --steps" : " --prefill") + " needs a server that keeps the"
                        + " table from one run to the next, and the embedded " + config.target() + " starts empty in every"
                        + " run: name one in config.yaml (-c FILE) or after '--' (--url ..., --questdb-http ...)");
            }
            boolean last = i == series.size() - 1;
            return run(run, config, (result, out) -> tally.insertReport(step, result, last, out));
        }, done -> done.isEmpty() || wentWell(done.get(done.size() - 1).outcome()));
        if (made.isEmpty()) {
            return ToolRun.OK;
        }
        Sweep.Run<Step, ToolRun.Outcome> ended = made.get(made.size() - 1);
        int code = ended.outcome().exitCode();
        if (!wentWell(ended.outcome()) && ended.outcome().result() == null && !tally.printed && tally.measured()) {
            // no report printed: the table of what ran
            tally.printTable(run.out, "stopped before " + tally.describe(ended.point()) + " (exit code " + code + ")");
        }
        return code;
    }

    /** A run the next one may follow: exit 0, not stopped. */
    private static boolean wentWell(ToolRun.Outcome o) {
        return o.exitCode() == ToolRun.OK && !o.stopped();
    }

    // -------------------------------------------------------------------------------------------------- query

    private int query(ToolFlags.Parsed cli, Plan plan, ToolRun run) {
        String cmd = "mw query";
        int workers = (int) integer(cli, "workers", "-w' / '--workers", 1, 1, 1024);
        int runs = (int) integer(cli, "runs", "-r' / '--runs", RUNS, 1, 1_000_000);
        long timeout = integer(cli, "timeout", "--timeout", 0, 0, Long.MAX_VALUE / 1000);
        checkKeys(plan, run, false);
        Map<String, Object> module = plan.module();
        boolean sqlModule = List.of("postgres", "timescaledb").contains(plan.entry().module());
        List<String> names = new ArrayList<>(QUERIES);
        if (module.containsKey("queries")) {
            if (!sqlModule) {
                run.warn(cmd + ": queries has no effect with MaibornWolff's " + plan.entry().module() + " module: it runs"
                        + " all five");
            } else {
                List<String> asked = List.of(String.valueOf(module.get("queries")).split(","));
                for (String q : asked) {
                    if (!QUERIES.contains(q)) { // run.py drops an unknown name silently: a typo would go unseen
                        throw new UsageException(cmd + ": unknown query '" + q + "' in queries; MaibornWolff's are "
                                + String.join(", ", QUERIES));
                    }
                }
                names.retainAll(asked); // run in the catalogue's order, as the module runs them
            }
        }
        if (sqlModule && truthyText(module.get("create_indices"))) {
            run.warn(cmd + ": create_indices has no effect here: the target creates its own index for the queries, on"
                    + " (device_id, timestamp) (workloads/iot/README.md); none on temperature");
        }
        Map<String, String> o = new LinkedHashMap<>(plan.connection());
        o.put("generator", "events");
        // the queries read no id: the table may have been written with any --primary-key
        o.put("primary-key", "none");
        o.put("workers", String.valueOf(workers));
        o.put("query-count", String.valueOf((long) runs * workers));
        o.put("op-timeout", timeout > 0 ? timeout + "s" : NO_TIMEOUT);
        MaibornWolffReport tally = new MaibornWolffReport(List.of(workers), runs, 0, 0);
        boolean[] loadEach = {true};
        List<Sweep.Run<String, ToolRun.Outcome>> made = Sweep.run(names, 1, (name, number, rep) -> {
            int i = number - 1;
            Map<String, String> options = new LinkedHashMap<>(o);
            options.put("queries", name);
            ToolRun.Config config = run.config(plan.target(), "iot-query", options, plan.runnerArgs());
            if (i == 0) {
                // a server's table, loaded once by -- --load, serves every query; an embedded one starts empty each run
                loadEach[0] = run.embedded(config);
            } else if (!loadEach[0] && "true".equals(config.options().get("load"))) {
                config = config.with("load", "false").with("clean", "false");
            }
            boolean last = i == names.size() - 1;
            return run(run, config, (result, out) -> tally.queryReport(name, result, last, workers, runs, out));
        }, done -> done.isEmpty() || wentWell(done.get(done.size() - 1).outcome()));
        if (made.isEmpty()) {
            return ToolRun.OK;
        }
        Sweep.Run<String, ToolRun.Outcome> ended = made.get(made.size() - 1);
        int code = ended.outcome().exitCode();
        if (!wentWell(ended.outcome()) && ended.outcome().result() == null && !tally.printed && tally.measured()) {
            tally.printQueries(run.out, "stopped before " + ended.point() + " (exit code " + code + ")");
        }
        return code;
    }

    /** One run; a refusal that names this harness's way to a server also gets run.py's way (config.yaml). */
    private static ToolRun.Outcome run(ToolRun run, ToolRun.Config config, ToolRun.Report report) {
        try {
            return run.run(config, report);
        } catch (UsageException e) {
            String m = String.valueOf(e.getMessage());
            if (m.contains("load it first")) {
                throw new UsageException(m + "; with runner mw: -c config.yaml naming the server of your mw insert, or"
                        + " -- --load [--devices N --num-inserts N]", e.option());
            }
            if (m.contains("needs a server")) {
                throw new UsageException(m + "; with runner mw: a connection_string in config.yaml (-c FILE), or after '--'",
                        e.option());
            }
            throw e;
        }
    }

    // ------------------------------------------------------------------------------------------------ helpers

    /** A run of a series with its seed moved on by {@code offset}, the base being the run's own (default or -- --seed). */
    private static ToolRun.Config seeded(ToolRun.Config c, int offset) {
        if (offset == 0) {
            return c;
        }
        String base = c.options().getOrDefault("seed", io.dbharness.core.config.RunOptions.OPTIONS.stream()
                .filter(d -> d.name().equals("seed")).findFirst().orElseThrow().defaultValue());
        long seed;
        try {
            seed = Long.parseLong(base.trim());
        } catch (NumberFormatException e) {
            return c; // the run refuses it, naming --seed
        }
        return c.with("seed", Long.toString(seed + offset));
    }


    /** The module settings MaibornWolff's modules read; any other key of the entry is named, as a typo would be lost. */
    private static void checkKeys(Plan plan, ToolRun run, boolean insert) {
        List<String> known = new ArrayList<>(List.of("batch_mode", "batch_size", "device_spread"));
        switch (plan.entry().module()) {
            case "postgres", "timescaledb" -> known.addAll(List.of("connection_string", "install_extensions",
                    "use_values_lists", "primary_key_constraint", "create_indices", "queries"));
            case "influxdb" -> known.addAll(List.of("endpoint", "org", "token"));
            case "questdb" -> known.addAll(List.of("endpoint", "pg_endpoint"));
            default -> {
            }
        }
        for (String key : plan.module().keySet()) {
            if (!known.contains(key) && !RUN_PY_KEYS.contains(key)) {
                run.warn("mw " + (insert ? "insert" : "query") + ": " + key + " (" + plan.entry().where()
                        + " or --extra-option) is not read by MaibornWolff's " + plan.entry().module() + " module; ignored");
            }
        }
    }

    /** Python's truth of a config value: a YAML boolean or number as such, any non-empty string true (even "false"). */
    private static boolean truthy(Object v) {
        if (v == null) {
            return false;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        if (v instanceof Number n) {
            return n.doubleValue() != 0;
        }
        return !v.toString().isEmpty();
    }

    /** The modules' {@code config.get(key, "false").lower() == "true"}. */
    private static boolean truthyText(Object v) {
        return v != null && "true".equalsIgnoreCase(v.toString());
    }

    private static long setting(Map<String, Object> module, String key, long otherwise, Plan plan) {
        Object v = module.get(key);
        if (v == null) {
            return otherwise;
        }
        try {
            long n = v instanceof Number num ? num.longValue() : Long.parseLong(v.toString().strip());
            if (n >= 1 && n <= 1_000_000) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new UsageException("mw: invalid value '" + v + "' for " + key + " (" + plan.entry().where()
                + " or --extra-option): expected an integer from 1 to 1000000");
    }

    /** click's INT: an optional sign and digits (underscores between them, as Python's int() takes). */
    private static long integer(ToolFlags.Parsed cli, String flag, String shown, long otherwise, long min, long max) {
        if (!cli.has(flag)) {
            return otherwise;
        }
        String v = cli.get(flag, "");
        long n;
        try {
            n = Long.parseLong(v.strip().replaceAll("(?<=\\d)_(?=\\d)", ""));
        } catch (NumberFormatException e) {
            throw new UsageException("invalid value for '" + shownFlag(shown) + "': '" + v + "' is not a valid integer");
        }
        if (n < min || n > max) {
            throw new UsageException("invalid value for '" + shownFlag(shown) + "': " + n + " is not in the range "
                    + min + " to " + max + " here");
        }
        return n;
    }

    private static String shownFlag(String shown) {
        return shown.startsWith("-") ? shown : "-" + shown;
    }

    /** click's Choice, case-insensitive as run.py declares it. */
    private static String choice(ToolFlags.Parsed cli, String flag, String shown, String otherwise, List<String> choices) {
        String v = cli.get(flag, otherwise);
        String lower = v.toLowerCase(Locale.ROOT);
        if (!choices.contains(lower)) {
            throw new UsageException("invalid value for '" + shown + "': '" + v + "' is not one of "
                    + String.join(", ", choices.stream().map(c -> "'" + c + "'").toList()));
        }
        return lower;
    }

    /** {@code --clean/--no-clean}: the last one given wins, as in click; clean by default. */
    private static boolean clean(ToolFlags.Parsed cli) {
        boolean clean = true;
        for (String k : cli.values().keySet()) {
            if (k.equals("clean")) {
                clean = true;
            } else if (k.equals("no-clean")) {
                clean = false;
            }
        }
        return clean;
    }

    /** {@code -w 1,4,8}: run.py's {@code int(el)} of each comma-separated count. */
    private static List<Integer> workerCounts(String text) {
        List<Integer> counts = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            int n;
            try {
                n = Integer.parseInt(part.strip());
            } catch (NumberFormatException e) {
                throw new UsageException("invalid value for '-w' / '--workers': '" + text + "' is not a comma-separated list"
                        + " of worker counts (" + WORKERS + ")");
            }
            if (n < 1 || n > 1024) {
                throw new UsageException("invalid value for '-w' / '--workers': worker count " + n + " is not in the range"
                        + " 1 to 1024 here");
            }
            counts.add(n);
        }
        return counts;
    }

    private static void usage(PrintStream out, ToolFlags flags) {
        if (flags == null) {
            out.println("Usage: runner mw insert --target T [FLAGS] [-- OPTIONS]   as python run.py insert");
            out.println("       runner mw query --target T [FLAGS] [-- OPTIONS]    as python run.py query");
            out.println();
            out.println("MaibornWolff's database-performance-comparison on this harness: its events (--generator events),");
            out.println("its workers as this harness's workers, one run per worker count and repetition (insert) or per");
            out.println("query (query); MaibornWolff's table at the end, then this harness's summary. 'runner mw insert --help'");
            out.println("and 'runner mw query --help' list every flag with what it does here; tools/maibornwolff.md");
            out.println("tells the whole story.");
            return;
        }
        boolean insert = flags.command().equals("mw insert");
        out.println("Usage: runner " + flags.command() + " --target T [FLAGS] [-- OPTIONS]");
        out.println();
        if (insert) {
            out.println("MaibornWolff's insert test: for each worker count of -w, -r runs of --num-inserts events per worker");
            out.println("(one device a worker) into the events table, made anew before each run (a table there before this");
            out.println("command is dropped only with --clean: run.py drops it by default, this harness only when told); then its table");
            out.println("'Workers Min Max Avg' of inserts/s, then this harness's summary of the last run. --batch N writes N");
            out.println("rows a transaction with COPY (VALUES lists with --extra-option use_values_lists=true); without it one");
            out.println("INSERT a row, as the module's autocommit. Every row is counted back (-- --verify false to skip).");
        } else {
            out.println("MaibornWolff's query test on the events an insert left: each of its five queries (count-events,");
            out.println("temperature-min-max, temperature-stats, temperature-stats-per-device, newest-per-device) run -r times");
            out.println("by each of -w workers, one run a query; then its table of min, max and average seconds, then this");
            out.println("harness's summary of the last run. The embedded servers start empty: load with -- --load.");
        }
        out.println();
        out.println("Targets (-t, config.yaml's targets): postgresql -> postgres (embedded without a server), yugabyte_sql ->");
        out.println("yugabyte (its upsert mode when the connection string sets it), influxdb -> influx; questdb (this");
        out.println("harness's, embedded without a server); refused: cockroachdb, timescaledb, yugabyte_cql, cassandra_*,");
        out.println("arangodb, elasticsearch. -c FILE (default ./config.yaml when it exists) gives the connection: a");
        out.println("postgres-module connection_string (libpq key=value or URI), an influxdb module's endpoint, org, token.");
        out.println("After '--' come this harness's options, e.g. -- --url jdbc:postgresql://db:5432/bench --user bench");
        out.println("(see 'runner --help').");
        out.println();
        out.println("Flags (run.py's; those marked are accepted without effect, or refused, with the reason):");
        flags.printUsage(out);
    }
}
