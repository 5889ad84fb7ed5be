package io.dbharness.yugabyte;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.postgres.PgFlavor;
import io.dbharness.postgres.Tables;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SQL each option combination produces, compared with golden files in {@code golden/} (written by hand from
 * the vendor's syntax, not from this code's output). Sources of the syntax:
 * <ul>
 *   <li>CREATE TABLE, {@code PRIMARY KEY ((col) HASH, col ASC)}, {@code SPLIT INTO n TABLETS}:
 *       https://docs.yugabyte.com/stable/api/ysql/the-sql-language/statements/ddl_create_table/</li>
 *   <li>hash and range sharding, ASC/DESC in the key: https://docs.yugabyte.com/stable/explore/going-beyond-sql/data-sharding/</li>
 *   <li>COPY options {@code ROWS_PER_TRANSACTION int_literal} and {@code REPLACE}:
 *       https://docs.yugabyte.com/stable/api/ysql/the-sql-language/statements/cmd_copy/</li>
 *   <li>{@code yb_enable_upsert_mode}: https://yugabytedb.tips/?p=1952 (SET yb_enable_upsert_mode=on turns a
 *       duplicate-key INSERT into an overwrite) and https://dev.to/yugabyte/upsert-in-yugabytedb-236j</li>
 *   <li>{@code INSERT ... ON CONFLICT DO NOTHING}: https://docs.yugabyte.com/stable/api/ysql/the-sql-language/statements/dml_insert/
 *       (PostgreSQL's clause, unchanged in YSQL)</li>
 * </ul>
 */
class YugabyteSqlGoldenTest {

    /** Four metrics with three columns: the fourth goes to the {@code ext} jsonb column, as mxbench does. */
    static final SeriesSchema SCHEMA = new SeriesSchema("iot", MetricType.INT8, 4, 3);

    private static final String COMPATIBLE = "PostgreSQL 17.11 on x86_64-pc-linux-gnu, compiled by gcc";

    @Test
    void hashShardedCopyIsTheDefault() throws IOException {
        assertGolden("hash_copy", YugabyteFlavor.of(YbIngestMode.COPY, 5000, false, false, YbSharding.HASH, 0));
    }

    @Test
    void splitIntoTablets() throws IOException {
        assertGolden("hash_split_copy_text", YugabyteFlavor.of(YbIngestMode.COPY_TEXT, 20000, false, false, YbSharding.HASH, 8));
    }

    @Test
    void rangeSharded() throws IOException {
        assertGolden("range_copy", YugabyteFlavor.of(YbIngestMode.COPY, 1000, false, false, YbSharding.RANGE, 0));
    }

    @Test
    void upsertModeCopyReplaces() throws IOException {
        YugabyteFlavor f = YugabyteFlavor.of(YbIngestMode.COPY, 5000, true, false, YbSharding.HASH, 0);
        assertGolden("hash_copy_upsert", f);
        assertEquals(List.of("SET yb_enable_upsert_mode = on"), f.sessionSql());
        assertTrue(f.mergesRowsWithSameKey());
    }

    @Test
    void multiRowInsert() throws IOException {
        YugabyteFlavor f = YugabyteFlavor.of(YbIngestMode.INSERT_MULTIROW, 5000, false, false, YbSharding.HASH, 0);
        assertGolden("hash_insert", f);
        assertEquals(List.of(), f.sessionSql());
        assertEquals(false, f.mergesRowsWithSameKey());
    }

    @Test
    void insertOnConflictDoNothing() throws IOException {
        YugabyteFlavor f = YugabyteFlavor.of(YbIngestMode.INSERT_MULTIROW, 5000, false, true, YbSharding.RANGE, 0);
        assertGolden("range_insert_on_conflict", f);
        assertEquals(false, f.mergesRowsWithSameKey(), "the update counts say which rows were kept");
    }

    @Test
    void insertInUpsertMode() throws IOException {
        YugabyteFlavor f = YugabyteFlavor.of(YbIngestMode.INSERT_MULTIROW, 5000, true, false, YbSharding.HASH, 4);
        assertGolden("hash_split_insert_upsert", f);
        assertEquals(List.of("SET yb_enable_upsert_mode = on"), f.sessionSql());
    }

    /** Plain PostgreSQL SQL: https://www.postgresql.org/docs/17/sql-createtable.html and sql-copy.html. */
    @Test
    void compatibleServerGetsPlainPostgresql() throws IOException {
        List<String> warnings = new ArrayList<>();
        PgFlavor f = YugabyteFlavor.of(YbIngestMode.COPY, 5000, true, false, YbSharding.HASH, 8)
                .onCompatibleServer(COMPATIBLE, warnings::add);
        assertGolden("compatible_hash_split_copy_upsert", f);
        assertEquals(List.of(
                "HASH sharding: PostgreSQL 17.11 has no hash-sharded keys; the table's key is a plain PRIMARY KEY",
                "SPLIT INTO 8 TABLETS: PostgreSQL 17.11 has no tablets; dropped from CREATE TABLE",
                "ROWS_PER_TRANSACTION 5000: PostgreSQL 17.11 has no such COPY option; each COPY is one transaction",
                "upsert mode: PostgreSQL 17.11 has no yb_enable_upsert_mode (nor COPY ... REPLACE); a repeated key fails the write"),
                warnings);
        assertEquals(List.of(), f.sessionSql());
        assertEquals(false, f.mergesRowsWithSameKey());
        assertEquals("off", f.settings().get("yb_upsert_mode"));
        assertEquals(String.join("; ", warnings), f.settings().get("yb_switched_off"));
        assertEquals(f, f.onCompatibleServer(COMPATIBLE, w -> { throw new AssertionError("warned twice: " + w); }));
    }

    @Test
    void compatibleRangeInsertWarnsOnlyAboutTheKey() throws IOException {
        List<String> warnings = new ArrayList<>();
        PgFlavor f = YugabyteFlavor.of(YbIngestMode.INSERT_MULTIROW, 5000, false, true, YbSharding.RANGE, 0)
                .onCompatibleServer(COMPATIBLE, warnings::add);
        assertGolden("compatible_range_insert_on_conflict", f);
        assertEquals(List.of("range sharding: PostgreSQL 17.11 takes no ASC in a key constraint; the table's key is a plain PRIMARY KEY"),
                warnings);
        assertEquals(" ON CONFLICT DO NOTHING", f.sqlValues(SCHEMA).get("on_conflict"), "plain PostgreSQL: it stays");
    }

    /**
     * Another data model (TSBS's cpu table, shortened): its time column, text tags and named fields, the key on
     * the tag that tells series apart ({@code hostname}) and time, hash or range sharded.
     */
    @Test
    void devopsTableKeysOnTheHostAndTime() throws IOException {
        assertGolden("devops_hash_copy", YugabyteFlavor.of(YbIngestMode.COPY, 5000, false, false, YbSharding.HASH, 0),
                DEVOPS, "(?, ?, ?, ?, ?)");
        assertGolden("devops_range_copy", YugabyteFlavor.of(YbIngestMode.COPY, 1000, false, false, YbSharding.RANGE, 0),
                DEVOPS, "(?, ?, ?, ?, ?)");
    }

    /**
     * TSBS's iot tables (diagnostics, shortened): keyed on the truck's name (never NULL) and time; a tag other than
     * the name may be NULL (TSBS's zeroed tags), and the fields mix types.
     */
    @Test
    void trucksTableKeysOnTheNameAndTime() throws IOException {
        assertGolden("trucks_hash_copy", YugabyteFlavor.of(YbIngestMode.COPY, 5000, false, false, YbSharding.HASH, 0),
                new SeriesSchema("diagnostics", "time", io.dbharness.core.api.SeriesTags.strings(
                java.util.List.of("name", "fleet"), java.util.List.of("name"), 2, t -> new String[] {"truck_" + (t - 1), null})
                .withMissingValues(), java.util.List.of(MetricType.FLOAT8, MetricType.INT8),
                java.util.List.of("fuel_state", "status"), 2), "(?, ?, ?, ?, ?)");
    }

    /**
     * MaibornWolff's events with {@code --primary-key sql}: an identity the database fills, the key on its own
     * (YSQL hash-shards on it), and COPY and INSERT naming every column but it.
     */
    @Test
    void eventsKeyOnTheIdTheDatabaseFills() throws IOException {
        assertGolden("events_identity_copy", YugabyteFlavor.of(YbIngestMode.COPY, 5000, false, false, YbSharding.HASH, 0),
                new SeriesSchema("events", "timestamp", io.dbharness.core.api.SeriesTags.strings(
                java.util.List.of("device_id"), java.util.List.of("device_id"), 2, d -> new String[] {"dev" + d}),
                java.util.List.of(MetricType.INT8, MetricType.FLOAT4), java.util.List.of("sequence_number", "temperature"), 2,
                new io.dbharness.core.api.RowId(io.dbharness.core.api.RowId.Kind.IDENTITY, 100)), "(?, ?, ?, ?)");
    }

    /** TSBS's cpu table in short: time, two host tags keyed by hostname, two integer fields. */
    static final SeriesSchema DEVOPS = new SeriesSchema("cpu", "time", io.dbharness.core.api.SeriesTags.strings(
            List.of("hostname", "region"), List.of("hostname"), 2, h -> new String[] {"host_" + (h - 1), "eu-west-1"}),
            MetricType.INT8, List.of("usage_user", "usage_system"), 2);

    @Test
    void recognisesYsqlVersionStrings() {
        YugabyteFlavor f = YugabyteFlavor.of(YbIngestMode.COPY, 5000, false, false, YbSharding.HASH, 0);
        assertTrue(f.recognises("PostgreSQL 11.2-YB-2.20.1.0-b0 on x86_64-pc-linux-gnu, compiled by clang version 16.0.6"));
        assertTrue(f.recognises("PostgreSQL 15.2-YB-2.25.0.0-b0 on x86_64-pc-linux-gnu"));
        assertEquals(false, f.recognises(COMPATIBLE));
        assertEquals(false, f.recognises("PostgreSQL 12.2 (MatrixDB 5.0.0-enterprise) on x86_64"));
    }

    @Test
    void productOverridesOnlyWhatDiffers() {
        var d = YugabyteFlavor.of(YbIngestMode.COPY, 5000, false, false, YbSharding.HASH, 0).dialect();
        for (String id : List.of("create_table", "copy_binary", "copy_text", "insert", "server_settings")) {
            assertEquals("io/dbharness/yugabyte/sql/" + id + ".sql", d.source(id));
        }
        for (String id : List.of("drop_table", "count_rows", "has_rows", "table_exists", "table_columns", "table_size")) {
            assertEquals("io/dbharness/postgres/sql/" + id + ".sql", d.source(id));
        }
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> d.get("no_such_statement"));
        assertTrue(e.getMessage().startsWith("no statement no_such_statement.sql in "), e.getMessage());
    }

    /** All four statements of {@code flavor}, each under a {@code -- id} line, against {@code golden/<name>.sql}. */
    static void assertGolden(String name, PgFlavor flavor) throws IOException {
        assertGolden(name, flavor, SCHEMA, "(?, ?, ?, ?, ?, ?)");
    }

    static void assertGolden(String name, PgFlavor flavor, SeriesSchema schema, String oneRow) throws IOException {
        StringBuilder actual = new StringBuilder();
        for (String id : List.of("create_table", "copy_binary", "copy_text", "insert")) {
            String sql = id.equals("create_table") ? Tables.createSql(flavor, schema)
                    : Tables.render(flavor, id, schema, Map.of("rows", oneRow));
            actual.append("-- ").append(id).append('\n').append(sql).append(";\n");
        }
        String path = "golden/" + name + ".sql";
        try (InputStream in = YugabyteSqlGoldenTest.class.getResourceAsStream(path)) {
            assertNotNull(in, "missing golden file " + path + "; the SQL was:\n" + actual);
            assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), actual.toString(), path);
        }
    }
}
