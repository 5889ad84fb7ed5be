package io.dbharness.tools;

import io.dbharness.core.api.UsageException;

import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Reads a BenchmarkSQL 5.0 properties file (its run/props.pg and the like) as the flags of the tpcc workload,
 * so its users can run the file they already have. A key this harness cannot honour is named in a warning; a
 * key BenchmarkSQL does not have is refused, since a typo must not be ignored.
 */
public final class BenchmarkSqlProperties {

    private BenchmarkSqlProperties() {
    }

    private static final Pattern CONN_LINE = Pattern.compile("(?m)^[ \\t]*conn[ \\t]*=");
    /** BenchmarkSQL's sample files comment after a value ({@code false  #true}); a '#' inside a password stays. */
    private static final Pattern TRAILING_COMMENT = Pattern.compile("\\s+#.*$");

    private static final Set<String> OTHER_DBS = Set.of("oracle", "firebird", "mysql", "mariadb", "transact-sql", "babelfish");
    /** pgjdbc and the forks the PostgreSQL-family targets load themselves. */
    private static final Set<String> PG_DRIVERS = Set.of("org.postgresql.Driver", "com.yugabyte.Driver", "org.opengauss.Driver");
    private static final String[] WEIGHT_KEYS = {
            "newOrderWeight", "paymentWeight", "orderStatusWeight", "deliveryWeight", "stockLevelWeight"};
    private static final int[] DEFAULT_WEIGHTS = {45, 43, 4, 4, 4};

    /** BenchmarkSQL keys that do nothing here, with the reason the warning gives. */
    private static final Map<String, String> NO_EFFECT = Map.of(
            "resultDirectory", "the result JSON goes to --results",
            // osCollectorSSHAddr, osCollectorDevices and osCollectorInterval are honoured, but no script runs
            "osCollectorScript", "the harness reads /proc itself: this host's always, osCollectorSSHAddr's over SSH",
            // LoadData's CSV mode
            "fileLocation", "the load writes to the database, not to CSV files",
            "csvNullValue", "the load writes to the database, not to CSV files");

    private static final Set<String> KEYS = Set.of("db", "driver", "conn", "user", "password", "warehouses", "loadWorkers",
            "terminals", "runTxnsPerTerminal", "runMins", "limitTxnsPerMin", "terminalWarehouseFixed", "newOrderWeight",
            "paymentWeight", "orderStatusWeight", "deliveryWeight", "stockLevelWeight", "osCollectorInterval",
            "osCollectorSSHAddr", "osCollectorDevices");

    private record Entry(String value, int line) {
    }

