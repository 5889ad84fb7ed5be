package io.dbharness.mogdb;

import io.dbharness.postgres.IngestMode;

/**
 * How rows go into MogDB ({@code --mogdb-ingest}). COPY is text COPY: openGauss documents its binary COPY
 * format as its own (not PostgreSQL's), tied to exact column types and meant for dumps between servers of the
 * same version, so the PostgreSQL binary encoder cannot be trusted against it; text COPY is what gsql and
 * openGauss loaders send.
 */
enum MogDbIngestMode {
    COPY(IngestMode.COPY_TEXT),
    INSERT_BATCH(IngestMode.INSERT_BATCH);

    private final IngestMode mode;

    MogDbIngestMode(IngestMode mode) {
        this.mode = mode;
    }

    IngestMode mode() {
        return mode;
    }
}
