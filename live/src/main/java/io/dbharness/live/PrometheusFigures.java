package io.dbharness.live;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Unit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The live figures as the Prometheus Java client's snapshots, taken at each scrape: the client writes the text
 * format (Prometheus' or OpenMetrics, as the scraper asks), never this code. Counts its scrapes, so the endpoint
 * knows when one has seen the end.
 */
final class PrometheusFigures implements MultiCollector {

    private final LiveFigures figures;
    private final AtomicLong scrapes = new AtomicLong();

    PrometheusFigures(LiveFigures figures) {
        this.figures = figures;
    }

    /** Scrapes begun so far. */
    long scrapes() {
        return scrapes.get();
    }

    @Override
    public MetricSnapshots collect() {
        scrapes.incrementAndGet();
        return render(figures.snapshot());
    }

    static MetricSnapshots render(LiveSnapshot snapshot) {
        List<MetricSnapshot> out = new ArrayList<>();
        for (LiveFamily f : snapshot.families()) {
            List<LiveSeries> series = snapshot.series().stream().filter(s -> s.family().equals(f)).toList();
            out.add(switch (f.type()) {
                case COUNTER -> {
                    CounterSnapshot.Builder b = CounterSnapshot.builder().name(f.name()).help(f.help());
                    unit(f).ifPresent(b::unit);
                    series.forEach(s -> b.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder()
                            .labels(labels(s)).value(s.value()).build()));
                    yield b.build();
                }
                case GAUGE -> {
                    GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(f.name()).help(f.help());
                    unit(f).ifPresent(b::unit);
                    series.forEach(s -> b.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder()
                            .labels(labels(s)).value(s.value()).build()));
                    yield b.build();
                }
                case HISTOGRAM -> {
                    HistogramSnapshot.Builder b = HistogramSnapshot.builder().name(f.name()).help(f.help());
                    unit(f).ifPresent(b::unit);
                    series.forEach(s -> b.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder()
                            .labels(labels(s)).sum(s.value()).classicHistogramBuckets(buckets(s.histogram())).build()));
                    yield b.build();
                }
            });
        }
        return new MetricSnapshots(out);
    }

    /** The client wants a family's unit only where its name ends with it. */
    private static java.util.Optional<Unit> unit(LiveFamily f) {
        return f.unit().isEmpty() || !f.name().endsWith("_" + f.unit()) ? java.util.Optional.empty()
                : java.util.Optional.of(new Unit(f.unit()));
    }

    private static Labels labels(LiveSeries s) {
        return Labels.of(new ArrayList<>(s.labels().keySet()), new ArrayList<>(s.labels().values()));
    }

    /** Prometheus' buckets are cumulative; the client's classic buckets are per bucket. */
    private static ClassicHistogramBuckets buckets(LiveSeries.Buckets b) {
        long[] own = new long[b.counts().length];
        for (int i = 0; i < own.length; i++) {
            own[i] = b.counts()[i] - (i == 0 ? 0 : b.counts()[i - 1]);
        }
        return ClassicHistogramBuckets.of(b.upperBounds(), own);
    }
}
