package io.dbharness.results.merge;

import io.dbharness.core.api.Counts;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.IntervalSample.GroupInterval;
import io.dbharness.core.result.IntervalSample.TypeInterval;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerSample;
import io.dbharness.core.result.Totals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The parts' watch intervals on one wall-clock axis: the union window cut into buckets of the watch interval
 * (the {@code watch-interval} the parts agree on, else the median interval length: one slow tick must not set
 * the width), each part's interval put whole into the bucket its midpoint falls in. Parts started at different
 * moments so their intervals do not line up; splitting one would need the times of its operations, which the
 * result does not keep. Counts and histograms add up; a rate is each part's own rate over the seconds of its
 * intervals in the bucket, summed over the parts, so a late or long interval does not distort it. Buckets no
 * interval fell in are left out rather than shown as a stall that did not happen.
 */
final class Intervals {

    private static final String WATCH_INTERVAL = "watch-interval";

    private Intervals() {
    }

    /**
     * @param serverPart the part whose server account the merged intervals carry (see {@link ServerAccount}), or -1
     * @param hostParts  each server host and the part whose samples of it the merged intervals carry ({@link HostAccounts})
     */
    static List<IntervalSample> merge(List<RunResult> parts, List<Window> windows, Window union, int serverPart,
                                      Map<String, Integer> hostParts) {
        double width = bucketSeconds(parts);
        if (width <= 0) {
            return List.of();
        }
        int buckets = Math.max(1, (int) Math.ceil(union.seconds() / width - 1e-9));
        TreeMap<Integer, List<Sourced>> byBucket = new TreeMap<>();
        for (int i = 0; i < parts.size(); i++) {
            for (IntervalSample s : parts.get(i).intervals()) {
                double mid = windows.get(i).startSeconds() + s.endSeconds() - s.seconds() / 2 - union.startSeconds();
                int k = Math.min(buckets - 1, Math.max(0, (int) Math.floor(mid / width)));
                byBucket.computeIfAbsent(k, x -> new ArrayList<>()).add(new Sourced(i, parts.get(i).runId(), s));
            }
        }
        List<IntervalSample> out = new ArrayList<>();
        byBucket.forEach((k, samples) -> {
            double end = Math.min((k + 1) * width, union.seconds());
            // per-process host samples describe different machines: they stay in the parts
            ServerSample server = samples.stream().filter(s -> s.part() == serverPart).map(s -> s.sample().server())
                    .filter(java.util.Objects::nonNull).reduce(ServerSample::plus).orElse(null);
            double seconds = Math.max(1e-9, end - k * width);
            out.add(new IntervalSample(end, seconds, groups(samples, seconds), null, server,
                    HostAccounts.samples(samples, hostParts)));
        });
        return out;
    }

    /** The {@code watch-interval} every part ran with, else the median length of the parts' intervals. */
    static double bucketSeconds(List<RunResult> parts) {
        List<String> given = parts.stream().map(r -> r.options() == null ? null : r.options().get(WATCH_INTERVAL))
                .distinct().toList();
        if (given.size() == 1 && given.get(0) != null) {
            try {
                return Settings.resolve(RunOptions.OPTIONS, Map.of(WATCH_INTERVAL, given.get(0)), Map.of())
                        .duration(WATCH_INTERVAL).orElseThrow().toNanos() / 1e9;
            } catch (RuntimeException unreadable) {
                // a result edited by hand: the intervals themselves still tell
            }
        }
        double[] lengths = parts.stream().flatMap(r -> r.intervals().stream()).mapToDouble(IntervalSample::seconds)
                .filter(s -> s > 0).sorted().toArray();
        if (lengths.length == 0) {
            return 0;
        }
        int m = lengths.length / 2;
        return lengths.length % 2 == 1 ? lengths[m] : (lengths[m - 1] + lengths[m]) / 2;
    }

    /** An interval of part {@code part}. */
    record Sourced(int part, String runId, IntervalSample sample) {
    }

    private static List<GroupInterval> groups(List<Sourced> samples, double bucketSeconds) {
        // each part's seconds in the bucket: its rate is its counts over them, whatever the other parts did
        Map<Integer, Double> partSeconds = new TreeMap<>();
        samples.forEach(s -> partSeconds.merge(s.part(), s.sample().seconds(), Double::sum));
        Map<String, Sum> byGroup = new LinkedHashMap<>();
        Map<String, Map<String, List<TypeInterval>>> types = new LinkedHashMap<>();
        Map<String, Map<String, LatencySum>> latency = new LinkedHashMap<>();
        for (Sourced s : samples) {
            double seconds = partSeconds.get(s.part());
            for (GroupInterval g : s.sample().groups()) {
                byGroup.computeIfAbsent(g.group(), x -> new Sum()).add(g, seconds);
                for (TypeInterval t : g.types()) {
                    types.computeIfAbsent(g.group(), x -> new LinkedHashMap<>())
                            .computeIfAbsent(t.type(), x -> new ArrayList<>()).add(t);
                    latency.computeIfAbsent(g.group(), x -> new LinkedHashMap<>())
                            .computeIfAbsent(t.type(), x -> new LatencySum())
                            .add(t.histogram(), "result " + s.runId() + ", interval ending at " + s.sample().endSeconds()
                                    + " s, operation " + t.type());
                }
            }
        }
        List<GroupInterval> out = new ArrayList<>();
        byGroup.forEach((name, sum) -> {
            LatencySum all = new LatencySum();
            List<TypeInterval> merged = new ArrayList<>();
            Map<String, LatencySum> lat = latency.getOrDefault(name, Map.of());
            new TreeMap<>(types.getOrDefault(name, Map.of())).forEach((type, ts) -> {
                LatencySum h = lat.get(type);
                all.add(h);
                merged.add(new TypeInterval(type, ts.stream().map(TypeInterval::counts).reduce(Counts.ZERO, Counts::plus),
                        h.millis(50), h.millis(99), h.maxMillis(), h.encoded()));
            });
            Totals totals = new Totals(sum.counts, bucketSeconds, sum.opsPerSecond, sum.rowsPerSecond,
                    sum.pointsPerSecond, sum.megabytesPerSecond);
            out.add(new GroupInterval(name, totals, all.millis(50), all.millis(99), all.maxMillis(), merged));
        });
        return out;
    }

    /** One group's counters added and its parts' rates summed. */
    private static final class Sum {
        Counts counts = Counts.ZERO;
        double opsPerSecond, rowsPerSecond, pointsPerSecond, megabytesPerSecond;

        /** @param partSeconds the seconds of every interval of {@code g}'s part in the bucket */
        void add(GroupInterval g, double partSeconds) {
            Counts c = g.totals().counts();
            counts = counts.plus(c);
            opsPerSecond += c.operations() / partSeconds;
            rowsPerSecond += c.rows() / partSeconds;
            pointsPerSecond += c.points() / partSeconds;
            megabytesPerSecond += c.bytes() / partSeconds / 1e6;
        }
    }
}
