package io.dbharness.core.api;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * What a workload tells about its run beside the measurements: the section {@code workloadFacts} of a result file.
 *
 * @param loaded  the data loaded before the measured run ({@code --load}, TPC-C's load), null when the run loaded none
 * @param notes   lines the summary shows under the run's figures, by label (TPC-C's skipped deliveries)
 * @param details the rest, kept for people and reports: DDL, table, generator settings, query texts
 * @param freshness how soon acknowledged writes became visible to queries (iot-mixed's probe), null without a probe
 */
public record WorkloadFacts(Loaded loaded, Map<String, String> notes, Map<String, String> details, Freshness freshness) {

    /** No facts. */
    public static final WorkloadFacts NONE = new WorkloadFacts(null, Map.of(), Map.of());

    /** Facts of a workload without a freshness probe. */
    public WorkloadFacts(Loaded loaded, Map<String, String> notes, Map<String, String> details) {
        this(loaded, notes, details, null);
    }

    public WorkloadFacts {
        notes = notes == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(notes));
        details = details == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(details));
    }

    /** The same facts with {@code notes} added (a later one replacing an earlier of the same label). */
    public WorkloadFacts withNotes(Map<String, String> more) {
        Map<String, String> n = new java.util.TreeMap<>(notes);
        n.putAll(more);
        return new WorkloadFacts(loaded, n, details, freshness);
    }

    /** The same facts with {@code details} added. */
    public WorkloadFacts withDetails(Map<String, String> more) {
        Map<String, String> d = new java.util.TreeMap<>(details);
        d.putAll(more);
        return new WorkloadFacts(loaded, notes, d, freshness);
    }

    /**
     * Rows loaded before the measured run.
     *
     * @param rows        rows the load wrote for certain
     * @param unknownRows rows whose write's fate stayed unknown (counted apart, never as written)
     * @param seconds     how long the load took; empty when it did not finish
     */
    public record Loaded(long rows, long unknownRows, OptionalDouble seconds) {
        public Loaded {
            seconds = seconds == null ? OptionalDouble.empty() : seconds;
        }
    }

    /**
     * How soon acknowledged writes became visible to queries: iot-mixed's freshness probe. Each sample (the time
     * from a write's acknowledgement on its worker to the probe's query that saw the batch's newest row of one
     * series) is the operation type {@code freshness}; this is the probe's own account and the end of the run.
     *
     * @param probeIntervalMillis    how often the probe took an acknowledged batch, and asked again while its row
     *                               was not visible: with the probe's query time, the resolution of a sample
     * @param probeQueries           queries the probe ran: its load on the target
     * @param probeQueryMeanMillis   their mean latency; empty when none ran
     * @param probeQueryMaxMillis    their longest
     * @param acknowledgedRows       rows the writes acknowledged over the run
     * @param rowsNotVisibleAtEnd    of those, rows the target did not show at the first count after the last
     *                               acknowledgement; empty when not counted
     * @param fullVisibilitySeconds  from the last acknowledgement to the start of the count that showed every acknowledged row
     *                               (counted every probe interval); empty when not measured, {@code missing} says why
     * @param rowsStillNotVisible    rows not shown yet when {@code --op-timeout} ended the wait; empty when not counted
     * @param missing                why {@code fullVisibilitySeconds} is absent; null when it is there
     */
    public record Freshness(double probeIntervalMillis, long probeQueries, OptionalDouble probeQueryMeanMillis,
                            OptionalDouble probeQueryMaxMillis, long acknowledgedRows,
                            java.util.OptionalLong rowsNotVisibleAtEnd, OptionalDouble fullVisibilitySeconds,
                            java.util.OptionalLong rowsStillNotVisible, String missing) {

        /** The operation type of the probe's samples: how soon a write is visible, not an operation's latency. */
        public static final String TYPE = "freshness";

        public Freshness {
            probeQueryMeanMillis = probeQueryMeanMillis == null ? OptionalDouble.empty() : probeQueryMeanMillis;
            probeQueryMaxMillis = probeQueryMaxMillis == null ? OptionalDouble.empty() : probeQueryMaxMillis;
            rowsNotVisibleAtEnd = rowsNotVisibleAtEnd == null ? java.util.OptionalLong.empty() : rowsNotVisibleAtEnd;
            fullVisibilitySeconds = fullVisibilitySeconds == null ? OptionalDouble.empty() : fullVisibilitySeconds;
            rowsStillNotVisible = rowsStillNotVisible == null ? java.util.OptionalLong.empty() : rowsStillNotVisible;
        }
    }
}
