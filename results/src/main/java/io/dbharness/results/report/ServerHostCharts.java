package io.dbharness.results.report;

import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.results.ServerHostFigures;
import io.dbharness.results.report.ChartSpec.Axis;
import io.dbharness.results.report.ChartSpec.Series;
import io.dbharness.results.report.Table.Column;
import io.dbharness.results.report.Table.Kind;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

import static io.dbharness.results.report.RunTables.col;

/**
 * The database's machines ({@code --server-hosts}) over each run: CPU per host, disk IOPS and await, network, and a
 * table of their means. None for runs without them; a figure a host could not tell is a gap, never a 0.
 */
final class ServerHostCharts {

    private ServerHostCharts() {
    }

    private static List<RunSet.Run> withHosts(RunSet set) {
        return set.runs().stream().filter(r -> !ServerHostFigures.of(r.result()).isEmpty()).toList();
    }

    static List<ChartSpec> select(RunSet set) {
        List<RunSet.Run> runs = withHosts(set);
        if (runs.isEmpty()) {
            return List.of();
        }
        List<Series> cpu = new ArrayList<>();
        List<Series> disk = new ArrayList<>();
        List<Series> net = new ArrayList<>();
        for (RunSet.Run run : runs) {
            List<ServerHostFigures.Host> hosts = ServerHostFigures.of(run.result());
            for (ServerHostFigures.Host h : hosts) {
                String name = run.name() + " " + h.name();
                cpu.add(Series.line(name + " busy %", samples(run, h, ServerHostFigures::busy)));
                cpu.add(Series.line(name + " iowait %", samples(run, h, s -> ServerHostFigures.known(s.cpuIowaitPercent()))));
                disk.add(Series.line(name + " IOPS", samples(run, h, ServerHostFigures::iops)));
                disk.add(new Series(name + " await ms", "line", 1, samples(run, h, s -> ServerHostFigures.known(s.diskAwaitMillis())), null));
                net.add(Series.line(name + " receive MB/s", samples(run, h, s -> ServerHostFigures.known(s.netReceiveMegabytesPerSecond()))));
                net.add(Series.line(name + " transmit MB/s", samples(run, h, s -> ServerHostFigures.known(s.netTransmitMegabytesPerSecond()))));
            }
        }
        String note = "The database's machines (--server-hosts), each interval's rates from the host's own counters.";
        return List.of(
                new ChartSpec("server-host-cpu", "server-host", "Server hosts' CPU", Axis.value("seconds"),
                        Axis.value("% of the host's cores"), null, null, cpu, "Busy = user + system time. " + note),
                new ChartSpec("server-host-disk", "server-host", "Server hosts' disks: IOPS and await", Axis.value("seconds"),
                        Axis.value("IOPS"), Axis.value("await ms"), null, disk,
                        "Reads and writes per second (left) and the mean time a request took, queue and service (right). " + note),
                new ChartSpec("server-host-net", "server-host", "Server hosts' network", Axis.value("seconds"), Axis.value("MB/s"),
                        null, null, net, note));
    }

    private static List<Double[]> samples(RunSet.Run run, ServerHostFigures.Host h, ToDoubleFunction<HostSample> f) {
        List<Double[]> out = new ArrayList<>();
        for (IntervalSample i : TimelineCharts.charted(run.result())) {
            HostSample s = ServerHostFigures.at(i).get(h.name());
            out.add(ChartSpec.point(i.endSeconds(), s == null ? Double.NaN : f.applyAsDouble(s)));
        }
        return out;
    }

    /** Each run's server hosts, their means over the run and their peaks that matter; null when no run has any. */
    static Table table(RunSet set) {
        List<Column> cols = List.of(col("run"), col("host"), col("source"), new Column("cores", Kind.COUNT),
                new Column("memory", Kind.BYTES), new Column("cpu busy %", Kind.DECIMAL), new Column("cpu user %", Kind.DECIMAL),
                new Column("cpu system %", Kind.DECIMAL), new Column("cpu iowait %", Kind.DECIMAL),
                new Column("peak cpu busy %", Kind.DECIMAL), new Column("peak memory used", Kind.BYTES),
                new Column("reads/s", Kind.RATE), new Column("writes/s", Kind.RATE), new Column("read MB/s", Kind.DECIMAL),
                new Column("write MB/s", Kind.DECIMAL), new Column("await ms", Kind.MILLIS),
                new Column("disks busy %", Kind.DECIMAL), new Column("net rx MB/s", Kind.DECIMAL),
                new Column("net tx MB/s", Kind.DECIMAL), col("samples stopped"));
        List<List<Object>> rows = new ArrayList<>();
        for (RunSet.Run run : withHosts(set)) {
            for (ServerHostFigures.Host h : ServerHostFigures.of(run.result())) {
                HostSample m = h.mean();
                double peakBusy = ServerHostFigures.peakBusy(run.result(), h.name());
                rows.add(Arrays.asList(run.name(), h.name(), h.source(), h.cores() > 0 ? (long) h.cores() : null,
                        h.memoryTotalBytes() > 0 ? h.memoryTotalBytes() : null, cell(m, ServerHostFigures::busy),
                        cell(m, HostSample::cpuUserPercent), cell(m, HostSample::cpuSystemPercent),
                        cell(m, HostSample::cpuIowaitPercent), Double.isNaN(peakBusy) ? null : peakBusy,
                        h.peak() == null || h.peak().memoryUsedBytes() < 0 ? null : h.peak().memoryUsedBytes(),
                        cell(m, HostSample::diskReadsPerSecond), cell(m, HostSample::diskWritesPerSecond),
                        cell(m, HostSample::diskReadMegabytesPerSecond), cell(m, HostSample::diskWriteMegabytesPerSecond),
                        cell(m, HostSample::diskAwaitMillis), cell(m, HostSample::diskBusyPercent),
                        cell(m, HostSample::netReceiveMegabytesPerSecond), cell(m, HostSample::netTransmitMegabytesPerSecond),
                        h.stopped()));
            }
        }
        return rows.isEmpty() ? null : new Table("server-hosts", "Server hosts (mean over the run)", cols, rows);
    }

    /** An empty cell for a figure the host could not tell. */
    private static Double cell(HostSample m, ToDoubleFunction<HostSample> f) {
        if (m == null) {
            return null;
        }
        double v = f.applyAsDouble(m);
        return Double.isNaN(v) || v < 0 ? null : v;
    }
}
