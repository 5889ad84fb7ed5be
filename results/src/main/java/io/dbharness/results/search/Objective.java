package io.dbharness.results.search;

import io.dbharness.core.api.WorkloadFacts;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.ServerHostFigures;
import io.dbharness.results.merge.LatencySum;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a run must meet, as {@code runner find-max --slo} writes it: terms separated by commas, all of which must
 * hold.
 * <ul>
 *   <li>{@code p99<50ms}: that percentile of every operation type below the limit (each type on its own, the
 *       worst decides; iot-mixed's {@code freshness} samples only when named); {@code p99(new-order)<5s} of one type. Any percentile from {@code p1} to {@code p99.999},
 *       read from the run's histograms, and {@code mean}, {@code max}. Units: {@code us}, {@code ms}, {@code s}.</li>
 *   <li>{@code errors=0}, {@code errors<=N}, {@code errors<N}; {@code timeouts} the same.</li>
 *   <li>{@code kept-up}: every open-model group kept to its schedule (the engine's verdict, {@code Pacing.keptUp});
 *       {@code behind<1s}: no group fell further behind its schedule than that at any time.</li>
 *   <li>{@code server-cpu<80%}: every server host's CPUs ({@code --server-hosts}) busy (user and system) below that
 *       share on average over the run (each host on its own, the busiest decides); {@code server-await<5ms}: every
 *       server host's disks answered within that on average. A run without server hosts measured meets neither.</li>
 *   <li>a name the workload defines ({@code WorkloadProvider.objectives()}), standing for its terms: TPC-C's
 *       {@code tpcc} is the specification's 90th-percentile limits.</li>
 * </ul>
 *
 * @param text  as given, for the record
 * @param terms the terms in the order written (a named objective expanded to its terms)
 */
public record Objective(String text, List<Term> terms) {

    public Objective {
        terms = List.copyOf(terms);
        if (terms.isEmpty()) {
            throw new IllegalArgumentException("an objective needs a term");
        }
    }

    /** One condition on a run. */
    public sealed interface Term permits Latency, Count, KeptUp, Behind, ServerHost {
        /** As written, e.g. {@code p99(insert)<20ms}. */
        String label();

        Check judge(RunResult r);
    }

    /**
     * One term's outcome on one run.
     *
     * @param value  the figure in the term's unit (ms, count, seconds behind), NaN when the run lacks it
     * @param figure the figure in words, e.g. {@code p99 insert 12.3 ms}
     */
    public record Check(String term, boolean met, double value, String figure) {
    }

    /** A run against every term: met when each is. */
    public record Judgement(boolean met, List<Check> checks) {
        public Judgement {
            checks = List.copyOf(checks);
        }

        /** The checks that failed, in words: {@code p99 insert 31.2 ms (limit 20 ms)}. */
        public List<String> failures() {
            return checks.stream().filter(c -> !c.met()).map(Check::figure).toList();
        }
    }

    /**
     * A latency limit.
     *
     * @param statistic  {@code p99}, {@code p99.9}, {@code mean}, {@code max}
     * @param percentile 0-100 for a percentile, NaN for mean and max
     * @param type       the operation type, null for every type
     */
    public record Latency(String statistic, double percentile, String type, double limitMillis) implements Term {
        @Override
        public String label() {
            return statistic + (type == null ? "" : "(" + type + ")") + "<" + compact(limitMillis);
        }

        @Override
        public Check judge(RunResult r) {
            Set<String> types = new LinkedHashSet<>();
            r.operations().forEach(o -> {
                // a freshness sample is not an operation's latency: judged when named, never as one of every type
                if (type == null ? !o.type().equals(WorkloadFacts.Freshness.TYPE) : o.type().equals(type)) {
                    types.add(o.type());
                }
            });
            double worst = Double.NaN;
            String worstType = type;
            for (String t : types) {
                double v = value(r, t);
                if (Double.isNaN(worst) || v > worst) {
                    worst = v;
                    worstType = t;
                }
            }
            if (Double.isNaN(worst)) {
                return new Check(label(), false, Double.NaN, statistic + " " + (type == null ? "" : type + " ")
                        + "not measured: no " + (type == null ? "" : type + " ") + "operation completed");
            }
            boolean met = worst < limitMillis;
            return new Check(label(), met, worst, statistic + " " + worstType + " " + millis(worst)
                    + (met ? "" : " (limit " + millis(limitMillis) + ")"));
        }

        /** Over every group that ran type {@code t}, their histograms added; NaN when none completed. */
        private double value(RunResult r, String t) {
            List<OperationStats> stats = r.operations().stream().filter(o -> o.type().equals(t)).toList();
            if (stats.stream().mapToLong(o -> o.counts().completed()).sum() == 0) {
                return Double.NaN;
            }
            if (stats.size() == 1 && !Double.isNaN(fixed(stats.get(0)))) {
                return fixed(stats.get(0));
            }
            LatencySum sum = new LatencySum();
            stats.forEach(o -> sum.add(o.histogram(), "operation " + t + " of group " + o.group()));
            return switch (statistic) {
                case "max" -> sum.maxMillis();
                case "mean" -> sum.meanMillis();
                default -> sum.millis(percentile);
            };
        }

        /** The figure as the result wrote it, NaN for a percentile it did not write. */
        private double fixed(OperationStats o) {
            return switch (statistic) {
                case "max" -> o.maxMillis();
                case "mean" -> o.meanMillis();
                case "p50" -> o.p50Millis();
                case "p90" -> o.p90Millis();
                case "p95" -> o.p95Millis();
                case "p99" -> o.p99Millis();
                case "p99.9" -> o.p999Millis();
                default -> Double.NaN;
            };
        }
    }

    /**
     * A limit on failed operations ({@code errors}, timeouts included) or timeouts.
     *
     * @param max the most allowed (errors&lt;5 is max 4)
     */
    public record Count(String what, long max, String written) implements Term {
        @Override
        public String label() {
            return written;
        }

        @Override
        public Check judge(RunResult r) {
            long n = what.equals("errors") ? r.totals().counts().errors() : r.totals().counts().timeouts();
            boolean met = n <= max;
            return new Check(label(), met, n, what + " " + n + (met ? "" : " (at most " + max + ")"));
        }
    }

    /** Every open-model group kept to its schedule. */
    public record KeptUp() implements Term {
        @Override
        public String label() {
            return "kept-up";
        }

        @Override
        public Check judge(RunResult r) {
            double behind = behind(r);
            boolean open = r.groups().stream().anyMatch(g -> g.pacing() != null);
            if (!open) {
                return new Check(label(), false, Double.NaN, "no open-model group: nothing kept to a schedule");
            }
            boolean met = r.groups().stream().allMatch(g -> g.pacing() == null || g.pacing().keptUp());
            return new Check(label(), met, behind, (met ? "kept up" : "fell behind") + " (max lag "
                    + String.format(Locale.ROOT, "%.2f", behind) + " s)");
        }
    }

    /** No open-model group fell further behind its schedule than {@code limitSeconds} at any time. */
    public record Behind(double limitSeconds) implements Term {
        @Override
        public String label() {
            return "behind<" + compact(limitSeconds * 1000);
        }

        @Override
        public Check judge(RunResult r) {
            if (r.groups().stream().noneMatch(g -> g.pacing() != null)) {
                return new Check(label(), false, Double.NaN, "no open-model group: nothing kept to a schedule");
            }
            double behind = behind(r);
            boolean met = behind < limitSeconds;
            return new Check(label(), met, behind, "behind " + millis(behind * 1000)
                    + (met ? "" : " (limit " + millis(limitSeconds * 1000) + ")"));
        }
    }

    /** What a {@link ServerHost} term limits: a figure of each server host's mean over the run. */
    public enum HostFigure {
        CPU("server-cpu", "CPU busy"),
        AWAIT("server-await", "disk await");

        private final String name;
        private final String words;

        HostFigure(String name, String words) {
            this.name = name;
            this.words = words;
        }

        /** The figure of one host's mean, NaN when that host could not tell it. */
        double of(HostSample mean) {
            return this == CPU ? ServerHostFigures.busy(mean) : ServerHostFigures.known(mean.diskAwaitMillis());
        }

        String format(double v) {
            return this == CPU ? trim(v) + "%" : millis(v);
        }
    }

    /**
     * A limit on the server hosts' mean use over the run: each host on its own, the worst decides.
     *
     * @param limit in the figure's unit: percent of all cores for CPU, milliseconds for await
     */
    public record ServerHost(HostFigure figure, double limit) implements Term {
        @Override
        public String label() {
            return figure.name + "<" + (figure == HostFigure.CPU ? trim(limit) + "%" : compact(limit));
        }

        @Override
        public Check judge(RunResult r) {
            List<ServerHostFigures.Host> hosts = ServerHostFigures.of(r);
            if (hosts.isEmpty()) {
                return new Check(label(), false, Double.NaN, figure.words + " not measured: the run sampled no server"
                        + " host (--server-hosts)");
            }
            double worst = Double.NaN;
            String worstHost = null;
            List<String> unknown = new ArrayList<>();
            for (ServerHostFigures.Host h : hosts) {
                double v = h.mean() == null ? Double.NaN : figure.of(h.mean());
                if (Double.isNaN(v)) {
                    unknown.add(h.name());
                } else if (Double.isNaN(worst) || v > worst) {
                    worst = v;
                    worstHost = h.name();
                }
            }
            if (!unknown.isEmpty()) {
                // a host that told nothing may be the busiest: not met, never judged on the others alone
                return new Check(label(), false, worst, figure.words + " not measured on " + String.join(", ", unknown));
            }
            boolean met = worst < limit;
            return new Check(label(), met, worst, figure.words + " " + worstHost + " " + figure.format(worst)
                    + (met ? "" : " (limit " + figure.format(limit) + ")"));
        }
    }

    /** The furthest any open-model group fell behind, in seconds; 0 without one. */
    static double behind(RunResult r) {
        return r.groups().stream().filter(g -> g.pacing() != null).mapToDouble(g -> g.pacing().maxLagSeconds())
                .max().orElse(0);
    }

    /** Every term against {@code r}. */
    public Judgement judge(RunResult r) {
        List<Check> checks = new ArrayList<>();
        for (Term t : terms) {
            checks.add(t.judge(r));
        }
        return new Judgement(checks.stream().allMatch(Check::met), checks);
    }

    /** The operation types the terms name (latency of one type), to check against the workload's. */
    public Set<String> types() {
        Set<String> out = new LinkedHashSet<>();
        terms.forEach(t -> {
            if (t instanceof Latency l && l.type() != null) {
                out.add(l.type());
            }
        });
        return out;
    }

    /** Whether a term judges the server hosts' figures, which a run has only with {@code --server-hosts}. */
    public boolean needsServerHosts() {
        return terms.stream().anyMatch(t -> t instanceof ServerHost);
    }

    /** Whether a term needs an open-model run ({@code kept-up}, {@code behind}). */
    public boolean needsOpenModel() {
        return terms.stream().anyMatch(t -> t instanceof KeptUp || t instanceof Behind);
    }

    private static final Pattern LATENCY = Pattern.compile("(p[^(<]*|mean|max)(?:\\(([^)]*)\\))?\\s*<\\s*(.*)");
    private static final Pattern COUNT = Pattern.compile("(errors|timeouts)\\s*(<=|<|=)\\s*(.*)");
    private static final Pattern BEHIND = Pattern.compile("behind\\s*<\\s*(.*)");
    private static final Pattern SERVER = Pattern.compile("server-(cpu|await)\\s*<\\s*(.*)");
    private static final Pattern PERCENT = Pattern.compile("(\\d+(?:\\.\\d+)?|\\.\\d+)\\s*%");
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?|\\.\\d+)\\s*(us|µs|ms|s|m)");

    /**
     * Parses {@code --slo}.
     *
     * @throws IllegalArgumentException one line naming the term that cannot be read and what it should look like
     */
    public static Objective parse(String text) {
        return parse(text, java.util.Map.of());
    }

    /**
     * Parses {@code --slo}, where a term may also be one of the workload's named objectives (each name standing for
     * its terms, e.g. {@code tpcc}).
     *
     * @throws IllegalArgumentException one line naming the term that cannot be read and what it should look like
     */
    public static Objective parse(String text, java.util.Map<String, String> named) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("--slo is empty: give terms such as \"p99<50ms,errors=0,kept-up\"");
        }
        List<Term> terms = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String raw : text.split(",", -1)) {
            String t = lowerOutsideParentheses(raw.strip());
            if (t.isEmpty()) {
                throw new IllegalArgumentException("--slo \"" + text + "\" has an empty term: terms are separated by single commas");
            }
            List<Term> parsed = named.containsKey(t) ? parse(named.get(t)).terms() : term(t, named.keySet());
            for (Term p : parsed) {
                if (!seen.add(p.label())) {
                    throw new IllegalArgumentException("--slo term '" + p.label() + "' is given twice");
                }
            }
            terms.addAll(parsed);
        }
        return new Objective(text.strip(), terms);
    }

    /** The term in lower case but for the operation type in parentheses: a query file's names keep their case. */
    private static String lowerOutsideParentheses(String term) {
        StringBuilder b = new StringBuilder(term.length());
        int depth = 0;
        for (char c : term.toCharArray()) {
            depth += c == '(' ? 1 : 0;
            b.append(depth > 0 ? c : Character.toLowerCase(c));
            depth -= c == ')' && depth > 0 ? 1 : 0;
        }
        return b.toString();
    }

    private static List<Term> term(String t, Set<String> names) {
        if (t.equals("kept-up") || t.equals("keptup")) {
            return List.of(new KeptUp());
        }
        Matcher m = BEHIND.matcher(t);
        if (m.matches()) {
            return List.of(new Behind(limitMillis(t, m.group(1)) / 1000));
        }
        m = SERVER.matcher(t);
        if (m.matches()) {
            if (m.group(1).equals("await")) {
                return List.of(new ServerHost(HostFigure.AWAIT, limitMillis(t, m.group(2))));
            }
            Matcher p = PERCENT.matcher(m.group(2).strip());
            if (!p.matches()) {
                throw new IllegalArgumentException("--slo term '" + t + "': expected a share of the CPUs after '<',"
                        + " e.g. server-cpu<80%");
            }
            double limit = Double.parseDouble(p.group(1));
            if (!(limit > 0 && limit <= 100)) {
                throw new IllegalArgumentException("--slo term '" + t + "': a CPU share from above 0% to 100%");
            }
            return List.of(new ServerHost(HostFigure.CPU, limit));
        }
        m = COUNT.matcher(t);
        if (m.matches()) {
            long n;
            try {
                n = Long.parseLong(m.group(3).strip().replace("_", ""));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--slo term '" + t + "': expected a count after '" + m.group(2)
                        + "', e.g. " + m.group(1) + "=0");
            }
            long max = m.group(2).equals("<") ? n - 1 : n;
            if (n < 0 || max < 0) {
                throw new IllegalArgumentException("--slo term '" + t + "' can never be met: a count below 0");
            }
            return List.of(new Count(m.group(1), max, m.group(1) + m.group(2) + n));
        }
        m = LATENCY.matcher(t);
        if (m.matches()) {
            String stat = m.group(1);
            double percentile = Double.NaN;
            if (stat.startsWith("p")) {
                percentile = percentile(t, stat);
                stat = "p" + strip(percentile);
            }
            String type = m.group(2);
            if (type != null) {
                type = type.strip();
                if (type.isEmpty()) {
                    throw new IllegalArgumentException("--slo term '" + t + "' names no operation type between the parentheses");
                }
            }
            return List.of(new Latency(stat, percentile, type, limitMillis(t, m.group(3))));
        }
        throw new IllegalArgumentException("--slo term '" + t + "' is not understood: expected pNN<DURATION "
                + "(p99<50ms, p99(insert)<50ms, mean<.., max<..), errors=N, timeouts=N, kept-up, behind<DURATION, "
                + "server-cpu<PERCENT%, server-await<DURATION"
                + (names.isEmpty() ? "" : " or " + String.join(", ", new java.util.TreeSet<>(names))));
    }

    private static double percentile(String term, String stat) {
        String digits = stat.substring(1);
        double p;
        try {
            p = Double.parseDouble(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--slo term '" + term + "': unknown percentile '" + stat
                    + "': expected p followed by a number from 1 to 99.999, e.g. p99 or p99.9 (or mean, max)");
        }
        if (!(p >= 1 && p <= 99.999) || digits.startsWith(".") || digits.endsWith(".")) {
            throw new IllegalArgumentException("--slo term '" + term + "': unknown percentile '" + stat
                    + "': expected p followed by a number from 1 to 99.999, e.g. p99 or p99.9" + (p >= 100 ? " (p100 is max)" : ""));
        }
        return p;
    }

    private static double limitMillis(String term, String raw) {
        String v = raw.strip();
        if (v.isEmpty()) {
            throw new IllegalArgumentException("--slo term '" + term + "' has no limit after '<': e.g. " + term + "50ms");
        }
        Matcher m = DURATION.matcher(v);
        if (!m.matches()) {
            throw new IllegalArgumentException("--slo term '" + term + "': '" + v
                    + "' is not a duration: expected a number and a unit (us, ms, s, m), e.g. 50ms or 1.5s");
        }
        double n = Double.parseDouble(m.group(1));
        double ms = switch (m.group(2)) {
            case "us", "µs" -> n / 1000;
            case "ms" -> n;
            case "s" -> n * 1000;
            default -> n * 60_000;
        };
        if (!(ms > 0)) {
            throw new IllegalArgumentException("--slo term '" + term + "' can never be met: a limit of 0");
        }
        return ms;
    }

    /** {@code 99}, {@code 99.9}: a number without a trailing {@code .0}. */
    static String strip(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }

    /** {@code 20ms}, {@code 1.5s}, {@code 250us}: a limit or figure in the unit that reads best. */
    static String millis(double ms) {
        if (Double.isNaN(ms)) {
            return "-";
        }
        if (ms >= 1000) {
            return trim(ms / 1000) + " s";
        }
        if (ms >= 1 || ms == 0) {
            return trim(ms) + " ms";
        }
        return trim(ms * 1000) + " us";
    }

    /** {@link #millis} without the space, as a term is written: {@code 20ms}. */
    static String compact(double ms) {
        return millis(ms).replace(" ", "");
    }

    private static String trim(double v) {
        String s = v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : v >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.2f", v);
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }

}
