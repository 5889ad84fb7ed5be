package io.dbharness.matrixdb;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.postgres.PgFlavor;
import io.dbharness.postgres.Tables;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The DDL each {@code --matrixdb-storage} produces, byte for byte against golden files taken from the YMatrix docs. */
class MatrixDbDdlGoldenTest {

    private static final SeriesSchema SCHEMA = new SeriesSchema("telematics", MetricType.FLOAT8, 3, 998);

    private static String ddl(Map<String, String> options) {
        return Tables.createSql(MatrixDbTestSupport.flavor(options), SCHEMA);
    }

    /**
     * {@code USING MARS3 WITH (compresstype=zstd, compresslevel=3, compress_threshold=1200) DISTRIBUTED BY (...)
     * ORDER BY (...)} and the matrixts extension it depends on:
     * https://ymatrix.ai/en/doc/6.6/reference/storage/table_design (table design best practices, MARS3 tables).
     */
    @Test
    void mars3IsTheDefault() {
        assertEquals(MatrixDbTestSupport.golden("mars3.sql").strip(), ddl(Map.of()));
    }

    /**
     * Unique mode is a MARS3 table option ({@code WITH (uniquemode=true)}), the unique key being the ORDER BY key:
     * https://ymatrix.ai/doc/6.0/reference/storage/intro (MARS3, Unique Mode).
     */
    @Test
    void mars3UniqueMode() {
        MatrixDbFlavor f = MatrixDbTestSupport.flavor(Map.of("matrixdb-unique-mode", "true"));
        assertEquals(MatrixDbTestSupport.golden("mars3_unique.sql").strip(), Tables.createSql(f, SCHEMA));
        assertTrue(f.mergesRowsWithSameKey(), "unique mode merges rows sharing (tag_id, ts)");
        assertFalse(MatrixDbTestSupport.flavor(Map.of()).mergesRowsWithSameKey());
    }

    /**
     * {@code USING MARS2} plus the {@code mars2_btree} index that is its sort key:
     * https://ymatrix.ai/doc/5.0/reference/storage/intro (MARS2: create the table, then CREATE INDEX ... USING mars2_btree).
     */
    @Test
    void mars2WithItsSortIndex() {
        assertEquals(MatrixDbTestSupport.golden("mars2.sql").strip(), ddl(Map.of("matrixdb-storage", "mars2")));
        assertEquals(MatrixDbTestSupport.golden("mars2_unique.sql").strip(),
                ddl(Map.of("matrixdb-storage", "mars2", "matrixdb-unique-mode", "true")));
    }

    /**
     * Append-optimized column storage, Greenplum's {@code WITH (appendonly=true, orientation=column, compresstype=...)}
     * with {@code DISTRIBUTED BY}: https://ymatrix.ai/en/doc/datamodel/storage (AOCO) and the CREATE TABLE
     * reference https://ymatrix.ai/doc/latest/sql_ref/create_table.
     */
    @Test
    void aoColumn() {
        assertEquals(MatrixDbTestSupport.golden("ao_column.sql").strip(), ddl(Map.of("matrixdb-storage", "ao_column")));
        assertEquals(MatrixDbTestSupport.golden("ao_column.sql").strip(), ddl(Map.of("matrixdb-storage", "AO-column")));
    }

    /**
     * Another data model (TSBS's cpu table, shortened): distributed and sorted by the tag that tells series apart
     * ({@code hostname}) and the model's time column, as the telematics table is by {@code tag_id, ts}.
     */
    @Test
    void devopsTableDistributesAndSortsByHost() {
        SeriesSchema devops = new SeriesSchema("cpu", "time", io.dbharness.core.api.SeriesTags.strings(
                List.of("hostname", "region"), List.of("hostname"), 2, h -> new String[] {"host_" + (h - 1), "eu-west-1"}),
                MetricType.INT8, List.of("usage_user", "usage_system"), 2);
        assertEquals(MatrixDbTestSupport.golden("devops_mars3.sql").strip(),
                Tables.createSql(MatrixDbTestSupport.flavor(Map.of()), devops));
        assertEquals(MatrixDbTestSupport.golden("devops_mars2.sql").strip(),
                Tables.createSql(MatrixDbTestSupport.flavor(Map.of("matrixdb-storage", "mars2")), devops));
    }

