package io.dbharness.results.report;

import io.dbharness.core.result.GroupResult;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.report.ChartSpec.Axis;
import io.dbharness.results.report.ChartSpec.Series;
import io.dbharness.results.stats.Estimate;
import io.dbharness.results.stats.Headline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Configurations against each other: side by side, along a varied setting, and offered against achieved rate. */
final class ComparisonCharts {

    private ComparisonCharts() {
    }

    /** The headline figure of every configuration of a workload side by side, when there are several. */
    static List<ChartSpec> headline(RunSet set) {
        List<ChartSpec> out = new ArrayList<>();
        set.byWorkload().forEach((workload, configs) -> {
            Map<String, List<RunSet.Named>> byFigure = new LinkedHashMap<>();
            configs.forEach(n -> byFigure.computeIfAbsent(set.headlineName(n), k -> new ArrayList<>()).add(n));
            byFigure.forEach((figure, named) -> {
                if (named.size() < 2) {
                    return;
                }
                List<String> cats = named.stream().map(RunSet.Named::name).toList();
                Series s = Bars.series(figure, cats.size(), i -> named.get(i).configuration().headline(figure));
                String id = "headline-" + ChartSpec.slug(workload) + (byFigure.size() > 1 ? "-" + ChartSpec.slug(figure) : "");
                String skipped = RunSet.skippedNote(named, figure);
                out.add(new ChartSpec(id, "headline", workload + ": " + figure + " side by side", Axis.category("configuration"),
                        Axis.value(figure), null, cats, List.of(s), Bars.note(named)
                        + Bars.missing(named, n -> Bars.known(n.configuration().headline(figure)) != null)
                        + (skipped.isEmpty() ? "" : " " + skipped)));
            });
        });
        return out;
    }

    /** What a scaling chart plots: along {@code x}, one line per value of {@code lines} (null: one line). */
    record Sweep(String x, String lines) {
    }

    /**
     * The setting to plot along: the one setting that differs between the configurations, or of two the one with
     * numeric values (the other draws one line per value). Null when target or label are all that differ (the
     * side-by-side chart shows that), or when three or more settings differ (no two-dimensional chart says it).
     */
    static Sweep sweepOf(List<RunSet.Named> configs) {
        Set<String> varying = RunSet.varyingWithin(configs);
        List<String> candidates = varying.stream().filter(v -> !RunSet.IDENTITY.contains(v)).toList();
        if (candidates.isEmpty() || varying.size() > 2) {
            return null;
        }
        if (varying.size() == 1) {
            return new Sweep(candidates.get(0), null);
        }
        String x = candidates.stream()
                .max(Comparator.comparing((String c) -> numeric(values(configs, c)))
                        .thenComparing(c -> values(configs, c).size())
                        .thenComparing(Comparator.<String>naturalOrder().reversed()))
                .orElseThrow();
        return new Sweep(x, varying.stream().filter(v -> !v.equals(x)).findFirst().orElseThrow());
    }

    /** The headline (left) and p99 (right) along the swept setting, per workload that sweeps one. */
    static List<ChartSpec> scaling(RunSet set) {
        List<ChartSpec> out = new ArrayList<>();
        set.byWorkload().forEach((workload, configs) -> {
            Sweep sweep = sweepOf(configs);
            if (sweep == null) {
                return;
            }
            List<String> xs = values(configs, sweep.x());
            boolean numeric = numeric(xs);
            String figure = set.headlineName(configs.get(0));
            String skipped = RunSet.skippedNote(configs, figure);
            List<Series> series = new ArrayList<>();
            lines(configs, sweep).forEach((line, members) -> {
                String prefix = line.isEmpty() ? "" : line + " ";
                series.add(along(prefix + figure, 0, members, sweep.x(), xs, numeric, r -> Headline.of(r, figure).value()));
                series.add(along(prefix + "p99 ms", 1, members, sweep.x(), xs, numeric, RunTables::p99));
            });
            out.add(new ChartSpec("scaling-" + ChartSpec.slug(workload), "scaling", workload + ": " + figure + " and p99 against "
                    + sweep.x(), numeric ? Axis.value(sweep.x()) : Axis.category(sweep.x()), Axis.value(figure), Axis.value("p99 ms"),
                    numeric ? null : xs, series, "Solid: " + figure + " (left axis); the p99 lines use the right axis."
                    + (Bars.note(configs).startsWith("Bars") ? " Points: the mean of the repetitions; whiskers: 95% confidence interval." : "")
                    + (skipped.isEmpty() ? "" : " " + skipped)));
        });
        return out;
    }

