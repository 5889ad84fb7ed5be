package io.dbharness.core.encode;

import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;

/** Once-per-batch check that a batch fits the schema the encoder was built for; a mismatch is a bug, not data. */
final class Batches {

    private Batches() {
    }

    static void check(SeriesSchema schema, RowBatch batch) {
        if (batch.metricCount() != schema.metricCount() || batch.type() != schema.metricType()) {
            throw new IllegalArgumentException("batch of " + batch.metricCount() + " " + batch.type().sqlName()
                    + " metrics does not fit schema of " + schema.metricCount() + " " + schema.metricType().sqlName());
        }
    }
}
