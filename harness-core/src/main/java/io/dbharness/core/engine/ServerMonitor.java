package io.dbharness.core.engine;

import io.dbharness.core.api.ServerTelemetry;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TopStatement;
import io.dbharness.core.result.ServerSample;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.core.result.TelemetryGap;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The engine's side of {@link ServerTelemetry}: one session on a connection of its own, read from a thread of its
 * own so a slow or hung server never holds up the monitor (the watchdog, the progress line). It looks at what the
 * harness's sessions wait on every {@link #WAIT_LOOK_MILLIS}, and at each interval the monitor closes it reads the
 * counters and keeps their growth; at the end the stored bytes and the top statements. Whatever it cannot read is
 * recorded as unavailable, never a failure of the run.
 *
 * <p>A session whose connection goes away (a server restart, its backend ended) is re-opened as a worker's is: at
 * once, then with a doubling backoff, for up to {@code --reconnect-timeout}. The gap is recorded (when lost, when
 * back), and the counters are carried across it as Prometheus' {@code increase()} carries a reset: the first
 * reading after it is compared with the last before it; a counter that went down was reset by a restart, its new
 * value is what it counted since, and what it counted between the last reading and the restart is lost, so that
 * counter is marked partial.
 */
final class ServerMonitor {

    /** How often the harness's sessions are looked at: several times a second, so a one-second wait shows. */
    static final long WAIT_LOOK_MILLIS = 200;
    /** How long the end of the run waits for the last readings (stored bytes, statements) before going on without. */
    static final long FINISH_WAIT_MILLIS = 15_000;
    /** Statements kept in the result, most server time first. */
    static final int TOP_STATEMENTS = 10;

    private enum Kind { RESTART, CUT, FINISH }

    private record Request(Kind kind, long rows, long points) {
    }

    /** Opens the next session when one is lost. */
    private final ServerTelemetry telemetry;
    /** The session now; replaced from the telemetry thread, closed from the engine's at a late end. */
    private volatile ServerTelemetry.Session session;
    private final long reconnectNanos;
    /** What the sessions' figures are, as the target declares them (the same for every session it opens). */
    private volatile io.dbharness.core.api.MetricCatalogue catalogue = io.dbharness.core.api.MetricCatalogue.EMPTY;
    /** Where the gaps' times count from: the start of the measured run. */
    private volatile long clockNanos = System.nanoTime();
    private final BlockingQueue<Request> requests = new LinkedBlockingQueue<>();
    private final CompletableFuture<Finished> finished = new CompletableFuture<>();
    private final List<ServerSample> samples = java.util.Collections.synchronizedList(new ArrayList<>());
    /** How many of {@link #samples} {@link #takeNew} has handed out; guarded by {@code samples}. */
    private int handed;
    private final Map<String, String> unavailable = new TreeMap<>();
    private final Thread thread;

    // the telemetry thread's own state
    private Map<String, Double> lastCounters = Map.of();
    private Map<String, Long> intervalWaits = new TreeMap<>();
    private int intervalLooks;
    private long storedStart = -1;
    private double pointsStart = -1;
    private Map<String, TopStatement> statementsStart = Map.of();
    private long queryNanos;
    // a lost session: why (null while it holds), since when, the next try, the backoff
    private String lostWhy;
    private long lostAt;
    private long retryAt;
    private long backoffMillis;
    private boolean gaveUp;
    /** The session was lost when the run's baseline was due: the counters count from its return. */
    private boolean noBaseline;
    /** The counters' growth from the last reading before a gap to the first after it: the next interval's. */
    private Map<String, Double> carried = new TreeMap<>();
    private final List<TelemetryGap> intervalGaps = new ArrayList<>();
    // read by the engine's thread too when the end is late: concurrent
    private final List<TelemetryGap> runGaps = new java.util.concurrent.CopyOnWriteArrayList<>();
    private Map<String, String> intervalPartial = new TreeMap<>();
    private final Map<String, String> runPartial = new java.util.concurrent.ConcurrentSkipListMap<>();
    /** A counter went down across a gap: the server restarted, and so did its other cumulative counts. */
    private boolean resetSeen;

    /** What the end of the run gives: the last interval's sample and the run's summary. */
    record Finished(ServerSample last, ServerUsage usage) {
    }

    private ServerMonitor(ServerTelemetry telemetry, ServerTelemetry.Session session, Duration reconnectTimeout) {
        this.telemetry = telemetry;
        this.session = session;
        if (session != null) {
            this.catalogue = session.metrics();
        }
        this.reconnectNanos = reconnectTimeout.toNanos();
        this.thread = new Thread(this::loop, "dbharness-server-telemetry");
        this.thread.setDaemon(true);
    }

