package io.dbharness.results.merge;

import io.dbharness.core.api.AnswerDigest;
import io.dbharness.core.api.Verification;
import io.dbharness.core.result.HostInfo;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.Totals;
import io.dbharness.results.ResultMismatchException;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * One result from the results of one logical run split across processes (shards on several hosts, or several
 * processes on one): counters summed, latency histograms added per operation type and per interval and the
 * percentiles read from the sums, over the wall-clock window of the union of the parts' measured runs. The rules
 * for every field are in {@code results/README.md}.
 */
public final class ResultMerge {

    /** The workload facts' detail where the merged result names its parts' run ids, comma-separated. */
    public static final String MERGED_FROM = "mergedFrom";

    /** The workload facts' detail where a merged result of shards says which it holds: {@code 0, 1, 2 of 3 (run group g)}. */
    public static final String MERGED_SHARDS = "mergedShards";

    private ResultMerge() {
    }

    /**
     * @throws ResultMismatchException when the parts are not all the shards of one run ({@link ShardCheck}: fewer
     *                                 than two, different workloads, targets, seeds, run groups or flags, a part
     *                                 without a shard, a shard twice or missing, runs made one after another), or
     *                                 a part lacks its histograms
     */
    public static RunResult merge(List<RunResult> parts) {
        return merge(parts, false);
    }

    /**
     * @param allowPartial merge the shards given even when some of their run's shards are missing
     *                     ({@link #missingShards} says which)
     */
    public static RunResult merge(List<RunResult> parts, boolean allowPartial) {
        check(parts);
        ShardCheck.check(parts, allowPartial);
        RunResult first = parts.get(0);
        List<Window> windows = parts.stream().map(Window::measured).toList();
        Window union = Window.union(windows);
        Totals totals = Counters.totals(parts.stream().map(RunResult::totals).toList(), union.seconds());
        ServerAccount.Choice server = ServerAccount.choose(parts, windows);
        Map<String, Integer> hostParts = HostAccounts.choose(parts, windows);
        List<Integer> missing = ShardCheck.missing(parts);
        // with shards missing (--allow-partial) the tables hold rows the parts do not count: no size per row
        String partial = missing.isEmpty() ? null : "shard" + (missing.size() == 1 ? " " : "s ") + missing
                + " missing: the tables hold their rows too";
        Map<String, String> merged = new TreeMap<>(Map.of(
                MERGED_FROM, String.join(", ", parts.stream().map(RunResult::runId).toList()),
                MERGED_SHARDS, ShardCheck.describe(parts)));
        digestCpu(parts).ifPresent(s -> merged.put(AnswerDigest.DIGEST_CPU_DETAIL, s));
        io.dbharness.core.api.WorkloadFacts facts = first.workloadFacts().withDetails(merged);
        if (facts.freshness() != null && parts.size() > 1) {
            // each part's probe saw its own writes only: the samples merge as an operation type, the accounts do not
            facts = new io.dbharness.core.api.WorkloadFacts(facts.loaded(), facts.notes(), facts.details(), null);
        }
        if (server.note() != null) {
            facts = facts.withNotes(Map.of(ServerAccount.NOTE_KEY, server.note()));
        }
        // the run's start as the parts give it (warm-up included); its end is the last part's
        java.time.Instant start = parts.stream().map(RunResult::start).min(Comparator.naturalOrder()).orElseThrow();
        java.time.Instant end = parts.stream().map(RunResult::end).max(Comparator.naturalOrder()).orElseThrow();
        return RunResult.builder()
                .runId(runId(parts, start))
                .harnessVersion(distinct(parts, RunResult::harnessVersion))
                .gitCommit(distinct(parts, RunResult::gitCommit))
                .seed(first.seed())
                .target(first.target())
                .workload(first.workload())
                .start(start)
                .end(end)
                .options(options(parts))
                .targetInfo(first.targetInfo())
                .workloadFacts(facts)
                .host(host(parts))
                .loadModel(parts.size() + " processes: " + distinct(parts, RunResult::loadModel))
                .workers(parts.stream().mapToInt(RunResult::workers).sum())
                .totals(totals)
                .groups(Counters.groups(parts.stream().map(RunResult::groups).toList(), windows))
                .operations(Operations.merge(parts))
                .intervals(Intervals.merge(parts, windows, union, server.part(), hostParts))
                .errors(Counters.errors(parts.stream().map(RunResult::errors).toList()))
                .verification(verification(parts))
                // every part measures the one target the run wrote to: the last (largest) size is the run's; with
                // shards missing it holds their rows too, so a ratio to the parts' bytes would mislead
                .storedBytes(partial != null || parts.stream().allMatch(r -> r.storedBytes().isEmpty()) ? java.util.OptionalLong.empty()
                        : java.util.OptionalLong.of(parts.stream().mapToLong(r -> r.storedBytes().orElse(0)).max().orElseThrow()))
                .answers(answers(parts))
                .plans(plans(parts))
                .warmup(warmup(parts))
                .figures(Figures.merge(parts, union.seconds()))
                // each shard pushed its own figures: the pushes add up
                .metricsPush(parts.stream().map(RunResult::metricsPush).filter(Objects::nonNull)
                        .reduce(io.dbharness.core.result.MetricsPush::plus).orElse(null))
                .harnessCpuSeconds(cpuSeconds(parts))
                .label(distinct(parts, RunResult::label))
                // whole-host figures of different machines neither add nor average: they stay in the parts; the
                // server's account is one part's (ServerAccount says why), and so is each server host's (HostAccounts)
                .resources(HostAccounts.resources(ServerAccount.resources(parts, server, totals, partial), parts, windows,
                        union, hostParts, first.resources() != null && first.resources().targetOnHost()))
                .stopReason(stopReason(parts))
                .failure(failure(parts))
                // a part that failed in its preparation measured nothing: that is the merged run's phase to name
                .failedPhase(parts.stream().map(RunResult::failedPhase).filter(Objects::nonNull)
                        .min(Comparator.naturalOrder()).orElse(null))
                .exitCode(parts.stream().mapToInt(RunResult::exitCode).max().orElse(0))
                // the merged run is the whole (or, with --allow-partial, the shards given): no one shard of it
                .shard(null)
                .build();
    }

