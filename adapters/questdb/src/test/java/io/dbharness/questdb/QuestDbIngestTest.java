package io.dbharness.questdb;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.WriteResult;
import io.dbharness.core.engine.Registry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The questdb target against a real (embedded) QuestDB, read back value by value over the PostgreSQL wire. */
@org.junit.jupiter.api.Tag("server")
class QuestDbIngestTest {

    static final long T0 = LocalDateTime.parse("2022-04-18T09:00:00").toEpochSecond(ZoneOffset.UTC) * 1_000_000L;
    private static final int METRICS = 5;

    private static TargetAdapter target;

    @BeforeAll
    static void open() throws Exception {
        target = QuestDbTestSupport.openShared(Map.of());
    }

    @AfterAll
    static void close() {
        if (target != null) {
            target.close();
        }
    }

    private static TimeSeriesIngest ingest() {
        return target.capability(TimeSeriesIngest.class).orElseThrow();
    }

    private static Connection connect() throws Exception {
        return target.capability(SqlAccess.class).orElseThrow().dataSource().getConnection();
    }

    private static SeriesSchema schema(String table, MetricType type) {
        return new SeriesSchema(table, type, METRICS, 3); // max-columns is irrelevant: every metric is a column
    }

    /**
     * Two batches; row r of batch b has tag 10*b + r. Some values empty, row 4 entirely empty (skipped), the
     * largest values of each type (not MIN_VALUE: QuestDB's NULL marker), sub-second timestamps.
     */
    static List<RowBatch> batches(MetricType type) {
        List<RowBatch> out = new ArrayList<>();
        for (int b = 0; b < 2; b++) {
            RowBatch batch = new RowBatch(type, METRICS, 8);
            for (int r = 0; r < 6; r++) {
                int row = batch.addRow(T0 + b * 60_000_000L + r * 1_250_000L + (r == 5 ? 7 : 0), 10 * b + r);
                for (int m = 0; m < METRICS; m++) {
                    if ((r + m) % 3 == 0 || r == 4) {
                        continue;
                    }
                    switch (type) {
                        case INT4 -> batch.setLong(row, m, r == 1 ? (m % 2 == 0 ? -Integer.MAX_VALUE : Integer.MAX_VALUE) : -r * 1000 + m);
                        case INT8 -> batch.setLong(row, m, r == 1 ? (m % 2 == 0 ? -Long.MAX_VALUE : Long.MAX_VALUE) : -r * 1_000_000_007L + m);
                        case FLOAT4 -> batch.setDouble(row, m, r == 1 ? (m % 2 == 0 ? 3.4e38 : 1.5e-37) : (r * 1234 - m * 77) / 100.0);
                        case FLOAT8 -> batch.setDouble(row, m, r == 1 ? (m % 2 == 0 ? 0.1 + 0.2 : -1.7976931348623157e308) : (r * 1234 - m * 77) / 100.0);
                    }
                }
            }
            out.add(batch);
        }
        return out;
    }

    @ParameterizedTest
    @EnumSource(MetricType.class)
    void writesAndReadsBackExactly(MetricType type) throws Exception {
        SeriesSchema schema = schema("rt_" + type.sqlName(), type);
        ingest().createSchema(schema, SchemaMode.CLEAN);
        assertColumnType(schema.tableName(), "c4", QuestDbTables.columnType(type));
        List<RowBatch> batches = batches(type);
        try (BatchWriter w = ingest().openWriter(schema)) {
            for (RowBatch b : batches) {
                WriteResult r = w.write(b);
                assertEquals(5, r.rowsWritten());
                assertEquals(1, r.rowsSkipped(), "the row without any value");
                assertTrue(r.bytes() > 0);
            }
        }
        assertEquals(10, ingest().countRows(schema).getAsLong());
        assertReadBack(schema, batches);
    }

    private static void assertColumnType(String table, String column, String type) throws Exception {
        try (Connection c = connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT type FROM table_columns(" + QuestDbTables.literal(table)
                     + ") WHERE \"column\" = '" + column + "'")) {
            assertTrue(rs.next());
            assertEquals(type, rs.getString(1));
        }
    }

