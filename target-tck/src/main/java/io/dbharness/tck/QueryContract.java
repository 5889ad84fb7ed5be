package io.dbharness.tck;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.CompiledQuery;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.QueryAnswer;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.QueryReader;
import io.dbharness.core.api.QueryShape;
import io.dbharness.core.api.QueryTemplate;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.api.TimeSeriesQuery.TableState;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.FutureTask;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract of every target with {@link TimeSeriesQuery}: what it says of a table, its preparation for queries,
 * catalogue queries answering as expected on known data, and a stalled query cancelled. The data are written with
 * the target's own {@link TimeSeriesIngest}: 4 devices, 9 rows each 20 s apart from {@link Rows#T0}, metric
 * {@code m} of device {@code d}'s {@code j}-th row {@code d * 100 + j + m / 2}.
 */
public abstract class QueryContract extends Contract {

    private static final int DEVICES = 4;
    private static final int PER_DEVICE = 9;
    private static final long STEP = 20 * Rows.SECOND;
    private static final long MINUTE = 60 * Rows.SECOND;
    /** The metric the queries aggregate ({@code {metric}}). */
    private static final int METRIC = 1;

    // ---- hooks ----

    /**
     * What {@code tableState} says of a table that was created and holds no rows: EMPTY. A target that has no
     * empty tables (InfluxDB: a measurement exists through its points) overrides it, saying why.
     */
    protected TableState stateOfAnEmptyTable() {
        return TableState.EMPTY;
    }

    /** The table queried: three float8 metrics. */
    protected SeriesSchema schema(String table) {
        return new SeriesSchema(table, MetricType.FLOAT8, 3, 998);
    }

    // ---- the kit ----

    protected static TimeSeriesQuery query(TargetAdapter t) {
        return t.capability(TimeSeriesQuery.class).orElseThrow(() -> new AssertionError(
                "the target offers no TimeSeriesQuery: QueryContract is for targets that answer queries"));
    }

    private static double value(int device, int j, int metric) {
        return device * 100 + j + metric / 2.0;
    }

    /** The known data, into a clean table; visible to queries when this returns. */
    private void load(TargetAdapter t, SeriesSchema s) throws Exception {
        TimeSeriesIngest in = t.capability(TimeSeriesIngest.class).orElseThrow(() -> new AssertionError(
                "QueryContract writes its data with the target's TimeSeriesIngest, which it lacks"));
        in.createSchema(s, SchemaMode.CLEAN);
        RowBatch b = new RowBatch(s.metricType(), s.metricCount(), DEVICES * PER_DEVICE);
        for (int d = 1; d <= DEVICES; d++) {
            for (int j = 0; j < PER_DEVICE; j++) {
                int row = b.addRow(Rows.T0 + j * STEP, d);
                for (int m = 0; m < s.metricCount(); m++) {
                    if (s.metricType().integral()) {
                        b.setLong(row, m, (long) value(d, j, m));
                    } else {
                        b.setDouble(row, m, value(d, j, m));
                    }
                }
            }
        }
        try (BatchWriter w = in.openWriter(s)) {
            assertEquals(b.size(), w.write(b).rowsWritten());
        }
        query(t).awaitVisible(s);
    }

    /** Catalogue query {@code name} in this target's language, compiled for {@code s}. */
    protected static CompiledQuery compile(TimeSeriesQuery q, String name, SeriesSchema s) {
        String text = q.language().catalogueTemplate(name).orElseThrow(() ->
                new AssertionError("catalogue query " + name + " has no text for this target"));
        return q.language().compile(name, QueryTemplate.parse(name, text), new QueryShape(s, METRIC, 1));
    }

    private static QueryParams device(int d) {
        return new QueryParams(d, new long[] {d}, Rows.T0, Rows.T0 + 60 * MINUTE, 0);
    }

    private static int column(QueryAnswer a, String name) {
        int i = a.columns().indexOf(name);
        assertTrue(i >= 0, "no column " + name + " in " + a.columns());
        return i;
    }

    private static double number(Object v) {
        assertTrue(v instanceof Number, "a number, not " + v + (v == null ? "" : " (" + v.getClass().getSimpleName() + ")"));
        return ((Number) v).doubleValue();
    }

    /** A device as the target returns it: a number (SQL) or a string (tags, symbols). */
    private static String device(Object v) {
        return v instanceof Number n ? Long.toString(n.longValue()) : String.valueOf(v);
    }

    /** The row's time value, whatever the target calls its column ({@code minute}, {@code ts}, {@code time}). */
    private static Instant time(Object[] row) {
        for (Object v : row) {
            if (v instanceof Instant i) {
                return i;
            }
        }
        throw new AssertionError("no time value in " + java.util.Arrays.toString(row));
    }

    private static Instant at(long micros) {
        return Instant.ofEpochSecond(micros / 1_000_000, (micros % 1_000_000) * 1_000);
    }

    private QueryAnswer run(QueryReader r, CompiledQuery q, QueryParams p) throws TargetException {
        try {
            return r.run(q, p, true);
        } catch (TargetException e) {
            throw seen(e);
        }
    }

    // ---- the clauses ----

    /** ABSENT for a table never created, EMPTY (or what the target says instead) once created, HAS_ROWS once written. */
    @Test
    void tableStateFollowsTheTable() throws Exception {
        clause(Clause.TABLE_STATE);
        SeriesSchema s = schema(table("state"));
        try (TargetAdapter t = open()) {
            assertEquals(TableState.ABSENT, query(t).tableState(schema(table("never_created"))));
            t.capability(TimeSeriesIngest.class).orElseThrow().createSchema(s, SchemaMode.CLEAN);
            assertEquals(stateOfAnEmptyTable(), query(t).tableState(s), "a table created and not written");
            load(t, s);
            assertEquals(TableState.HAS_ROWS, query(t).tableState(s));
        }
    }