    /**
     * TSBS's iot tables (diagnostics, shortened): distributed and sorted by the truck's name and time; a tag other
     * than the name may be NULL (TSBS's zeroed tags).
     */
    @Test
    void trucksTableDistributesByNameAndLetsOtherTagsBeNull() {
        SeriesSchema trucks = new SeriesSchema("diagnostics", "time", io.dbharness.core.api.SeriesTags.strings(
                java.util.List.of("name", "fleet"), java.util.List.of("name"), 2, t -> new String[] {"truck_" + (t - 1), null})
                .withMissingValues(), java.util.List.of(MetricType.FLOAT8, MetricType.INT8),
                java.util.List.of("fuel_state", "status"), 2);
        assertEquals(MatrixDbTestSupport.golden("trucks_mars2.sql").strip(),
                Tables.createSql(MatrixDbTestSupport.flavor(Map.of("matrixdb-storage", "mars2")), trucks));
    }

    /** A Greenplum primary key must hold the distribution key: a database-filled id alone is refused, naming why. */
    @Test
    void eventsWithADatabaseFilledIdAreRefused() {
        io.dbharness.core.api.UsageException e = org.junit.jupiter.api.Assertions.assertThrows(
                io.dbharness.core.api.UsageException.class, () -> Tables.createSql(MatrixDbTestSupport.flavor(Map.of()),
                        new SeriesSchema("events", "timestamp", io.dbharness.core.api.SeriesTags.strings(
                java.util.List.of("device_id"), java.util.List.of("device_id"), 2, d -> new String[] {"dev" + d}),
                java.util.List.of(MetricType.INT8, MetricType.FLOAT4), java.util.List.of("sequence_number", "temperature"), 2,
                new io.dbharness.core.api.RowId(io.dbharness.core.api.RowId.Kind.SERIAL, 0))));
        assertEquals("MatrixDB cannot key the table on a database-filled id (--primary-key db): a Greenplum primary key"
                + " must hold the distribution key (device_id); use --primary-key none", e.getMessage());
    }

    /** A heap table is the default engine, only distributed: https://ymatrix.ai/en/doc/datamodel/storage (HEAP). */
    @Test
    void heap() {
        assertEquals(MatrixDbTestSupport.golden("heap.sql").strip(), ddl(Map.of("matrixdb-storage", "heap")));
    }

    /** On plain PostgreSQL both Greenplum clauses go, one warning each, and the result records why. */
    @Test
    void compatibleServerDropsDistributionAndStorage() {
        List<String> warnings = new ArrayList<>();
        PgFlavor f = MatrixDbTestSupport.flavor(Map.of("matrixdb-unique-mode", "true"))
                .onCompatibleServer("PostgreSQL 17.11 on x86_64-pc-linux-gnu, compiled by gcc", warnings::add);
        assertEquals(MatrixDbTestSupport.golden("compatible.sql").strip(), Tables.createSql(f, SCHEMA));
        assertEquals(List.of(
                "DISTRIBUTED BY (tag_id) switched off: PostgreSQL 17.11 has no distribution clause",
                "storage mars3 (unique mode) switched off: PostgreSQL 17.11 lacks it, the table is a plain heap table"), warnings);
        assertEquals("off: PostgreSQL 17.11 has no DISTRIBUTED BY", f.settings().get("distribution"));
        assertEquals("heap: PostgreSQL 17.11 has no mars3", f.settings().get("storage_effective"));
        assertFalse(f.mergesRowsWithSameKey(), "a heap table keeps every row");

        warnings.clear();
        MatrixDbTestSupport.flavor(Map.of("matrixdb-storage", "heap")).onCompatibleServer("PostgreSQL 17.11", warnings::add);
        assertEquals(1, warnings.size(), "heap loses only the distribution: " + warnings);
    }

    @Test
    void recognisesMatrixDbVersionStrings() {
        MatrixDbFlavor f = MatrixDbTestSupport.flavor(Map.of());
        assertTrue(f.recognises("PostgreSQL 12 (MatrixDB 4.5.0-enterprise) (Greenplum Database 7.0.0+dev.17410.gedbdb5ef84 build dev) on x86_64-pc-linux-gnu"));
        assertTrue(f.recognises("PostgreSQL 12 (YMatrix 5.2.1-enterprise) (Greenplum Database 7.0.0) on x86_64"));
        assertFalse(f.recognises("PostgreSQL 17.11 on x86_64-pc-linux-gnu, compiled by gcc"));
        assertFalse(f.recognises("PostgreSQL 12 (Greenplum Database 7.1.0 build commit:...)"));
    }

    /** Only create_table and the schema lookup are MatrixDB's own; COPY, count and size fall back to the generic ones. */
    @Test
    void dialectResources() {
        var d = MatrixDbTestSupport.flavor(Map.of()).dialect();
        assertEquals("io/dbharness/matrixdb/sql/create_table.sql", d.source("create_table"));
        assertEquals("io/dbharness/matrixdb/sql/table_schema.sql", d.source("table_schema"));
        assertEquals("io/dbharness/postgres/sql/copy_text.sql", d.source("copy_text"));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> d.get("no_such_statement"));
    }
}
