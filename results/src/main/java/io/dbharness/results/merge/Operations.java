package io.dbharness.results.merge;

import io.dbharness.core.api.Counts;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Per group and operation type over the whole run: counters summed, percentiles read from the summed histogram. */
final class Operations {

    private Operations() {
    }

    static List<OperationStats> merge(List<RunResult> parts) {
        Map<List<String>, List<OperationStats>> byKey = new LinkedHashMap<>();
        Map<List<String>, LatencySum> latency = new LinkedHashMap<>();
        for (RunResult r : parts) {
            for (OperationStats o : r.operations()) {
                List<String> key = List.of(o.group(), o.type());
                byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(o);
                latency.computeIfAbsent(key, k -> new LatencySum())
                        .add(o.histogram(), "result " + r.runId() + ", operation " + o.type());
            }
        }
        List<OperationStats> out = new ArrayList<>();
        byKey.forEach((key, os) -> out.add(of(os, latency.get(key))));
        return out;
    }

    private static OperationStats of(List<OperationStats> os, LatencySum h) {
        Counts counts = Counts.ZERO;
        long returnedRows = 0;
        for (OperationStats o : os) {
            counts = counts.plus(o.counts());
            returnedRows += o.returnedRows();
        }
        OperationStats first = os.get(0);
        return OperationStats.builder().group(first.group()).type(first.type()).counts(counts)
                .returnedRows(returnedRows).meanMillis(h.meanMillis()).p50Millis(h.millis(50)).p90Millis(h.millis(90))
                .p95Millis(h.millis(95)).p99Millis(h.millis(99)).p999Millis(h.millis(99.9)).maxMillis(h.maxMillis())
                .histogram(h.encoded()).build();
    }
}
