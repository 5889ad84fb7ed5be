package io.dbharness.results.explain;

import io.dbharness.core.api.MetricDescriptor.Category;
import io.dbharness.core.result.GroupResult;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.core.measure.HostUsage;
import io.dbharness.results.Fmt;
import io.dbharness.results.ServerFigures;
import io.dbharness.results.ServerHostFigures;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What limited a run, as its figures show it ({@code runner explain RESULT}): each verdict names the figure it rests
 * on, and when no figure passes its bar the explanation says the figures do not decide. Nothing is guessed from the
 * product or the workload: only the result's own figures count.
 *
 * <p>The bars: the open model fell behind when a group did not keep to its schedule; the client (harness) is
 * CPU-bound at {@value #CLIENT_CORES_PER_WORKER} cores per worker or more, or when the harness used
 * {@value #CLIENT_HOST_SHARE}% or more of the host's cores; the host's CPUs are saturated at
 * {@value #HOST_BUSY}% busy, and so are a server host's ({@code --server-hosts}), whose disks are saturated when the
 * busiest was busy {@value #DISK_BUSY}% of the time; of the time the harness's sessions spent on the server, {@value #WAIT_BAR}% or more
 * on one category of wait (WAL and its syncs, locks, data file reads, the client: each wait's category as the
 * target's telemetry declared it, {@link io.dbharness.core.api.MetricDescriptor}) or {@value #CPU_BAR}% on a CPU
 * decides.
 *
 * <p>A run whose every group was offered a rate and kept up with it was limited by its offer: that is its verdict, and
 * the server's and the host's figures are then {@linkplain #context context} (how the run went, not what held it
 * back: a server that waits for the harness's next statement at a rate the harness chose is no client limit).
 */
public final class Explanation {

    static final double CLIENT_CORES_PER_WORKER = 0.8;
    static final double CLIENT_HOST_SHARE = 80;
    static final double HOST_BUSY = 90;
    static final double DISK_BUSY = 90;
    static final double WAIT_BAR = 30;
    static final double CPU_BAR = 60;
    /** Fewer looks than this at the server's sessions are too few to call a share. */
    static final int MIN_LOOKS = 5;
    /** A run shorter than this (seconds) has too few figures to judge: one short interval's rates are noise. */
    static final double MIN_SECONDS = 1;

    /**
     * One verdict.
     *
     * @param limit  what limited the run, in a few words
     * @param figure the figure it rests on, with its number
     */
    public record Verdict(String limit, String figure) {
    }

    /** The verdicts, strongest first; empty when the figures do not decide. */
    public static List<Verdict> verdicts(RunResult r) {
        List<Verdict> out = new ArrayList<>();
        if (r.totals() == null || r.totals().durationSeconds() < MIN_SECONDS) {
            return out;
        }
        for (GroupResult g : groups(r)) {
            if (g.pacing() != null && !g.pacing().keptUp()) {
                out.add(new Verdict("the open model fell behind", String.format(Locale.ROOT,
                        "group %s offered %s %s and ended %s behind its schedule (at most %s)", g.name(),
                        Fmt.rate(g.pacing().targetPerSecond()), g.pacing().unit(), Fmt.lag(g.pacing().finalLagSeconds()),
                        Fmt.lag(g.pacing().maxLagSeconds()))));
            } else if (keptUp(r, g)) {
                out.add(new Verdict("the offered rate: it kept up with the load it was given", String.format(
                        Locale.ROOT, "group %s offered %s %s and achieved %s %s, %s behind its schedule at the end"
                                + " (at most %s)", g.name(), Fmt.rate(g.pacing().targetPerSecond()), g.pacing().unit(),
                        Fmt.rate(achieved(g)), g.pacing().unit(), Fmt.lag(g.pacing().finalLagSeconds()),
                        Fmt.lag(g.pacing().maxLagSeconds()))));
            }
        }
        if (!limitedByOffer(r)) {
            out.addAll(profile(r));
        }
        return out;
    }

    /**
     * The server's and the host's figures that would be verdicts, when the run was limited by its offer: what the run
     * cost at that rate, not what held it back. Empty otherwise (they are then among the {@link #verdicts}).
     */
    public static List<Verdict> context(RunResult r) {
        return r.totals() != null && r.totals().durationSeconds() >= MIN_SECONDS && limitedByOffer(r) ? profile(r) : List.of();
    }

    /** Every group was offered a rate, and kept up with it. */
    private static boolean limitedByOffer(RunResult r) {
        List<GroupResult> groups = groups(r);
        return !groups.isEmpty() && groups.stream().allMatch(g -> keptUp(r, g));
    }

    /**
     * An open group that kept to its schedule, with operations to show it (nothing due says nothing), in a run that
     * did not abort (its schedule was cut short).
     */
    private static boolean keptUp(RunResult r, GroupResult g) {
        return g.pacing() != null && g.pacing().keptUp() && g.totals() != null && g.totals().counts().operations() > 0
                && r.stopReason() != io.dbharness.core.result.StopReason.ABORTED;
    }

    /** The group's rate in its offer's unit. */
    private static double achieved(GroupResult g) {
        return "rows/s".equals(g.pacing().unit()) ? g.totals().rowsPerSecond() : g.totals().operationsPerSecond();
    }

    private static List<GroupResult> groups(RunResult r) {
        return r.groups() == null ? List.of() : r.groups();
    }

    /** What the harness's CPU, the server's waits and the host's CPUs say, each past its bar. */
    private static List<Verdict> profile(RunResult r) {
        List<Verdict> out = new ArrayList<>();
        HostSample mean = r.resources() == null ? null : r.resources().mean();
        if (mean != null && mean.harnessCpuCores() >= 0 && r.workers() > 0) {
            double perWorker = mean.harnessCpuCores() / r.workers();
            int cores = r.host() == null ? 0 : r.host().cores();
            double hostShare = cores > 0 ? 100 * mean.harnessCpuCores() / cores : -1;
            if (perWorker >= CLIENT_CORES_PER_WORKER || hostShare >= CLIENT_HOST_SHARE) {
                out.add(new Verdict("the client (the harness) was CPU-bound", String.format(Locale.ROOT,
                        "the harness used %.2f cores for %d workers (%.2f per worker%s)", mean.harnessCpuCores(),
                        r.workers(), perWorker, hostShare >= 0 ? String.format(Locale.ROOT, ", %.0f%% of the host's %d cores",
                                hostShare, cores) : "")));
            }
        }
        ServerUsage s = r.serverUsage();
        if (s != null && s.waitSource() != null && s.waitSamples() >= MIN_LOOKS && !s.waitShares().isEmpty()) {
            addWait(out, s, "WAL and its syncs (fsync)", Category.WAL, WAIT_BAR);
            addWait(out, s, "row and table locks", Category.LOCK, WAIT_BAR);
            addWait(out, s, "reads from the data files (the working set is not in memory)", Category.IO, WAIT_BAR);
            addWait(out, s, "the client: the server waited for the next statement or data (round trips, the"
                    + " harness's side)", Category.CLIENT, WAIT_BAR);
            addWait(out, s, "the server's CPU", Category.CPU, CPU_BAR);
        }
        serverHosts(r, out);
        if (mean != null && mean.cpuUserPercent() >= 0) {
            double meanBusy = mean.cpuUserPercent() + mean.cpuSystemPercent();
            if (meanBusy >= HOST_BUSY) {
                double busy = r.intervals() == null ? -1 : HostUsage.peakCpuBusyPercent(r.intervals());
                out.add(new Verdict("the host's CPUs were saturated" + (r.resources().targetOnHost()
                        ?  " (the harness and the target share them)" : ""), String.format(Locale.ROOT,
                        "%.0f%% busy on average (user %.0f%%, system %.0f%%), peak %.0f%%", meanBusy, mean.cpuUserPercent(),
                        mean.cpuSystemPercent(), busy)));
            }
        }
        return out;
    }

    /**
     * The database's machines ({@code --server-hosts}): their disks busy nearly all the time, or their CPUs. Each host
     * on its own, named when there are several: one saturated node holds a cluster back however idle the others are.
     */
    private static void serverHosts(RunResult r, List<Verdict> out) {
        List<ServerHostFigures.Host> hosts = ServerHostFigures.of(r);
        for (ServerHostFigures.Host h : hosts) {
            HostSample m = h.mean();
            if (m == null) {
                continue;
            }
            String which = hosts.size() > 1 ? " (host " + h.name() + ")" : "";
            // a host that stopped answering: its means are of its first seconds, not of the run
            String partial = h.stopped() == null ? "" : " (over the time before its " + h.stopped() + ")";
            double disks = ServerHostFigures.known(m.diskBusyPercent());
            if (disks >= DISK_BUSY) {
                out.add(new Verdict("the server's disks were saturated" + which, String.format(Locale.ROOT,
                        "%.0f%% busy, await %s ms (%s IOPS, %s / %s MB/s read / written%s)", disks,
                        Fmt.millis(m.diskAwaitMillis()), Fmt.rate(ServerHostFigures.iops(m)), Fmt.oneDecimal(m.diskReadMegabytesPerSecond()),
                        Fmt.oneDecimal(m.diskWriteMegabytesPerSecond()), m.cpuIowaitPercent() < 0 ? ""
                                : String.format(Locale.ROOT, "; CPUs %.0f%% in iowait", m.cpuIowaitPercent())) + partial));
            }
            double busy = ServerHostFigures.busy(m);
            if (busy >= HOST_BUSY) {
                double peak = ServerHostFigures.peakBusy(r, h.name());
                out.add(new Verdict("the server's CPUs were saturated" + which, String.format(Locale.ROOT,
                        "%.0f%% busy on average (user %.0f%%, system %.0f%%%s)%s", busy, m.cpuUserPercent(),
                        m.cpuSystemPercent(), Double.isNaN(peak) ? "" : String.format(Locale.ROOT, ", peak %.0f%%", peak),
                        h.cores() > 0 ? " of " + h.cores() + " cores" : "") + partial));
            }
        }
    }

    /** A verdict when the waits the telemetry put in {@code category} reach {@code bar}% of the looks. */
    private static void addWait(List<Verdict> out, ServerUsage s, String what, Category category, double bar) {
        Map<String, Double> of = ServerFigures.waitShares(s, category);
        double share = of.values().stream().mapToDouble(Double::doubleValue).sum();
        if (share >= bar) {
            out.add(new Verdict(what, String.format(Locale.ROOT, "%.0f%% of our sessions' server time (%s; %s looks, %s)",
                    share, of.entrySet().stream().map(e -> e.getKey() + " " + Math.round(e.getValue()) + "%")
                            .collect(Collectors.joining(", ")), Fmt.count(s.waitSamples()), s.waitSource())));
        }
    }

    /** The explanation as printed: the run in one line, then each verdict with its figure, or why none is given. */
    public static String render(RunResult r) {
        StringBuilder b = new StringBuilder();
        b.append(r.runId()).append(": ").append(r.workload()).append(" on ").append(r.target());
        if (r.targetInfo() != null) {
            b.append(" (").append(r.targetInfo().product()).append(' ').append(r.targetInfo().serverVersion())
                    .append(", ").append(r.targetInfo().endpoint()).append(')');
        }
        b.append(", ").append(r.loadModel()).append(", ").append(Fmt.oneDecimal(r.totals().durationSeconds())).append(" s\n");
        List<Verdict> v = verdicts(r);
        if (v.isEmpty()) {
            b.append("what limited it: the figures do not decide. ").append(undecided(r)).append('\n');
        } else {
            b.append("what limited it:\n");
            list(b, v);
        }
        List<Verdict> context = context(r);
        if (!context.isEmpty()) {
            b.append("at the offered rate (context, not the limit):\n");
            list(b, context);
        }
        ServerUsage s = r.serverUsage();
        if (s == null && !v.isEmpty()) {
            b.append(ServerHostFigures.of(r).isEmpty() ? "no server telemetry in this result: the server's side is not judged\n"
                    : "no server telemetry in this result: the server's waits are not judged (its machines' figures are)\n");
        }
        if (s != null && !s.unavailable().isEmpty()) {
            b.append("not had from the server: ").append(String.join("; ", s.unavailable().keySet())).append('\n');
        }
        return b.toString();
    }

    private static void list(StringBuilder b, List<Verdict> verdicts) {
        for (Verdict x : verdicts) {
            b.append("  - ").append(x.limit()).append(": ").append(x.figure()).append('\n');
        }
    }

    /** What the figures were, so a reader sees why none decides. */
    private static String undecided(RunResult r) {
        List<String> parts = new ArrayList<>();
        if (r.totals() != null && r.totals().durationSeconds() < MIN_SECONDS) {
            return String.format(Locale.ROOT, "The run lasted %.1f s: too short for its figures to decide.",
                    r.totals().durationSeconds());
        }
        ServerUsage s = r.serverUsage();
        if (s == null) {
            parts.add("The result has no server telemetry (--server-telemetry off, or a target that offers none)");
        } else if (s.waitSource() == null) {
            parts.add("The server has no wait events to sample");
        } else if (s.waitSamples() < MIN_LOOKS || s.waitShares().isEmpty()) {
            parts.add("Too few looks at the server's sessions to call a share (" + s.waitSamples() + ")");
        } else {
            parts.add("No wait reaches " + Math.round(WAIT_BAR) + "% of our sessions' server time: " + s.waitShares()
                    .entrySet().stream().limit(5).map(e -> e.getKey() + " " + Math.round(e.getValue()) + "%")
                    .collect(Collectors.joining(", ")));
        }
        HostSample mean = r.resources() == null ? null : r.resources().mean();
        if (mean != null && mean.harnessCpuCores() >= 0) {
            parts.add(String.format(Locale.ROOT, "the harness used %.2f cores for %d workers", mean.harnessCpuCores(),
                    r.workers()));
        }
        if (mean != null && mean.cpuUserPercent() >= 0) {
            parts.add(String.format(Locale.ROOT, "the host's CPUs were %.0f%% busy", mean.cpuUserPercent()
                    + mean.cpuSystemPercent()));
        }
        List<ServerHostFigures.Host> hosts = ServerHostFigures.of(r);
        for (ServerHostFigures.Host h : hosts) {
            String of = "server host " + h.name() + ": ";
            if (h.mean() == null) {
                parts.add(of + "no sample");
                continue;
            }
            double busy = ServerHostFigures.busy(h.mean());
            double disks = ServerHostFigures.known(h.mean().diskBusyPercent());
            parts.add(of + (Double.isNaN(busy) ? "CPU missing" : String.format(Locale.ROOT, "CPUs %.0f%% busy", busy))
                    + ", " + (Double.isNaN(disks) ? "disks' busy time missing" : String.format(Locale.ROOT,
                    "disks %.0f%% busy, await %s ms", disks, Fmt.millis(h.mean().diskAwaitMillis()))));
        }
        return String.join("; ", parts) + ".";
    }

    private Explanation() {
    }
}