    /**
     * A monitor on the target's telemetry, started; empty when it is off or the target offers none. A session that
     * cannot be opened gives a monitor with nothing but the reason.
     *
     * @param reconnectTimeout how long a lost session is tried again, as a worker's connection is
     */
    static Optional<ServerMonitor> start(TargetAdapter target, boolean on, Duration reconnectTimeout) {
        if (!on) {
            return Optional.empty();
        }
        Optional<ServerTelemetry> telemetry = target.capability(ServerTelemetry.class);
        if (telemetry.isEmpty()) {
            return Optional.empty();
        }
        ServerMonitor m;
        try {
            m = new ServerMonitor(telemetry.get(), telemetry.get().open(), reconnectTimeout);
        } catch (TargetException | RuntimeException e) {
            m = new ServerMonitor(telemetry.get(), null, reconnectTimeout);
            m.unavailable.put("telemetry", "could not open a session: " + e.getMessage());
            return Optional.of(m);
        }
        try {
            m.baseline(); // here, before the clock starts: the run's growth counts from the moment it begins
            m.queryNanos = 0; // the run's cost is what the telemetry costs during it
        } catch (RuntimeException e) {
            m.unavailable.put("telemetry", "the first readings failed: " + e);
        }
        m.thread.start();
        return Optional.of(m);
    }

    /** The measured run starts at {@code startNanos} ({@link System#nanoTime()}): the gaps' times count from it. */
    void clockFrom(long startNanos) {
        clockNanos = startNanos;
    }

    /** The warm-up ended: what came before is not the run's. */
    void restart() {
        requests.add(new Request(Kind.RESTART, 0, 0));
    }

    /** The monitor closed an interval: read the counters now. Never waits. */
    void cut() {
        requests.add(new Request(Kind.CUT, 0, 0));
    }

    /** How the telemetry's session declares its figures now. */
    io.dbharness.core.api.MetricCatalogue catalogue() {
        return catalogue;
    }

    /**
     * The intervals cut since the last call, as one sample (null when none is ready), for listeners that show the run
     * live: the cut just asked for is read on this monitor's thread, so what they get is an interval or so late.
     */
    ServerSample takeNew() {
        synchronized (samples) {
            ServerSample out = null;
            for (int i = handed; i < samples.size(); i++) {
                out = out == null ? samples.get(i) : out.plus(samples.get(i));
            }
            handed = samples.size();
            return out;
        }
    }

