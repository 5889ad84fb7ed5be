package io.dbharness.yugabyte;

import io.dbharness.postgres.IngestMode;

import java.util.Locale;

/**
 * How rows reach YugabyteDB ({@code --yb-ingest}). COPY is the bulk path YSQL documents; multi-row INSERT is
 * kept because it is what applications do and because only INSERT takes {@code ON CONFLICT DO NOTHING}.
 */
public enum YbIngestMode {
    /** COPY FROM STDIN, binary format, with {@code ROWS_PER_TRANSACTION}. */
    COPY(IngestMode.COPY_BINARY),
    /** COPY FROM STDIN, text format: the fallback should a server reject binary COPY. */
    COPY_TEXT(IngestMode.COPY_TEXT),
    /** {@code INSERT ... VALUES (...),(...)}, optionally {@code ON CONFLICT DO NOTHING}. */
    INSERT_MULTIROW(IngestMode.INSERT_MULTIROW);

    private final IngestMode mode;

    YbIngestMode(IngestMode mode) {
        this.mode = mode;
    }

    /** The shared writer that carries this path. */
    public IngestMode mode() {
        return mode;
    }

    public boolean isCopy() {
        return this != INSERT_MULTIROW;
    }

    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
