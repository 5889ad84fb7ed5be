package io.dbharness.tools;

import io.dbharness.core.measure.HistogramCodec;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code runner mw} prints of its own: the figures of a series of runs and run.py's tables of them (insert's
 * {@code Workers Min Max Avg}, {@code --steps}' fill levels, query's {@code Query Min Max Avg}), rounded as Python
 * rounds, plus a line per run before the last saying where the series stands.
 */
final class MaibornWolffReport {

    private final List<Integer> counts;
    private final int runs;
    private final long steps;
    private final long numInserts;
    /** Rows per second of each measured run that completed, by position in {@link #counts}. */
    private final List<List<Double>> figures = new ArrayList<>();
    /** Each query's min, max and average seconds, in the order run. */
    private final Map<String, double[]> queries = new LinkedHashMap<>();
    /** Whether the table was printed (by the report of the run that ended the series). */
    boolean printed;

    /**
     * @param counts     insert's worker counts in the order run ({@code -w}); query's one count
     * @param runs       runs per worker count ({@code -r})
     * @param steps      {@code --steps}, 0 without
     * @param numInserts events per worker, for the fill levels of {@code --steps}
     */
    MaibornWolffReport(List<Integer> counts, int runs, long steps, long numInserts) {
        this.counts = counts;
        this.runs = runs;
        this.steps = steps;
        this.numInserts = numInserts;
        counts.forEach(c -> figures.add(new ArrayList<>()));
    }

    /** Whether any run was measured: else there is no table to print. */
    boolean measured() {
        return figures.stream().anyMatch(f -> !f.isEmpty()) || !queries.isEmpty();
    }

    String describe(MaibornWolffCommand.Step s) {
        String of = steps > 0 ? "step " + (s.repetition() + 1) + " of " + steps
                : "run " + (s.repetition() + 1) + " of " + runs;
        return (s.prefill() ? "the prefill of " : "") + of + " with " + s.workers() + (s.workers() == 1 ? " worker" : " workers");
    }

    /**
     * The tool's report of an insert run (printed before this harness's summary of it): a line saying where the
     * series stands, or, when the series ends with this run ({@code last}, failed or stopped), run.py's table.
     */
    void insertReport(MaibornWolffCommand.Step step, RunResult result, boolean last, PrintStream out) {
        boolean ok = result.exitCode() == ToolRun.OK && result.stopReason() == io.dbharness.core.result.StopReason.COMPLETED;
        if (ok && !step.prefill()) {
            group(step).add(result.totals().rowsPerSecond());
        }
        if (!ok) {
            printTable(out, describe(step) + " ended " + result.stopReason() + " with exit code " + result.exitCode()
                    + ": not in the table; the summary below says why");
        } else if (last) {
            printTable(out, null);
        } else if (step.prefill()) {
            out.printf(Locale.ROOT, "mw insert: %s: %,d events, not measured (MaibornWolff's table comes after the"
                    + " last run)%n", describe(step), result.totals().counts().rows());
        } else {
            out.printf(Locale.ROOT, "mw insert: %s: %d inserts/s (MaibornWolff's table comes after the last run)%n",
                    describe(step), python(result.totals().rowsPerSecond(), 0).longValue());
        }
    }

    private List<Double> group(MaibornWolffCommand.Step step) {
        if (steps > 0) { // one worker count, a figure per step
            return figures.get(0);
        }
        // a worker count given twice is two groups, as run.py prints it twice: the first one not yet full
        for (int i = 0; i < counts.size(); i++) {
            if (counts.get(i) == step.workers() && figures.get(i).size() < runs) {
                return figures.get(i);
            }
        }
        throw new IllegalStateException("more runs than planned with " + step.workers() + " workers");
    }

    void printTable(PrintStream out, String note) {
        printed = true;
        if (steps > 0) {
            out.print(stepsTable(counts.get(0) * numInserts, (int) steps, figures.get(0)));
        } else {
            List<Integer> done = new ArrayList<>();
            List<List<Double>> complete = new ArrayList<>();
            for (int i = 0; i < counts.size(); i++) {
                if (figures.get(i).size() == runs) {
                    done.add(counts.get(i));
                    complete.add(figures.get(i));
                }
            }
            out.print(insertTable(done, complete));
        }
        if (note != null) {
            out.println("(" + note + ")");
        }
    }

