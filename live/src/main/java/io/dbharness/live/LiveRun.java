package io.dbharness.live;

import io.dbharness.core.api.Counts;
import io.dbharness.core.api.MetricCatalogue;
import io.dbharness.core.api.MetricDescriptor;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerSample;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * One run's listener: applies each measured interval to the {@link LiveFigures} under the run's labels, and records
 * its stages and faults as events. The warm-up's intervals are shown as state (warming up, elapsed, host) but not
 * counted, as the result does not count them; so the counters at the end are the result's totals, once
 * {@link #finish} has added the run's last, short interval the engine keeps for the result alone.
 */
public final class LiveRun implements ProgressListener {

    private final LiveFigures figures;
    private final Map<String, String> labels;
    private final Map<String, State> groupStates = new HashMap<>();
    private int measuredIntervals;
    private boolean warmingUpSaid;
    /** How the server telemetry declares its figures, as the engine said before handing them. */
    private volatile MetricCatalogue catalogue = MetricCatalogue.EMPTY;

    LiveRun(LiveFigures figures, Map<String, String> runLabels) {
        this.figures = figures;
        Map<String, String> l = new LinkedHashMap<>();
        LiveFamilies.RUN_LABELS.forEach(name -> l.put(name, runLabels.getOrDefault(name, "")));
        this.labels = l;
    }

    /** A step of a series begins with this run ({@code find-max step 3: rate=4000}): marked as an event. */
    public void step(String text) {
        event(LiveEvent.Kind.STEP, "step", text, Map.of());
    }

    @Override
    public void onStage(Stage stage, String runId) {
        if (runId != null) {
            labels.put("run_id", runId);
        }
        String name = stage.name().toLowerCase(Locale.ROOT);
        // the text an annotation shows (Grafana's InfluxDB annotation reads it): which stage, of which run
        event(LiveEvent.Kind.STAGE, name, "dbharness " + name + (runId == null ? "" : " " + runId), Map.of());
    }

    @Override
    public void onServerMetrics(MetricCatalogue catalogue) {
        this.catalogue = catalogue;
    }

    @Override
    public void onInterval(IntervalSample sample, Progress progress) {
        figures.apply(() -> apply(sample, progress));
        figures.updated();
    }

    private void apply(IntervalSample sample, Progress progress) {
        figures.set(LiveFamilies.WARMING_UP, labels, progress.warmingUp() ? 1 : 0);
        figures.set(LiveFamilies.ELAPSED, labels, progress.elapsedSeconds());
        if (progress.warmingUp() && !warmingUpSaid) {
            warmingUpSaid = true;
            event(LiveEvent.Kind.STAGE, "warm-up", "dbharness warm-up", Map.of());
        }
        for (GroupProgress g : progress.groups()) {
            Map<String, String> byGroup = with("group", g.group());
            figures.set(LiveFamilies.BEHIND, byGroup, g.behindSeconds());
            if (g.load() instanceof io.dbharness.core.api.LoadModel.Open open) {
                figures.set(LiveFamilies.OFFERED, with("group", g.group(), "pace", open.pace().name()
                        .toLowerCase(Locale.ROOT)), open.perSecond());
            }
            figures.set(LiveFamilies.RECONNECTING, byGroup, g.reconnecting());
            State before = groupStates.put(g.group(), g.state());
            if (g.state() == State.RECONNECTING && before != State.RECONNECTING) {
                event(LiveEvent.Kind.FAULT, "lost-connection", g.reconnecting() + " workers of " + g.group()
                        + " re-opening their connection", Map.of("group", g.group()));
            }
        }
        if (sample.host() != null) {
            hostFigures(LiveFamilies.HOST, labels, sample.host());
        }
        if (!progress.warmingUp()) {
            measured(sample);
            // the server's figures, as the engine hands them live (an interval or so late); the end sets the totals
            MetricCatalogue c = catalogue;
            server(sample.server(), (name, kind) -> c.describe(name, kind), true);
            sample.serverHosts().forEach((host, h) -> hostFigures(LiveFamilies.SERVER_HOST, with("server_host", host), h));
        }
    }

    /**
     * The run is over: its intervals the engine never handed to listeners (the short tail after the last watch
     * interval) are added, and the server telemetry and the hosts' figures are set from the result: its counters'
     * totals (those shown live were a part), the last interval's levels, its elapsed time and harness CPU.
     */
    public void finish(RunResult result) {
        figures.apply(() -> end(result));
        figures.updated();
    }

    private void end(RunResult result) {
        if (result.runId() != null) {
            labels.put("run_id", result.runId());
        }
        List<IntervalSample> intervals = result.intervals();
        for (int i = measuredIntervals; i < intervals.size(); i++) {
            measured(intervals.get(i));
        }
        Map<String, MetricDescriptor> declared = new HashMap<>();
        if (result.resources() != null && result.resources().server() != null) {
            result.resources().server().metrics().forEach(d -> declared.put(d.name(), d));
        }
        // the run's totals, set rather than added: the intervals shown live were a part of them, and the tail the end
        // cut may have joined an interval shown before
        Map<String, Double> counters = new LinkedHashMap<>();
        ServerSample lastServer = null;
        for (IntervalSample s : intervals) {
            if (s.server() != null) {
                s.server().counters().forEach((name, v) -> counters.merge(name, v, Double::sum));
                lastServer = s.server();
            }
        }
        MetricCatalogue live = catalogue;
        BiFunction<String, MetricDescriptor.Kind, MetricDescriptor> byResult = (name, kind) -> {
            MetricDescriptor d = declared.get(name);
            return d != null && d.kind() == kind ? d : live.describe(name, kind); // as shown live when the result lacks it
        };
        counters.forEach((name, v) -> figures.set(LiveFamilies.server(byResult.apply(name, MetricDescriptor.Kind.COUNTER)),
                labels, v));
        server(lastServer, byResult, false);
        if (!intervals.isEmpty()) {
            IntervalSample last = intervals.get(intervals.size() - 1);
            last.serverHosts().forEach((host, h) -> hostFigures(LiveFamilies.SERVER_HOST, with("server_host", host), h));
            if (last.host() != null) { // the last, short interval's levels, which no interval handed live
                hostFigures(LiveFamilies.HOST, labels, last.host());
            }
        }
        // the gauges a scrape or push after the end shows are the result's: its measured time, its CPU (the sum of
        // the intervals' CPU above is within a sampling's moment of it, not equal)
        figures.set(LiveFamilies.WARMING_UP, labels, 0);
        if (result.totals() != null) {
            figures.set(LiveFamilies.ELAPSED, labels, result.totals().durationSeconds());
        }
        result.harnessCpuSeconds().ifPresent(cpu -> figures.set(LiveFamilies.HARNESS_CPU, labels, cpu));
        event(LiveEvent.Kind.STAGE, "end", "dbharness end" + (result.stopReason() == null ? "" : ": "
                + result.stopReason().name().toLowerCase(Locale.ROOT)), Map.of());
    }

    private void measured(IntervalSample sample) {
        measuredIntervals++;
        long reconnects = 0;
        for (IntervalSample.GroupInterval g : sample.groups()) {
            for (IntervalSample.TypeInterval t : g.types()) {
                Map<String, String> byType = with("group", g.group(), "operation_type", t.type());
                add(byType, t.counts());
                figures.observe(LiveFamilies.LATENCY, byType, t.histogram());
            }
            reconnects += g.totals().counts().reconnects();
        }
        if (sample.host() != null) {
            figures.add(LiveFamilies.HARNESS_CPU, labels, sample.host().harnessCpuCores() * sample.seconds());
        }
        if (reconnects > 0) {
            event(LiveEvent.Kind.FAULT, "reconnect", reconnects + (reconnects == 1 ? " connection" : " connections")
                    + " opened anew", Map.of());
        }
    }

    /** Each counter of {@link Counts} into its family: the record's components in their declared order. */
    private void add(Map<String, String> byType, Counts counts) {
        for (int i = 0; i < COUNT_VALUES.length; i++) {
            figures.add(LiveFamilies.COUNTS.get(i), byType, read(COUNT_VALUES[i], counts));
        }
    }

    private void hostFigures(List<LiveFamily> families, Map<String, String> l, HostSample h) {
        for (int i = 0; i < HOST_VALUES.length; i++) {
            figures.set(families.get(i), l, read(HOST_VALUES[i], h));
        }
    }

    /** An interval's gauges and waits, and with {@code addCounters} its counters' growth. */
    private void server(ServerSample s, BiFunction<String, MetricDescriptor.Kind, MetricDescriptor> describe,
                        boolean addCounters) {
        if (s == null) {
            return;
        }
        if (addCounters) {
            s.counters().forEach((name, v) -> figures.add(LiveFamilies.server(describe.apply(name,
                    MetricDescriptor.Kind.COUNTER)), labels, v));
        }
        s.gauges().forEach((name, v) -> figures.set(LiveFamilies.server(describe.apply(name,
                MetricDescriptor.Kind.GAUGE)), labels, v));
        if (s.waitSamples() > 0) {
            s.waits().forEach((wait, n) -> figures.set(LiveFamilies.SERVER_WAITS, with("wait", wait),
                    n / (double) s.waitSamples()));
        }
    }

    private void event(LiveEvent.Kind kind, String name, String text, Map<String, String> more) {
        Map<String, String> l = new LinkedHashMap<>(labels);
        l.putAll(more);
        figures.event(new LiveEvent(System.currentTimeMillis(), kind, name, text, l));
    }

    private Map<String, String> with(String... pairs) {
        Map<String, String> out = new LinkedHashMap<>(labels);
        for (int i = 0; i < pairs.length; i += 2) {
            out.put(pairs[i], pairs[i + 1]);
        }
        return out;
    }

    /** The accessors of the records' components, in the order {@link LiveFamilies} made their families: once. */
    private static final Method[] COUNT_VALUES = accessors(Counts.class);
    private static final Method[] HOST_VALUES = accessors(HostSample.class);

    private static Method[] accessors(Class<? extends Record> type) {
        return java.util.Arrays.stream(type.getRecordComponents()).map(RecordComponent::getAccessor).toArray(Method[]::new);
    }

    private static double read(Method accessor, Object record) {
        try {
            return ((Number) accessor.invoke(record)).doubleValue();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(accessor.getName(), e);
        }
    }
}
