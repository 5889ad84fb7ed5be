package io.dbharness.results.report;

import io.dbharness.core.api.MetricDescriptor.Unit;
import io.dbharness.core.api.TopStatement;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.results.ServerFigures;
import io.dbharness.results.ServerRows;
import io.dbharness.results.report.Table.Column;
import io.dbharness.results.report.Table.Kind;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The server's account in tables (HTML, Markdown, CSV alike): one row per run, and the top statements. */
final class ServerTables {

    private ServerTables() {
    }

    /**
     * Null when no run has server telemetry. Its counters' columns are those the runs' telemetry declared to show, one
     * per label, in their order: a label none of the runs has no column, one shown when not zero none that is zero.
     */
    static Table server(RunSet set) {
        List<RunSet.Run> runs = ServerCharts.withServer(set);
        Map<String, ServerFigures.Figure> columns = new LinkedHashMap<>();
        for (RunSet.Run run : runs) {
            for (ServerFigures.Figure f : ServerFigures.counters(run.result().serverUsage())) {
                if (f.shown()) {
                    columns.putIfAbsent(f.label(), f);
                }
            }
        }
        List<Column> cols = new ArrayList<>(List.of(RunTables.col("run"), RunTables.col("server time"),
                new Column("looks", Kind.COUNT)));
        columns.values().forEach(f -> cols.add(new Column(f.heading(), kind(f.unit()))));
        cols.addAll(List.of(new Column("stored at start", Kind.BYTES),
                new Column("stored at end", Kind.BYTES), new Column("bytes per row", Kind.DECIMAL),
                new Column("bytes per point", Kind.DECIMAL), RunTables.col("not had")));
        List<List<Object>> rows = new ArrayList<>();
        for (RunSet.Run run : runs) {
            ServerUsage s = run.result().serverUsage();
            Map<String, ServerFigures.Figure> has = new LinkedHashMap<>();
            ServerFigures.counters(s).forEach(f -> has.put(f.label(), f));
            String time = ServerRows.serverTime(s);
            List<Object> row = new ArrayList<>(Arrays.asList(run.name(), time == null ? "" : time, (long) s.waitSamples()));
            for (String label : columns.keySet()) {
                ServerFigures.Figure f = has.get(label);
                row.add(f == null ? null : f.unit() == Unit.COUNT || f.unit() == Unit.BYTES ? (Object) Math.round(f.value())
                        : (Object) f.value());
            }
            row.addAll(Arrays.asList(s.storedBytesStart() < 0 ? null : s.storedBytesStart(),
                    s.storedBytesEnd() < 0 ? null : s.storedBytesEnd(),
                    s.bytesPerRow() < 0 ? null : s.bytesPerRow(), s.bytesPerPoint() < 0 ? null : s.bytesPerPoint(),
                    s.unavailable().entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
                            .collect(Collectors.joining("; "))));
            rows.add(row);
        }
        return rows.isEmpty() ? null : new Table("server", "Server (its own account of each run)", cols, rows);
    }

    /** How a column of figures in that unit is formatted. */
    private static Kind kind(Unit unit) {
        return switch (unit) {
            case COUNT -> Kind.COUNT;
            case BYTES -> Kind.BYTES;
            case MILLIS -> Kind.MILLIS;
            default -> Kind.DECIMAL;
        };
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

}
