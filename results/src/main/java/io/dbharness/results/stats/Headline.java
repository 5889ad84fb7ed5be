package io.dbharness.results.stats;

import io.dbharness.core.result.RunResult;

import java.util.Collection;

/**
 * The one throughput figure a run is judged by: the workload's headline figure when it has one (TPC-C's tpmC),
 * rows per second when it wrote rows, operations (queries, transactions) per second otherwise. Higher is better.
 * Runs compared with one another are judged by one figure for them all ({@link #common}): points per second when
 * any of them skipped rows, since their row counts then differ for the same flags while their points do not.
 *
 * @param name what the figure is, with its unit: {@code tpmC}, {@code rows/s}, {@code points/s}, {@code ops/s}
 */
public record Headline(String name, double value) {

    /** The workload figure preferred over the counters, when a result has it. */
    static final String TPMC = "tpmC";
    public static final String ROWS = "rows/s";
    public static final String POINTS = "points/s";

    /**
     * Why rows are not compared where some were skipped, in the words the summary, the sweep table, the report and
     * compare use.
     */
    public static final String SKIPPED_WHY = "a target may store nothing of a row by design (line protocol has no line "
            + "for a row whose every value is empty), so rows differ between targets for the same flags; points (the "
            + "values written) do not";

    public static Headline of(RunResult r) {
        Double tpmC = r.figures().get(TPMC);
        if (tpmC != null) {
            return new Headline(TPMC, tpmC);
        }
        if (r.totals().counts().rows() > 0) {
            return new Headline(ROWS, r.totals().rowsPerSecond());
        }
        return new Headline("ops/s", r.totals().operationsPerSecond());
    }

    /**
     * The figure {@code name} of a run, so repetitions are judged by the one figure their first run chose even
     * when another wrote no rows (0 rows/s, not its ops/s); NaN when a tpmC run lacks the figure.
     */
    public static Headline of(RunResult r, String name) {
        return switch (name) {
            case TPMC -> new Headline(TPMC, r.figures().getOrDefault(TPMC, Double.NaN));
            case ROWS -> new Headline(name, r.totals().rowsPerSecond());
            case POINTS -> new Headline(name, r.totals().pointsPerSecond());
            case "ops/s" -> new Headline(name, r.totals().operationsPerSecond());
            default -> throw new IllegalArgumentException("no headline figure " + name);
        };
    }

    /**
     * The figure {@code runs} compared with one another are judged by, given the one their configurations chose
     * ({@code name}): points/s instead of rows/s when any of them skipped rows. A target that skips a row (line
     * protocol cannot carry one whose every value is empty) writes fewer rows than one that stores it, for the same
     * flags and the same points: rows/s would then rate them over different work.
     */
    public static String common(String name, Collection<RunResult> runs) {
        return name.equals(ROWS) && skipped(runs) > 0 ? POINTS : name;
    }

    /** The rows {@code runs} skipped, together. */
    public static long skipped(Collection<RunResult> runs) {
        return runs.stream().mapToLong(r -> r.totals().counts().skippedRows()).sum();
    }
}
