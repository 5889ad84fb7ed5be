package io.dbharness.core.encode;

import io.dbharness.core.api.SeriesSchema;

import java.util.ArrayList;
import java.util.List;

/** Column order every encoder writes, so COPY/INSERT column lists and encoded rows cannot drift apart. */
public final class SchemaColumns {

    /** mxbench's telematics columns. */
    public static final String TS = SeriesSchema.TELEMATICS_TIME;
    public static final String TAG_ID = SeriesSchema.TELEMATICS_TAG;

    private SchemaColumns() {
    }

    /** The time column, the tag columns, the field columns and {@code ext} when the schema has an extension column. */
    public static List<String> names(SeriesSchema schema) {
        List<String> names = new ArrayList<>(schema.columnMetrics() + schema.tags().names().size() + 2);
        names.add(schema.timeColumn());
        names.addAll(schema.tags().names());
        for (int m = 0; m < schema.columnMetrics(); m++) {
            names.add(schema.fieldName(m));
        }
        if (schema.hasExtension()) {
            names.add(SeriesSchema.EXT_COLUMN);
        }
        return names;
    }

    /** Fields per encoded row. */
    public static int count(SeriesSchema schema) {
        return 1 + schema.tags().names().size() + schema.columnMetrics() + (schema.hasExtension() ? 1 : 0);
    }
}
