package io.dbharness.matrixdb;

import io.dbharness.core.api.UsageException;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Table storage of {@code --matrixdb-storage}, with the clauses the YMatrix documentation gives for each.
 * The clauses live here rather than in separate templates because they differ only in a few fragments of
 * one {@code create_table} statement; the statement's shape stays in the resource file.
 */
enum Storage {
    /** YMatrix 5+: LSM storage, rows sorted by the {@code ORDER BY} key, zstd-compressed column runs. */
    MARS3,
    /** MatrixDB 4: sorted storage whose sort key is a {@code mars2_btree} index created with the table. */
    MARS2,
    /** Greenplum append-optimized column storage. */
    AO_COLUMN,
    /** Plain PostgreSQL heap, distributed. */
    HEAP;

    static Storage parse(String raw) {
        String norm = raw.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (Storage s : values()) {
            if (s.name().equals(norm)) {
                return s;
            }
        }
        throw new UsageException("invalid value '" + raw + "' for --matrixdb-storage: expected "
                + Arrays.stream(values()).map(Storage::cliName).collect(Collectors.joining("|")));
    }

    String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the storage is YMatrix's own (needs the {@code matrixts} extension, can run in unique mode). */
    boolean mars() {
        return this == MARS3 || this == MARS2;
    }

    /** Before CREATE TABLE: MARS tables need the matrixts extension in the database. */
    String prelude() {
        return mars() ? "CREATE EXTENSION IF NOT EXISTS matrixts;\n" : "";
    }

    /** {@code USING ...} and {@code WITH (...)} after the column list. */
    String storageClause(boolean unique) {
        return switch (this) {
            case MARS3 -> "\nUSING MARS3\nWITH (compresstype=zstd, compresslevel=3, compress_threshold=1200"
                    + (unique ? ", uniquemode=true" : "") + ")";
            case MARS2 -> "\nUSING MARS2";
            case AO_COLUMN -> "\nWITH (appendonly=true, orientation=column, compresstype=zstd, compresslevel=1)";
            case HEAP -> "";
        };
    }

    /** MARS3 keeps rows sorted by its ORDER BY key: devices together, then time, as mxbench creates it. */
    String orderClause(String keyAndTime) {
        return this == MARS3 ? "\nORDER BY (" + keyAndTime + ")" : "";
    }

    /** MARS2's sort key is an index of its own access method, created right after the table. */
    String indexStatement(String quotedTable, String keyAndTime, boolean unique) {
        return this == MARS2 ? ";\nCREATE INDEX ON " + quotedTable + " USING mars2_btree (" + keyAndTime + ")"
                + (unique ? " WITH (uniquemode=true)" : "") : "";
    }
}
