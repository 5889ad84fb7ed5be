package io.dbharness.postgres;

import java.util.Locale;

/** How rows travel to PostgreSQL ({@code --pg-ingest}); kept selectable because their cost differs by an order of magnitude. */
public enum IngestMode {
    /** COPY FROM STDIN in binary format: no text parsing on the server. */
    COPY_BINARY,
    /** COPY FROM STDIN in text format, the form MatrixGate and most loaders use. */
    COPY_TEXT,
    /** One prepared single-row INSERT, sent with JDBC addBatch/executeBatch. */
    INSERT_BATCH,
    /** INSERT ... VALUES (...),(...) with as many rows per statement as the bind-parameter limit allows. */
    INSERT_MULTIROW;

    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
