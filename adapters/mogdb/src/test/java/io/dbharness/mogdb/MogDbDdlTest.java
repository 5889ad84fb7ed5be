package io.dbharness.mogdb;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.UsageException;
import io.dbharness.mogdb.MogDbDdl.Compression;
import io.dbharness.mogdb.MogDbDdl.PartitionInterval;
import io.dbharness.mogdb.MogDbDdl.Storage;
import io.dbharness.postgres.Tables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated DDL of every option combination, against golden files written from the vendor docs:
 * <ul>
 *   <li>ORIENTATION and COMPRESSION (YES/NO/LOW/MIDDLE/HIGH for column store, LOW by default):
 *       https://support.huaweicloud.com/intl/zh-cn/devg-820-dws/dws_04_0026.html (the openGauss-lineage
 *       storage page) and the openGauss adaptive-compression feature page,
 *       https://www.cnblogs.com/renxyz/p/18136259 (valid values YES/NO/LOW/MIDDLE/HIGH, default LOW);</li>
 *   <li>interval partitioning, {@code PARTITION BY RANGE (key) INTERVAL ('1 month') (PARTITION p VALUES LESS THAN (...))},
 *       row store only, column store range only:
 *       https://docs.opengauss.org/en/docs/latest/docs/SQLReference/partitioned-tables.html,
 *       https://docs.mogdb.io/en/mogdb/v1.1.0/62-CREATE-TABLE-PARTITION/ and
 *       https://support.huaweicloud.com/intl/en-us/fg-gaussdb-cent/gaussdb-48-0049.html;</li>
 *   <li>jsonb not supported by column store: https://support.huaweicloud.com/centralized-devg-v2-gaussdb/devg_03_0371.html.</li>
 * </ul>
 * Not checked here: that an openGauss server accepts them (MogDbServerTest does, when a server is given).
 */
class MogDbDdlTest {

    private static final SeriesSchema SCHEMA = new SeriesSchema("telematics", MetricType.FLOAT8, 3, 998);