    /**
     * Ends the telemetry: one last interval and the whole run's summary, waited for at most
     * {@link #FINISH_WAIT_MILLIS}; the session is closed either way.
     *
     * @param rows   rows the run wrote, for the stored bytes per row
     * @param points points (values) the run wrote
     * @return the interval samples in order (the last one included) and the summary
     */
    Result finish(long rows, long points) {
        if (session == null) {
            return new Result(List.of(), summary(List.of(), -1, -1, -1, -1, List.of(), 0));
        }
        requests.add(new Request(Kind.FINISH, rows, points));
        Finished f;
        try {
            f = finished.get(FINISH_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            thread.interrupt();
            session.close(); // from this thread: a JDBC close aborts what the telemetry thread waits on
            synchronized (unavailable) {
                unavailable.put("telemetry", "the server did not answer the last readings within "
                        + FINISH_WAIT_MILLIS / 1000 + " s");
            }
            List<ServerSample> got;
            synchronized (samples) {
                got = List.copyOf(samples);
            }
            return new Result(got, summary(got, -1, -1, -1, -1, List.of(), 0));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            session.close();
            return new Result(List.of(), null);
        } catch (java.util.concurrent.ExecutionException e) {
            session.close();
            return new Result(List.of(), null);
        }
        List<ServerSample> got;
        synchronized (samples) {
            got = List.copyOf(samples);
        }
        return new Result(got, f.usage());
    }

    /** The intervals' samples (the last one last) and the run's summary. */
    record Result(List<ServerSample> samples, ServerUsage usage) {
    }

    private void loop() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        boolean cpu = mx.isCurrentThreadCpuTimeSupported();
        long cpuStart = cpu ? mx.getCurrentThreadCpuTime() : -1;
        try {
            long nextLook = System.nanoTime();
            while (true) {
                long wait = Math.max(0, nextLook - System.nanoTime());
                Request r = requests.poll(wait, TimeUnit.NANOSECONDS);
                if (r == null) {
                    if (lostWhy != null) {
                        reopen(false);
                    } else {
                        look();
                    }
                    nextLook += WAIT_LOOK_MILLIS * 1_000_000L;
                    if (nextLook < System.nanoTime()) { // a slow look: skip what was missed rather than catch up
                        nextLook = System.nanoTime() + WAIT_LOOK_MILLIS * 1_000_000L;
                    }
                    continue;
                }
                switch (r.kind()) {
                    case RESTART -> {
                        synchronized (samples) {
                            samples.clear();
                            handed = 0;
                        }
                        runGaps.clear(); // the warm-up's, dropped with its figures; one still open stays open
                        intervalGaps.clear();
                        runPartial.clear();
                        resetSeen = false;
                        cpuStart = cpu ? mx.getCurrentThreadCpuTime() : -1;
                        queryNanos = 0;
                        baseline();
                    }
                    case CUT -> samples.add(cutInterval());
                    case FINISH -> {
                        if (lostWhy != null) {
                            reopen(true); // one more try: the end's readings need a session
                        }
                        if (holds()) {
                            try {
                                session.settle(); // not the telemetry's query cost: a wait for the server
                            } catch (RuntimeException e) {
                                synchronized (unavailable) {
                                    unavailable.put("settle", "the server's last counters may lag: " + e);
                                }
                            }
                        }
                        ServerSample last = cutInterval();
                        samples.add(last);
                        long storedEnd = -1;
                        double pointsEnd = -1;
                        List<TopStatement> statements = List.of();
                        if (holds()) {
                            storedEnd = timed(session::storedBytes);
                            pointsEnd = timed(session::pointsWritten);
                            statements = topStatements(timed(session::statements));
                        }
                        if (!holds()) {
                            storedEnd = -1;
                            pointsEnd = -1;
                            statements = List.of();
                            synchronized (unavailable) {
                                unavailable.put("telemetry_end", "the telemetry's session was lost at the end of the"
                                        + " run, so the stored bytes, points and statements at the end were not read: "
                                        + lostWhy);
                            }
                            runGaps.add(new TelemetryGap(seconds(lostAt), -1, lostWhy));
                        }
                        if (resetSeen && !statements.isEmpty()) { // a statement new since the restart looks whole
                            runPartial.putIfAbsent("statements", "the server restarted during the run: what the "
                                    + "statements did before it may be missing");
                        }
                        if (resetSeen && pointsStart >= 0 && pointsEnd >= 0) {
                            pointsEnd = -1; // the server's own count restarted with it: a difference would lie
                            synchronized (unavailable) {
                                unavailable.put("points_written", "the server restarted during the run, which reset"
                                        + " its count of points taken in");
                            }
                        }
                        double cpuSeconds = cpu ? (mx.getCurrentThreadCpuTime() - cpuStart) / 1e9 : -1;
                        List<ServerSample> got;
                        synchronized (samples) {
                            got = List.copyOf(samples);
                        }
                        ServerUsage usage = summary(got, storedEnd, r.rows(), r.points(),
                                pointsStart >= 0 && pointsEnd >= 0 ? pointsEnd - pointsStart : -1, statements, cpuSeconds);
                        finished.complete(new Finished(last, usage));
                        return;
                    }
                    default -> throw new IllegalStateException(r.kind().name());
                }
            }
        } catch (InterruptedException e) {
            finished.completeExceptionally(e);
        } catch (RuntimeException e) {
            synchronized (unavailable) {
                unavailable.put("telemetry", "stopped: " + e);
            }
            finished.completeExceptionally(e);
        } finally {
            session.close();
        }
    }

    /** Where the run's growth is counted from: the counters, stored bytes, server points and statements now. */
    private void baseline() {
        intervalWaits = new TreeMap<>();
        intervalLooks = 0;
        intervalPartial = new TreeMap<>();
        carried = new TreeMap<>();
        storedStart = -1;
        pointsStart = -1;
        if (holds()) {
            lastCounters = timed(session::counters);
            storedStart = timed(session::storedBytes);
            pointsStart = timed(session::pointsWritten);
            statementsStart = statementsNow();
        }
        noBaseline = !holds();
        if (noBaseline) { // nothing read is the run's start
            storedStart = -1;
            pointsStart = -1;
        }
    }

    private Map<String, TopStatement> statementsNow() {
        Map<String, TopStatement> byId = new HashMap<>();
        timed(session::statements).forEach(s -> byId.put(s.id(), s));
        return byId;
    }

