package io.dbharness.cli;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One point of a sweep: its number (1-based, in run order), the values it gives the varied options, and the
 * run configuration they make.
 */
record SweepPoint(int number, Map<String, String> values, RunConfig config) {

    SweepPoint {
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** {@code workers=4, total-metrics-count=100}. */
    String label() {
        return io.dbharness.search.Sweep.label(values);
    }
}
