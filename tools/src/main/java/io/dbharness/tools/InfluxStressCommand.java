package io.dbharness.tools;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.result.RunResult;
import io.dbharness.iot.IotOptions;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code runner influx-stress insert [FLAGS] [SERIES [FIELDS]]}: InfluxData's influx-stress as its users type it,
 * on the influx target (v1 API, as influx-stress speaks it) with the template generator. influx-stress's numbers
 * become this harness's: {@code --pps / --batch-size} writers, each posting one batch of {@code --batch-size}
 * lines per {@code --tick} (this harness's open model at the rate that makes), {@code --runtime} the duration.
 * Its header lines are printed before the run, its result lines ("Write Throughput", "Points Written") after it,
 * computed from what was measured, then this harness's summary. The points are counted back ({@code --verify}).
 */
public final class InfluxStressCommand implements SeedTool {

    /** influx-stress's defaults (cmd/insert.go). */
    private static final String DEFAULT_HOST = "http://localhost:8086";
    private static final String DEFAULT_DB = "stress";
    private static final String DEFAULT_SERIES_KEY = "ctr,some=tag";
    private static final String DEFAULT_FIELDS = "n=0i";
    private static final long DEFAULT_SERIES = 100_000;
    private static final long DEFAULT_BATCH = 10_000;
    private static final long DEFAULT_PPS = 200_000;
    /** math.MaxUint64 as influx-stress prints it: "no limit". */
    private static final String UNLIMITED_POINTS = Long.toUnsignedString(-1L);
    private static final long SECOND_NANOS = 1_000_000_000L;

    /** This harness's limits that influx-stress's numbers must fit (RunOptions, IotOptions, TemplateOptions). */
    private static final int MAX_WORKERS = 1024;
    private static final long MAX_BATCH = 1_000_000;
    private static final long MAX_SERIES = 100_000_000L;
    private static final long MAX_DURATION_NANOS = 365L * 86_400 * SECOND_NANOS;
    /** The template's pass p is at ts-start + p s, and no target takes a timestamp from 2262 on. */
    private static final Instant LATEST = Instant.parse("2262-01-01T00:00:00Z");

    private static final String STATS = "per-request latencies and throughput per interval are in this harness's result"
            + " (dbharness-results/*.json, -- --results DIR); nothing is written to a statistics database";
    private static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    @Override
    public List<String> names() {
        return List.of("influx-stress");
    }

    @Override
    public String synopsis() {
        return "runner influx-stress insert [FLAGS] [SERIES [FIELDS]] [-- OPTIONS]";
    }

    static ToolFlags flags() {
        ToolFlags f = new ToolFlags("influx-stress insert", ToolFlags.Style.PFLAG);
        f.noEffect("stats-host", false, "Address of InfluxDB instance where runtime statistics will be recorded"
                + " (default \"http://localhost:8086\")", STATS);
        f.noEffect("stats-db", false, "Database that statistics will be written to (default \"stress_stats\")", STATS);
        f.noEffect("stats", true, "Record runtime statistics", STATS);
        f.mapped("host", null, "Address of InfluxDB instance (default \"" + DEFAULT_HOST + "\") (--influx-url)");
        f.mapped("user", null, "User to write data as (--username)");
        f.mapped("pass", null, "Password for user (--influx-password)");
        f.mapped("db", null, "Database that will be written to (default \"" + DEFAULT_DB + "\") (--influx-database)");
        f.mapped("rp", null, "Retention Policy that will be written to (--retention-policy)");
        f.mapped("precision", "p", "Resolution of data being written: n, u, ms or s (default \"n\") (--precision)");
        f.noEffect("consistency", "c", false, "Write consistency (only applicable to clusters) (default \"one\")",
                "the influx target sends no consistency parameter; InfluxDB OSS has no cluster to apply it to");
        f.mapped("series", "s", "number of series that will be written (default " + DEFAULT_SERIES + ") (--series)");
        f.mapped("points", "n", "number of points that will be written (default " + UNLIMITED_POINTS + ") (--points,"
                + " a whole number of passes over the series)");
        f.mapped("batch-size", "b", "number of points in a batch (default " + DEFAULT_BATCH + ") (--write-batch-rows"
                + " and --batch-lines: one post per batch)");
        f.mapped("pps", null, "Points Per Second (default " + DEFAULT_PPS + "); writers = pps / batch-size (--workers,"
                + " --rate)");
        f.mapped("runtime", "r", "Total time that the test will run (default 2562047h47m16.854775807s: until -n"
                + " points or Ctrl-C) (--duration)");
        f.mapped("tick", null, "Amount of time between request (default 1s): each writer posts one batch per tick");
        f.mappedSwitch("fast", "f", "Run as fast as possible (no --rate: the closed model)");
        f.mappedSwitch("quiet", "q", "Only print the write throughput");
        f.mapped("create", null, "Use a custom create database command (empty: CREATE DATABASE <db>, created when"
                + " absent)");
        f.refused("kapacitor", "k", true, "Use Kapacitor mode, namely do not try to run any queries.",
                "Kapacitor stores nothing this harness could count back; write to InfluxDB, or to a file with --dump FILE");
        f.mapped("gzip", null, "If non-zero, gzip write bodies with given compression level. 1=best speed,"
                + " 9=best compression, -1=gzip default. (--gzip, at level 1)");
        f.mapped("dump", null, "Dump to given file instead of writing over HTTP (--target file --format line-protocol)");
        f.mappedSwitch("strict", null, "Strict mode will exit as soon as an error or unexpected status is encountered"
                + " (--max-errors 0; without it the run goes on past errors and exits 1)");
        f.refused("tls-skip-verify", null, true, "Skip verify in for TLS",
                "this harness always verifies the server's certificate against the JVM's trust store; import the"
                        + " server's CA with keytool, or use http://");
        f.mappedSwitch("help", "h", "help for insert");
        return f;
    }

    @Override
    public int run(String name, List<String> args, ToolRun run) {
        ToolFlags flags = flags();
        List<String> warnings = new ArrayList<>();
        ToolFlags.Parsed cli = flags.parse(args, warnings::add);
        List<String> positionals = cli.positionals();
        if (positionals.isEmpty() && !cli.values().isEmpty() && !cli.flag("help")) {
            // cobra refuses insert's flags on the root command: they would be dropped, not run
            throw new UsageException("influx-stress's flags belong to its insert command: runner influx-stress insert "
                    + String.join(" ", args.subList(0, args.indexOf("--") < 0 ? args.size() : args.indexOf("--"))));
        }
        // as cobra: no command, help, or -h anywhere print the usage
        if (cli.flag("help") || positionals.isEmpty() || positionals.get(0).equals("help")) {
            usage(run.out, flags);
            return ToolRun.OK;
        }
        if (!positionals.get(0).equals("insert")) {
            throw new UsageException("unknown command \"" + positionals.get(0) + "\" for \"influx-stress\" (its one"
                    + " command is insert; see 'runner influx-stress --help')");
        }
        Plan plan = plan(cli.values(), cli.typed(), positionals.subList(1, positionals.size()), cli.runnerArgs(),
                warnings::add);
        warnings.forEach(run::warn);
        ToolRun.Config config = run.config(plan.target(), "iot-insert", plan.options(), cli.runnerArgs());
        if (!run.checkOnly()) {
            // every mistake is reported before influx-stress's header, as influx-stress reports its flag errors
            run.check(config);
        }
        if (!plan.quiet()) {
            plan.header().forEach(run.out::println);
            run.out.flush();
        }
        return run.run(config, report(plan.quiet())).exitCode();
    }

    /**
     * influx-stress's flags as this harness's run.
     *
     * @param header the lines influx-stress prints before it starts writing
     */
    record Plan(String target, Map<String, String> options, List<String> header, boolean quiet) {
    }

    static Plan plan(Map<String, String> v, List<String> templateArgs, List<String> runnerArgs,
                     java.util.function.Consumer<String> warn) {
        return plan(v, Map.of(), templateArgs, runnerArgs, warn);
    }

    /** @param typed each flag as the user typed it, to name it so in a refusal ({@code -b} or {@code --batch-size}) */
    static Plan plan(Map<String, String> v, Map<String, String> typed, List<String> templateArgs, List<String> runnerArgs,
                     java.util.function.Consumer<String> warn) {
        String seriesKey = DEFAULT_SERIES_KEY;
        String fields = DEFAULT_FIELDS;
        if (templateArgs.size() > 2) {
            throw new UsageException("influx-stress insert takes a series key and fields (SERIES FIELDS), not "
                    + templateArgs.size() + " arguments: quote a value that holds spaces");
        }
        if (!templateArgs.isEmpty()) {
            seriesKey = templateArgs.get(0);
            if (templateArgs.size() == 1 && seriesKey.trim().contains(" ")) {
                // one argument holding the whole template, as --template spells it
                String[] parts = seriesKey.trim().split("\\s+", 2);
                seriesKey = parts[0];
                fields = parts[1];
            }
            if (!seriesKey.contains(",") && !seriesKey.contains("=")) { // influx-stress's own check
                throw new UsageException("First positional argument must be a series key, got: " + seriesKey
                        + " (e.g. cpu,host=server)");
            }
        }
        if (templateArgs.size() == 2) {
            fields = templateArgs.get(1);
        }
        long series = integer(v, "series", "s", DEFAULT_SERIES, 1, MAX_SERIES);
        long batch = integer(v, "batch-size", "b", DEFAULT_BATCH, 1, Long.MAX_VALUE);
        long pps = integer(v, "pps", null, DEFAULT_PPS, 1, Long.MAX_VALUE);
        long tick = goDuration(v, "tick", null, SECOND_NANOS);
        boolean fast = v.containsKey("fast") && Boolean.parseBoolean(v.get("fast"));
        boolean quiet = v.containsKey("quiet") && Boolean.parseBoolean(v.get("quiet"));
        // influx-stress: writers = pps / batch; a pps below the batch size shrinks the batch to one writer's pps
        long writers = pps / batch;
        String b = typed.getOrDefault("batch-size", "-b");
        if (pps < batch) {
            batch = pps;
            writers = 1;
            b = "--pps"; // the batch is the pps then
        }
        if (writers > MAX_WORKERS) {
            throw new UsageException("influx-stress would run " + writers + " writers (--pps " + pps + " / --batch-size "
                    + batch + "); this harness runs at most " + MAX_WORKERS + " workers: raise "
                    + typed.getOrDefault("batch-size", "-b"));
        }
        if (batch > MAX_BATCH) {
            throw new UsageException("invalid value '" + batch + "' for influx-stress insert flag " + b + ": at most "
                    + MAX_BATCH + " points in a batch here");
        }
        // a batch holds each point's fields, as the template model writes them (TemplateOptions splits them so too)
        int fieldCount = fields.split(",").length;
        if (batch * fieldCount > IotOptions.MAX_BATCH_VALUES) {
            throw new UsageException("invalid value '" + batch + "' for influx-stress insert flag " + b + ": at most "
                    + IotOptions.MAX_BATCH_VALUES / fieldCount + " points of " + fieldCount + " fields in a batch here"
                    + " (50 million values per batch)");
        }
        long batchSize = batch;
        long writerCount = writers;
        String batchFlag = b;
        IotOptions.heapShortfall(batch, fieldCount, writers).ifPresent(heap -> {
            throw new UsageException("influx-stress insert flag " + batchFlag + " " + batchSize + ": " + writerCount
                    + " writer(s) x " + batchSize + " points x " + fieldCount + " field(s) hold " + heap + ": lower "
                    + batchFlag + " or --pps, or give the JVM more heap (DBHARNESS_JAVA_OPTS=-Xmx4g ./runner ...)");
        });
        if (series < writers) {
            throw new UsageException("-s " + series + " is fewer than the " + writers + " writers (--pps / --batch-size):"
                    + " influx-stress gives each writer s / writers series, here none; use at least " + writers + " series");
        }
        if (tick <= 0) {
            throw new UsageException("invalid value '" + v.get("tick") + "' for influx-stress insert flag --tick: a"
                    + " positive duration (influx-stress's writers would never tick)");
        }
        long runtimeGiven = goDuration(v, "runtime", "r", Long.MAX_VALUE); // influx-stress's default: "forever"
        Long runtime = null;
        if (v.containsKey("runtime")) {
            long r = runtimeGiven;
            if (r < 1_000_000L) {
                throw new UsageException("invalid value '" + v.get("runtime") + "' for influx-stress insert flag -r:"
                        + " at least 1ms");
            }
            // a runtime past a year is influx-stress's "forever" (its default is 292 years): no deadline here either
            runtime = r > MAX_DURATION_NANOS ? null : r;
            if (runtime != null && !fast && runtime < tick) {
                throw new UsageException("-r " + v.get("runtime") + " is shorter than --tick " + goString(tick) + ":"
                        + " each writer posts one batch per tick, due here at the end of its tick; give -r of at least "
                        + goString(tick));
            }
        }
        // what influx-stress offers: every writer one batch per tick
        BigDecimal rate = BigDecimal.valueOf(writers).multiply(BigDecimal.valueOf(batch))
                .multiply(BigDecimal.valueOf(SECOND_NANOS)).divide(BigDecimal.valueOf(tick), 3, RoundingMode.HALF_UP)
                .stripTrailingZeros();
        if (!fast && rate.compareTo(BigDecimal.valueOf(pps)) != 0) {
            warn.accept(String.format(Locale.ROOT, "influx-stress offers %d writer(s) x %d points every %s = %s points/s"
                    + " for --pps %d (whole batches per tick); so does this run", writers, batch, goString(tick),
                    rate.toPlainString(), pps));
        }
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        // the template writes pass p over the series at ts-start + p seconds: that bounds the passes
        long maxPasses = Math.min(LATEST.getEpochSecond() - start.getEpochSecond() - 1, Long.MAX_VALUE / series);
        String pointsShown = UNLIMITED_POINTS;
        long points;
        if (v.containsKey("points")) {
            pointsShown = v.get("points");
            long n = unsigned(pointsShown, "-n");
            if (n == 0) {
                throw new UsageException("invalid value '0' for influx-stress insert flag -n: at least one point");
            }
            if (Long.compareUnsigned(n, maxPasses * series) > 0) {
                throw new UsageException("invalid value '" + pointsShown + "' for influx-stress insert flag -n: at most "
                        + maxPasses * series + " here (" + series + " series, one pass a second until 2262)");
            }
            if (n % series != 0) {
                long below = n / series * series;
                throw new UsageException("invalid value '" + pointsShown + "' for influx-stress insert flag -n: here a"
                        + " whole number of passes over the " + series + " series (-s), e.g. "
                        + (below > 0 ? below + " or " : "") + (below + series));
            }
            points = n;
        } else if (!fast && runtime != null) {
            // enough passes for the run at its rate, one to spare; the deadline ends it
            BigDecimal needed = rate.multiply(BigDecimal.valueOf(runtime)).divide(BigDecimal.valueOf(SECOND_NANOS))
                    .divide(BigDecimal.valueOf(series), 0, RoundingMode.CEILING).add(BigDecimal.ONE);
            points = needed.min(BigDecimal.valueOf(maxPasses)).longValue() * series;
        } else {
            points = maxPasses * series; // until the deadline or Ctrl-C, as influx-stress runs
        }

        Map<String, String> o = new LinkedHashMap<>();
        o.put("generator", "template");
        o.put("template", seriesKey + " " + fields);
        o.put("series", Long.toString(series));
        o.put("points", Long.toString(points));
        // influx-stress stamps points with the wall clock: so do these start (a retention policy keeps them)
        o.put("ts-start", TS.format(start));
        o.put("workers", Long.toString(writers));
        o.put("write-batch-rows", Long.toString(batch));
        if (!fast) {
            o.put("rate", rate.toPlainString());
        }
        if (runtime != null) {
            o.put("duration", java.time.Duration.ofNanos(runtime).toString());
        }
        // influx-stress logs a failed write and goes on, unless --strict
        boolean strict = v.containsKey("strict") && Boolean.parseBoolean(v.get("strict"));
        o.put("max-errors", strict ? "0" : Long.toString(Long.MAX_VALUE));
        o.put("verify", "true");
        int gzip = (int) integer(v, "gzip", null, 0, -2, 9);
        String target;
        String dump = v.getOrDefault("dump", "");
        if (!dump.isEmpty()) {
            target = "file";
            o.put("output", dump);
            o.put("format", "line-protocol");
            if (!given(runnerArgs, "--append")) {
                o.put("clean", "true"); // influx-stress creates the file anew
            }
        } else {
            target = "influx";
            o.put("influx-url", host(v.getOrDefault("host", DEFAULT_HOST)));
            o.put("influx-api", "v1"); // influx-stress writes to /write?db= and creates with /query, on any version
            String db = v.getOrDefault("db", DEFAULT_DB);
            if (db.isEmpty()) {
                throw new UsageException("influx-stress insert flag --db needs a database name (default " + DEFAULT_DB + ")");
            }
            o.put("influx-database", db);
            create(v.getOrDefault("create", ""), db);
            if (v.getOrDefault("user", "").isEmpty() && !v.getOrDefault("pass", "").isEmpty()) {
                throw new UsageException("influx-stress insert flag --pass needs --user: a password alone names no one");
            }
            put(o, "retention-policy", v.getOrDefault("rp", ""));
            put(o, "username", v.getOrDefault("user", ""));
            put(o, "influx-password", v.getOrDefault("pass", ""));
            o.put("precision", precision(v.getOrDefault("precision", "n")));
            o.put("batch-lines", Long.toString(batch));
            if (gzip != 0) {
                o.put("gzip", "true");
                if (gzip != 1) {
                    warn.accept("influx-stress insert flag --gzip " + gzip + ": write bodies are compressed at level 1"
                            + " (best speed) here");
                }
            }
            if (!given(runnerArgs, "--clean")) {
                o.put("append", "true"); // influx-stress adds to the database it finds
            }
        }
        List<String> header = new ArrayList<>();
        header.add("Using point template: " + seriesKey + " " + fields + " <timestamp>");
        header.add("Using batch size of " + batch + " line(s)");
        header.add("Spreading writes across " + series + " series");
        header.add(fast ? "Output is unthrottled" : "Throttling output to ~" + pps + " points/sec");
        header.add("Using " + writers + " concurrent writer(s)");
        header.add("Running until ~" + pointsShown + " points sent or until ~"
                + goString(runtimeGiven) + " has elapsed");
        return new Plan(target, o, header, quiet);
    }

    private static boolean given(List<String> runnerArgs, String option) {
        return runnerArgs.stream().anyMatch(a -> a.equals(option) || a.startsWith(option + "="));
    }

    private static void put(Map<String, String> o, String key, String value) {
        if (!value.isEmpty()) {
            o.put(key, value);
        }
    }

    /** influx-stress's own flag name in messages: {@code -r} when it has a shorthand, {@code --pps} otherwise. */
    private static String shown(String name, String shorthand) {
        return shorthand != null ? "-" + shorthand : "--" + name;
    }

    private static long integer(Map<String, String> v, String name, String shorthand, long otherwise, long min, long max) {
        String raw = v.get(name);
        if (raw == null) {
            return otherwise;
        }
        try {
            long n = Long.parseLong(raw.trim());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below, in the words every flag uses
        }
        throw new UsageException("invalid value '" + raw + "' for influx-stress insert flag " + shown(name, shorthand)
                + ": expected a whole number from " + min + (max == Long.MAX_VALUE ? " on" : " to " + max));
    }

    private static long unsigned(String raw, String shown) {
        try {
            return Long.parseUnsignedLong(raw.trim());
        } catch (NumberFormatException e) {
            throw new UsageException("invalid value '" + raw + "' for influx-stress insert flag " + shown
                    + ": expected a whole number from 1 to " + UNLIMITED_POINTS);
        }
    }

    /** {@code --host} as influx-stress takes it: the server's base URL, to which it appends /write and /query. */
    private static String host(String raw) {
        String url = raw.trim();
        String expected = "expected http://HOST:PORT or https://HOST:PORT";
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new UsageException("invalid value for influx-stress insert flag --host: " + expected);
        }
        if (uri.getRawUserInfo() != null) { // never echoed: it holds a password
            throw new UsageException("influx-stress insert flag --host must not carry credentials; give --user and --pass");
        }
        if (uri.getScheme() == null || !uri.getScheme().matches("https?") || uri.getHost() == null) {
            throw new UsageException("invalid value '" + raw + "' for influx-stress insert flag --host: " + expected);
        }
        return url;
    }

    /**
     * {@code --create}: empty is influx-stress's {@code CREATE DATABASE <db>}, which the influx target does when the
     * database is absent; another statement cannot be run here.
     */
    private static void create(String command, String db) {
        String c = command.trim().replaceAll("\\s+", " ");
        if (c.isEmpty() || c.equalsIgnoreCase("CREATE DATABASE " + db) || c.equalsIgnoreCase("CREATE DATABASE \"" + db + "\"")) {
            return;
        }
        // the statement is not echoed: it may hold a password (CREATE USER ... WITH PASSWORD)
        throw new UsageException("influx-stress insert flag --create with a statement of its own is not supported here:"
                + " the influx target creates --db " + db + " when it is absent (CREATE DATABASE " + db + "); run"
                + " your statement with the influx CLI first, then this command without --create");
    }

    /** influx-stress passes -p to /write as it is; here the timestamps are written in that unit. */
    private static String precision(String p) {
        return switch (p.trim()) {
            case "n", "ns" -> "ns";
            case "u", "us", "µ", "µs" -> "us";
            case "ms" -> "ms";
            case "s" -> "s";
            default -> throw new UsageException("invalid value '" + p + "' for influx-stress insert flag -p: expected"
                    + " n, u, ms or s (this harness writes no minute or hour timestamps)");
        };
    }

    private static long goDuration(Map<String, String> v, String name, String shorthand, long otherwise) {
        String raw = v.get(name);
        if (raw == null) {
            return otherwise;
        }
        try {
            return parseGoDuration(raw);
        } catch (IllegalArgumentException e) {
            throw new UsageException("invalid value '" + raw + "' for influx-stress insert flag " + shown(name, shorthand)
                    + ": " + e.getMessage());
        }
    }

    private static final Map<String, Long> UNITS = Map.of("ns", 1L, "us", 1_000L, "µs", 1_000L, "μs", 1_000L,
            "ms", 1_000_000L, "s", SECOND_NANOS, "m", 60 * SECOND_NANOS, "h", 3600 * SECOND_NANOS);

    /** Go's {@code time.ParseDuration}: {@code 120s}, {@code 1m30s}, {@code 1.5h}, {@code 250ms}; nanoseconds. */
    static long parseGoDuration(String s) {
        String expected = "expected a duration such as 120s, 1m30s or 250ms";
        String t = s.trim();
        boolean negative = t.startsWith("-");
        if (negative || t.startsWith("+")) {
            t = t.substring(1);
        }
        if (t.equals("0")) {
            return 0;
        }
        if (t.isEmpty()) {
            throw new IllegalArgumentException(expected);
        }
        BigDecimal total = BigDecimal.ZERO;
        int i = 0;
        while (i < t.length()) {
            int numberStart = i;
            while (i < t.length() && (Character.isDigit(t.charAt(i)) || t.charAt(i) == '.')) {
                i++;
            }
            String number = t.substring(numberStart, i);
            int unitStart = i;
            while (i < t.length() && !Character.isDigit(t.charAt(i)) && t.charAt(i) != '.') {
                i++;
            }
            Long unit = UNITS.get(t.substring(unitStart, i));
            if (number.isEmpty() || number.equals(".") || number.indexOf('.') != number.lastIndexOf('.') || unit == null) {
                throw new IllegalArgumentException(unit == null && !number.isEmpty()
                        ? "missing or unknown unit (ns, us, ms, s, m, h); " + expected : expected);
            }
            // Go truncates a fraction below the nanosecond
            total = total.add(new BigDecimal(number).multiply(BigDecimal.valueOf(unit)).setScale(0, RoundingMode.DOWN));
        }
        if (total.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("the duration overflows (at most 2562047h47m16.854775807s)");
        }
        return negative ? -total.longValue() : total.longValue();
    }

    /** Go's {@code time.Duration.String()}: {@code 2m0s}, {@code 1.5s}, {@code 250ms}, {@code 2562047h47m16.854775807s}. */
    static String goString(long nanos) {
        if (nanos == 0) {
            return "0s";
        }
        String sign = nanos < 0 ? "-" : "";
        long u = Math.abs(nanos);
        if (u < SECOND_NANOS) {
            if (u < 1_000) {
                return sign + u + "ns";
            }
            return u < 1_000_000 ? sign + fraction(u, 3) + "µs" : sign + fraction(u, 6) + "ms";
        }
        long seconds = u / SECOND_NANOS;
        StringBuilder b = new StringBuilder(fraction(seconds % 60 * SECOND_NANOS + u % SECOND_NANOS, 9)).append('s');
        long minutes = seconds / 60;
        if (minutes > 0) {
            b.insert(0, minutes % 60 + "m");
            long hours = minutes / 60;
            if (hours > 0) {
                b.insert(0, hours + "h");
            }
        }
        return sign + b;
    }

    /** {@code v / 10^digits} with the fraction's trailing zeros left out, and its point when it is zero. */
    private static String fraction(long v, int digits) {
        return BigDecimal.valueOf(v).movePointLeft(digits).stripTrailingZeros().toPlainString();
    }

    /** influx-stress's last lines: the points written over the run's time; with -q the throughput alone. */
    static ToolRun.Report report(boolean quiet) {
        return (RunResult r, PrintStream out) -> {
            long written = r.totals().counts().rows();
            // Go's int(float64(totalWritten) / totalTime.Seconds()): truncated
            long throughput = (long) (written / Math.max(r.totals().durationSeconds(), 1e-9));
            if (quiet) {
                out.println(throughput);
            } else {
                out.println("Write Throughput: " + throughput);
                out.println("Points Written: " + written);
            }
        };
    }

    private static void usage(PrintStream out, ToolFlags flags) {
        out.println("Usage: runner influx-stress insert [FLAGS] [SERIES [FIELDS]] [-- OPTIONS]");
        out.println();
        out.println("InfluxData's influx-stress insert on the influx target (InfluxDB's v1 API, as influx-stress writes):");
        out.println("the point template SERIES FIELDS (default " + DEFAULT_SERIES_KEY + " " + DEFAULT_FIELDS + ") over -s series,");
        out.println("--pps / -b writers each posting one batch of -b lines per --tick, for -r or until -n points.");
        out.println("influx-stress's header, its Write Throughput and Points Written lines, then this harness's summary;");
        out.println("the points are counted back in the database (-- --verify false skips that). Points are stamped from");
        out.println("the start time on, one pass over the series a second, and added to what the database holds.");
        out.println("After '--' come this harness's options: -- --clean (drop the measurement first), -- --results DIR,");
        out.println("-- --influx-api v2 --org ORG --bucket B (see 'runner --help').");
        out.println();
        out.println("Flags (influx-stress's; those marked are accepted without effect, or refused, with the reason):");
        flags.printUsage(out);
    }
}