    /** The shard indexes of the parts' run that are not among them; empty for unsharded parts. */
    public static List<Integer> missingShards(List<RunResult> parts) {
        return ShardCheck.missing(parts);
    }

    private static void check(List<RunResult> parts) {
        if (parts.size() < 2) {
            throw new ResultMismatchException("merge needs the results of at least two processes; got " + parts.size());
        }
        RunResult first = parts.get(0);
        Set<String> ids = new HashSet<>();
        for (RunResult r : parts) {
            same("workload", first.workload(), r.workload());
            same("target", first.target(), r.target());
            same("seed", Long.toString(first.seed()), Long.toString(r.seed()));
            if (!ids.add(r.runId())) {
                throw new ResultMismatchException("run " + r.runId() + " is given twice: its counts would be added twice");
            }
        }
    }

    private static void same(String what, String a, String b) {
        if (!Objects.equals(a, b)) {
            throw new ResultMismatchException("cannot merge results of different " + what + "s (" + a + " and " + b
                    + "): the parts of one run share workload, target and seed");
        }
    }

    private static String distinct(List<RunResult> parts, Function<RunResult, String> field) {
        return Counters.distinct(parts.stream().map(field).toList());
    }

    /** Deterministic: merging the same parts again gives the same id. */
    private static String runId(List<RunResult> parts, java.time.Instant start) {
        String ts = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(start);
        int hash = parts.stream().map(RunResult::runId).sorted().toList().hashCode() & 0xffff;
        return ts + "-" + parts.get(0).workload() + "-" + parts.get(0).target() + "-merged-" + String.format("%04x", hash);
    }

