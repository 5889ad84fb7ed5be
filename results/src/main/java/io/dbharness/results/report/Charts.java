package io.dbharness.results.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Which charts a set of runs gets. Always: throughput over time and the latency distribution per operation type.
 * When a workload has several configurations: their headline side by side. When one setting differs between them
 * (or two: a grid, one line per value of the second): a scaling chart, and for {@code --rate} offered against
 * achieved. When runs have several operation types (TPC-C, queries): throughput and p99 per type. When the host
 * was sampled: CPU, disk and network over time; the same for the database's machines ({@code --server-hosts}), per
 * host, with disk IOPS and await. When the server gave its own account: its wait profile per run,
 * its counters over time and the bytes stored per row and point.
 */
final class Charts {

    private Charts() {
    }

    static List<ChartSpec> select(RunSet set) {
        List<ChartSpec> out = new ArrayList<>();
        out.addAll(ComparisonCharts.headline(set));
        out.addAll(ComparisonCharts.scaling(set));
        out.addAll(ComparisonCharts.rate(set));
        out.addAll(TimelineCharts.throughput(set));
        out.addAll(TimelineCharts.freshness(set));
        out.addAll(LatencyCharts.distributions(set));
        out.addAll(LatencyCharts.perType(set));
        out.addAll(TimelineCharts.host(set));
        out.addAll(ServerHostCharts.select(set));
        out.addAll(ServerCharts.select(set));
        return out;
    }
}
