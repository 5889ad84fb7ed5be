package io.dbharness.results.report;

import io.dbharness.core.result.RunResult;
import io.dbharness.results.report.ChartSpec.Axis;
import io.dbharness.results.report.ChartSpec.Series;
import io.dbharness.results.search.Objective;
import io.dbharness.results.search.SearchResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A find-max search ({@code <id>.search.json}) drawn: what each step achieved against the setting, met or not, with
 * the offered rate (the objective's line when it asks to keep up) and the knee marked; and latency against the load
 * with the objective's limits. A table lists every run of the search with the figures that decided it.
 */
final class SearchCharts {

    private SearchCharts() {
    }

    static List<ChartSpec> charts(List<SearchResult> searches, List<RunResult> runs) {
        List<ChartSpec> out = new ArrayList<>();
        Map<String, RunResult> byFile = new LinkedHashMap<>();
        runs.forEach(r -> byFile.put(r.runId() + ".json", r));
        for (SearchResult s : searches) {
            String id = "search-" + ChartSpec.slug(s.searchId());
            List<SearchResult.Step> steps = s.steps().stream().filter(st -> !st.checks().isEmpty())
                    .sorted(Comparator.comparingDouble(SearchResult.Step::value)).toList();
            if (steps.isEmpty()) {
                continue;
            }
            String figure = steps.stream().map(SearchResult.Step::achievedName).filter(java.util.Objects::nonNull)
                    .findFirst().orElse("rate"); // a step that measured nothing has no figure's name
            boolean rate = s.vary().equals("rate");
            String xName = rate ? "offered " + figure : s.vary();
            double maxX = steps.get(steps.size() - 1).value();
            double top = steps.stream().mapToDouble(st -> Math.max(st.achieved(), rate ? st.value() : 0))
                    .filter(Double::isFinite).max().orElse(0);
            List<Series> load = new ArrayList<>();
            load.add(new Series("met", "points", 0, achieved(steps, true), null));
            load.add(new Series("failed", "points", 0, achieved(steps, false), null));
            if (rate) {
                load.add(new Series("offered", "reference", 0, List.of(ChartSpec.point(0, 0), ChartSpec.point(maxX, maxX)), null));
            }
            if (s.highestMet() != null) {
                load.add(knee(s.highestMet(), top));
            }
            String answer = s.highestMet() == null ? "no setting met the objective"
                    : "highest " + s.vary() + " that met the objective: " + io.dbharness.results.Fmt.figure(s.highestMet());
            out.add(new ChartSpec(id + "-load", "search", "find-max " + s.vary() + " (" + s.objective() + "): " + answer,
                    Axis.value(xName), Axis.value("achieved " + figure),
                    null, null, load, "Each run of the search (" + s.outcome() + "): achieved against "
                    + (rate ? "offered, dashed diagonal: achieved = offered" : s.vary())
                    + "; the dashed vertical line marks the knee, the highest setting that met the objective."));

            List<Series> latency = new ArrayList<>();
            double topMs = 0;
            for (Map.Entry<String, Double> limit : s.latencyLimitsMillis().entrySet()) {
                final String label = limit.getKey();
                List<Double[]> pts = new ArrayList<>();
                for (SearchResult.Step st : steps) {
                    st.checks().stream().filter(c -> c.term().equals(label) && Double.isFinite(c.value())).findFirst()
                            .ifPresent(c -> pts.add(ChartSpec.point(st.value(), c.value())));
                }
                topMs = Math.max(topMs, Math.max(limit.getValue(), pts.stream().mapToDouble(p -> p[1]).max().orElse(0)));
                latency.add(Series.line(label.substring(0, label.indexOf('<')) + " ms", pts));
                latency.add(new Series("limit " + label, "reference", 0, List.of(ChartSpec.point(steps.get(0).value(),
                        limit.getValue()), ChartSpec.point(maxX, limit.getValue())), null));
            }
            boolean noLatencyTerm = s.latencyLimitsMillis().isEmpty();
            if (noLatencyTerm) { // no latency term: the p99 of each run, read from its result
                List<Double[]> pts = new ArrayList<>();
                for (SearchResult.Step st : steps) {
                    RunResult r = byFile.get(st.file());
                    if (r != null) {
                        double p99 = RunTables.p99(r);
                        pts.add(ChartSpec.point(st.value(), p99));
                        topMs = Math.max(topMs, Double.isFinite(p99) ? p99 : 0);
                    }
                }
                latency.add(Series.line("p99 ms", pts));
            }
            if (s.highestMet() != null) {
                latency.add(knee(s.highestMet(), topMs));
            }
            out.add(new ChartSpec(id + "-latency", "search-latency", "find-max " + s.vary() + ": latency against load",
                    Axis.value(xName), Axis.value("ms"), null, null,
                    latency, noLatencyTerm ? "The p99 of every operation of each run; the dashed vertical line marks the knee."
                    : "Each latency term of the objective per run (the worst operation type); dashed: its limit and the knee."));
        }
        return out;
    }

    private static Series knee(double at, double top) {
        return new Series("knee", "reference", 0, List.of(ChartSpec.point(at, 0), ChartSpec.point(at, top)), null);
    }

    /** The figure each run achieved, of the runs that met the objective or of those that did not. */
    private static List<Double[]> achieved(List<SearchResult.Step> steps, boolean met) {
        return steps.stream().filter(st -> st.met() == met).map(st -> ChartSpec.point(st.value(), st.achieved())).toList();
    }

    /** Every run of every search: the step, the setting, the verdict, the figure achieved, each term's figure. */
    static List<Table> tables(List<SearchResult> searches) {
        List<Table> out = new ArrayList<>();
        for (SearchResult s : searches) {
            List<Table.Column> cols = new ArrayList<>(List.of(new Table.Column("step", Table.Kind.COUNT),
                    new Table.Column(s.vary(), Table.Kind.DECIMAL), new Table.Column("verdict", Table.Kind.TEXT),
                    new Table.Column("achieved", Table.Kind.RATE), new Table.Column("figures", Table.Kind.TEXT),
                    new Table.Column("result", Table.Kind.TEXT)));
            List<List<Object>> rows = new ArrayList<>();
            for (SearchResult.Step st : s.steps()) {
                List<Object> row = new ArrayList<>();
                row.add(st.number());
                row.add(st.value());
                row.add(st.checks().isEmpty() ? "not judged" : st.met() ? "met" : "failed");
                row.add(Double.isFinite(st.achieved()) ? st.achieved() : null);
                row.add(String.join("; ", st.checks().stream().map(Objective.Check::figure).toList())
                        + (st.note() == null ? "" : (st.checks().isEmpty() ? "" : "; ") + st.note()));
                row.add(st.file());
                rows.add(row);
            }
            out.add(new Table("search-" + ChartSpec.slug(s.searchId()), "find-max " + s.vary() + " (" + s.objective()
                    + "): " + s.outcome() + ", highest met " + (s.highestMet() == null ? "none" : io.dbharness.results.Fmt.figure(s.highestMet()))
                    + ", lowest failed " + (s.lowestFailed() == null ? "none" : io.dbharness.results.Fmt.figure(s.lowestFailed())),
                    cols, rows));
        }
        return out;
    }
}
