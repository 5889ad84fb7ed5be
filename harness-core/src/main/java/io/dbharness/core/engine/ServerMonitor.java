package io.dbharness.core.engine;

import io.dbharness.core.api.ServerTelemetry;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TopStatement;
import io.dbharness.core.result.ServerSample;
import io.dbharness.core.result.ServerUsage;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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

    private final ServerTelemetry.Session session;
    private final BlockingQueue<Request> requests = new LinkedBlockingQueue<>();
    private final CompletableFuture<Finished> finished = new CompletableFuture<>();
    private final List<ServerSample> samples = java.util.Collections.synchronizedList(new ArrayList<>());
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

    /** What the end of the run gives: the last interval's sample and the run's summary. */
    record Finished(ServerSample last, ServerUsage usage) {
    }

    private ServerMonitor(ServerTelemetry.Session session) {
        this.session = session;
        this.thread = new Thread(this::loop, "dbharness-server-telemetry");
        this.thread.setDaemon(true);
    }

    /**
     * A monitor on the target's telemetry, started; empty when it is off or the target offers none. A session that
     * cannot be opened gives a monitor with nothing but the reason.
     */
    static Optional<ServerMonitor> start(TargetAdapter target, boolean on) {
        if (!on) {
            return Optional.empty();
        }
        Optional<ServerTelemetry> telemetry = target.capability(ServerTelemetry.class);
        if (telemetry.isEmpty()) {
            return Optional.empty();
        }
        ServerMonitor m;
        try {
            m = new ServerMonitor(telemetry.get().open());
        } catch (TargetException | RuntimeException e) {
            m = new ServerMonitor(null);
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

    /** The warm-up ended: what came before is not the run's. */
    void restart() {
        requests.add(new Request(Kind.RESTART, 0, 0));
    }

    /** The monitor closed an interval: read the counters now. Never waits. */
    void cut() {
        requests.add(new Request(Kind.CUT, 0, 0));
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
                    look();
                    nextLook += WAIT_LOOK_MILLIS * 1_000_000L;
                    if (nextLook < System.nanoTime()) { // a slow look: skip what was missed rather than catch up
                        nextLook = System.nanoTime() + WAIT_LOOK_MILLIS * 1_000_000L;
                    }
                    continue;
                }
                switch (r.kind()) {
                    case RESTART -> {
                        samples.clear();
                        cpuStart = cpu ? mx.getCurrentThreadCpuTime() : -1;
                        queryNanos = 0;
                        baseline();
                    }
                    case CUT -> samples.add(cutInterval());
                    case FINISH -> {
                        try {
                            session.settle(); // not the telemetry's query cost: a wait for the server
                        } catch (RuntimeException e) {
                            synchronized (unavailable) {
                                unavailable.put("settle", "the server's last counters may lag: " + e);
                            }
                        }
                        ServerSample last = cutInterval();
                        samples.add(last);
                        long storedEnd = timed(session::storedBytes);
                        double pointsEnd = timed(session::pointsWritten);
                        List<TopStatement> statements = topStatements(timed(session::statements));
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
        lastCounters = timed(session::counters);
        storedStart = timed(session::storedBytes);
        pointsStart = timed(session::pointsWritten);
        Map<String, TopStatement> byId = new HashMap<>();
        timed(session::statements).forEach(s -> byId.put(s.id(), s));
        statementsStart = byId;
        intervalWaits = new TreeMap<>();
        intervalLooks = 0;
    }

    private void look() {
        Map<String, Integer> seen = timed(session::sampleWaits);
        intervalLooks++;
        seen.forEach((k, v) -> intervalWaits.merge(k, (long) v, Long::sum));
    }

    private ServerSample cutInterval() {
        Map<String, Double> now = timed(session::counters);
        Map<String, Double> gauges = timed(session::gauges);
        ServerSample s = new ServerSample(intervalLooks, intervalWaits, growth(lastCounters, now), gauges);
        Map<String, Double> merged = new HashMap<>(lastCounters);
        merged.putAll(now); // a counter missing from this reading keeps its last value: its growth shows later
        lastCounters = merged;
        intervalWaits = new TreeMap<>();
        intervalLooks = 0;
        return s;
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
        return new ServerUsage(session == null ? null : session.waitSource(), looks, waits, counters, gauges,
                session == null ? -1 : storedStart, storedEnd, growth > 0 && rows > 0 ? (double) growth / rows : -1,
                growth > 0 && points > 0 ? (double) growth / points : -1, pointsWritten, statements, why, cpuSeconds,
                queryNanos / 1e9);
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
