package io.dbharness.core.api;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * What a workload tells about its run beside the measurements: the section {@code workloadFacts} of a result file.
 *
 * @param loaded  the data loaded before the measured run ({@code --load}, TPC-C's load), null when the run loaded none
 * @param notes   lines the summary shows under the run's figures, by label (TPC-C's skipped deliveries)
 * @param details the rest, kept for people and reports: DDL, table, generator settings, query texts
 */
public record WorkloadFacts(Loaded loaded, Map<String, String> notes, Map<String, String> details) {

    /** No facts. */
    public static final WorkloadFacts NONE = new WorkloadFacts(null, Map.of(), Map.of());

    public WorkloadFacts {
        notes = notes == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(notes));
        details = details == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(details));
    }

    /** The same facts with {@code notes} added (a later one replacing an earlier of the same label). */
    public WorkloadFacts withNotes(Map<String, String> more) {
        Map<String, String> n = new java.util.TreeMap<>(notes);
        n.putAll(more);
        return new WorkloadFacts(loaded, n, details);
    }

    /** The same facts with {@code details} added. */
    public WorkloadFacts withDetails(Map<String, String> more) {
        Map<String, String> d = new java.util.TreeMap<>(details);
        d.putAll(more);
        return new WorkloadFacts(loaded, notes, d);
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
}
