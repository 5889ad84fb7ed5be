package io.dbharness.postgres;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.WriteResult;
import io.dbharness.core.engine.Registry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every ingest mode against a real (embedded) PostgreSQL, read back value by value. */
@org.junit.jupiter.api.Tag("server")
class PostgresIngestTest {

    private static final long T0 = LocalDateTime.parse("2022-04-18T09:00:00").toEpochSecond(ZoneOffset.UTC) * 1_000_000L;
    private static final int METRICS = 5;
    private static final int MAX_COLUMNS = 3;

    private static TargetAdapter embedded;
    private static final Map<IngestMode, TargetAdapter> byMode = new EnumMap<>(IngestMode.class);

    @BeforeAll
    static void start() throws Exception {
        embedded = PgTestSupport.open(Map.of("workers", "2"));
        int port;
        try (Connection c = sql(embedded).getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT inet_server_port()")) {
            rs.next();
            port = rs.getInt(1);
        }
        for (IngestMode mode : IngestMode.values()) {
            byMode.put(mode, PgTestSupport.open(Map.of("host", "localhost", "port", Integer.toString(port),
                    "user", "postgres", "database", "postgres", "pg-ingest", mode.cliName())));
        }
    }

    @AfterAll
    static void stop() {
        byMode.values().forEach(TargetAdapter::close);
        if (embedded != null) {
            embedded.close();
        }
    }

    private static javax.sql.DataSource sql(TargetAdapter t) {
        return t.capability(SqlAccess.class).orElseThrow().dataSource();
    }

    private static TimeSeriesIngest ingest(TargetAdapter t) {
        return t.capability(TimeSeriesIngest.class).orElseThrow();
    }

    static Stream<Arguments> modesAndTypes() {
        List<Arguments> args = new ArrayList<>();
        for (IngestMode mode : IngestMode.values()) {
            for (MetricType type : MetricType.values()) {
                args.add(Arguments.of(mode, type));
            }
        }
        return args.stream();
    }

