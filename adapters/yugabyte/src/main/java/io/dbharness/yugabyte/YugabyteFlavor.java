package io.dbharness.yugabyte;

import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.dialect.StatementTexts;
import io.dbharness.postgres.CopyChannel;
import io.dbharness.postgres.IngestMode;
import io.dbharness.postgres.PgFlavor;
import io.dbharness.postgres.Tables;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * YugabyteDB YSQL as a PostgreSQL-family product: its key and tablet clauses in the DDL, COPY options and upsert
 * mode, its own driver for {@code jdbc:yugabytedb:} URLs. Everything YugabyteDB-only is written in the SQL
 * resources as placeholders filled here, so one switch ({@code ybSyntax}) takes it all out on a plain
 * PostgreSQL server.
 *
 * @param ingest              COPY or multi-row INSERT
 * @param rowsPerTransaction  COPY's {@code ROWS_PER_TRANSACTION}: rows YugabyteDB commits at a time within one COPY
 * @param upsertMode          {@code yb_enable_upsert_mode} per session (blind INSERT) and {@code REPLACE} on COPY
 * @param onConflictDoNothing INSERT only: a row whose key exists is dropped instead of failing the statement
 * @param sharding            hash or range primary key
 * @param splitTablets        {@code SPLIT INTO n TABLETS}; 0 leaves the count to the server
 * @param ybSyntax            false on a plain PostgreSQL server ({@code --allow-compatible-server})
 * @param switchedOff         what was switched off for that server, recorded in the result
 */
