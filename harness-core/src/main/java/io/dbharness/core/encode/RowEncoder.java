package io.dbharness.core.encode;

import io.dbharness.core.api.RowBatch;

/**
 * Turns batches into one wire or file format. Encoders keep small caches (e.g. the last formatted second),
 * so each writer owns its own instance; they are not thread-safe.
 *
 * <p>A stream is {@code begin}, any number of {@code encode}, {@code end}; a writer that sends every batch
 * as its own COPY calls all three per batch.
 */
public interface RowEncoder {

    /** Stream header: the COPY binary signature, the CSV header line; nothing for COPY text. */
    void begin(ByteSink sink);

    /** Appends every row of {@code batch}. */
    void encode(RowBatch batch, ByteSink sink);

    /** Stream trailer. */
    void end(ByteSink sink);

    /** Rows of the last {@link #encode} call the format could not carry and left out (line protocol: rows without a field). */
    default int skippedRows() {
        return 0;
    }

    /** Name as given on the command line, e.g. {@code copy-text}. */
    String formatName();
}
