package io.dbharness.live;

import io.dbharness.core.measure.HistogramCodec;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The live figures of every run of one command (a run, a series' runs): the one model the exporters render. Runs
 * write it through their {@link LiveRun}s (on the engine's monitor thread); exporters read {@link #snapshot()} (a
 * scrape's thread, a push's). Thread-safe; its size is bounded by the series' runs, groups and operation types (no
 * per-device label) and {@link #MAX_EVENTS}.
 */
public final class LiveFigures {

    /** Events kept for snapshots: the oldest go first. */
    public static final int MAX_EVENTS = 1000;

    /**
     * The latency histogram's upper bounds in seconds: 50 us times 2^(k/4) up to the first past 60 s, then +Inf. A
     * quantile read from it lies in the bucket of the true one: within a factor 2^(1/4) (19%) of it.
     */
    public static final double[] BUCKETS = buckets();

    private static final long[] BUCKET_MICROS = Arrays.stream(BUCKETS).mapToLong(b -> Double.isInfinite(b)
            ? Long.MAX_VALUE : Math.round(b * 1e6)).toArray();

    private final Map<LiveFamily, Map<Map<String, String>, Cell>> cells = new LinkedHashMap<>();
    /** The family each name stands for: a scrape holds one family a name (one type, one help). */
    private final Map<String, LiveFamily> byName = new java.util.HashMap<>();
    private final Deque<LiveEvent> events = new ArrayDeque<>();
    private final List<LiveExporter> exporters = new CopyOnWriteArrayList<>();
    /** The events an {@link #apply} under way raised; null outside one. Guarded by this. */
    private List<LiveEvent> raising;

    public LiveFigures() {
        LiveFamilies.ALL.forEach(f -> cells.put(unique(f), new LinkedHashMap<>())); // the declaration's order
    }

    /** A listener for one run of the command, its series labelled {@code runLabels} (see {@link LiveRun}). */
    public LiveRun run(Map<String, String> runLabels) {
        return new LiveRun(this, runLabels);
    }

    /** {@code exporter} is told of every change from now on. */
    public void addExporter(LiveExporter exporter) {
        exporters.add(exporter);
    }

    /** Every series and the events, as they are now. */
    public synchronized LiveSnapshot snapshot() {
        List<LiveFamily> families = new ArrayList<>();
        List<LiveSeries> series = new ArrayList<>();
        cells.forEach((family, byLabels) -> {
            if (!byLabels.isEmpty()) {
                families.add(family);
                byLabels.forEach((labels, cell) -> series.add(cell.series(family, labels)));
            }
        });
        return new LiveSnapshot(System.currentTimeMillis(), families, series, new ArrayList<>(events));
    }

    synchronized void add(LiveFamily family, Map<String, String> labels, double delta) {
        cell(family, labels).value += delta;
    }

    synchronized void set(LiveFamily family, Map<String, String> labels, double value) {
        cell(family, labels).value = value;
    }

    /** Adds an interval's latencies (an encoded HdrHistogram in microseconds, as the result holds them). */
    synchronized void observe(LiveFamily family, Map<String, String> labels, String encodedMicros) {
        Cell cell = cell(family, labels);
        if (cell.buckets == null) {
            cell.buckets = new long[BUCKETS.length];
        }
        if (encodedMicros == null) {
            return;
        }
        Histogram h = HistogramCodec.decode(encodedMicros);
        for (HistogramIterationValue v : h.recordedValues()) {
            // the value the result's percentiles report for this bucket of HdrHistogram's
            long micros = v.getValueIteratedTo();
            int i = Arrays.binarySearch(BUCKET_MICROS, micros);
            cell.buckets[i >= 0 ? i : -i - 1] += v.getCountAtValueIteratedTo();
            cell.value += micros * (double) v.getCountAtValueIteratedTo() / 1e6;
        }
    }

    /**
     * Applies {@code change} whole: a snapshot (a scrape's) sees all of it or none of it, never one operation type's
     * rows without another's or counts without their latencies. The events it raises reach the exporters after it.
     */
    void apply(Runnable change) {
        List<LiveEvent> raised;
        synchronized (this) {
            raising = new ArrayList<>();
            try {
                change.run();
            } finally {
                raised = raising;
                raising = null;
            }
        }
        raised.forEach(e -> exporters.forEach(x -> x.event(e)));
    }

    void event(LiveEvent e) {
        synchronized (this) {
            events.addLast(e);
            if (events.size() > MAX_EVENTS) {
                events.removeFirst();
            }
            Map<String, String> labels = new LinkedHashMap<>(e.labels());
            labels.keySet().retainAll(LiveFamilies.RUN_LABELS);
            labels.put("kind", e.kind().name().toLowerCase(java.util.Locale.ROOT));
            labels.put("name", e.name());
            cell(LiveFamilies.EVENTS, labels).value += 1;
            cell(LiveFamilies.EVENT_TIME, labels).value = e.timeMillis() / 1000.0;
            if (raising != null) { // within apply (its thread holds the lock): heard once the change is whole
                raising.add(e);
                return;
            }
        }
        exporters.forEach(x -> x.event(e));
    }

    /** Exporters are told once an interval has been applied whole (never half of one). */
    void updated() {
        exporters.forEach(x -> x.updated(this));
    }

    private Cell cell(LiveFamily family, Map<String, String> labels) {
        return cells.computeIfAbsent(unique(family), f -> new LinkedHashMap<>())
                .computeIfAbsent(Map.copyOf(labels), l -> new Cell());
    }

    /**
     * {@code family}, or the one already holding its name: the runs of a sweep over targets may declare one server
     * figure name differently (PostgreSQL's {@code wal_bytes} a counter, InfluxDB's a gauge), and a scrape with two
     * families of one name fails whole. Of one type, the first family's series take the others' too (the
     * {@code target} label tells them apart); of another type, it is named with its type ({@code _gauge},
     * {@code _counter}) rather than lost.
     */
    private LiveFamily unique(LiveFamily family) {
        LiveFamily held = byName.putIfAbsent(family.name(), family);
        if (held == null || held.equals(family)) {
            return family;
        }
        if (held.type() == family.type() && held.labels().equals(family.labels())) {
            return held;
        }
        return unique(new LiveFamily(family.name() + "_" + family.type().name().toLowerCase(java.util.Locale.ROOT),
                family.type(), family.unit(), family.help(), family.labels()));
    }

    private static double[] buckets() {
        List<Double> out = new ArrayList<>();
        for (int k = 0; ; k++) {
            double b = 50e-6 * Math.pow(2, k / 4.0);
            out.add(b);
            if (b >= 60) {
                break;
            }
        }
        out.add(Double.POSITIVE_INFINITY);
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static final class Cell {
        double value;
        long[] buckets;

        LiveSeries series(LiveFamily family, Map<String, String> labels) {
            Map<String, String> ordered = new LinkedHashMap<>();
            family.labels().forEach(l -> ordered.put(l, labels.getOrDefault(l, "")));
            if (buckets == null) {
                return new LiveSeries(family, ordered, value, null);
            }
            long[] cumulative = new long[buckets.length];
            long sum = 0;
            for (int i = 0; i < buckets.length; i++) {
                sum += buckets[i];
                cumulative[i] = sum;
            }
            return new LiveSeries(family, ordered, value, new LiveSeries.Buckets(BUCKETS.clone(), cumulative));
        }
    }
}
