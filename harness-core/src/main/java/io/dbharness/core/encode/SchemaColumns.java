package io.dbharness.core.encode;

import io.dbharness.core.api.SeriesSchema;

import java.util.ArrayList;
import java.util.List;

/** Column order every encoder writes, so COPY/INSERT column lists and encoded rows cannot drift apart. */
public final class SchemaColumns {

    public static final String TS = "ts";
    public static final String TAG_ID = "tag_id";

    private SchemaColumns() {
    }

    /** {@code ts, tag_id, c0..c(k-1)} and {@code ext} when the schema has an extension column. */
    public static List<String> names(SeriesSchema schema) {
        List<String> names = new ArrayList<>(schema.columnMetrics() + 3);
        names.add(TS);
        names.add(TAG_ID);
        for (int m = 0; m < schema.columnMetrics(); m++) {
            names.add(SeriesSchema.metricName(m));
        }
        if (schema.hasExtension()) {
            names.add(SeriesSchema.EXT_COLUMN);
        }
        return names;
    }

    /** Fields per encoded row. */
    public static int count(SeriesSchema schema) {
        return 2 + schema.columnMetrics() + (schema.hasExtension() ? 1 : 0);
    }
}
