package io.dbharness.core.encode;

import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;

/** Once-per-batch check that a batch fits the schema the encoder was built for; a mismatch is a bug, not data. */
final class Batches {

    private Batches() {
    }

    static void check(SeriesSchema schema, RowBatch batch) {
        boolean fits = batch.metricCount() == schema.metricCount();
        for (int m = 0; fits && m < schema.metricCount(); m++) {
            fits = batch.fieldType(m) == schema.fieldType(m);
        }
        if (!fits) {
            throw new IllegalArgumentException("batch of " + batch.metricCount() + " metrics does not fit schema "
                    + schema.tableName() + " of " + schema.metricCount() + " " + schema.fieldTypes());
        }
    }
}