    /** Two batches; row r of batch b has tag 10*b + r. Some values empty, some only in ext, extremes of each type. */
    private static List<RowBatch> batches(MetricType type) {
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
                        case INT4 -> batch.setLong(row, m, r == 1 ? (m % 2 == 0 ? Integer.MIN_VALUE : Integer.MAX_VALUE) : -r * 1000 + m);
                        case INT8 -> batch.setLong(row, m, r == 1 ? (m % 2 == 0 ? Long.MIN_VALUE : Long.MAX_VALUE) : -r * 1_000_000_007L + m);
                        case FLOAT4 -> batch.setDouble(row, m, r == 1 ? (m % 2 == 0 ? 3.4e38 : 1.5e-37) : (r * 1234 - m * 77) / 100.0);
                        case FLOAT8 -> batch.setDouble(row, m, r == 1 ? (m % 2 == 0 ? 0.1 + 0.2 : -1.7976931348623157e308) : (r * 1234 - m * 77) / 100.0);
                    }
                }
            }
            out.add(batch);
        }
        return out;
    }

    private static SeriesSchema schema(String table, MetricType type) {
        return new SeriesSchema(table, type, METRICS, MAX_COLUMNS);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("modesAndTypes")
    void writesAndReadsBackExactly(IngestMode mode, MetricType type) throws Exception {
        TargetAdapter target = byMode.get(mode);
        SeriesSchema schema = schema("rt_" + mode.cliName().replace('-', '_') + "_" + type.sqlName(), type);
        ingest(target).createSchema(schema, SchemaMode.CLEAN);
        List<RowBatch> batches = batches(type);
        try (BatchWriter w = ingest(target).openWriter(schema)) {
            for (RowBatch b : batches) {
                WriteResult r = w.write(b);
                assertEquals(b.size(), r.rowsWritten());
                assertEquals(0, r.rowsSkipped());
                assertTrue(r.bytes() > 0);
            }
        }
        assertEquals(12, ingest(target).countRows(schema).getAsLong());
        assertReadBack(target, schema, batches);
    }

    private static void assertReadBack(TargetAdapter target, SeriesSchema schema, List<RowBatch> batches) throws Exception {
        MetricType type = schema.metricType();
        String sql = "SELECT ts, tag_id, c0, c1, c2, ext->>'c3', ext->>'c4', ext IS NULL FROM "
                + Tables.quote(schema.tableName()) + " ORDER BY tag_id";
        try (Connection c = sql(target).getConnection(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            for (RowBatch b : batches) {
                for (int r = 0; r < b.size(); r++) {
                    assertTrue(rs.next());
                    String where = schema.tableName() + " tag " + b.tagIds()[r];
                    LocalDateTime ts = rs.getObject(1, LocalDateTime.class);
                    long micros = ts.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + ts.getNano() / 1000;
                    assertEquals(b.tsMicros()[r], micros, where);
                    assertEquals(b.tagIds()[r], rs.getLong(2), where);
                    boolean anyExt = false;
                    for (int m = 0; m < METRICS; m++) {
                        int i = r * METRICS + m;
                        String w = where + " c" + m;
                        if (m < MAX_COLUMNS) {
                            switch (type) {
                                case INT4, INT8 -> {
                                    long v = rs.getLong(3 + m);
                                    assertEquals(!b.present()[i], rs.wasNull(), w);
                                    if (b.present()[i]) {
                                        assertEquals(b.longs()[i], v, w);
                                    }
                                }
                                case FLOAT4 -> {
                                    float v = rs.getFloat(3 + m);
                                    assertEquals(!b.present()[i], rs.wasNull(), w);
                                    if (b.present()[i]) {
                                        assertEquals((float) b.doubles()[i], v, w);
                                    }
                                }
                                case FLOAT8 -> {
                                    double v = rs.getDouble(3 + m);
                                    assertEquals(!b.present()[i], rs.wasNull(), w);
                                    if (b.present()[i]) {
                                        assertEquals(b.doubles()[i], v, w);
                                    }
                                }
                            }
                        } else {
                            String text = rs.getString(3 + m);
                            assertEquals(!b.present()[i], text == null, w);
                            if (text == null) {
                                continue;
                            }
                            anyExt = true;
                            switch (type) {
                                case INT4, INT8 -> assertEquals(b.longs()[i], Long.parseLong(text), w);
                                case FLOAT4 -> assertEquals((float) b.doubles()[i], Float.parseFloat(text), w);
                                case FLOAT8 -> assertEquals(b.doubles()[i], Double.parseDouble(text), w);
                            }
                        }
                    }
                    assertEquals(!anyExt, rs.getBoolean(8), where + ": an empty ext is NULL");
                }
            }
            assertFalse(rs.next());
        }
    }

    @Test
    void createRefusesANonEmptyTableAndAppendAdds() throws Exception {
        TimeSeriesIngest ingest = ingest(embedded);
        SeriesSchema schema = schema("modes", MetricType.INT4);
        ingest.createSchema(schema, SchemaMode.CLEAN);
        ingest.createSchema(schema, SchemaMode.CREATE);
        List<RowBatch> batches = batches(MetricType.INT4);
        try (BatchWriter w = ingest.openWriter(schema)) {
            w.write(batches.get(0));
        }
        UsageException e = assertThrows(UsageException.class, () -> ingest.createSchema(schema, SchemaMode.CREATE));
        assertEquals("table \"modes\" already exists and holds 6 rows; use --append to add to it or --clean to drop and recreate it",
                e.getMessage());

        ingest.createSchema(schema, SchemaMode.APPEND);
        try (BatchWriter w = ingest.openWriter(schema)) {
            w.write(batches.get(1));
        }
        assertEquals(12, ingest.countRows(schema).getAsLong());
        assertTrue(ingest.storedBytes(schema).getAsLong() > 0);

        ingest.createSchema(schema, SchemaMode.CLEAN);
        assertEquals(0, ingest.countRows(schema).getAsLong());
    }

    @Test
    void appendCreatesAMissingTable() throws Exception {
        TimeSeriesIngest ingest = ingest(embedded);
        SeriesSchema schema = schema("append_new", MetricType.INT8);
        try (Connection c = sql(embedded).getConnection(); Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS append_new");
        }
        ingest.createSchema(schema, SchemaMode.APPEND);
        assertEquals(0, ingest.countRows(schema).getAsLong());
    }

    @Test
    void refusesAnIncompatibleLayout() throws Exception {
        TimeSeriesIngest ingest = ingest(embedded);
        ingest.createSchema(schema("layout", MetricType.INT4), SchemaMode.CLEAN);
        UsageException more = assertThrows(UsageException.class,
                () -> ingest.createSchema(new SeriesSchema("layout", MetricType.INT4, 6, 6), SchemaMode.APPEND));
        assertEquals("table \"layout\" does not fit 6 int4 metrics: column c3 is missing; column c4 is missing;"
                + " column c5 is missing; use --clean to drop and recreate it", more.getMessage());
        UsageException type = assertThrows(UsageException.class,
                () -> ingest.createSchema(schema("layout", MetricType.FLOAT8), SchemaMode.CREATE));
        assertTrue(type.getMessage().contains("column c0 is integer, expected double precision"), type.getMessage());
        ingest.createSchema(new SeriesSchema("layout_no_ext", MetricType.INT4, 3, 3), SchemaMode.CLEAN);
        UsageException noExt = assertThrows(UsageException.class,
                () -> ingest.createSchema(new SeriesSchema("layout_no_ext", MetricType.INT4, 5, 3), SchemaMode.APPEND));
        assertTrue(noExt.getMessage().contains("column ext is missing"), noExt.getMessage());
        // fewer metrics than the table has columns is fine: the rest stay NULL
        ingest.createSchema(new SeriesSchema("layout", MetricType.INT4, 2, 2), SchemaMode.APPEND);
    }

    @Test
    void oddTableNamesAreQuoted() throws Exception {
        for (IngestMode mode : IngestMode.values()) {
            TimeSeriesIngest ingest = ingest(byMode.get(mode));
            SeriesSchema schema = schema("Odd \"Name\"; drop-" + mode.cliName(), MetricType.FLOAT8);
            ingest.createSchema(schema, SchemaMode.CLEAN);
            try (BatchWriter w = ingest.openWriter(schema)) {
                w.write(batches(MetricType.FLOAT8).get(0));
            }
            assertEquals(6, ingest.countRows(schema).getAsLong(), mode.cliName());
        }
    }

    @Test
    void largeBatchSpansSeveralMultiRowStatements() throws Exception {
        TimeSeriesIngest ingest = ingest(byMode.get(IngestMode.INSERT_MULTIROW));
        SeriesSchema schema = new SeriesSchema("multirow_big", MetricType.INT4, 1500, 1500);
        ingest.createSchema(schema, SchemaMode.CLEAN);
        RowBatch batch = new RowBatch(MetricType.INT4, 1500, 50);
        for (int r = 0; r < 50; r++) {
            int row = batch.addRow(T0 + r, r);
            batch.setLong(row, r, r);
        }
        try (BatchWriter w = ingest.openWriter(schema)) {
            assertEquals(50, w.write(batch).rowsWritten());
            assertEquals(50, w.write(batch).rowsWritten());
        }
        assertEquals(100, ingest.countRows(schema).getAsLong());
    }

    @Test
    void aFailedWriteIsFatalAndTheWriterStaysUsable() throws Exception {
        for (IngestMode mode : IngestMode.values()) {
            TimeSeriesIngest ingest = ingest(byMode.get(mode));
            SeriesSchema schema = schema("checked_" + mode.name().toLowerCase(Locale.ROOT), MetricType.INT4);
            ingest.createSchema(schema, SchemaMode.CLEAN);
            try (Connection c = sql(embedded).getConnection(); Statement st = c.createStatement()) {
                st.execute("ALTER TABLE " + Tables.quote(schema.tableName()) + " ADD CHECK (tag_id < 3)");
            }
            List<RowBatch> batches = batches(MetricType.INT4);
            try (BatchWriter w = ingest.openWriter(schema)) {
                io.dbharness.core.api.TargetException e = assertThrows(io.dbharness.core.api.TargetException.class,
                        () -> w.write(batches.get(0)));
                assertEquals(io.dbharness.core.api.TargetException.Kind.FATAL, e.kind(), mode.cliName());
                assertEquals("23514", e.vendorCode(), mode.cliName());
                assertFalse(e.getMessage().contains("\n"), e.getMessage());
                RowBatch ok = new RowBatch(MetricType.INT4, METRICS, 1);
                ok.addRow(T0, 1);
                assertEquals(1, w.write(ok).rowsWritten(), mode.cliName());
            }
            assertEquals(1, ingest.countRows(schema).getAsLong(), mode.cliName() + ": the failed batch left nothing");
        }
    }

    @Test
    void describesServerAndSettings() {
        TargetInfo info = embedded.describe();
        assertEquals("PostgreSQL", info.product());
        assertTrue(info.serverVersion().matches("\\d+\\.\\d+.*"), info.serverVersion());
        assertEquals("embedded", info.endpoint());
        assertEquals("copy-binary", info.settings().get("ingest"));
        assertEquals("on", info.settings().get("fsync"));
        assertEquals("on", info.settings().get("synchronous_commit"));
        for (String s : List.of("shared_buffers", "wal_level", "max_wal_size", "checkpoint_timeout", "full_page_writes", "work_mem")) {
            assertTrue(info.settings().containsKey(s), s);
        }
        TargetInfo external = byMode.get(IngestMode.INSERT_BATCH).describe();
        assertTrue(external.endpoint().matches("localhost:\\d+/postgres"), external.endpoint());
        assertEquals("insert-batch", external.settings().get("ingest"));
    }

    @Test
    void registeredThroughServiceLoader() {
        assertEquals(PostgresTargetProvider.class, Registry.load().target("postgres").getClass());
    }

    @Test
    void unknownIngestModeIsAUsageError() {
        UsageException e = assertThrows(UsageException.class, () -> PgTestSupport.open(Map.of("pg-ingest", "bulk")));
        assertEquals("invalid value 'bulk' for --pg-ingest: expected copy-binary|copy-text|insert-batch|insert-multirow", e.getMessage());
    }
}