    /**
     * For a sweep over {@code --rate}: the rate achieved against the rate offered, with the offered rate as a
     * dashed diagonal; where the achieved line leaves it, the target stopped keeping up.
     */
    static List<ChartSpec> rate(RunSet set) {
        List<ChartSpec> out = new ArrayList<>();
        set.byWorkload().forEach((workload, configs) -> {
            Sweep sweep = sweepOf(configs);
            if (sweep == null || !sweep.x().equals("rate") || !numeric(values(configs, "rate"))) {
                return;
            }
            List<String> xs = values(configs, "rate");
            String unit = unitOf(configs.get(0).configuration().first());
            List<Series> series = new ArrayList<>();
            lines(configs, sweep).forEach((line, members) -> series.add(along(line.isEmpty() ? "achieved" : line + " achieved",
                    0, members, "rate", xs, true, ComparisonCharts::achieved)));
            List<Double[]> diagonal = xs.stream().map(Double::parseDouble).sorted().map(v -> ChartSpec.point(v, v)).toList();
            series.add(new Series("offered", "reference", 0, diagonal, null));
            out.add(new ChartSpec("rate-" + ChartSpec.slug(workload), "rate", workload + ": achieved against offered rate",
                    Axis.value("offered " + unit), Axis.value("achieved " + unit), null, null, series,
                    "Dashed: the offered rate (--rate). Achieved below it: rows offered and not sent (the target fell"
                            + " behind, or, in a run that kept up, the batches not started by its end: see each run's"
                            + " pacing)."));
        });
        return out;
    }

    /** The configurations per line of a sweep, the line named by its value ("" for the only line). */
    private static Map<String, List<RunSet.Named>> lines(List<RunSet.Named> configs, Sweep sweep) {
        Map<String, List<RunSet.Named>> out = new LinkedHashMap<>();
        for (RunSet.Named n : configs) {
            String key = "";
            if (sweep.lines() != null) {
                String v = n.configuration().settings().getOrDefault(sweep.lines(), "unset");
                key = RunSet.IDENTITY.contains(sweep.lines()) ? v : sweep.lines() + "=" + v;
            }
            out.computeIfAbsent(key, k -> new ArrayList<>()).add(n);
        }
        return out;
    }

    /** One line through the configurations' means, sorted along x, whiskers where there are repetitions. */
    private static Series along(String name, int axis, List<RunSet.Named> members, String x, List<String> xs,
                                boolean numeric, java.util.function.ToDoubleFunction<RunResult> figure) {
        List<RunSet.Named> sorted = new ArrayList<>(members.stream().filter(n -> n.configuration().settings().get(x) != null).toList());
        sorted.sort(Comparator.comparingDouble(n -> numeric ? Double.parseDouble(n.configuration().settings().get(x))
                : xs.indexOf(n.configuration().settings().get(x))));
        List<Double[]> points = new ArrayList<>();
        List<Double[]> ci = new ArrayList<>();
        boolean anyCi = false;
        for (RunSet.Named n : sorted) {
            String v = n.configuration().settings().get(x);
            double xv = numeric ? Double.parseDouble(v) : xs.indexOf(v);
            Estimate e = Bars.known(n.configuration().estimate(figure));
            points.add(ChartSpec.point(xv, e == null ? Double.NaN : e.mean()));
            boolean has = e != null && Double.isFinite(e.ciHalfWidth95());
            anyCi |= has;
            ci.add(has ? ChartSpec.point(e.low(), e.high()) : new Double[] {null, null});
        }
        return new Series(name, "line", axis, points, anyCi ? ci : null);
    }

    /** The rate a run kept, in the unit its --rate was given in. */
    static double achieved(RunResult r) {
        return "ops/s".equals(unitOf(r)) ? r.totals().operationsPerSecond() : r.totals().rowsPerSecond();
    }

    private static String unitOf(RunResult r) {
        for (GroupResult g : r.groups()) {
            if (g.pacing() != null) {
                return g.pacing().unit();
            }
        }
        return r.totals().counts().rows() > 0 ? "rows/s" : "ops/s";
    }

    /** A setting's distinct values over the configurations, in order of appearance. */
    static List<String> values(List<RunSet.Named> configs, String setting) {
        Set<String> out = new LinkedHashSet<>();
        configs.forEach(n -> {
            String v = n.configuration().settings().get(setting);
            if (v != null) {
                out.add(v);
            }
        });
        return List.copyOf(out);
    }

    static boolean numeric(List<String> values) {
        if (values.isEmpty()) {
            return false;
        }
        for (String v : values) {
            try {
                if (!Double.isFinite(Double.parseDouble(v))) {
                    return false;
                }
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return true;
    }
}
