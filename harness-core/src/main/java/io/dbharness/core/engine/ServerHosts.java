package io.dbharness.core.engine;

import io.dbharness.core.api.Plugins;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.HostOptions;
import io.dbharness.core.config.Secrets;
import io.dbharness.core.config.Settings;
import io.dbharness.core.measure.DeviceFilter;
import io.dbharness.core.measure.HostReading;
import io.dbharness.core.measure.HostSource;
import io.dbharness.core.measure.HostSourceProvider;
import io.dbharness.core.measure.HostUsage;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.ServerHostUsage;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The engine's side of {@code --server-hosts}: one {@link HostSource} per host, each read on a thread of its own
 * (a slow or hung host never holds up the monitor, a worker or another host) when the engine's monitor asks: a
 * baseline before the clock, again when the warm-up ends, at every interval it closes, and once more at the end.
 * The readings are kept; the figures per interval are computed from them at the end ({@link HostReading#since}), so
 * they line up with the run's intervals however late a reading came. A host that fails a reading is read no more:
 * its samples stop, the run goes on, and its account says from when and why.
 */
final class ServerHosts implements AutoCloseable {

    /** No server hosts: every call does nothing. */
    static final ServerHosts NONE = new ServerHosts(List.of());
    /** How long the baseline and the last readings are waited for before a host is taken as gone. */
    static final long WAIT_MILLIS = 15_000;

    private enum Kind { RESTART, CUT, FINISH }

    private final List<Host> hosts;

    private ServerHosts(List<Host> hosts) {
        this.hosts = hosts;
    }

    /**
     * A source per spec, each connected and read once, so what cannot be sampled is refused before the run: a spec
     * no source on the class path reads, a second spec of one host or a device the host has not (exit 2), a host
     * that cannot be reached (exit 3).
     */
    static ServerHosts open(Settings settings) throws TargetException {
        HostOptions options = HostOptions.from(settings);
        if (options.hosts().isEmpty()) {
            return NONE;
        }
        List<HostSourceProvider> providers = Plugins.load(HostSourceProvider.class, "server host source",
                HostSourceProvider::schemes);
        DeviceFilter filter = DeviceFilter.parse(options.devices());
        List<Host> open = new ArrayList<>();
        try {
            for (URI spec : options.hosts()) {
                String scheme = spec.getScheme().toLowerCase(Locale.ROOT);
                HostSourceProvider provider = providers.stream().filter(p -> p.schemes().contains(scheme)).findFirst()
                        .orElseThrow(() -> new UsageException("--server-hosts " + shown(spec) + ": no source for " + scheme
                                + ":// on the class path (module dbharness-hosts reads http, https and ssh)"));
                HostSource source;
                try {
                    source = provider.open(spec, settings);
                } catch (IOException e) {
                    throw unreachable(spec, e);
                }
                open.add(new Host(source, filter, loopback(spec)));
                // the result keys a host's account and samples by its name: two specs of one host would share them
                for (int i = 0; i < open.size() - 1; i++) {
                    if (open.get(i).source.host().equals(source.host())) {
                        throw new UsageException("--server-hosts " + shown(spec) + ": host " + source.host()
                                + " is named already, by " + shown(options.hosts().get(i)) + ": one spec per host");
                    }
                }
                HostReading all;
                try {
                    all = source.read();
                } catch (IOException e) {
                    throw unreachable(spec, e);
                }
                filter.requirePresent(source.host(), all);
            }
        } catch (TargetException | RuntimeException e) {
            open.forEach(Host::close);
            throw e;
        }
        return new ServerHosts(List.copyOf(open));
    }

    /** These sources, opened and checked already, sampled with {@code filter}; none on a loopback address. */
    static ServerHosts of(List<HostSource> sources, DeviceFilter filter) {
        return new ServerHosts(sources.stream().map(s -> new Host(s, filter, false)).toList());
    }

    private static TargetException unreachable(URI spec, IOException e) {
        return new TargetException(TargetException.Kind.UNREACHABLE, null, "--server-hosts " + shown(spec)
                + ": cannot read the host: " + oneLine(e), e);
    }

    /** A spec as messages name it: a password written into it masked. */
    private static String shown(URI spec) {
        return Secrets.maskEmbedded(spec.toString());
    }

    /** A host named by a loopback address is this machine: its loopback interface carries a local server's traffic. */
    static boolean loopback(URI spec) {
        String h = spec.getHost().toLowerCase(Locale.ROOT);
        return h.equals("localhost") || h.startsWith("127.") || h.equals("[::1]") || h.equals("::1");
    }

    /** Starts each host's thread with its baseline reading, waited for: it is taken before the clock starts. */
    void start() {
        hosts.forEach(Host::start);
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MILLIS);
        for (Host h : hosts) {
            h.awaitBaseline(until);
        }
    }

    /** The warm-up ended: the readings before are not the measured run's. */
    void restart() {
        hosts.forEach(h -> h.requests.add(Kind.RESTART));
    }

    /** The monitor closed an interval: a reading now. Never waits. */
    void cut() {
        hosts.forEach(h -> h.requests.add(Kind.CUT));
    }

    /**
     * Each host's figures over its last two readings, for listeners that show the run live (an interval or so late:
     * the reading a cut asks for is taken on the host's thread); a host without two answered readings is left out.
     */
    Map<String, HostSample> latest() {
        Map<String, HostSample> out = new LinkedHashMap<>();
        for (Host h : hosts) {
            synchronized (h.readings) {
                int n = h.readings.size();
                HostReading from = n >= 2 ? h.readings.get(n - 2) : null;
                HostReading to = n >= 2 ? h.readings.get(n - 1) : null;
                if (from != null && to != null) {
                    out.put(h.source.host(), to.since(from));
                }
            }
        }
        return out;
    }

    /**
     * What the hosts give the run.
     *
     * @param perInterval each kept interval's samples by host (a host without one that interval is not in it)
     * @param usage       each host's account of the run, in the order given
     */
    record Result(List<Map<String, HostSample>> perInterval, List<ServerHostUsage> usage) {
    }

    /**
     * The last reading, waited for at most {@link #WAIT_MILLIS}, and the figures of every kept interval.
     *
     * @param intervals  how many intervals the run kept
     * @param lastKept   whether the run's last, short interval was kept (else it joins the one before)
     * @param startNanos when the measured run started ({@link System#nanoTime()}), for the time the samples stopped
     */
    Result finish(int intervals, boolean lastKept, long startNanos) {
        hosts.forEach(h -> h.requests.add(Kind.FINISH));
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MILLIS);
        List<Map<String, HostSample>> perInterval = new ArrayList<>();
        for (int i = 0; i < intervals; i++) {
            perInterval.add(new LinkedHashMap<>());
        }
        List<ServerHostUsage> usage = new ArrayList<>();
        for (Host h : hosts) {
            List<HostReading> readings = h.awaitFinish(until);
            // baseline, a reading per cut, the last one; when the run's short tail was not kept, the last reading
            // ends the interval its last cut ended
            List<HostReading> ends = new ArrayList<>(readings.subList(Math.min(1, readings.size()), readings.size()));
            if (!lastKept && h.finished && ends.size() >= 2) {
                ends.remove(ends.size() - 2);
            }
            List<HostUsage.Timed> timed = new ArrayList<>();
            HostReading from = readings.isEmpty() ? null : readings.get(0);
            for (int i = 0; i < intervals && i < ends.size(); i++) {
                HostReading to = ends.get(i);
                if (from != null && to != null) {
                    HostSample s = to.since(from);
                    perInterval.get(i).put(h.source.host(), s);
                    timed.add(new HostUsage.Timed((to.nanos() - from.nanos()) / 1e9, s));
                }
                from = to;
            }
            usage.add(h.usage(timed, startNanos));
        }
        return new Result(perInterval, usage);
    }

    /** Readings the {@code i}th host took since its last restart, answered or not: a test waits on it. */
    int readings(int i) {
        return hosts.get(i).readings.size();
    }

    @Override
    public void close() {
        hosts.forEach(Host::close);
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return (nl < 0 ? m : m.substring(0, nl)).strip();
    }

    /** One host: its source, its thread, its readings since the last restart. */
    private static final class Host {
        final HostSource source;
        final DeviceFilter filter;
        final boolean loopback;
        final BlockingQueue<Kind> requests = new LinkedBlockingQueue<>();
        /** Baseline, then one per cut, then the last: null where the host did not answer. */
        final List<HostReading> readings = Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch baselined = new CountDownLatch(1);
        final CountDownLatch done = new CountDownLatch(1);
        final Thread thread;
        /** The first reading of the run, for the host's cores, memory and devices. */
        volatile HostReading first;
        volatile HostReading lastGood;
        volatile String stoppedWhy;
        volatile boolean finished;

        Host(HostSource source, DeviceFilter filter, boolean loopback) {
            this.source = source;
            this.filter = filter;
            this.loopback = loopback;
            this.thread = new Thread(this::loop, "dbharness-server-host-" + source.host());
            this.thread.setDaemon(true);
        }

        void start() {
            thread.start();
        }

        private void loop() {
            read(); // the baseline
            baselined.countDown();
            try {
                while (true) {
                    Kind k = requests.take();
                    if (k == Kind.RESTART) {
                        readings.clear();
                    }
                    read();
                    if (k == Kind.FINISH) {
                        finished = true;
                        return;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                done.countDown();
            }
        }

        private void read() {
            if (stoppedWhy != null) {
                readings.add(null);
                return;
            }
            try {
                HostReading r = filter.apply(source.read(), loopback);
                if (first == null) {
                    first = r;
                }
                lastGood = r;
                readings.add(r);
            } catch (IOException | RuntimeException e) {
                stoppedWhy = oneLine(e);
                readings.add(null);
            }
        }

        void awaitBaseline(long untilNanos) {
            try {
                if (!baselined.await(Math.max(0, untilNanos - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    giveUp("it did not answer the first reading within " + WAIT_MILLIS / 1000 + " s");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        List<HostReading> awaitFinish(long untilNanos) {
            try {
                if (!done.await(Math.max(0, untilNanos - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    giveUp("it did not answer the last reading within " + WAIT_MILLIS / 1000 + " s");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (readings) {
                return new ArrayList<>(readings);
            }
        }

        private void giveUp(String why) {
            if (stoppedWhy == null) {
                stoppedWhy = why;
            }
            thread.interrupt();
            source.close(); // from this thread: closing the connection ends a read that hangs
        }

        ServerHostUsage usage(List<HostUsage.Timed> timed, long startNanos) {
            HostSample[] meanPeak = timed.isEmpty() ? new HostSample[2] : HostUsage.meanAndPeak(timed);
            HostReading f = first;
            OptionalInt cores = f != null && f.cpu() != null && f.cpu().cores() > 0 ? OptionalInt.of(f.cpu().cores())
                    : OptionalInt.empty();
            OptionalLong memory = f != null && f.memory() != null ? OptionalLong.of(f.memory().totalBytes())
                    : OptionalLong.empty();
            List<String> disks = f == null || f.disks() == null ? List.of() : List.copyOf(f.disks().devices().keySet());
            List<String> ifaces = f == null || f.network() == null ? List.of()
                    : List.copyOf(f.network().interfaces().keySet());
            HostReading good = lastGood;
            OptionalDouble stoppedAt = stoppedWhy == null ? OptionalDouble.empty()
                    : OptionalDouble.of(good == null ? 0 : Math.max(0, (good.nanos() - startNanos) / 1e9));
            return new ServerHostUsage(source.host(), source.kind(), cores, memory, meanPeak[0], meanPeak[1], disks,
                    ifaces, stoppedAt, stoppedWhy);
        }

        void close() {
            thread.interrupt();
            source.close();
        }
    }
}