    /** The same for the run of one query: its line, or run.py's query table when the series ends here. */
    void queryReport(String name, RunResult result, boolean last, int workers, int runsEach, PrintStream out) {
        boolean ok = result.exitCode() == ToolRun.OK && result.stopReason() == io.dbharness.core.result.StopReason.COMPLETED;
        OperationStats s = result.operations().stream().filter(x -> x.type().equals(name)).findFirst().orElse(null);
        if (ok && s != null && s.counts().completed() > 0) {
            var h = s.histogram() == null ? null : HistogramCodec.decode(s.histogram());
            double min = h == null ? s.p50Millis() / 1000 : h.getMinValue() / 1e6;
            queries.put(name, new double[] {min, s.maxMillis() / 1000, s.meanMillis() / 1000});
        }
        if (!ok || s == null || s.counts().completed() == 0) {
            printQueries(out, name + " ended " + result.stopReason() + " with exit code " + result.exitCode()
                    + (s != null && s.counts().timeouts() > 0 ? " (" + s.counts().timeouts() + " timed out)" : "") + ": not in the table");
        } else if (last) {
            printQueries(out, null);
        } else {
            out.printf(Locale.ROOT, "mw query: %s, %d x %d worker%s: average %.2f s (MaibornWolff's table comes after"
                    + " the last query)%n", name, runsEach, workers, workers == 1 ? "" : "s", s.meanMillis() / 1000);
        }
    }

    void printQueries(PrintStream out, String note) {
        printed = true;
        if (!queries.isEmpty()) {
            out.print(queryTable(queries));
        }
        if (note != null) {
            out.println("(" + note + ")");
        }
    }

    /** run.py insert's table: per worker count, the min, max and average of its runs' inserts/s. */
    static String insertTable(List<Integer> counts, List<List<Double>> figures) {
        StringBuilder sb = new StringBuilder("Workers\tMin\tMax\tAvg\n");
        for (int i = 0; i < counts.size(); i++) {
            List<Double> f = figures.get(i);
            double sum = 0;
            for (double v : f) {
                sum += v; // Python's sum, left to right
            }
            long min = python(f.stream().mapToDouble(Double::doubleValue).min().orElseThrow(), 0).longValue();
            long max = python(f.stream().mapToDouble(Double::doubleValue).max().orElseThrow(), 0).longValue();
            long avg = (long) (sum / f.size()); // round(int(...)): truncated, so Avg may sit below Min
            sb.append(String.format(Locale.ROOT, "%2d\t%6d\t%6d\t%6d%n", counts.get(i), min, max, avg));
        }
        return sb.toString();
    }

    /** run.py insert --steps' table: the fill level before each step and its inserts/s, rounded to tens. */
    static String stepsTable(long stepsize, int steps, List<Double> figures) {
        int width = Long.toString(stepsize * steps).length();
        StringBuilder sb = new StringBuilder("Stepsize: " + stepsize + "\n");
        sb.append(rjust("Level", width)).append("\tInserts/s\n");
        for (int s = 0; s < figures.size(); s++) {
            sb.append(rjust(Long.toString(s * stepsize), width)).append('\t')
                    .append(String.format(Locale.ROOT, "%6d", python(figures.get(s), -1).longValue())).append('\n');
        }
        return sb.toString();
    }

    /** run.py query's table: each query's min, max and average seconds over all executions of all workers. */
    static String queryTable(Map<String, double[]> queries) {
        int width = queries.keySet().stream().mapToInt(String::length).max().orElse(0);
        StringBuilder sb = new StringBuilder("Query" + " ".repeat(Math.max(0, width - 5)) + "\tMin  \tMax  \tAvg\n");
        for (Map.Entry<String, double[]> q : queries.entrySet()) {
            double[] v = q.getValue();
            sb.append(q.getKey()).append(" ".repeat(width - q.getKey().length()));
            for (double x : v) {
                sb.append(String.format(Locale.ROOT, "\t%5.2f", python(x, 2)));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** Python's {@code round(x, digits)} of a float: the exact binary value, halves to even. */
    static BigDecimal python(double x, int digits) {
        if (!Double.isFinite(x)) { // a run too short to time: nothing to round
            return BigDecimal.ZERO;
        }
        return new BigDecimal(x).setScale(digits, RoundingMode.HALF_EVEN);
    }

    private static String rjust(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }
}