    private void look() {
        Map<String, Integer> seen = timed(session::sampleWaits);
        if (!holds()) {
            return; // the look that found the session gone is no look
        }
        intervalLooks++;
        seen.forEach((k, v) -> intervalWaits.merge(k, (long) v, Long::sum));
    }

    private ServerSample cutInterval() {
        Map<String, Double> counters = Map.of();
        Map<String, Double> gauges = Map.of();
        if (holds()) {
            Map<String, Double> now = timed(session::counters);
            Map<String, Double> g = timed(session::gauges);
            if (holds()) {
                Map<String, Double> grown = growth(lastCounters, now);
                carried.forEach((k, v) -> grown.merge(k, v, Double::sum));
                counters = grown;
                carried = new TreeMap<>();
                gauges = g;
                Map<String, Double> merged = new HashMap<>(lastCounters);
                merged.putAll(now); // a counter missing from this reading keeps its last value: its growth shows later
                lastCounters = merged;
            }
        }
        if (lostWhy != null) {
            intervalGaps.add(new TelemetryGap(seconds(lostAt), -1, lostWhy)); // still away when the interval closed
        }
        ServerSample s = new ServerSample(intervalLooks, intervalWaits, counters, gauges, intervalGaps, intervalPartial);
        intervalWaits = new TreeMap<>();
        intervalLooks = 0;
        intervalGaps.clear();
        intervalPartial = new TreeMap<>();
        return s;
    }

    /** Whether the session holds; when it is found lost, the gap begins and the session is closed. */
    private boolean holds() {
        if (lostWhy != null || session == null) {
            return false;
        }
        String why = session.lost();
        if (why == null) {
            return true;
        }
        lostWhy = why;
        lostAt = System.nanoTime();
        retryAt = lostAt; // the first try at once, as a worker's
        backoffMillis = 100;
        keepUnavailable(session);
        session.close();
        return false;
    }

    /**
     * Tries to open a new session, when its time has come or {@code now}; its first counters end the gap. Gives up
     * after the reconnect timeout, as a worker would (then the run has most likely been aborted too).
     */
    private void reopen(boolean now) {
        if (gaveUp || !now && System.nanoTime() < retryAt) {
            return;
        }
        ServerTelemetry.Session next = null;
        String why;
        try {
            next = telemetry.open();
            Map<String, Double> reading = timed(next::counters);
            why = next.lost();
            if (why == null) {
                back(next, reading);
                return;
            }
        } catch (TargetException | RuntimeException e) {
            why = e.getMessage();
        }
        if (next != null) {
            next.close();
        }
        if (System.nanoTime() - lostAt >= reconnectNanos) {
            gaveUp = true;
            synchronized (unavailable) {
                unavailable.put("telemetry", String.format(java.util.Locale.ROOT, "the session was lost at %.1f s (%s) "
                        + "and could not be re-opened within --reconnect-timeout %d s: %s", seconds(lostAt), lostWhy,
                        reconnectNanos / 1_000_000_000L, why));
            }
            return;
        }
        retryAt = System.nanoTime() + backoffMillis * 1_000_000L;
        backoffMillis = Math.min(backoffMillis * 2, MAX_BACKOFF_MILLIS);
    }

    /** The longest wait between two tries to re-open a lost session, as a worker's. */
    static final long MAX_BACKOFF_MILLIS = 5_000;

    /** A new session gave its first counters: the gap ends, its growth is carried into the interval. */
    private void back(ServerTelemetry.Session next, Map<String, Double> reading) {
        session = next;
        catalogue = next.metrics();
        TelemetryGap gap = new TelemetryGap(seconds(lostAt), seconds(System.nanoTime()), lostWhy);
        intervalGaps.add(gap);
        runGaps.add(gap);
        lostWhy = null;
        if (noBaseline) { // lost when the run began: the counters count from here
            noBaseline = false;
            String why = String.format(java.util.Locale.ROOT, "counted from %.1f s: the telemetry was lost when the run"
                    + " began", gap.backAtSeconds());
            reading.keySet().forEach(k -> partial(k, why));
            statementsStart = statementsNow();
            if (!statementsStart.isEmpty()) {
                partial("statements", why);
            }
        } else {
            String why = String.format(java.util.Locale.ROOT, "reset by a server restart while the telemetry was lost"
                    + " (%.1f to %.1f s): what it counted from the last reading to the restart is missing",
                    gap.lostAtSeconds(), gap.backAtSeconds());
            reading.forEach((k, v) -> {
                Double before = lastCounters.get(k);
                if (before != null && v < before) {
                    resetSeen = true;
                    partial(k, why);
                }
            });
            growth(lastCounters, reading).forEach((k, v) -> carried.merge(k, v, Double::sum));
        }
        Map<String, Double> merged = new HashMap<>(lastCounters);
        merged.putAll(reading);
        lastCounters = merged;
    }

