package io.dbharness.results.stats;

import io.dbharness.core.result.RunResult;

/**
 * The one throughput figure a run is judged by: the workload's headline figure when it has one (TPC-C's tpmC),
 * rows per second when it wrote rows, operations (queries, transactions) per second otherwise. Higher is better.
 *
 * @param name what the figure is, with its unit: {@code tpmC}, {@code rows/s}, {@code ops/s}
 */
public record Headline(String name, double value) {

    /** The workload figure preferred over the counters, when a result has it. */
    static final String TPMC = "tpmC";

    public static Headline of(RunResult r) {
        Double tpmC = r.figures().get(TPMC);
        if (tpmC != null) {
            return new Headline(TPMC, tpmC);
        }
        if (r.totals().rows() > 0) {
            return new Headline("rows/s", r.totals().rowsPerSecond());
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
            case "rows/s" -> new Headline(name, r.totals().rowsPerSecond());
            case "ops/s" -> new Headline(name, r.totals().operationsPerSecond());
            default -> throw new IllegalArgumentException("no headline figure " + name);
        };
    }
}
