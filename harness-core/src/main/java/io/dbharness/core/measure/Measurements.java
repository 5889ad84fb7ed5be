package io.dbharness.core.measure;

import io.dbharness.core.api.Counts;
import io.dbharness.core.result.ErrorSummary;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.IntervalSample.GroupInterval;
import io.dbharness.core.result.IntervalSample.TypeInterval;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.Totals;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counters and latency histograms of one run, per group of workers and per operation type. Workers record
 * through the {@link TypeStats} they get from {@link #type}; one sampler thread closes intervals.
 */
public final class Measurements {

    private final Map<String, Map<String, TypeStats>> groups = new LinkedHashMap<>();
    private double lastEndSeconds;
    /** Bumped when the warm-up ends: a worker holding stats of an older generation fetches the new ones. */
    private volatile int generation;
    /** The warm-up's stats, kept for its totals and error messages; empty without a warm-up. */
    private final List<TypeStats> warmup = new ArrayList<>();

    /** @param groupNames the run's groups, in the order results list them */
    public Measurements(Collection<String> groupNames) {
        for (String g : groupNames) {
            groups.put(g, new ConcurrentHashMap<>());
        }
    }

    /** The stats of {@code type} in {@code group}; workers keep the instance, so the map is not on the hot path. */
    public TypeStats type(String group, String type) {
        Map<String, TypeStats> types = groups.get(group);
        if (types == null) {
            throw new IllegalArgumentException("unknown group " + group);
        }
        return types.computeIfAbsent(type, t -> new TypeStats(group, t, generation));
    }

    /** Whether {@code stats} belong to the measured run as it is now (not to a warm-up that has ended). */
    public boolean current(TypeStats stats) {
        return stats.generation == generation;
    }

    /**
     * Ends the warm-up: what was recorded so far is set aside (see {@link #warmupTotals()}) and measuring starts
     * from zero, interval clock included. An operation in flight at that moment is counted in the warm-up, where
     * it began. Call from the sampler thread.
     */
    public synchronized Counts endWarmup() {
        for (Map<String, TypeStats> types : groups.values()) {
            warmup.addAll(types.values());
            types.clear();
        }
        generation++;
        lastEndSeconds = 0;
        return warmupTotals();
    }

    /** What the warm-up recorded (so far, until it ends). */
    public Counts warmupTotals() {
        return sum(warmup);
    }

    /** Completed operations (ok and rolled back) per type, all groups together: what headline figures count. */
    public Map<String, Long> completedByType() {
        Map<String, Long> out = new LinkedHashMap<>();
        for (TypeStats t : all()) {
            out.merge(t.type, t.completed.sum(), Long::sum);
        }
        return out;
    }

    /**
     * Runs the recording path once on throw-away stats, so class loading and call-site linking (several
     * milliseconds) happen before the clock starts rather than inside the first operation.
     */
    public void prepare() {
        TypeStats scratch = new TypeStats("", "", -1);
        scratch.completed(io.dbharness.core.api.OpResult.written(0, 0, 0, 0), 1000);
        scratch.scratch = scratch.recorder.getIntervalHistogram(null);
    }

    public Counts totals() {
        return sum(all());
    }

    public Counts totals(String group) {
        return sum(groups.get(group).values());
    }

    /** Failed operations so far, all groups, warm-up included: what {@code --max-errors} is checked against. */
    public long errors() {
        long n = 0;
        List<TypeStats> every = all();
        every.addAll(warmup);
        for (TypeStats t : every) {
            n += t.errors.sum();
        }
        return n;
    }

    private List<TypeStats> all() {
        List<TypeStats> out = new ArrayList<>();
        for (Map<String, TypeStats> types : groups.values()) {
            out.addAll(types.values());
        }
        return out;
    }

    private static Counts sum(Collection<TypeStats> types) {
        Counts sum = Counts.ZERO;
        for (TypeStats t : types) {
            sum = sum.plus(t.counts());
        }
        return sum;
    }

    /** Closes the current interval; call from one thread only. */
    public synchronized IntervalSample sample(double endSeconds) {
        double secs = Math.max(1e-9, endSeconds - lastEndSeconds);
        List<GroupInterval> out = new ArrayList<>(groups.size());
        for (Map.Entry<String, Map<String, TypeStats>> g : groups.entrySet()) {
            Histogram merged = new Histogram(TypeStats.DIGITS);
            List<TypeInterval> types = new ArrayList<>();
            Counts sum = Counts.ZERO;
            for (TypeStats t : sorted(g.getValue())) {
                t.scratch = t.recorder.getIntervalHistogram(t.scratch);
                t.cumulative.add(t.scratch);
                merged.add(t.scratch);
                Counts now = t.counts();
                Counts delta = now.minus(t.last);
                t.last = now;
                types.add(new TypeInterval(t.type, delta, millis(t.scratch, 50), millis(t.scratch, 99), max(t.scratch),
                        HistogramCodec.encode(t.scratch)));
                sum = sum.plus(delta);
            }
            out.add(new GroupInterval(g.getKey(), Totals.of(sum, secs), millis(merged, 50), millis(merged, 99),
                    max(merged), types));
        }
        IntervalSample s = new IntervalSample(endSeconds, secs, out, null);
        lastEndSeconds = endSeconds;
        return s;
    }

    /** Whole-run figures per group and operation type; call after the last {@link #sample}. */
    public synchronized List<OperationStats> operationStats() {
        List<OperationStats> out = new ArrayList<>();
        for (Map<String, TypeStats> types : groups.values()) {
            for (TypeStats t : sorted(types)) {
                Histogram h = t.cumulative;
                if (t.operations() == 0 && t.retries.sum() == 0 && t.timeouts.sum() == 0) {
                    continue;
                }
                out.add(new OperationStats(t.group, t.type, t.counts(), t.returnedRows.sum(),
                        h.getTotalCount() == 0 ? 0 : h.getMean() / 1000.0, millis(h, 50), millis(h, 90), millis(h, 95),
                        millis(h, 99), millis(h, 99.9), max(h), HistogramCodec.encode(h)));
            }
        }
        return out;
    }

    /** Errors by kind and code; the warm-up's are listed too, their group marked {@code (warm-up)}. */
    public List<ErrorSummary> errorSummaries() {
        List<ErrorSummary> out = new ArrayList<>();
        List<TypeStats> every = all();
        every.addAll(warmup);
        for (TypeStats t : every) {
            String group = current(t) ? t.group : t.group + " (warm-up)";
            for (TypeStats.ErrorClass c : t.errorClasses.values()) {
                out.add(new ErrorSummary(group, t.type, c.kind, c.code, c.count.sum(), c.firstMessage));
            }
        }
        out.sort((a, b) -> Long.compare(b.count(), a.count()));
        return out;
    }

    private static List<TypeStats> sorted(Map<String, TypeStats> types) {
        List<TypeStats> list = new ArrayList<>(types.values());
        list.sort((a, b) -> a.type.compareTo(b.type));
        return list;
    }

    private static double millis(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1000.0;
    }

    private static double max(Histogram h) {
        return h.getTotalCount() == 0 ? 0 : h.getMaxValue() / 1000.0;
    }

}