    private static void assertReadBack(SeriesSchema schema, List<RowBatch> batches) throws Exception {
        MetricType type = schema.metricType();
        String sql = "SELECT ts, tag_id, c0, c1, c2, c3, c4 FROM " + QuestDbTables.quote(schema.tableName())
                + " ORDER BY ts";
        try (Connection c = connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            for (RowBatch b : batches) {
                for (int r = 0; r < b.size(); r++) {
                    if (!b.rowHasValues(r)) {
                        continue;
                    }
                    assertTrue(rs.next());
                    String where = schema.tableName() + " tag " + b.tagIds()[r];
                    LocalDateTime ts = rs.getObject(1, LocalDateTime.class);
                    assertEquals(b.tsMicros()[r], ts.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + ts.getNano() / 1000, where);
                    assertEquals(Long.toString(b.tagIds()[r]), rs.getString(2), where);
                    for (int m = 0; m < METRICS; m++) {
                        int i = r * METRICS + m;
                        String w = where + " c" + m;
                        String text = rs.getString(3 + m);
                        assertEquals(!b.present()[i], text == null, w + " null-ness");
                        if (text == null) {
                            continue;
                        }
                        switch (type) {
                            case INT4 -> assertEquals(b.longs()[i], rs.getInt(3 + m), w);
                            case INT8 -> assertEquals(b.longs()[i], rs.getLong(3 + m), w);
                            case FLOAT4 -> assertEquals((float) b.doubles()[i], rs.getFloat(3 + m), w);
                            case FLOAT8 -> assertEquals(b.doubles()[i], rs.getDouble(3 + m), w);
                        }
                    }
                }
            }
            assertFalse(rs.next());
        }
    }

    /** No sleep anywhere: the count right after the last write must already see every row (the WAL wait). */
    @Test
    void countRightAfterWritingIsExact() throws Exception {
        SeriesSchema schema = new SeriesSchema("wal_wait", MetricType.FLOAT8, 20, 20);
        ingest().createSchema(schema, SchemaMode.CLEAN);
        RowBatch batch = new RowBatch(MetricType.FLOAT8, 20, 5000);
        long expected = 0;
        try (BatchWriter w = ingest().openWriter(schema)) {
            for (int round = 0; round < 3; round++) {
                for (int k = 0; k < 8; k++) {
                    batch.clear();
                    for (int r = 0; r < 5000; r++) {
                        int row = batch.addRow(T0 + (round * 8L + k) * 1_000_000L, r);
                        batch.setDouble(row, r % 20, r * 0.5);
                    }
                    expected += w.write(batch).rowsWritten();
                }
                assertEquals(expected, ingest().countRows(schema).getAsLong(), "after round " + round);
            }
        }
        assertEquals(120_000, expected);
    }

    @Test
    void createRefusesANonEmptyTableAppendAddsCleanEmpties() throws Exception {
        SeriesSchema schema = schema("modes", MetricType.INT4);
        ingest().createSchema(schema, SchemaMode.CLEAN);
        ingest().createSchema(schema, SchemaMode.CREATE); // exists but empty: fine
        List<RowBatch> batches = batches(MetricType.INT4);
        try (BatchWriter w = ingest().openWriter(schema)) {
            w.write(batches.get(0));
        }
        UsageException e = assertThrows(UsageException.class, () -> ingest().createSchema(schema, SchemaMode.CREATE));
        assertEquals("table \"modes\" already exists and holds 5 rows; use --append to add to it or --clean to drop and recreate it",
                e.getMessage());

        ingest().createSchema(schema, SchemaMode.APPEND);
        try (BatchWriter w = ingest().openWriter(schema)) {
            w.write(batches.get(1));
        }
        assertEquals(10, ingest().countRows(schema).getAsLong());
        assertTrue(ingest().storedBytes(schema).isEmpty(), "preallocated sizes are not reported");

        ingest().createSchema(schema, SchemaMode.CLEAN);
        assertEquals(0, ingest().countRows(schema).getAsLong());
    }

    @Test
    void appendCreatesAMissingTable() throws Exception {
        SeriesSchema schema = schema("append_new", MetricType.INT8);
        try (Connection c = connect(); Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS append_new");
        }
        ingest().createSchema(schema, SchemaMode.APPEND);
        assertEquals(0, ingest().countRows(schema).getAsLong());
    }

    @Test
    void refusesAnIncompatibleLayout() throws Exception {
        ingest().createSchema(schema("layout", MetricType.INT4), SchemaMode.CLEAN);
        UsageException more = assertThrows(UsageException.class,
                () -> ingest().createSchema(new SeriesSchema("layout", MetricType.INT4, 7, 7), SchemaMode.APPEND));
        assertEquals("table \"layout\" does not fit 7 int4 metrics: column c5 is missing; column c6 is missing;"
                + " use --clean to drop and recreate it", more.getMessage());
        UsageException type = assertThrows(UsageException.class,
                () -> ingest().createSchema(schema("layout", MetricType.FLOAT8), SchemaMode.CREATE));
        assertTrue(type.getMessage().contains("column c0 is INT, expected DOUBLE"), type.getMessage());
        ingest().createSchema(new SeriesSchema("layout", MetricType.INT4, 2, 2), SchemaMode.APPEND); // fewer is fine
    }

