package io.dbharness.mogdb;

import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.UsageException;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The table choices of the mogdb target: row or column store, column-store compression level, interval
 * partitioning on {@code ts}. Combinations openGauss refuses are refused here, before any SQL is sent, with
 * the reason; the SQL fragments go into the {@code create_table} template as {@code ${storage}} and
 * {@code ${partitioning}}.
 *
 * @param compression the column store's COMPRESSION, null for a row table
 */
record MogDbDdl(Storage storage, Compression compression, PartitionInterval interval) {

    /** {@code ORIENTATION}: openGauss stores a table by row (the default) or by column. */
    enum Storage { ROW, COLUMN }

    /** Column-store {@code COMPRESSION} levels openGauss accepts; LOW is its default. */
    enum Compression { NO, YES, LOW, MIDDLE, HIGH }

    /** Width of the partitions openGauss creates by itself as rows arrive. */
    enum PartitionInterval {
        NONE(null), HOUR("1 hour"), DAY("1 day"), WEEK("7 days"), MONTH("1 month");

        final String sql;

        PartitionInterval(String sql) {
            this.sql = sql;
        }
    }

    /**
     * Upper bound of the one partition interval partitioning needs up front; every row of the workloads lies
     * after it, so the server creates one partition per interval that receives rows.
     */
    static final String TRANSITION_POINT = "1970-01-01 00:00:00";

    MogDbDdl {
        if (storage == Storage.ROW && compression != null) {
            throw new UsageException("--mogdb-compression applies to --mogdb-storage column only: openGauss compresses "
                    + "column-store tables (COMPRESSION=no|yes|low|middle|high), not row tables");
        }
        if (storage == Storage.COLUMN && interval != PartitionInterval.NONE) {
            throw new UsageException("--mogdb-partition-interval " + cli(interval) + " cannot be combined with --mogdb-storage "
                    + "column: openGauss column-store tables support only range partitions, not interval partitioning");
        }
    }

    /** Column storage gets openGauss's default level written out, so the DDL in the result says it. */
    static MogDbDdl of(Storage storage, Compression compression, PartitionInterval interval) {
        Compression c = compression == null && storage == Storage.COLUMN ? Compression.LOW : compression;
        return new MogDbDdl(storage, c, interval);
    }

    Map<String, String> sqlValues(SeriesSchema schema) {
        io.dbharness.core.api.RowId.Kind id = schema.rowId().kind();
        if (id == io.dbharness.core.api.RowId.Kind.IDENTITY || id == io.dbharness.core.api.RowId.Kind.UUID) {
            // openGauss forked from PostgreSQL 9.2: no identity columns (PostgreSQL 10) nor gen_random_uuid (13)
            throw new UsageException("MogDB/openGauss has no " + (id == io.dbharness.core.api.RowId.Kind.IDENTITY
                    ? "identity columns" : "gen_random_uuid()") + " for --primary-key "
                    + schema.rowId().cliName() + "; use --primary-key db (serial) or none");
        }
        if (storage == Storage.COLUMN && schema.hasExtension()) {
            throw new UsageException("--mogdb-storage column cannot hold " + schema.metricCount() + " metrics with --max-columns "
                    + schema.maxColumns() + ": the metrics past it go to a jsonb column, which openGauss column-store tables do "
                    + "not support; raise --max-columns to " + schema.metricCount() + " (up to 1500) or use --mogdb-storage row");
        }
        String with = storage == Storage.ROW ? ""
                : "\nWITH (ORIENTATION=COLUMN, COMPRESSION=" + compression.name() + ")";
        String partitioning = interval == PartitionInterval.NONE ? ""
                : "\nPARTITION BY RANGE (" + io.dbharness.postgres.Tables.column(schema.timeColumn()) + ") INTERVAL ('"
                        + interval.sql + "')\n(\n  PARTITION p_start VALUES LESS THAN ('"
                        + TRANSITION_POINT + "')\n)";
        return Map.of("storage", with, "partitioning", partitioning);
    }

    /**
     * On plain PostgreSQL: a heap table without partitions. Each feature switched off gets one {@code warn}
     * line and one entry in the returned list.
     */
    MogDbDdl withoutOpenGaussFeatures(String server, Consumer<String> warn, List<String> switchedOff) {
        if (storage == Storage.COLUMN) {
            warn.accept(server + " has no column store: --mogdb-storage column switched off, the table is a row (heap) table");
            switchedOff.add("ORIENTATION=COLUMN");
            warn.accept(server + " has no column-store compression: COMPRESSION=" + compression.name() + " switched off");
            switchedOff.add("COMPRESSION=" + compression.name());
        }
        if (interval != PartitionInterval.NONE) {
            warn.accept(server + " has no INTERVAL partitioning: --mogdb-partition-interval " + cli(interval)
                    + " switched off, the table is not partitioned");
            switchedOff.add("INTERVAL ('" + interval.sql + "')");
        }
        return new MogDbDdl(Storage.ROW, null, PartitionInterval.NONE);
    }

    Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("storage", cli(storage));
        s.put("compression", compression == null ? "none" : cli(compression));
        s.put("partition_interval", cli(interval));
        return s;
    }

    static String cli(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