    /**
     * A BenchmarkSQL file: named {@code *.properties} or {@code props.*}, or holding a {@code conn=} line, unless
     * its extension says YAML, TOML or JSON.
     */
    public static boolean isBenchmarkSql(Path file, String text) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".yaml") || name.endsWith(".yml") || name.endsWith(".toml") || name.endsWith(".json")) {
            return false;
        }
        return name.endsWith(".properties") || name.startsWith("props.") || CONN_LINE.matcher(text).find();
    }

    /**
     * The file's settings as flag name → value, with {@code workload} = tpcc and {@code target} from {@code db=};
     * not checked against the options this build has (the caller does that).
     *
     * @param warn one line per setting that has no effect, without the {@code warning: } prefix
     */
    public static Map<String, String> translate(Path file, String text, Consumer<String> warn) {
        return translate(file, text, warn, new java.util.HashMap<>());
    }

    /**
     * @param lines filled: flag name → the line of the key it comes from, so a value the run refuses later is
     *              pointed at in the file
     */
    public static Map<String, String> translate(Path file, String text, Consumer<String> warn, Map<String, Integer> lines) {
        Map<String, Entry> keys = parse(file, text);
        Map<String, String> out = new LinkedHashMap<>();
        Entry db = keys.get("db");
        if (db != null) {
            if (OTHER_DBS.contains(db.value())) {
                throw new UsageException("BenchmarkSQL db=" + db.value() + " in " + file
                        + ": this harness runs TPC-C on postgres, yugabyte, matrixdb and mogdb");
            }
            if (!db.value().equals("postgres")) {
                throw new UsageException("unknown db=" + db.value() + " in BenchmarkSQL file " + file
                        + ": expected postgres (--target picks yugabyte, matrixdb or mogdb)");
            }
            out.put("target", "postgres");
            lines.put("target", db.line());
        }
        out.put("workload", "tpcc");
        copy(keys, "conn", out, "url", lines);
        copy(keys, "user", out, "user", lines);
        copy(keys, "password", out, "password", lines);
        // as written: the tpcc workload checks them against their own ranges, and the message points here
        copy(keys, "warehouses", out, "warehouses", lines);
        copy(keys, "loadWorkers", out, "load-workers", lines);
        copy(keys, "terminals", out, "terminals", lines);
        // BenchmarkSQL's own rule: a run is bounded by time or by transactions, exactly one of them
        int txns = keys.containsKey("runTxnsPerTerminal") ? count(file, keys, "runTxnsPerTerminal") : 0;
        int mins = keys.containsKey("runMins") ? count(file, keys, "runMins") : 0;
        if (txns > 0 && mins > 0) {
            throw new UsageException("BenchmarkSQL file " + file + " sets both runMins and runTxnsPerTerminal: one of them must be 0");
        }
        if (txns == 0 && mins == 0) {
            throw new UsageException("BenchmarkSQL file " + file + " runs for 0 minutes and 0 transactions per terminal:"
                    + " set runMins or runTxnsPerTerminal");
        }
        out.put(txns > 0 ? "txns-per-terminal" : "duration", txns > 0 ? String.valueOf(txns) : mins + "m");
        lines.put(txns > 0 ? "txns-per-terminal" : "duration", keys.get(txns > 0 ? "runTxnsPerTerminal" : "runMins").line());
        int perMinute = keys.containsKey("limitTxnsPerMin") ? count(file, keys, "limitTxnsPerMin") : 0;
        if (perMinute > 0) {
            // --rate is per second: 16 significant digits, so 100 a minute is 1.666666666666667
            out.put("rate", BigDecimal.valueOf(perMinute).divide(BigDecimal.valueOf(60), MathContext.DECIMAL64)
                    .stripTrailingZeros().toPlainString());
            lines.put("rate", keys.get("limitTxnsPerMin").line());
        }
        Entry fixed = keys.get("terminalWarehouseFixed");
        if (fixed != null) {
            String v = fixed.value().toLowerCase(Locale.ROOT);
            if (!v.equals("true") && !v.equals("false")) {
                throw invalid(file, "terminalWarehouseFixed", fixed, "true or false");
            }
            out.put("terminal-warehouse-fixed", v);
            lines.put("terminal-warehouse-fixed", fixed.line());
        }
        boolean anyWeight = false;
        StringBuilder weights = new StringBuilder();
        for (int i = 0; i < WEIGHT_KEYS.length; i++) {
            anyWeight |= keys.containsKey(WEIGHT_KEYS[i]);
            int w = keys.containsKey(WEIGHT_KEYS[i]) ? count(file, keys, WEIGHT_KEYS[i]) : DEFAULT_WEIGHTS[i];
            weights.append(i == 0 ? "" : ",").append(w);
        }
        if (anyWeight) {
            out.put("weights", weights.toString());
            // the first weight in the file: the five make one setting
            keys.entrySet().stream().filter(e -> java.util.Arrays.asList(WEIGHT_KEYS).contains(e.getKey())).findFirst()
                    .ifPresent(e -> lines.put("weights", e.getValue().line()));
        }
        // BenchmarkSQL's OS collector: the database host's /proc over SSH, each interval, the devices named
        Entry sshAddr = keys.get("osCollectorSSHAddr");
        if (sshAddr != null && !sshAddr.value().isBlank()) {
            out.put("server-hosts", "ssh://" + sshAddr.value());
            lines.put("server-hosts", sshAddr.line());
        }
        Entry devices = keys.get("osCollectorDevices");
        if (devices != null && !devices.value().isBlank()) {
            if (out.containsKey("server-hosts")) {
                out.put("server-devices", devices.value());
                lines.put("server-devices", devices.line());
            } else {
                // without an SSH address BenchmarkSQL samples its own host; ours counts every device of this host
                warn.accept("BenchmarkSQL key 'osCollectorDevices' in " + file + " has no effect here without"
                        + " osCollectorSSHAddr (this host's disks and interfaces all count)");
            }
        }
        if (keys.containsKey("osCollectorInterval")) {
            out.put("watch-interval", count(file, keys, "osCollectorInterval") + "s");
            lines.put("watch-interval", keys.get("osCollectorInterval").line());
        }
        Entry driver = keys.get("driver");
        if (driver != null && !PG_DRIVERS.contains(driver.value())) {
            warn.accept("BenchmarkSQL driver=" + driver.value() + " in " + file
                    + " has no effect here (the target's own JDBC driver is used)");
        }
        keys.keySet().stream().filter(NO_EFFECT::containsKey).forEach(k ->
                warn.accept("BenchmarkSQL key '" + k + "' in " + file + " has no effect here (" + NO_EFFECT.get(k) + ")"));
        return out;
    }

    /**
     * The {@code key=value} lines, as java.util.Properties splits them ({@code key = value}, {@code key: value} and
     * {@code key value} too), with BenchmarkSQL's {@code //} comment lines. Unlike Properties, a key given twice
     * is refused: which one BenchmarkSQL took is easy to get wrong.
     */
    private static Map<String, Entry> parse(Path file, String text) {
        Map<String, Entry> keys = new LinkedHashMap<>();
        // a byte-order mark from a Windows editor would otherwise be part of the first key
        String[] lines = (text.startsWith("\uFEFF") ? text.substring(1) : text).split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("!") || line.startsWith("//")) {
                continue;
            }
            int end = 0;
            while (end < line.length() && "=: \t\f".indexOf(line.charAt(end)) < 0) {
                end++;
            }
            String key = line.substring(0, end);
            String rest = line.substring(end).stripLeading();
            if (!rest.isEmpty() && (rest.charAt(0) == '=' || rest.charAt(0) == ':')) {
                rest = rest.substring(1).stripLeading();
            }
            String value = TRAILING_COMMENT.matcher(rest).replaceFirst("");
            if (!KEYS.contains(key) && !NO_EFFECT.containsKey(key)) {
                throw new UsageException("unknown key '" + key + "' in BenchmarkSQL file " + file + " (line " + (i + 1) + ")");
            }
            Entry first = keys.putIfAbsent(key, new Entry(value, i + 1));
            if (first != null) {
                throw new UsageException("key '" + key + "' is given twice in BenchmarkSQL file " + file + " (lines "
                        + first.line() + " and " + (i + 1) + ")");
            }
        }
        return keys;
    }

    private static void copy(Map<String, Entry> keys, String key, Map<String, String> out, String flag,
                             Map<String, Integer> lines) {
        Entry e = keys.get(key);
        if (e != null) {
            out.put(flag, e.value());
            lines.put(flag, e.line());
        }
    }

    private static int count(Path file, Map<String, Entry> keys, String key) {
        Entry e = keys.get(key);
        try {
            int n = Integer.parseInt(e.value());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // said below
        }
        throw invalid(file, key, e, "an integer from 0 to 2147483647");
    }

    private static UsageException invalid(Path file, String key, Entry e, String expected) {
        return new UsageException("invalid value '" + e.value() + "' for key '" + key + "' in BenchmarkSQL file " + file
                + " (line " + e.line() + "): expected " + expected);
    }
}
