package io.dbharness.results.merge;

import io.dbharness.core.result.RunResult;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The workload's headline figures of the merged run. A figure whose name says it is a rate ({@code tpm...},
 * {@code ...PerSecond}, {@code ...PerMinute}, {@code .../s}, {@code .../min}) is a count over the part's measured
 * seconds, so the count is recovered (rate x seconds), summed, and divided by the union's seconds: TPC-C's tpmC
 * is the New-Orders of every part per minute of the whole run, which is the sum of the parts' tpmC when they ran
 * the same window. Any other figure (a percentage such as {@code efficiencyPercent}) depends on what it divides
 * by, which the result does not say, so it is left out rather than guessed.
 */
final class Figures {

    private Figures() {
    }

    static Map<String, Double> merge(java.util.List<RunResult> parts, double unionSeconds) {
        Map<String, Double> counts = new LinkedHashMap<>();
        for (RunResult r : parts) {
            r.figures().forEach((name, value) -> {
                if (isRate(name) && value != null && Double.isFinite(value)) {
                    counts.merge(name, value * r.totals().durationSeconds(), Double::sum);
                }
            });
        }
        Map<String, Double> out = new LinkedHashMap<>();
        counts.forEach((name, count) -> out.put(name, unionSeconds > 0 ? count / unionSeconds : 0));
        return out;
    }

    static boolean isRate(String name) {
        return name.startsWith("tpm") || name.endsWith("PerSecond") || name.endsWith("PerMinute")
                || name.endsWith("/s") || name.endsWith("/min");
    }
}