    private void partial(String name, String why) {
        intervalPartial.put(name, why);
        runPartial.putIfAbsent(name, why);
    }

    private void keepUnavailable(ServerTelemetry.Session old) {
        Map<String, String> said = old.unavailable();
        synchronized (unavailable) {
            said.forEach(unavailable::putIfAbsent);
        }
    }

    private double seconds(long nanos) {
        return (nanos - clockNanos) / 1e9;
    }

    /**
     * Each counter's growth; one that went down (a server restart reset it) grew by its new value, and so did one
     * that was not there before (InfluxDB's shard statistics appear with the first point written to the shard).
     */
    static Map<String, Double> growth(Map<String, Double> before, Map<String, Double> after) {
        Map<String, Double> out = new TreeMap<>();
        after.forEach((k, v) -> {
            Double b = before.get(k);
            double d = b == null ? v : v - b;
            out.put(k, d < 0 ? v : d);
        });
        return out;
    }

    /** What the run added to each statement, most time first, the first {@link #TOP_STATEMENTS}. */
    private List<TopStatement> topStatements(List<TopStatement> end) {
        List<TopStatement> out = new ArrayList<>();
        for (TopStatement s : end) {
            TopStatement b = statementsStart.get(s.id());
            if (b != null && s.calls() < b.calls()) { // reset (a restart, or evicted and back): counted from zero
                runPartial.putIfAbsent("statements", "reset during the run (a server restart?): the statements' "
                        + "counts before it are missing");
                b = null;
            }
            long calls = s.calls() - (b == null ? 0 : b.calls());
            if (calls <= 0) {
                continue;
            }
            out.add(new TopStatement(s.id(), s.text(), calls, Math.max(0, s.totalMillis() - (b == null ? 0 : b.totalMillis())),
                    Math.max(0, s.rows() - (b == null ? 0 : b.rows()))));
        }
        out.sort(Comparator.comparingDouble(TopStatement::totalMillis).reversed());
        return out.size() > TOP_STATEMENTS ? List.copyOf(out.subList(0, TOP_STATEMENTS)) : out;
    }

    private ServerUsage summary(List<ServerSample> got, long storedEnd, long rows, long points, double pointsWritten,
                                List<TopStatement> statements, double cpuSeconds) {
        int looks = 0;
        Map<String, Long> waits = new TreeMap<>();
        Map<String, Double> counters = new TreeMap<>();
        for (ServerSample s : got) {
            looks += s.waitSamples();
            s.waits().forEach((k, v) -> waits.merge(k, v, Long::sum));
            s.counters().forEach((k, v) -> counters.merge(k, v, Double::sum));
        }
        Map<String, Double> gauges = got.isEmpty() ? Map.of() : got.get(got.size() - 1).gauges();
        long growth = storedStart >= 0 && storedEnd >= 0 ? storedEnd - storedStart : -1;
        Map<String, String> why = new LinkedHashMap<>();
        if (session != null) {
            why.putAll(session.unavailable());
        }
        synchronized (unavailable) {
            why.putAll(unavailable);
        }
        String waitSource = session == null ? null : session.waitSource();
        Map<String, String> partial = new TreeMap<>(runPartial);
        if (!runGaps.isEmpty() && waitSource != null) {
            double away = runGaps.stream().mapToDouble(g -> (g.closed() ? g.backAtSeconds() : seconds(System.nanoTime()))
                    - Math.max(0, g.lostAtSeconds())).sum();
            partial.put("waits", String.format(java.util.Locale.ROOT, "no looks at our sessions while the telemetry "
                    + "was lost (%.1f s in %d gaps)", Math.max(0, away), runGaps.size()));
        }
        return new ServerUsage(waitSource, looks, waits, counters, gauges,
                session == null ? -1 : storedStart, storedEnd, growth > 0 && rows > 0 ? (double) growth / rows : -1,
                growth > 0 && points > 0 ? (double) growth / points : -1, pointsWritten, statements, why, cpuSeconds,
                queryNanos / 1e9, runGaps, partial, catalogue.describeAll(counters.keySet(), gauges.keySet(), waits.keySet()));
    }

    private <T> T timed(java.util.function.Supplier<T> read) {
        long t0 = System.nanoTime();
        try {
            return read.get();
        } finally {
            queryNanos += System.nanoTime() - t0;
        }
    }
}
