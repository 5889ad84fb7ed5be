package io.dbharness.results.merge;

import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.IntervalSample.GroupInterval;
import io.dbharness.core.result.IntervalSample.TypeInterval;
import io.dbharness.core.result.RunResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The parts' watch intervals on one wall-clock axis: the union window cut into buckets of the watch interval
 * (the longest interval any part recorded: the last one of a run is usually shorter), each part's interval
 * added whole to the bucket its midpoint falls in. Parts started at different moments so their intervals do
 * not line up; splitting one would need the times of its operations, which the result does not keep. Buckets
 * no interval fell in are left out rather than shown as a stall that did not happen.
 */
final class Intervals {

    private Intervals() {
    }

    static List<IntervalSample> merge(List<RunResult> parts, List<Window> windows, Window union) {
        double width = parts.stream().flatMap(r -> r.intervals().stream()).mapToDouble(IntervalSample::seconds)
                .max().orElse(0);
        if (width <= 0) {
            return List.of();
        }
        int buckets = Math.max(1, (int) Math.ceil(union.seconds() / width - 1e-9));
        TreeMap<Integer, List<Sourced>> byBucket = new TreeMap<>();
        for (int i = 0; i < parts.size(); i++) {
            for (IntervalSample s : parts.get(i).intervals()) {
                double mid = windows.get(i).startSeconds() + s.endSeconds() - s.seconds() / 2 - union.startSeconds();
                int k = Math.min(buckets - 1, Math.max(0, (int) Math.floor(mid / width)));
                byBucket.computeIfAbsent(k, x -> new ArrayList<>()).add(new Sourced(parts.get(i).runId(), s));
            }
        }
        List<IntervalSample> out = new ArrayList<>();
        byBucket.forEach((k, samples) -> {
            double end = Math.min((k + 1) * width, union.seconds());
            double seconds = Math.max(1e-9, end - k * width);
            // per-process host samples describe different machines: they stay in the parts
            out.add(new IntervalSample(end, seconds, groups(samples, seconds), null));
        });
        return out;
    }

    private record Sourced(String runId, IntervalSample sample) {
    }

    private static List<GroupInterval> groups(List<Sourced> samples, double seconds) {
        Map<String, List<GroupInterval>> byGroup = new LinkedHashMap<>();
        Map<String, Map<String, List<TypeInterval>>> types = new LinkedHashMap<>();
        Map<String, Map<String, Latency>> latency = new LinkedHashMap<>();
        for (Sourced s : samples) {
            for (GroupInterval g : s.sample().groups()) {
                byGroup.computeIfAbsent(g.group(), x -> new ArrayList<>()).add(g);
                for (TypeInterval t : g.types()) {
                    types.computeIfAbsent(g.group(), x -> new LinkedHashMap<>())
                            .computeIfAbsent(t.type(), x -> new ArrayList<>()).add(t);
                    latency.computeIfAbsent(g.group(), x -> new LinkedHashMap<>())
                            .computeIfAbsent(t.type(), x -> new Latency())
                            .add(t.histogram(), "result " + s.runId() + ", interval ending at " + s.sample().endSeconds()
                                    + " s, operation " + t.type());
                }
            }
        }
        List<GroupInterval> out = new ArrayList<>();
        byGroup.forEach((name, gs) -> {
            long ops = 0, rows = 0, points = 0, bytes = 0, errors = 0, timeouts = 0, unknown = 0;
            for (GroupInterval g : gs) {
                ops += g.operations();
                rows += g.rows();
                points += g.points();
                bytes += g.bytes();
                errors += g.errors();
                timeouts += g.timeouts();
                unknown += g.unknownRows();
            }
            Latency all = new Latency();
            List<TypeInterval> merged = new ArrayList<>();
            Map<String, Latency> lat = latency.getOrDefault(name, Map.of());
            new TreeMap<>(types.getOrDefault(name, Map.of())).forEach((type, ts) -> {
                Latency h = lat.get(type);
                all.add(h);
                merged.add(new TypeInterval(type, ts.stream().mapToLong(TypeInterval::operations).sum(),
                        ts.stream().mapToLong(TypeInterval::errors).sum(), ts.stream().mapToLong(TypeInterval::timeouts).sum(),
                        h.millis(50), h.millis(99), h.maxMillis(), h.encoded()));
            });
            out.add(new GroupInterval(name, ops, rows, points, bytes, errors, timeouts, unknown, ops / seconds,
                    rows / seconds, points / seconds, bytes / seconds / 1e6, all.millis(50), all.millis(99),
                    all.maxMillis(), merged));
        });
        return out;
    }
}