    private static String golden(String name) throws IOException {
        try (InputStream in = MogDbDdlTest.class.getResourceAsStream("golden/" + name + ".sql")) {
            assertTrue(in != null, "no golden file " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
    }

    private static String ddl(Storage storage, Compression compression, PartitionInterval interval) {
        return Tables.createSql(new MogDbFlavor(MogDbIngestMode.COPY, MogDbDdl.of(storage, compression, interval)), SCHEMA);
    }

    /** Another data model (TSBS's cpu table, shortened): partitioned on its own time column. */
    @Test
    void devopsTablePartitionsOnItsTimeColumn() throws IOException {
        SeriesSchema devops = new SeriesSchema("cpu", "time", io.dbharness.core.api.SeriesTags.strings(
                java.util.List.of("hostname", "region"), java.util.List.of("hostname"), 2,
                h -> new String[] {"host_" + (h - 1), "eu-west-1"}), MetricType.INT8,
                java.util.List.of("usage_user", "usage_system"), 2);
        assertEquals(golden("devops_row_interval_day"), Tables.createSql(new MogDbFlavor(MogDbIngestMode.COPY,
                MogDbDdl.of(Storage.ROW, null, PartitionInterval.DAY)), devops));
    }

    /** TSBS's iot tables (diagnostics, shortened): partitioned on time; a tag other than the name may be NULL. */
    @Test
    void trucksTablePartitionsOnTimeAndLetsOtherTagsBeNull() throws IOException {
        assertEquals(golden("trucks_row_interval_day"), Tables.createSql(new MogDbFlavor(MogDbIngestMode.COPY,
                MogDbDdl.of(Storage.ROW, null, PartitionInterval.DAY)), new SeriesSchema("diagnostics", "time", io.dbharness.core.api.SeriesTags.strings(
                java.util.List.of("name", "fleet"), java.util.List.of("name"), 2, t -> new String[] {"truck_" + (t - 1), null})
                .withMissingValues(), java.util.List.of(MetricType.FLOAT8, MetricType.INT8),
                java.util.List.of("fuel_state", "status"), 2)));
    }

    /** MaibornWolff's events: a serial id (--primary-key db); openGauss has no identity columns nor gen_random_uuid. */
    @Test
    void eventsTakeASerialIdOnly() throws IOException {
        MogDbFlavor row = new MogDbFlavor(MogDbIngestMode.COPY, MogDbDdl.of(Storage.ROW, null, PartitionInterval.NONE));
        assertEquals(golden("events_row_serial"), Tables.createSql(row, new SeriesSchema("events", "timestamp", io.dbharness.core.api.SeriesTags.strings(
                java.util.List.of("device_id"), java.util.List.of("device_id"), 2, d -> new String[] {"dev" + d}),
                java.util.List.of(MetricType.INT8, MetricType.FLOAT4), java.util.List.of("sequence_number", "temperature"), 2,
                new io.dbharness.core.api.RowId(io.dbharness.core.api.RowId.Kind.SERIAL, 0))));
        io.dbharness.core.api.UsageException e = org.junit.jupiter.api.Assertions.assertThrows(
                io.dbharness.core.api.UsageException.class, () -> Tables.createSql(row, new SeriesSchema("events", "timestamp", io.dbharness.core.api.SeriesTags.strings(
                java.util.List.of("device_id"), java.util.List.of("device_id"), 2, d -> new String[] {"dev" + d}),
                java.util.List.of(MetricType.INT8, MetricType.FLOAT4), java.util.List.of("sequence_number", "temperature"), 2,
                new io.dbharness.core.api.RowId(io.dbharness.core.api.RowId.Kind.IDENTITY, 100))));
        assertEquals("MogDB/openGauss has no identity columns for --primary-key sql; use --primary-key db (serial) or none",
                e.getMessage());
    }

    @Test
    void rowTableIsPlainCreateTable() throws IOException {
        assertEquals(golden("row"), ddl(Storage.ROW, null, PartitionInterval.NONE));
    }

    @ParameterizedTest
    @EnumSource(Compression.class)
    void columnTableWithEachCompressionLevel(Compression level) throws IOException {
        assertEquals(golden("column_" + MogDbDdl.cli(level)), ddl(Storage.COLUMN, level, PartitionInterval.NONE));
    }

    @Test
    void columnTableDefaultsToLowCompressionWrittenOut() throws IOException {
        assertEquals(golden("column_low"), ddl(Storage.COLUMN, null, PartitionInterval.NONE));
    }

    @ParameterizedTest
    @EnumSource(value = PartitionInterval.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void rowTableWithIntervalPartitions(PartitionInterval interval) throws IOException {
        assertEquals(golden("row_interval_" + MogDbDdl.cli(interval)), ddl(Storage.ROW, null, interval));
    }

    @Test
    void compressionOfARowTableIsRefused() {
        UsageException e = assertThrows(UsageException.class, () -> MogDbDdl.of(Storage.ROW, Compression.HIGH, PartitionInterval.NONE));
        assertTrue(e.getMessage().startsWith("--mogdb-compression applies to --mogdb-storage column only"), e.getMessage());
    }

    @Test
    void intervalPartitionsOfAColumnTableAreRefused() {
        UsageException e = assertThrows(UsageException.class, () -> MogDbDdl.of(Storage.COLUMN, null, PartitionInterval.DAY));
        assertEquals("--mogdb-partition-interval day cannot be combined with --mogdb-storage column: openGauss column-store "
                + "tables support only range partitions, not interval partitioning", e.getMessage());
    }

    @Test
    void columnTableRefusesTheJsonbColumn() {
        MogDbFlavor flavor = new MogDbFlavor(MogDbIngestMode.COPY, MogDbDdl.of(Storage.COLUMN, null, PartitionInterval.NONE));
        SeriesSchema wide = new SeriesSchema("t", MetricType.INT4, 1200, 998);
        UsageException e = assertThrows(UsageException.class, () -> Tables.createSql(flavor, wide));
        assertTrue(e.getMessage().contains("jsonb column, which openGauss column-store tables do not support; raise "
                + "--max-columns to 1200"), e.getMessage());
        // a row table keeps the generic jsonb column
        String row = Tables.createSql(new MogDbFlavor(MogDbIngestMode.COPY, MogDbDdl.of(Storage.ROW, null, PartitionInterval.NONE)), wide);
        assertTrue(row.contains("ext jsonb"), row);
    }

    @Test
    void onlyWhatDiffersIsOverridden() {
        var d = new MogDbFlavor(MogDbIngestMode.COPY, MogDbDdl.of(Storage.ROW, null, PartitionInterval.NONE)).dialect();
        for (String own : List.of("create_table", "table_exists", "table_columns", "table_size", "server_settings")) {
            assertEquals("io/dbharness/mogdb/sql/" + own + ".sql", d.source(own));
        }
        for (String generic : List.of("copy_text", "copy_binary", "insert", "count_rows", "has_rows", "drop_table")) {
            assertEquals("io/dbharness/postgres/sql/" + generic + ".sql", d.source(generic));
        }
        assertThrows(IllegalStateException.class, () -> d.get("no_such_statement"));
        assertEquals("COPY \"telematics\" (ts, tag_id, c0, c1, c2) FROM STDIN",
                Tables.render(new MogDbFlavor(MogDbIngestMode.COPY, MogDbDdl.of(Storage.ROW, null, PartitionInterval.NONE)),
                        "copy_text", SCHEMA, Map.of()));
    }

    @Test
    void compatibleServerSwitchesOffOneFeatureAtATimeWithOneWarningEach() {
        List<String> warnings = new ArrayList<>();
        MogDbFlavor column = new MogDbFlavor(MogDbIngestMode.COPY, MogDbDdl.of(Storage.COLUMN, Compression.HIGH, PartitionInterval.NONE));
        MogDbFlavor plain = (MogDbFlavor) column.onCompatibleServer("PostgreSQL 17.11 on x86_64-pc-linux-gnu", warnings::add);
        assertEquals(List.of(
                "PostgreSQL 17.11 has no column store: --mogdb-storage column switched off, the table is a row (heap) table",
                "PostgreSQL 17.11 has no column-store compression: COMPRESSION=HIGH switched off"), warnings);
        assertEquals("CREATE", Tables.createSql(plain, SCHEMA).substring(0, 6));
        assertFalse(Tables.createSql(plain, SCHEMA).contains("WITH"));
        assertEquals(Map.of("storage", "row", "compression", "none", "partition_interval", "none",
                "compatible_server", "PostgreSQL 17.11", "switched_off", "ORIENTATION=COLUMN, COMPRESSION=HIGH"), plain.settings());

        warnings.clear();
        MogDbFlavor daily = new MogDbFlavor(MogDbIngestMode.COPY, MogDbDdl.of(Storage.ROW, null, PartitionInterval.DAY));
        MogDbFlavor unpartitioned = (MogDbFlavor) daily.onCompatibleServer("PostgreSQL 17.11 on x86_64", warnings::add);
        assertEquals(List.of("PostgreSQL 17.11 has no INTERVAL partitioning: --mogdb-partition-interval day switched off, "
                + "the table is not partitioned"), warnings);
        assertFalse(Tables.createSql(unpartitioned, SCHEMA).contains("PARTITION"));

        warnings.clear();
        MogDbFlavor nothing = new MogDbFlavor(MogDbIngestMode.COPY, MogDbDdl.of(Storage.ROW, null, PartitionInterval.NONE));
        assertEquals("none", ((MogDbFlavor) nothing.onCompatibleServer("PostgreSQL 17.11", warnings::add)).settings().get("switched_off"));
        assertEquals(List.of(), warnings);
    }

    /** Banners as MogDB and openGauss print them (seen in public connection logs and version parsers). */
    @Test
    void recognisesMogDbAndOpenGaussBanners() {
        MogDbFlavor f = new MogDbFlavor(MogDbIngestMode.COPY, MogDbDdl.of(Storage.ROW, null, PartitionInterval.NONE));
        assertTrue(f.recognises("PostgreSQL 9.2.4 (MogDB 2.0.1 build f892ccb7) compiled at 2021-07-09 16:12:59 commit 0 last mr   on x86_64-unknown-linux-gnu, compiled by g++ (GCC) 7.3.0, 64-bit"));
        assertTrue(f.recognises("(openGauss 5.0.1 build 33b035fd) compiled at 2023-12-15 20:19:06 commit 0 last mr  "));
        assertTrue(f.recognises("PostgreSQL 9.2.4 (MogDB   Kernel V500R001C20 build 9eff8f60) compiled at 2021-09-24 10:10:25"));
        assertFalse(f.recognises("PostgreSQL 17.11 on x86_64-pc-linux-gnu, compiled by gcc"));
    }
}