    @Test
    void tableNamesThatNeedQuotingAndEscaping() throws Exception {
        for (String name : List.of("Odd Name-1 it", "select", "dots.in.name", "Ünïcode tàble")) {
            SeriesSchema schema = schema(name, MetricType.FLOAT8);
            ingest().createSchema(schema, SchemaMode.CLEAN);
            try (BatchWriter w = ingest().openWriter(schema)) {
                assertEquals(5, w.write(batches(MetricType.FLOAT8).get(0)).rowsWritten());
            }
            assertEquals(5, ingest().countRows(schema).getAsLong(), name);
            assertReadBack(schema, List.of(batches(MetricType.FLOAT8).get(0)));
        }
        for (String bad : List.of("a\"b", "a=b")) {
            UsageException e = assertThrows(UsageException.class,
                    () -> ingest().createSchema(schema(bad, MetricType.INT4), SchemaMode.CLEAN));
            assertTrue(e.getMessage().startsWith("invalid table name '" + bad + "' for QuestDB"), e.getMessage());
        }
    }

    @Test
    void aRefusedLineIsFatalWithTheServerMessageAndTheWriterStaysUsable() throws Exception {
        SeriesSchema intTable = schema("conflict", MetricType.INT4);
        ingest().createSchema(intTable, SchemaMode.CLEAN);
        SeriesSchema floats = schema("conflict", MetricType.FLOAT8);
        try (BatchWriter w = ingest().openWriter(floats)) {
            TargetException e = assertThrows(TargetException.class, () -> w.write(batches(MetricType.FLOAT8).get(0)));
            assertEquals(TargetException.Kind.FATAL, e.kind());
            assertEquals("400", e.vendorCode());
            assertTrue(e.getMessage().contains("cast error from protocol type: FLOAT to column type: INT"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
        try (BatchWriter w = ingest().openWriter(intTable)) {
            assertEquals(5, w.write(batches(MetricType.INT4).get(0)).rowsWritten());
        }
        assertEquals(5, ingest().countRows(intTable).getAsLong(), "the refused request left nothing");
    }

    @Test
    void aBatchLargerThanBatchLinesIsSplit() throws Exception {
        try (TargetAdapter small = QuestDbTestSupport.openShared(Map.of("batch-lines", "2"))) {
            TimeSeriesIngest in = small.capability(TimeSeriesIngest.class).orElseThrow();
            SeriesSchema schema = schema("split", MetricType.INT8);
            in.createSchema(schema, SchemaMode.CLEAN);
            try (BatchWriter w = in.openWriter(schema)) {
                for (RowBatch b : batches(MetricType.INT8)) {
                    assertEquals(5, w.write(b).rowsWritten());
                }
            }
            assertEquals(10, in.countRows(schema).getAsLong());
            assertEquals("2", small.describe().settings().get("batch-lines"));
        }
    }

    @Test
    void aFixedPrecisionTooCoarseForTheDataIsAUsageError() throws Exception {
        try (TargetAdapter seconds = QuestDbTestSupport.openShared(Map.of("precision", "s"))) {
            TimeSeriesIngest in = seconds.capability(TimeSeriesIngest.class).orElseThrow();
            SeriesSchema schema = schema("coarse", MetricType.INT8);
            in.createSchema(schema, SchemaMode.CLEAN);
            try (BatchWriter w = in.openWriter(schema)) {
                UsageException e = assertThrows(UsageException.class, () -> w.write(batches(MetricType.INT8).get(0)));
                assertTrue(e.getMessage().contains("--precision"), e.getMessage());
            }
        }
        UsageException bad = assertThrows(UsageException.class, () -> QuestDbTestSupport.openShared(Map.of("precision", "minutes")));
        assertEquals("invalid value 'minutes' for --precision: expected ns|us|ms|s|auto", bad.getMessage());
    }

    @Test
    void describesServerAndSettings() {
        TargetInfo info = target.describe();
        assertEquals("QuestDB", info.product());
        // build() cannot name the version under surefire (it reads the class path's first manifest); an
        // embedded target falls back to the jar's Maven metadata, see QuestDbHarnessTest
        assertEquals("127.0.0.1:" + EmbeddedQuestDbFixture.httpPort(), info.endpoint());
        assertEquals("nosync", info.settings().get("cairo.commit.mode"));
        assertEquals("true", info.settings().get("cairo.wal.enabled.default"));
        assertEquals("auto", info.settings().get("precision"));
        assertEquals("5000", info.settings().get("batch-lines"));
        assertFalse(info.settings().containsKey("describe_error"), info.settings().toString());
    }

    @Test
    void registeredThroughServiceLoader() {
        assertEquals(QuestDbTargetProvider.class, Registry.load().target("questdb").getClass());
    }
}
