package io.dbharness.results.merge;

import io.dbharness.core.api.Shard;
import io.dbharness.core.measure.HistogramCodec;
import io.dbharness.core.result.ErrorSummary;
import io.dbharness.core.result.GroupResult;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.IntervalSample.GroupInterval;
import io.dbharness.core.result.IntervalSample.TypeInterval;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.Totals;
import io.dbharness.results.ResultMismatchException;
import io.dbharness.results.SamplesAccess;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultMergeTest {

    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

    /** Latencies in microseconds, as the engine records them, from a seeded generator. */
    private static long[] latencies(long seed, int n, double scaleMicros) {
        Random r = new Random(seed);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = 1 + (long) (scaleMicros * Math.exp(r.nextGaussian()));
        }
        return out;
    }

    private static Histogram histogram(long[]... values) {
        Histogram h = new Histogram(3);
        for (long[] vs : values) {
            for (long v : vs) {
                h.recordValue(v);
            }
        }
        return h;
    }

    private static double ms(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1000.0;
    }

    /**
     * A part that ran {@code seconds} from {@code start}: one insert type, its latencies split over 10-second
     * intervals, {@code rowsPerOp} rows per operation.
     */
    static RunResult part(String id, Instant start, long[][] perInterval, Map<String, Double> figures) {
        RunResult template = SamplesAccess.clean();
        long ops = 0;
        List<IntervalSample> intervals = new java.util.ArrayList<>();
        for (int i = 0; i < perInterval.length; i++) {
            Histogram h = histogram(perInterval[i]);
            long n = perInterval[i].length;
            ops += n;
            TypeInterval t = new TypeInterval("insert", io.dbharness.core.api.Counts.builder().operations(n).errors(0)
                    .timeouts(0).build(), ms(h, 50), ms(h, 99), h.getMaxValue() / 1000.0, HistogramCodec.encode(h));
            intervals.add(new IntervalSample(10.0 * (i + 1), 10.0, List.of(new GroupInterval("insert",
                    new io.dbharness.core.result.Totals(io.dbharness.core.api.Counts.builder().operations(n)
                    .rows(n * 100).points(n * 1000).bytes(n * 5000).build(), 0, n / 10.0, n * 10.0, n * 100.0,
                    n * 5000 / 10.0 / 1e6), ms(h, 50), ms(h, 99), h.getMaxValue() / 1000.0, List.of(t))), null));
        }
        Histogram all = histogram(perInterval);
        double seconds = 10.0 * perInterval.length;
        Totals totals = Totals.of(io.dbharness.core.api.Counts.builder().operations(ops).rows(ops * 100)
                .points(ops * 1000).bytes(ops * 5000).errors(1).failedRows(100).retries(2).build(), seconds);
        OperationStats os = OperationStats.builder().counts(io.dbharness.core.api.Counts.builder()
                .operations(ops - 1 + 1).rows(ops * 100).errors(1).failedRows(100).retries(2).build()).group("insert")
                .type("insert").meanMillis(all.getMean() / 1000).p50Millis(ms(all, 50)).p90Millis(ms(all, 90))
                .p95Millis(ms(all, 95)).p99Millis(ms(all, 99)).p999Millis(ms(all, 99.9))
                .maxMillis(all.getMaxValue() / 1000.0).histogram(HistogramCodec.encode(all)).build();
        return template.toBuilder()
                .runId(id)
                .start(start.minusSeconds(2))
                .end(start.plusMillis((long) (seconds * 1000)))
                .loadModel("closed, 4 workers")
                .workers(4)
                .totals(totals)
                .groups(List.of(new GroupResult("insert", "closed", 4, totals, null)))
                .operations(List.of(os))
                .intervals(intervals)
                .errors(List.of(new ErrorSummary("insert", "insert", "FATAL", "23514", 1, "check constraint")))
                .storedBytes(java.util.OptionalLong.of(1_000_000))
                .answers(List.of())
                .plans(Map.of())
                .warmup(null)
                .figures(figures)
                .harnessCpuSeconds(java.util.OptionalDouble.of(1.5))
                .label(null)
                .resources(null)
                .stopReason(io.dbharness.core.result.StopReason.COMPLETED)
                .failure(null)
                .exitCode(1)
                .shard(null)
                .build();
    }

    @Test
    void mergedPercentilesEqualThoseOfOneHistogramHoldingEveryValue() {
        long[] a1 = latencies(1, 20_000, 800), a2 = latencies(2, 15_000, 1_200);
        long[] b1 = latencies(3, 5_000, 5_000), b2 = latencies(4, 30_000, 300);
        RunResult a = part("a", T0, new long[][]{a1, a2}, Map.of());
        RunResult b = part("b", T0, new long[][]{b1, b2}, Map.of());

        RunResult m = ResultMerge.merge(shards(a, b));

        Histogram all = histogram(a1, a2, b1, b2);
        OperationStats o = m.operations().get(0);
        assertEquals(ms(all, 50), o.p50Millis());
        assertEquals(ms(all, 90), o.p90Millis());
        assertEquals(ms(all, 95), o.p95Millis());
        assertEquals(ms(all, 99), o.p99Millis());
        assertEquals(ms(all, 99.9), o.p999Millis());
        assertEquals(all.getMaxValue() / 1000.0, o.maxMillis());
        assertEquals(all.getMean() / 1000, o.meanMillis(), 1e-9);
        assertEquals(all.getTotalCount(), HistogramCodec.decode(o.histogram()).getTotalCount());
        // the parts ran the same window: interval i holds both parts' interval i
        assertEquals(2, m.intervals().size());
        Histogram first = histogram(a1, b1);
        TypeInterval t = m.intervals().get(0).groups().get(0).types().get(0);
        assertEquals(ms(first, 99), t.p99Millis());
        assertEquals(ms(first, 50), m.intervals().get(0).groups().get(0).p50Millis());
        assertEquals(a1.length + b1.length, t.counts().operations());
        assertEquals(first.getMaxValue() / 1000.0, t.maxMillis());
    }

    @Test
    void countersAreTheSumsAndRatesTheSumsOverTheUnionWindow() {
        RunResult a = part("a", T0, new long[][]{latencies(1, 1_000, 500), latencies(2, 2_000, 500)}, Map.of());
        // started 10 s later: the union is 30 s
        RunResult b = part("b", T0.plusSeconds(10), new long[][]{latencies(3, 3_000, 500), latencies(4, 4_000, 500)}, Map.of());

        RunResult m = ResultMerge.merge(shards(a, b));

        assertEquals(10_000, m.totals().counts().operations());
        assertEquals(1_000_000, m.totals().counts().rows());
        assertEquals(2, m.totals().counts().errors());
        assertEquals(4, m.totals().counts().retries());
        assertEquals(30.0, m.totals().durationSeconds(), 1e-6);
        assertEquals(1_000_000 / 30.0, m.totals().rowsPerSecond(), 1e-3);
        assertEquals(8, m.workers());
        assertEquals(8, m.groups().get(0).workers());
        assertEquals(m.totals().counts().rows(), m.groups().get(0).totals().counts().rows());
        OperationStats o = m.operations().get(0);
        assertEquals(a.operations().get(0).counts().completed() + b.operations().get(0).counts().completed(), o.counts().completed());
        assertEquals(2, o.counts().errors());
        assertEquals(2, m.errors().get(0).count());
        assertEquals(3.0, m.harnessCpuSeconds().getAsDouble());
        assertEquals("a, b", m.workloadFacts().details().get(ResultMerge.MERGED_FROM));
        assertEquals(a.start(), m.start());
        assertNull(m.workloadFacts().details().get(io.dbharness.core.api.AnswerDigest.DIGEST_CPU_DETAIL));
        assertEquals(b.end(), m.end());
        // 0-10 s holds a's first interval, 10-20 s a's second and b's first, 20-30 s b's second
        assertEquals(List.of(1_000L, 5_000L, 4_000L), m.intervals().stream()
                .map(s -> s.groups().get(0).totals().counts().operations()).toList());
        assertEquals(List.of(10.0, 20.0, 30.0), m.intervals().stream().map(IntervalSample::endSeconds).toList());
        assertEquals(500.0, m.intervals().get(1).groups().get(0).totals().operationsPerSecond(), 1e-9);
        assertEquals(m.totals().counts().operations(), m.intervals().stream().mapToLong(s -> s.groups().get(0).totals().counts().operations()).sum());
        assertNull(m.resources());
        assertNull(m.intervals().get(0).host());
        assertEquals(m, ResultMerge.merge(shards(a, b)), "the same parts merge to the same result");
    }

    /** The answers' digest CPU is summed as the harness's CPU is; a part without it leaves the sum unknown. */
    @Test
    void theAnswersDigestCpuIsTheSumOfThePartsOrUnknown() {
        String key = io.dbharness.core.api.AnswerDigest.DIGEST_CPU_DETAIL;
        RunResult a = part("a", T0, new long[][]{latencies(1, 1_000, 500)}, Map.of());
        RunResult b = part("b", T0, new long[][]{latencies(2, 1_000, 500)}, Map.of());
        RunResult a2 = a.toBuilder().workloadFacts(a.workloadFacts().withDetails(Map.of(key, "0.5000"))).build();
        RunResult b2 = b.toBuilder().workloadFacts(b.workloadFacts().withDetails(Map.of(key, "0.2500"))).build();
        assertEquals("0.7500", ResultMerge.merge(shards(a2, b2)).workloadFacts().details().get(key));
        assertEquals("unknown", ResultMerge.merge(shards(a2, b)).workloadFacts().details().get(key));
    }

    @Test
    void ratesAmongTheFiguresAreRecomputedAndOtherFiguresLeftOut() {
        long[][] twoIntervals = {latencies(1, 100, 500), latencies(2, 100, 500)};
        RunResult a = part("a", T0, twoIntervals, Map.of("tpmC", 600.0, "tpmTotal", 1_200.0, "efficiencyPercent", 50.0));
        RunResult b = part("b", T0, twoIntervals, Map.of("tpmC", 300.0, "tpmTotal", 700.0, "efficiencyPercent", 25.0));
        assertEquals(Map.of("tpmC", 900.0, "tpmTotal", 1_900.0), ResultMerge.merge(shards(a, b)).figures(),
                "same window: the New-Orders per minute add up");

        RunResult late = part("c", T0.plusSeconds(10), twoIntervals, Map.of("tpmC", 300.0));
        // 600/min for 20 s and 300/min for 20 s = 300 New-Orders over 30 s: 600 per minute
        assertEquals(600.0, ResultMerge.merge(shards(a, late)).figures().get("tpmC"), 1e-9);
    }

    @Test
    void partsOfDifferentRunsOrTheSameRunTwiceAreRefused() {
        long[][] one = {latencies(1, 100, 500)};
        RunResult a = part("a", T0, one, Map.of());
        RunResult b = part("b", T0, one, Map.of());
        RunResult tpcc = withWorkload(b, "tpcc");

        assertEquals("cannot merge results of different workloads (iot-insert and tpcc): the parts of one run share "
                + "workload, target and seed", assertThrows(ResultMismatchException.class,
                () -> ResultMerge.merge(shards(a, tpcc))).getMessage());
        assertTrue(assertThrows(ResultMismatchException.class, () -> ResultMerge.merge(shards(a, a)))
                .getMessage().startsWith("run a is given twice"));
        assertEquals("merge needs the results of at least two processes; got 1",
                assertThrows(ResultMismatchException.class, () -> ResultMerge.merge(shards(a))).getMessage());
    }

    /**
     * A part paced at {@code rowsPerSecond}: intervals of the given lengths (jitter, a slow tick), each holding
     * exactly the rows of its own length, 100 rows per operation.
     */
    static RunResult paced(String id, Instant start, Map<String, String> options, double rowsPerSecond, double... seconds) {
        RunResult template = SamplesAccess.clean();
        List<IntervalSample> intervals = new java.util.ArrayList<>();
        Histogram all = new Histogram(3);
        long ops = 0;
        double end = 0;
        for (double s : seconds) {
            long rows = Math.round(rowsPerSecond * s);
            long n = rows / 100;
            Histogram h = histogram(latencies(intervals.size(), (int) n, 500));
            all.add(h);
            ops += n;
            end += s;
            TypeInterval t = new TypeInterval("insert", io.dbharness.core.api.Counts.builder().operations(n).errors(0)
                    .timeouts(0).build(), ms(h, 50), ms(h, 99), h.getMaxValue() / 1000.0, HistogramCodec.encode(h));
            intervals.add(new IntervalSample(end, s, List.of(new GroupInterval("insert",
                    new io.dbharness.core.result.Totals(io.dbharness.core.api.Counts.builder().operations(n)
                    .rows(rows).points(rows).bytes(rows * 50).build(), 0, n / s, rows / s, rows / s,
                    rows * 50 / s / 1e6), ms(h, 50), ms(h, 99), h.getMaxValue() / 1000.0, List.of(t))), null));
        }
        Totals totals = Totals.of(io.dbharness.core.api.Counts.builder().operations(ops).rows(ops * 100)
                .points(ops * 100).bytes(ops * 5000).build(), end);
        OperationStats os = OperationStats.builder().counts(io.dbharness.core.api.Counts.builder().operations(ops)
                .rows(ops * 100).build()).group("insert").type("insert").meanMillis(all.getMean() / 1000)
                .p50Millis(ms(all, 50)).p90Millis(ms(all, 90)).p95Millis(ms(all, 95)).p99Millis(ms(all, 99))
                .p999Millis(ms(all, 99.9)).maxMillis(all.getMaxValue() / 1000.0).histogram(HistogramCodec.encode(all))
                .build();
        return RunResult.builder()
                .runId(id)
                .harnessVersion(template.harnessVersion())
                .gitCommit(template.gitCommit())
                .seed(template.seed())
                .target(template.target())
                .workload(template.workload())
                .start(start.minusSeconds(2))
                .end(start.plusNanos(Math.round(end * 1e9)))
                .options(options)
                .targetInfo(template.targetInfo())
                .workloadFacts(template.workloadFacts())
                .host(template.host())
                .loadModel("open")
                .workers(4)
                .totals(totals)
                .groups(List.of(new GroupResult("insert", "open", 4, totals, null)))
                .operations(List.of(os))
                .intervals(intervals)
                .errors(List.of())
                .verification(template.verification())
                .storedBytes(java.util.OptionalLong.of(1_000_000))
                .answers(List.of())
                .plans(Map.of())
                .warmup(null)
                .figures(Map.of())
                .harnessCpuSeconds(java.util.OptionalDouble.of(1.5))
                .label(null)
                .resources(null)
                .stopReason(io.dbharness.core.result.StopReason.COMPLETED)
                .failure(null)
                .exitCode(0)
                .shard(null)
                .build();
    }

    private static double rowsPerSecond(IntervalSample s) {
        return s.groups().get(0).totals().rowsPerSecond();
    }

    @Test
    void aResultMergedWithACopyOfItselfHasTwiceTheRateInEveryInterval() {
        // jitter around the 1 s watch interval, one slow tick and the short one after it
        double[] seconds = {1.0, 0.98, 1.3, 0.7, 1.02, 1.0};
        RunResult a = paced("a", T0, Map.of(), 10_000, seconds);
        RunResult copy = paced("a-copy", T0, Map.of(), 10_000, seconds);

        RunResult m = ResultMerge.merge(shards(a, copy));

        assertEquals(a.intervals().size(), m.intervals().size());
        for (int i = 0; i < seconds.length; i++) {
            assertEquals(2 * rowsPerSecond(a.intervals().get(i)), rowsPerSecond(m.intervals().get(i)), 1e-6, "interval " + i);
            assertEquals(2 * a.intervals().get(i).rows(), m.intervals().get(i).rows());
        }
        assertEquals(m.totals().counts().rows(), m.intervals().stream().mapToLong(IntervalSample::rows).sum());
        assertEquals(m.totals().counts().operations(), m.intervals().stream().mapToLong(s -> s.groups().get(0).totals().counts().operations()).sum());
    }

    @Test
    void offsetPartsWithASlowTickSumTheirOwnRatesInEveryBucket() {
        double[] steady = new double[30];
        java.util.Arrays.fill(steady, 1.0);
        double[] slowTick = steady.clone();
        slowTick[10] = 1.3;
        slowTick[11] = 0.7;
        RunResult a = paced("a", T0, Map.of(), 10_000, steady);
        // started 0.6 s later: its intervals straddle a's
        RunResult b = paced("b", T0.plusMillis(600), Map.of(), 10_000, slowTick);

        RunResult m = ResultMerge.merge(shards(a, b));

        // 30.6 s of union in 1 s buckets: a alone in the first, b alone in the last, both in between
        assertEquals(31, m.intervals().size());
        assertEquals(10_000, rowsPerSecond(m.intervals().get(0)), 1e-6);
        for (int k = 1; k < 30; k++) {
            assertEquals(20_000, rowsPerSecond(m.intervals().get(k)), 1e-6, "bucket " + k);
        }
        assertEquals(10_000, rowsPerSecond(m.intervals().get(30)), 1e-6);
        assertEquals(m.totals().counts().rows(), m.intervals().stream().mapToLong(IntervalSample::rows).sum());
    }

    @Test
    void twoIntervalsOfOnePartInABucketGiveThatPartsRateOverBoth() {
        // a 1 s watch interval whose first tick came early: 0.4 s and 0.6 s both fall in the first second
        RunResult a = paced("a", T0, Map.of("watch-interval", "1s"), 10_000, 0.4, 0.6, 1.0, 1.0);
        RunResult b = paced("b", T0, Map.of("watch-interval", "1s"), 5_000, 1.0, 1.0, 1.0);

        RunResult m = ResultMerge.merge(shards(a, b));

        assertEquals(List.of(15_000.0, 15_000.0, 15_000.0), m.intervals().stream()
                .map(s -> (double) Math.round(rowsPerSecond(s))).toList());
        assertEquals(m.totals().counts().rows(), m.intervals().stream().mapToLong(IntervalSample::rows).sum());
    }

    @Test
    void theBucketIsTheWatchIntervalThePartsAgreeOnElseTheMedianInterval() {
        assertEquals(0.5, Intervals.bucketSeconds(List.of(paced("a", T0, Map.of("watch-interval", "500ms"), 10_000, 2, 2),
                paced("b", T0, Map.of("watch-interval", "500ms"), 10_000, 2))));
        assertEquals(1.0, Intervals.bucketSeconds(List.of(paced("a", T0, Map.of("watch-interval", "500ms"), 10_000, 1, 1, 5),
                paced("b", T0, Map.of("watch-interval", "1s"), 10_000, 1, 0.9))));
    }

    /** The parts as shards 0..n-1 of one run of group g, in the order given. */
    static List<RunResult> shards(RunResult... parts) {
        List<RunResult> out = new java.util.ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            out.add(parts[i].toBuilder().shard(new Shard(i, parts.length, "g")).build());
        }
        return out;
    }

    private static String refusal(List<RunResult> parts) {
        return assertThrows(ResultMismatchException.class, () -> ResultMerge.merge(parts)).getMessage();
    }

    /** Only the shards of one run, measuring together, merge: each other set of parts refused, saying why. */
    @Test
    void partsThatAreNotTheShardsOfOneRunAreRefused() {
        long[][] one = {latencies(1, 100, 500)};
        RunResult a = part("a", T0, one, Map.of());
        RunResult b = part("b", T0, one, Map.of());
        // repetitions, or separate runs: no shard
        assertEquals("cannot merge a: it has no shard (not run with --shard I/N); only the shards of one run merge, and"
                + " separate runs or repetitions are compared (runner compare, runner report), not added up",
                refusal(List.of(a, b)));
        List<RunResult> ab = shards(a, b);
        assertEquals("cannot merge b: it has no shard (not run with --shard I/N); only the shards of one run merge, and"
                + " separate runs or repetitions are compared (runner compare, runner report), not added up",
                refusal(List.of(ab.get(0), b)));
        RunResult otherGroup = b.toBuilder().shard(new Shard(1, 2, "h")).build();
        assertEquals("cannot merge shards of different run groups ('g' in a, 'h' in b)", refusal(List.of(ab.get(0), otherGroup)));
        RunResult ofThree = b.toBuilder().shard(new Shard(1, 3, "g")).build();
        assertEquals("cannot merge shards of 2 and of 3 shards (a, b)", refusal(List.of(ab.get(0), ofThree)));
        RunResult sameIndex = b.toBuilder().shard(new Shard(0, 2, "g")).build();
        assertEquals("shard 0/2 is given twice (a and b)", refusal(List.of(ab.get(0), sameIndex)));
        Map<String, String> flags = new java.util.TreeMap<>(b.options());
        flags.put("tag-num", "20");
        RunResult otherFlags = ab.get(1).toBuilder().options(flags).build();
        assertEquals("cannot merge shards run with different flags: --tag-num is unset in a and '20' in b",
                refusal(List.of(ab.get(0), otherFlags)));
        assertEquals("run group 'g' lacks shard 2/3: merge all its shards, or give --allow-partial",
                refusal(shards(a, b, part("c", T0, one, Map.of())).subList(0, 2)));
        // one after another: b began when a had ended (a's window is 10:00:00 to 10:00:10)
        assertEquals("cannot merge runs made one after another: b (shard 1/2) began measuring at 2026-12-01T10:00:10Z,"
                + " after a (shard 0/2) had ended at 2026-12-01T10:00:10Z; the shards of one run measure at the same time"
                + " (give them one --start-at)", refusal(shards(a, part("b", T0.plusSeconds(10), one, Map.of()))));
        assertTrue(refusal(shards(part("a", T0.plusSeconds(60), one, Map.of()), b, part("c", T0.plusSeconds(5), one, Map.of())))
                .startsWith("cannot merge runs made one after another: a (shard 0/3) began measuring at"
                        + " 2026-12-01T10:01:00Z, after b (shard 1/3) had ended at 2026-12-01T10:00:10Z;"));
        // a part that overlaps each of two others that do not overlap: no instant when all three measured
        long[][] three = {latencies(1, 100, 500), latencies(2, 100, 500), latencies(3, 100, 500)};
        assertTrue(refusal(shards(a, part("b", T0, three, Map.of()), part("c", T0.plusSeconds(20), one, Map.of())))
                .startsWith("cannot merge runs made one after another: c (shard 2/3) began measuring"));
    }

    /** A shard stopped before its measured run (Ctrl-C while it waited for --start-at) has no window, and merges. */
    @Test
    void aShardThatMeasuredNothingMergesWithThoseThatDid() {
        long[][] one = {latencies(1, 100, 500)};
        RunResult a = part("a", T0, one, Map.of());
        RunResult stopped = SamplesAccess.clean().toBuilder().runId("s").start(T0.plusSeconds(30)).end(T0.plusSeconds(30))
                .totals(Totals.of(io.dbharness.core.api.Counts.ZERO, 0)).groups(List.of()).operations(List.of())
                .intervals(List.of()).errors(List.of()).failedPhase(io.dbharness.core.result.Outcome.Phase.PREPARE).failure("stopped while waiting for --start-at")
                .stopReason(io.dbharness.core.result.StopReason.INTERRUPTED).exitCode(130).build();
        RunResult m = ResultMerge.merge(shards(a, stopped));
        assertEquals(a.totals().counts().rows(), m.totals().counts().rows());
        assertEquals(io.dbharness.core.result.Outcome.Phase.PREPARE, m.failedPhase());
        assertEquals(130, m.exitCode());
    }

    private static RunResult withWorkload(RunResult r, String workload) {
        return r.toBuilder()
                .workload(workload)
                .shard(null)
                .build();
    }

    /** A part with a server account: its endpoint, its stored sizes at start and end, its commits. */
    private static RunResult withServer(RunResult r, String endpoint, long storedStart, long storedEnd, double commits) {
        io.dbharness.core.result.ServerUsage u = new io.dbharness.core.result.ServerUsage("PostgreSQL wait events of our"
                + " backends", 10, Map.of("CPU", 10L), Map.of("commits", commits), Map.of(), storedStart, storedEnd, -1, -1,
                -1, List.of(), Map.of("bytes_per_row", "shard: see the merged result"), 0.1, 0.01);
        io.dbharness.core.api.TargetInfo t = r.targetInfo();
        return r.toBuilder().targetInfo(new io.dbharness.core.api.TargetInfo(t.product(), t.serverVersion(), endpoint, t.settings()))
                .resources(new io.dbharness.core.result.ResourceUsage("client host", true, null, null, java.util.OptionalDouble.empty(), java.util.OptionalDouble.empty(), u)).build();
    }

    @Test
    void theServerAccountIsThePartsThatEndedLastWithTheStorageOverEveryPartsRows() {
        long[][] lat = {latencies(1, 100, 500)};
        RunResult a = withServer(part("a", T0, lat, Map.of()), "db:5432/x", 1_000, 50_000, 119);
        RunResult b = withServer(part("b", T0.plusMillis(300), lat, Map.of()), "db:5432/x", 3_000, 60_000, 223);
        RunResult m = ResultMerge.merge(shards(b, a));
        io.dbharness.core.result.ServerUsage s = m.resources().server();
        assertEquals(223.0, s.counters().get("commits"), "b ended last: its account, not a sum");
        assertEquals(1_000, s.storedBytesStart(), "the smallest size at a part's start");
        assertEquals(60_000, s.storedBytesEnd(), "the largest at a part's end");
        assertEquals(59_000.0 / m.totals().counts().rows(), s.bytesPerRow(), 1e-12, "over every part's rows");
        assertNull(s.unavailable().get("bytes_per_row"));
        assertEquals(0.2, s.costCpuSeconds(), 1e-12, "each part's telemetry cost the run");
        assertNull(m.resources().mean(), "host figures stay in the parts");
        assertTrue(m.workloadFacts().notes().get(ServerAccount.NOTE_KEY).startsWith("as run b (shard 0 of 2) read it, the part that ended last"),
                m.workloadFacts().details().toString());
    }

    @Test
    void partsOfDifferentServersCarryNoServerAccount() {
        long[][] lat = {latencies(1, 100, 500)};
        RunResult a = withServer(part("a", T0, lat, Map.of()), "db:5432/x", 1_000, 50_000, 119);
        RunResult other = withServer(part("b", T0.plusMillis(300), lat, Map.of()), "db:5432/y", 3_000, 60_000, 223);
        RunResult m = ResultMerge.merge(shards(a, other));
        assertNull(m.resources());
        assertTrue(m.workloadFacts().notes().get(ServerAccount.NOTE_KEY).startsWith("none: the parts ran against different servers"),
                m.workloadFacts().details().toString());
        // no part with an account: nothing said
        RunResult m3 = ResultMerge.merge(shards(part("d", T0, lat, Map.of()), part("e", T0, lat, Map.of())));
        assertNull(m3.resources());
        assertNull(m3.workloadFacts().notes().get(ServerAccount.NOTE_KEY));
    }

    @Test
    void aPartThatCouldNotReachTheTargetLeavesTheRowsUncheckedUnlessAnotherFailed() {
        long[][] lat = {latencies(1, 100, 500)};
        RunResult passed = part("a", T0, lat, Map.of()).toBuilder()
                .verification(io.dbharness.core.api.Verification.passed(100, 100, "as reported")).build();
        RunResult unchecked = part("b", T0, lat, Map.of()).toBuilder().verification(io.dbharness.core.api.Verification
                .unchecked(100, "the rows were not checked: the target was unreachable")).build();
        RunResult failed = part("c", T0, lat, Map.of()).toBuilder()
                .verification(io.dbharness.core.api.Verification.failed(100, 90, "10 rows missing")).build();
        assertEquals("UNCHECKED", ResultMerge.merge(shards(passed, unchecked)).verification().status());
        assertEquals("FAILED", ResultMerge.merge(shards(unchecked, failed)).verification().status());
    }

    @Test
    void whatEveryPartSaidOfItsVerificationIsSaidOnce() {
        long[][] lat = {latencies(1, 100, 500)};
        RunResult a = part("a", T0, lat, Map.of()).toBuilder()
                .verification(io.dbharness.core.api.Verification.skipped("--verify not set")).build();
        RunResult b = part("b", T0, lat, Map.of()).toBuilder()
                .verification(io.dbharness.core.api.Verification.skipped("--verify not set")).build();
        io.dbharness.core.api.Verification same = ResultMerge.merge(shards(a, b)).verification();
        assertEquals("SKIPPED", same.status());
        assertEquals("--verify not set", same.message());
        // different words: each, with the parts that said it
        RunResult c = part("c", T0, lat, Map.of()).toBuilder()
                .verification(io.dbharness.core.api.Verification.skipped("target 'noop' cannot count rows")).build();
        assertEquals("a, b SKIPPED: --verify not set; c SKIPPED: target 'noop' cannot count rows",
                ResultMerge.merge(shards(a, b, c)).verification().message());
    }
}