    /** An option the parts agree on stays; one they set differently (a shard number) keeps every value. */
    private static Map<String, String> options(List<RunResult> parts) {
        Map<String, List<String>> values = new TreeMap<>();
        for (RunResult r : parts) {
            (r.options() == null ? Map.<String, String>of() : r.options())
                    .forEach((k, v) -> values.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
        }
        Map<String, String> out = new TreeMap<>();
        values.forEach((k, v) -> out.put(k, Counters.distinct(v)));
        return out;
    }

    /** Each distinct machine once: their cores and memory add up, the rest is listed. */
    private static HostInfo host(List<RunResult> parts) {
        Map<String, HostInfo> byName = new LinkedHashMap<>();
        parts.stream().map(RunResult::host).filter(Objects::nonNull).forEach(h -> byName.putIfAbsent(h.hostname(), h));
        if (byName.isEmpty()) {
            return null;
        }
        List<HostInfo> hs = List.copyOf(byName.values());
        return new HostInfo(Counters.distinct(hs.stream().map(HostInfo::hostname).toList()),
                Counters.distinct(hs.stream().map(HostInfo::os).toList()), Counters.distinct(hs.stream().map(HostInfo::arch).toList()),
                hs.stream().mapToInt(HostInfo::cores).sum(), hs.stream().mapToLong(HostInfo::memoryBytes).sum(),
                Counters.distinct(hs.stream().map(HostInfo::jvm).toList()), hs.stream().mapToLong(HostInfo::maxHeapBytes).sum());
    }

    /**
     * PASSED only when every part passed, FAILED when any failed, else UNCHECKED when any could not check the
     * target, SKIPPED otherwise. The row counts are not added: each part counts the whole table the parts share, so
     * a sum would count it several times.
     */
    private static Verification verification(List<RunResult> parts) {
        List<Verification> vs = parts.stream().map(RunResult::verification).filter(Objects::nonNull).toList();
        if (vs.isEmpty()) {
            return null;
        }
        String status = vs.stream().anyMatch(Verification::isFailed) ? "FAILED"
                : vs.stream().anyMatch(Verification::isUnchecked) ? "UNCHECKED"
                : vs.size() == parts.size() && vs.stream().allMatch(v -> "PASSED".equals(v.status())) ? "PASSED" : "SKIPPED";
        // what several parts said alike is said once, with the parts that said it
        Map<String, List<String>> said = new LinkedHashMap<>();
        for (RunResult r : parts) {
            if (r.verification() != null) {
                said.computeIfAbsent(r.verification().status() + ": " + r.verification().message(), k -> new ArrayList<>())
                        .add(r.runId());
            }
        }
        String message = said.size() == 1 && vs.size() == parts.size() && vs.get(0).status().equals(status)
                ? vs.get(0).message() // every part said it: once, under the same status
                : said.entrySet().stream().map(e -> String.join(", ", e.getValue()) + " " + e.getKey())
                        .collect(java.util.stream.Collectors.joining("; "));
        long landed = vs.stream().mapToLong(Verification::unknownLanded).filter(n -> n >= 0).sum();
        boolean anyLanded = vs.stream().anyMatch(v -> v.unknownLanded() >= 0);
        return new Verification(status, -1, -1, anyLanded ? landed : -1, message);
    }

    /** Answers kept once per query instance: with one seed every part asks the same instance the same way. */
    private static List<AnswerDigest> answers(List<RunResult> parts) {
        Map<List<Object>, AnswerDigest> out = new LinkedHashMap<>();
        parts.forEach(r -> r.answers().forEach(a -> out.putIfAbsent(List.of(a.query(), a.instance()), a)));
        return List.copyOf(out.values());
    }

    private static Map<String, String> plans(List<RunResult> parts) {
        Map<String, String> out = new TreeMap<>();
        parts.forEach(r -> r.plans().forEach(out::putIfAbsent));
        return out;
    }

    /** Warm-ups run side by side: counts add, over the longest part's warm-up. */
    private static Totals warmup(List<RunResult> parts) {
        List<Totals> ws = parts.stream().map(RunResult::warmup).filter(Objects::nonNull).toList();
        return ws.isEmpty() ? null : Counters.totals(ws, ws.stream().mapToDouble(Totals::durationSeconds).max().orElseThrow());
    }

    /** Unknown when any part did not know its own. */
    private static java.util.OptionalDouble cpuSeconds(List<RunResult> parts) {
        return parts.stream().anyMatch(r -> r.harnessCpuSeconds().isEmpty()) ? java.util.OptionalDouble.empty()
                : java.util.OptionalDouble.of(parts.stream().mapToDouble(r -> r.harnessCpuSeconds().getAsDouble()).sum());
    }

    /** Stop reasons go from the least to the most telling (the enum's order): the merged run stopped as its worst part did. */
    private static io.dbharness.core.result.StopReason stopReason(List<RunResult> parts) {
        return parts.stream().map(RunResult::stopReason).max(Comparator.naturalOrder()).orElseThrow();
    }

    private static String failure(List<RunResult> parts) {
        List<String> fs = parts.stream().filter(r -> r.failure() != null).map(r -> r.runId() + ": " + r.failure()).toList();
        return fs.isEmpty() ? null : String.join("; ", fs);
    }

    /**
     * The parts' answers' digest CPU summed, as the harness's CPU is; a part without it makes the sum unknown (then
     * the first part's figure is not shown as the run's: the detail is given, "unknown").
     */
    private static java.util.Optional<String> digestCpu(List<RunResult> parts) {
        if (parts.stream().noneMatch(p -> p.workloadFacts().details().containsKey(AnswerDigest.DIGEST_CPU_DETAIL))) {
            return java.util.Optional.empty();
        }
        double sum = 0;
        for (RunResult p : parts) {
            String s = p.workloadFacts().details().get(AnswerDigest.DIGEST_CPU_DETAIL);
            if (s == null) {
                return java.util.Optional.of("unknown");
            }
            sum += Double.parseDouble(s);
        }
        return java.util.Optional.of(String.format(java.util.Locale.ROOT, "%.4f", sum));
    }
}
