package io.dbharness.core.api;

import java.util.Arrays;
import java.util.Objects;

/**
 * The parameters of one query instance. Times are epoch microseconds UTC, the window end exclusive.
 *
 * @param tag       {@code {tag}}: one device
 * @param tags      {@code {tags}}: several devices, as many as the shape's tag count
 * @param threshold {@code {threshold}}: a metric value, in the metric's own unit
 */
public record QueryParams(long tag, long[] tags, long startMicros, long endMicros, double threshold) {

    public QueryParams {
        Objects.requireNonNull(tags, "tags");
        tags = tags.clone();
        if (endMicros <= startMicros) {
            throw new IllegalArgumentException("window end must be after its start");
        }
    }

    @Override
    public long[] tags() {
        return tags.clone();
    }

    /** The tag at {@code i} without copying the array (hot path). */
    public long tag(int i) {
        return tags[i];
    }

    public int tagCount() {
        return tags.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof QueryParams p && p.tag == tag && Arrays.equals(p.tags, tags) && p.startMicros == startMicros
                && p.endMicros == endMicros && Double.compare(p.threshold, threshold) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(tag, Arrays.hashCode(tags), startMicros, endMicros, threshold);
    }

    @Override
    public String toString() {
        return "QueryParams[tag=" + tag + ", tags=" + Arrays.toString(tags) + ", start=" + startMicros + ", end="
                + endMicros + ", threshold=" + threshold + "]";
    }
}