public record YugabyteFlavor(YbIngestMode ingest, int rowsPerTransaction, boolean upsertMode, boolean onConflictDoNothing,
                             YbSharding sharding, int splitTablets, boolean ybSyntax, List<String> switchedOff)
        implements PgFlavor {

    public static final String PRODUCT = "YugabyteDB";
    public static final String YB_URL = "jdbc:yugabytedb:";
    public static final String PG_URL = "jdbc:postgresql:";

    private static final StatementTexts DIALECT = PgFlavor.dialectOf("io/dbharness/yugabyte/sql", YugabyteFlavor.class.getClassLoader());

    public YugabyteFlavor {
        if (rowsPerTransaction < 1) {
            throw new UsageException("invalid value '" + rowsPerTransaction + "' for --yb-rows-per-transaction: expected at least 1");
        }
        if (splitTablets < 0) {
            throw new UsageException("invalid value '" + splitTablets + "' for --yb-split-tablets: expected at least 1");
        }
        if (splitTablets > 0 && sharding != YbSharding.HASH) {
            throw new UsageException("--yb-split-tablets needs --yb-sharding hash: SPLIT INTO n TABLETS applies to hash-sharded "
                    + "tables only (a range-sharded table is split at values, or automatically as it grows)");
        }
        if (onConflictDoNothing && ingest != YbIngestMode.INSERT_MULTIROW) {
            throw new UsageException("--yb-on-conflict-do-nothing needs --yb-ingest insert-multirow: COPY has no ON CONFLICT clause");
        }
        switchedOff = List.copyOf(switchedOff);
    }

    /** The flavor for a YugabyteDB server, before any {@link #onCompatibleServer} downgrade. */
    public static YugabyteFlavor of(YbIngestMode ingest, int rowsPerTransaction, boolean upsertMode, boolean onConflictDoNothing,
                                    YbSharding sharding, int splitTablets) {
        return new YugabyteFlavor(ingest, rowsPerTransaction, upsertMode, onConflictDoNothing, sharding, splitTablets,
                true, List.of());
    }

    @Override
    public String product() {
        return PRODUCT;
    }

    @Override
    public List<String> queryLanguages() {
        return List.of("yugabyte", "postgres", "sql");
    }

    @Override
    public StatementTexts dialect() {
        return DIALECT;
    }

    /** YSQL's {@code version()} reads e.g. {@code PostgreSQL 11.2-YB-2.20.1.0-b0 on x86_64-pc-linux-gnu, ...}. */
    @Override
    public boolean recognises(String version) {
        return version != null && version.contains("-YB-");
    }

    /** The YugabyteDB scheme first, so {@code --host} builds a URL for its driver (and its load-balance options). */
    @Override
    public List<String> urlPrefixes() {
        return List.of(YB_URL, PG_URL);
    }

    @Override
    public Driver driver(String url) {
        return url.startsWith(YB_URL) ? new com.yugabyte.Driver() : new org.postgresql.Driver();
    }

    @Override
    public IngestMode ingestMode() {
        return ingest.mode();
    }

    /** The key as the settings spell it, with the telematics names (the DDL in the result has the model's own). */
    private static final String SERIES = SeriesSchema.TELEMATICS_TAG;
    private static final String TIME = SeriesSchema.TELEMATICS_TIME;

    @Override
    public Map<String, String> sqlValues(SeriesSchema schema) {
        return Map.of(
                // a row id is the key on its own, as MaibornWolff keys its events (YSQL hash-shards on it)
                "primary_key", schema.rowId().present() ? "PRIMARY KEY (" + io.dbharness.core.api.RowId.COLUMN + ")"
                        : ybSyntax ? sharding.primaryKey(Tables.keyColumns(schema), Tables.column(schema.timeColumn()))
                        : YbSharding.plainKey(Tables.keyColumns(schema), Tables.column(schema.timeColumn())),
                "split", ybSyntax && splitTablets > 0 ? "\nSPLIT INTO " + splitTablets + " TABLETS" : "",
                "copy_options", ybSyntax ? ", ROWS_PER_TRANSACTION " + rowsPerTransaction + (upsertMode ? ", REPLACE" : "") : "",
                "on_conflict", onConflictDoNothing ? " ON CONFLICT DO NOTHING" : "");
    }

    /** Upsert mode is a session setting: every pooled connection gets it before its first write. */
    @Override
    public List<String> sessionSql() {
        return ybSyntax && upsertMode ? List.of("SET yb_enable_upsert_mode = on") : List.of();
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("yb_ingest", ingest.cliName());
        if (ingest.isCopy()) {
            m.put("yb_copy_rows_per_transaction", ybSyntax ? Integer.toString(rowsPerTransaction) : "off");
        }
        m.put("yb_upsert_mode", ybSyntax && upsertMode ? "on" : "off");
        if (ingest == YbIngestMode.INSERT_MULTIROW) {
            m.put("yb_on_conflict", onConflictDoNothing ? "do nothing" : "error");
        }
        m.put("yb_primary_key", ybSyntax ? sharding.primaryKey(SERIES, TIME) : YbSharding.plainKey(SERIES, TIME));
        m.put("yb_split_tablets", ybSyntax && splitTablets > 0 ? Integer.toString(splitTablets) : "server default");
        if (!switchedOff.isEmpty()) {
            m.put("yb_switched_off", String.join("; ", switchedOff));
        }
        return m;
    }

    @Override
    public void cancelQuery(Connection connection) throws SQLException {
        if (YugabyteCopy.isYugabyteConnection(connection)) {
            connection.unwrap(com.yugabyte.PGConnection.class).cancelQuery();
        } else {
            PgFlavor.super.cancelQuery(connection);
        }
    }

    @Override
    public CopyChannel copyChannel(Connection connection) throws SQLException {
        return YugabyteCopy.isYugabyteConnection(connection) ? YugabyteCopy.channel(connection) : CopyChannel.postgres(connection);
    }

    /**
     * Upsert mode (INSERT in the session, {@code REPLACE} on COPY) keeps the last row written per (tag_id, ts),
     * and the writer counts every row it sent, so the stored count is the merged one. {@code ON CONFLICT DO
     * NOTHING} is not a merge for counting: the server's update counts say which rows it kept, and the
     * others are counted as skipped. Without either a repeated key fails the write (23505).
     */
    @Override
    public boolean mergesRowsWithSameKey() {
        return ybSyntax && upsertMode;
    }

    @Override
    public PgFlavor onCompatibleServer(String version, Consumer<String> warn) {
        if (!ybSyntax) {
            return this;
        }
        String server = io.dbharness.postgres.PgFamilyProvider.shortVersion(version);
        List<String> off = new ArrayList<>();
        // the table is not known here (telematics' key is (tag_id, ts), MaibornWolff's events' is id): said generally
        off.add(sharding == YbSharding.HASH
                ? "HASH sharding: " + server + " has no hash-sharded keys; the table's key is a plain PRIMARY KEY"
                : "range sharding: " + server + " takes no ASC in a key constraint; the table's key is a plain PRIMARY KEY");
        if (splitTablets > 0) {
            off.add("SPLIT INTO " + splitTablets + " TABLETS: " + server + " has no tablets; dropped from CREATE TABLE");
        }
        if (ingest.isCopy()) {
            off.add("ROWS_PER_TRANSACTION " + rowsPerTransaction + ": " + server + " has no such COPY option; each COPY is one transaction");
        }
        if (upsertMode) {
            off.add("upsert mode: " + server + " has no yb_enable_upsert_mode (nor COPY ... REPLACE); a repeated key fails the write");
        }
        off.forEach(warn);
        return new YugabyteFlavor(ingest, rowsPerTransaction, upsertMode, onConflictDoNothing, sharding, splitTablets, false, off);
    }
}
