package io.dbharness.core.encode;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.SeriesSchema;

/** Each field's type, as a small array the encoders' row loops index (one load per value, whatever the model). */
final class FieldKinds {

    private FieldKinds() {
    }

    static MetricType[] of(SeriesSchema schema) {
        return schema.fieldTypes().toArray(new MetricType[0]);
    }
}
