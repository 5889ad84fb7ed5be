package io.dbharness.core.encode;

import io.dbharness.core.api.SeriesTags;

import java.util.function.Function;

/**
 * A format's encoding of a series' string tags (escaped, joined as the format joins cells, or bound as they
 * are), made once per series and reused for every row of it: per row the writers copy bytes or references,
 * never format strings nor ask the model again. Series past {@link #CACHED_SERIES} are encoded each time
 * rather than held.
 */
public final class TagCells<T> {

    /** Up to a million series a writer holds their tag bytes (tens of MB at TSBS's ten tags). */
    static final int CACHED_SERIES = 1 << 20;

    private final SeriesTags tags;
    private final Function<String[], T> encode;
    private final Object[] cache;

    public TagCells(SeriesTags tags, Function<String[], T> encode) {
        this.tags = tags;
        this.encode = encode;
        this.cache = new Object[(int) Math.min(tags.count(), CACHED_SERIES) + 1];
    }

    @SuppressWarnings("unchecked") // only encode's results are stored
    public T get(long series) {
        if (series < cache.length) {
            Object b = cache[(int) series];
            if (b == null) {
                b = encode.apply(tags.values(series));
                cache[(int) series] = b;
            }
            return (T) b;
        }
        return encode.apply(tags.values(series));
    }
}
