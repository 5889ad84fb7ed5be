package io.dbharness.core.api;

import java.util.Arrays;
import java.util.Objects;

/**
 * The parameters of one query instance. Times are epoch microseconds UTC, the window end exclusive.
 *
 * @param tag       {@code {tag}}: one device
 * @param tags      {@code {tags}}: several devices, as many as the shape's tag count
 * @param threshold {@code {threshold}}: a metric value, in the metric's own unit
 * @param keys      the key tag's value of {@code tag} then of each of {@code tags}, as the model stores it
 *                  ({@code "7"} for mxbench's device 7, {@code "host_6"} for TSBS's seventh host): what a target
 *                  writes where its key column is text
 * @param choice    {@code {choice}}: one of the values the query names, as text; null when it names none
 */
public record QueryParams(long tag, long[] tags, long startMicros, long endMicros, double threshold, String[] keys,
                          String choice) {

    public QueryParams {
        Objects.requireNonNull(tags, "tags");
        tags = tags.clone();
        keys = keys.clone();
        if (keys.length != tags.length + 1) {
            throw new IllegalArgumentException(keys.length + " keys for 1 + " + tags.length + " series");
        }
        if (endMicros <= startMicros) {
            throw new IllegalArgumentException("window end must be after its start");
        }
    }

    /** Parameters without a {@code {choice}}. */
    public QueryParams(long tag, long[] tags, long startMicros, long endMicros, double threshold, String[] keys) {
        this(tag, tags, startMicros, endMicros, threshold, keys, null);
    }

    /** Parameters of a model whose key is the series number itself (mxbench's {@code tag_id}). */
    public QueryParams(long tag, long[] tags, long startMicros, long endMicros, double threshold) {
        this(tag, tags, startMicros, endMicros, threshold, numbers(tag, tags));
    }

    private static String[] numbers(long tag, long[] tags) {
        String[] out = new String[tags.length + 1];
        out[0] = Long.toString(tag);
        for (int i = 0; i < tags.length; i++) {
            out[i + 1] = Long.toString(tags[i]);
        }
        return out;
    }

    @Override
    public String[] keys() {
        return keys.clone();
    }

    /** {@code {tag}}'s key value. */
    public String key() {
        return keys[0];
    }

    /** The key value of the tag at {@code i} of {@code {tags}}. */
    public String key(int i) {
        return keys[i + 1];
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
                && p.endMicros == endMicros && Double.compare(p.threshold, threshold) == 0 && Arrays.equals(p.keys, keys)
                && Objects.equals(p.choice, choice);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tag, Arrays.hashCode(tags), startMicros, endMicros, threshold, choice);
    }

    @Override
    public String toString() {
        return "QueryParams[tag=" + tag + ", tags=" + Arrays.toString(tags) + ", start=" + startMicros + ", end="
                + endMicros + ", threshold=" + threshold + ", keys=" + Arrays.toString(keys) + (choice == null ? "" : ", choice=" + choice) + "]";
    }
}
