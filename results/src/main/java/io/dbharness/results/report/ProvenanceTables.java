package io.dbharness.results.report;

import io.dbharness.core.api.Verification;
import io.dbharness.core.result.HostInfo;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.ResourceUsage;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.report.Table.Column;
import io.dbharness.results.report.Table.Kind;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static io.dbharness.results.report.RunTables.col;

/** Where the figures come from (harness, target, DDL, host), whether the runs checked out, and the host's load. */
final class ProvenanceTables {

    private ProvenanceTables() {
    }

    static Table provenance(RunSet set) {
        List<Column> cols = List.of(col("run"), col("harness"), col("commit"), col("product"), col("version"),
                col("endpoint"), col("settings"), col("seed"), col("host"), new Column("cores", Kind.COUNT),
                new Column("memory", Kind.BYTES), col("jvm"), col("start"), new Column("ddl", Kind.CODE));
        List<List<Object>> rows = new ArrayList<>();
        for (RunSet.Run run : set.runs()) {
            RunResult r = run.result();
            HostInfo h = r.host();
            boolean t = r.targetInfo() != null;
            rows.add(Arrays.asList(run.name(), r.harnessVersion(), r.gitCommit(), t ? r.targetInfo().product() : r.target(),
                    t ? r.targetInfo().serverVersion() : null, t ? r.targetInfo().endpoint() : null,
                    t ? settings(r.targetInfo().settings()) : null, String.valueOf(r.seed()), h == null ? null : h.hostname(),
                    h == null ? null : (long) h.cores(), h == null ? null : h.memoryBytes(), h == null ? null : h.jvm(),
                    r.start().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString(), r.workloadFacts().details().get("ddl")));
        }
        return new Table("provenance", "Provenance", cols, rows);
    }

    static Table verification(RunSet set) {
        List<Column> cols = List.of(col("run"), col("status"), new Column("expected", Kind.COUNT),
                new Column("actual", Kind.COUNT), new Column("unknown landed", Kind.COUNT), col("message"), col("failure"));
        List<List<Object>> rows = new ArrayList<>();
        for (RunSet.Run run : set.runs()) {
            Verification v = run.result().verification();
            rows.add(Arrays.asList(run.name(), v == null ? "none" : v.status(), v == null ? null : positive(v.expected()),
                    v == null ? null : positive(v.actual()), v == null ? null : positive(v.unknownLanded()),
                    v == null ? null : v.message(), run.result().failure()));
        }
        return new Table("verification", "Verification", cols, rows);
    }

    /** The host's mean use over each run, for the runs that could read it; null when none could. */
    static Table resources(RunSet set) {
        List<Column> cols = List.of(col("run"), col("scope"), new Column("cpu user %", Kind.DECIMAL),
                new Column("cpu system %", Kind.DECIMAL), new Column("cpu iowait %", Kind.DECIMAL),
                new Column("harness cores", Kind.DECIMAL), new Column("peak memory used", Kind.BYTES),
                new Column("disk read MB/s", Kind.DECIMAL), new Column("disk write MB/s", Kind.DECIMAL),
                new Column("net rx MB/s", Kind.DECIMAL), new Column("net tx MB/s", Kind.DECIMAL));
        List<List<Object>> rows = new ArrayList<>();
        for (RunSet.Run run : set.runs()) {
            ResourceUsage u = run.result().resources();
            if (u == null || u.mean() == null) {
                continue;
            }
            HostSample m = u.mean();
            rows.add(Arrays.asList(run.name(), u.scope(), known(m.cpuUserPercent()), known(m.cpuSystemPercent()),
                    known(m.cpuIowaitPercent()), known(m.harnessCpuCores()),
                    u.peak() == null || u.peak().memoryUsedBytes() < 0 ? null : u.peak().memoryUsedBytes(),
                    known(m.diskReadMegabytesPerSecond()), known(m.diskWriteMegabytesPerSecond()),
                    known(m.netReceiveMegabytesPerSecond()), known(m.netTransmitMegabytesPerSecond())));
        }
        return rows.isEmpty() ? null : new Table("resources", "Host resources (mean over the run)", cols, rows);
    }

    private static String settings(Map<String, String> s) {
        return new TreeMap<>(s).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("; "));
    }

    /** A host figure of -1 could not be read: an empty cell. */
    private static Double known(double v) {
        return v < 0 ? null : v;
    }

    /** The verification's -1 means "not counted": an empty cell, not a number. */
    private static Long positive(long v) {
        return v < 0 ? null : v;
    }
}
