package io.dbharness.results;

import io.dbharness.results.compare.ComparisonRow;
import io.dbharness.results.compare.ResultComparison;
import io.dbharness.results.stats.Configuration;
import io.dbharness.results.stats.Difference;
import io.dbharness.results.stats.Estimate;
import io.dbharness.results.stats.Headline;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code runner compare BASE NEW}: the figures side by side, what decides, and the verdict. */
public final class ComparisonTable {

    private static final String[] HEADER = {"figure", "base", "new", "change", "p", "verdict"};

    private ComparisonTable() {
    }

    /** @param baseName, newName what the user gave (a file or directory), to name the sides */
    public static String render(ResultComparison c, String baseName, String newName) {
        StringBuilder out = new StringBuilder();
        out.append("base: ").append(baseName).append(" (").append(describe(c.base())).append(")\n");
        out.append("new:  ").append(newName).append(" (").append(describe(c.next())).append(")\n");
        java.util.Set<String> differ = Configuration.varying(List.of(c.base(), c.next()));
        out.append(differ.isEmpty() ? "the sides have the same settings\n"
                : "the sides differ in: " + String.join(", ", differ) + "\n");
        skipped(out, c);
        leftOut(out, c.base(), "base");
        leftOut(out, c.next(), "new");
        String threshold = Fmt.percent(c.threshold());
        if (c.testable()) {
            out.append("threshold ").append(threshold).append("; significance by Welch's t-test over the repetitions, p < ")
                    .append(Difference.ALPHA).append('\n');
        } else {
            out.append(c.base().succeeded().size() == 1 && c.next().succeeded().size() == 1 ? "one run per side"
                    : (c.base().succeeded().size() == 1 ? "base" : "new") + " has one run")
                    .append(": no significance test; judged on the threshold (").append(threshold).append(") alone\n");
        }
        out.append('\n');
        List<String[]> lines = new ArrayList<>();
        lines.add(HEADER);
        for (ComparisonRow r : c.rows()) {
            Difference d = r.difference();
            lines.add(new String[]{r.figure() + " (" + r.unit() + ")" + (r.gating() ? " *" : ""), value(r.base(), r.unit()),
                    value(r.next(), r.unit()), d == null ? "" : Fmt.change(d.relativeChange()), d == null ? "" : p(d.pValue()),
                    r.verdict().words()});
        }
        table(out, lines);
        out.append("* decides the verdict: the headline throughput (higher is better) and each operation type's p99 "
                + "(lower is better)\n\n");
        List<ComparisonRow> worse = c.rows().stream().filter(ComparisonRow::regression).toList();
        if (worse.isEmpty()) {
            List<String> better = c.rows().stream().filter(r -> r.gating() && r.verdict() == io.dbharness.results.compare.Verdict.BETTER)
                    .map(r -> r.figure() + " " + Fmt.change(r.difference().relativeChange())).toList();
            out.append("verdict: no regression beyond ").append(threshold)
                    .append(better.isEmpty() ? "" : "; better: " + String.join(", ", better)).append('\n');
        } else {
            List<String> what = new ArrayList<>();
            for (ComparisonRow r : worse) {
                what.add(r.figure() + " " + Fmt.change(r.difference().relativeChange())
                        + (r.difference().testable() ? " (p " + p(r.difference().pValue()) + ")" : ""));
            }
            out.append("verdict: NEW is worse than BASE beyond ").append(threshold).append(": ")
                    .append(String.join(", ", what)).append('\n');
        }
        return out.toString();
    }

    private static String describe(Configuration c) {
        int n = c.runs().size();
        return n + (n == 1 ? " run" : " runs") + " of " + c.workload() + " on " + c.target()
                + (c.label() == null ? "" : ", label " + c.label());
    }

    /** Says why the throughput is in points/s, when a side skipped rows. */
    private static void skipped(StringBuilder out, ResultComparison c) {
        long base = Headline.skipped(c.base().succeeded());
        long next = Headline.skipped(c.next().succeeded());
        if (base + next > 0) {
            out.append("skipped rows: base ").append(Fmt.count(base)).append(", new ").append(Fmt.count(next))
                    .append(": ").append(Headline.SKIPPED_WHY).append("; the throughput is compared in ")
                    .append(c.rows().get(0).unit()).append('\n');
        }
    }

    /** Says how many runs the figures leave out, when any: the same rule as the report and {@code --repeat}. */
    private static void leftOut(StringBuilder out, Configuration c, String side) {
        if (c.leftOut() > 0) {
            out.append(side).append(": ").append(c.leftOut()).append(" of ").append(c.runs().size())
                    .append(" runs left out of the figures (exit code not 0)\n");
        }
    }

    /** Mean ± the 95% interval's half-width; the mean alone for one run. */
    private static String value(Estimate e, String unit) {
        if (e == null) {
            return "-";
        }
        String mean = number(e.mean(), unit);
        return Double.isNaN(e.ciHalfWidth95()) ? mean : mean + " ± " + number(e.ciHalfWidth95(), unit);
    }

    private static String number(double v, String unit) {
        return unit.equals("ms") ? Fmt.millis(v) : Fmt.rate(v);
    }

    private static String p(double p) {
        return Double.isNaN(p) ? "-" : p < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", p);
    }

    private static void table(StringBuilder out, List<String[]> lines) {
        int[] width = new int[HEADER.length];
        for (String[] l : lines) {
            for (int i = 0; i < l.length; i++) {
                width[i] = Math.max(width[i], l[i].length());
            }
        }
        for (String[] l : lines) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < l.length; i++) {
                // numbers right-aligned so their digits line up; words left
                boolean right = i >= 1 && i <= 4;
                String cell = right ? " ".repeat(width[i] - l[i].length()) + l[i]
                        : l[i] + " ".repeat(width[i] - l[i].length());
                line.append(cell).append("  ");
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
