package io.dbharness.results.report;

import io.dbharness.core.api.TopStatement;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.results.ServerRows;
import io.dbharness.results.report.Table.Column;
import io.dbharness.results.report.Table.Kind;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The server's account in tables (HTML, Markdown, CSV alike): one row per run, and the top statements. */
final class ServerTables {

    private ServerTables() {
    }

    /** Null when no run has server telemetry. */
    static Table server(RunSet set) {
        List<Column> cols = List.of(RunTables.col("run"), RunTables.col("server time"),
                new Column("looks", Kind.COUNT), new Column("commits", Kind.COUNT), new Column("rollbacks", Kind.COUNT),
                new Column("WAL bytes", Kind.BYTES), new Column("WAL syncs", Kind.COUNT),
                new Column("checkpoints", Kind.COUNT), new Column("stored at start", Kind.BYTES),
                new Column("stored at end", Kind.BYTES), new Column("bytes per row", Kind.DECIMAL),
                new Column("bytes per point", Kind.DECIMAL), RunTables.col("not had"));
        List<List<Object>> rows = new ArrayList<>();
        for (RunSet.Run run : ServerCharts.withServer(set)) {
            ServerUsage s = run.result().serverUsage();
            Map<String, Double> c = s.counters();
            Double checkpoints = ServerRows.checkpoints(c);
            String time = ServerRows.serverTime(s);
            rows.add(Arrays.asList(run.name(), time == null ? "" : time, (long) s.waitSamples(), count(c.get("commits")),
                    count(c.get("rollbacks")), count(c.get("wal_bytes")), count(c.get("wal_syncs")), count(checkpoints),
                    s.storedBytesStart() < 0 ? null : s.storedBytesStart(), s.storedBytesEnd() < 0 ? null : s.storedBytesEnd(),
                    s.bytesPerRow() < 0 ? null : s.bytesPerRow(), s.bytesPerPoint() < 0 ? null : s.bytesPerPoint(),
                    s.unavailable().entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
                            .collect(Collectors.joining("; "))));
        }
        return rows.isEmpty() ? null : new Table("server", "Server (its own account of each run)", cols, rows);
    }

    /** Null when no run has top statements. */
    static Table statements(RunSet set) {
        List<Column> cols = List.of(RunTables.col("run"), new Column("rank", Kind.COUNT), new Column("calls", Kind.COUNT),
                new Column("total ms", Kind.MILLIS), new Column("mean ms", Kind.MILLIS), new Column("rows", Kind.COUNT),
                RunTables.col("statement"));
        List<List<Object>> rows = new ArrayList<>();
        for (RunSet.Run run : ServerCharts.withServer(set)) {
            List<TopStatement> top = run.result().serverUsage().statements();
            for (int i = 0; i < top.size(); i++) {
                TopStatement t = top.get(i);
                rows.add(Arrays.asList(run.name(), (long) i + 1, t.calls(), t.totalMillis(), t.meanMillis(), t.rows(), t.text()));
            }
        }
        return rows.isEmpty() ? null : new Table("statements", "Top statements (server time during the run)", cols, rows);
    }

    private static Long count(Double v) {
        return v == null ? null : Math.round(v);
    }
}