    /** prepareForQueries says what it ran (nothing is fine), may be called again, and the catalogue runs after it. */
    @Test
    void preparesForQueriesOnceOrTwice() throws Exception {
        clause(Clause.PREPARE_FOR_QUERIES);
        SeriesSchema s = schema(table("prepare"));
        try (TargetAdapter t = open()) {
            load(t, s);
            TimeSeriesQuery q = query(t);
            Optional<String> first = q.prepareForQueries(s);
            first.ifPresent(ddl -> assertTrue(!ddl.isBlank(), "a statement run is named"));
            q.prepareForQueries(s); // a second run's preparation, on a prepared table
            q.awaitVisible(s);
            try (QueryReader r = q.openReader()) {
                QueryAnswer a = run(r, compile(q, "count", s), device(1));
                assertEquals(DEVICES * PER_DEVICE, number(a.rows().get(0)[column(a, "count")]), 0.0);
            }
        }
    }

    /** Catalogue queries (count, 1-device-1-hr, stats-per-device, single-tag-latest) answer what the known data hold. */
    @Test
    void catalogueQueriesAnswerTheKnownData() throws Exception {
        clause(Clause.QUERY_ANSWERS);
        SeriesSchema s = schema(table("answers"));
        try (TargetAdapter t = open()) {
            load(t, s);
            TimeSeriesQuery q = query(t);
            q.prepareForQueries(s);
            try (QueryReader r = q.openReader()) {
                QueryAnswer count = run(r, compile(q, "count", s), device(1));
                assertEquals(1, count.rowCount(), "count: one row");
                assertEquals(DEVICES * PER_DEVICE, number(count.rows().get(0)[column(count, "count")]), 0.0);

                QueryAnswer minutes = run(r, compile(q, "1-device-1-hr", s), device(2));
                assertEquals(3, minutes.rowCount(), "1-device-1-hr: the 3 minutes with data");
                List<Object[]> byTime = new ArrayList<>(minutes.rows());
                byTime.sort(Comparator.comparing(QueryContract::time));
                for (int minute = 0; minute < 3; minute++) {
                    Object[] row = byTime.get(minute);
                    assertEquals(at(Rows.T0 + minute * MINUTE), time(row), "minute " + minute);
                    assertEquals(value(2, minute * 3 + 2, METRIC), number(row[column(minutes, "max_value")]), 1e-9,
                            "the minute's max");
                }
                QueryAnswer counted = r.run(compile(q, "1-device-1-hr", s), device(2), false);
                assertEquals(3, counted.rowCount(), "without keepRows the rows are counted");
                assertTrue(counted.rows().isEmpty(), "and not kept");

                QueryAnswer stats = run(r, compile(q, "stats-per-device", s), device(1));
                assertEquals(DEVICES, stats.rowCount(), "stats-per-device: one row per device");
                for (Object[] row : stats.rows()) {
                    int d = Integer.parseInt(device(row[column(stats, "tag_id")]));
                    assertEquals(PER_DEVICE, number(row[column(stats, "count")]), 0.0, "count of device " + d);
                    assertEquals(value(d, 0, METRIC), number(row[column(stats, "min_value")]), 1e-9, "min of device " + d);
                    assertEquals(value(d, PER_DEVICE - 1, METRIC), number(row[column(stats, "max_value")]), 1e-9);
                    assertEquals(value(d, (PER_DEVICE - 1) / 2, METRIC), number(row[column(stats, "mean")]), 1e-9);
                }

                QueryAnswer latest = run(r, compile(q, "single-tag-latest", s), device(3));
                assertEquals(1, latest.rowCount(), "single-tag-latest: one row");
                Object[] row = latest.rows().get(0);
                assertEquals(at(Rows.T0 + (PER_DEVICE - 1) * STEP), time(row));
                assertEquals("3", device(row[column(latest, "tag_id")]));
                for (int m = 0; m < s.metricCount(); m++) {
                    assertEquals(value(3, PER_DEVICE - 1, m), number(row[column(latest, "c" + m)]), 1e-9, "c" + m);
                }
            }
        }
    }

    /** cancel() ends a stalled query within a quarter of the default --op-timeout; after reconnect() the reader answers again. */
    @Test
    void aCancelEndsAStalledQuery() throws Exception {
        clause(Clause.QUERY_CANCEL);
        Faults f = faults();
        SeriesSchema s = schema(table("query_cancel"));
        try (TargetAdapter t = open(Map.of("op-timeout", LONG_OP_TIMEOUT.toMillis() + "ms"))) {
            load(t, s);
            TimeSeriesQuery q = query(t);
            q.prepareForQueries(s);
            CompiledQuery count = compile(q, "count", s);
            try (QueryReader r = q.openReader()) {
                run(r, count, device(1));
                TargetException e;
                try (Faults.Stall stall = f.stall(s)) {
                    FutureTask<QueryAnswer> op = background("query", () -> r.run(count, device(1), true));
                    stall.awaitStalled();
                    e = targetFailure(endsWithin("a cancelled query", op, System.nanoTime(), LONG_OP_TIMEOUT.dividedBy(4),
                            r::cancel), "a cancelled query");
                    assertTrue(e.connectionLost(), "a cancelled query is a TIMEOUT (or its connection lost): " + e.kind()
                            + " " + e.getMessage());
                }
                reconnectUntilBack(r::reconnect);
                QueryAnswer a = run(r, count, device(1));
                assertEquals(DEVICES * PER_DEVICE, number(a.rows().get(0)[column(a, "count")]), 0.0);
            }
        }
    }
}
