package io.dbharness.core.encode;

import io.dbharness.core.api.SeriesTags;

import java.util.function.Function;

/**
 * A format's encoding of a series' string tags (escaped, joined as the format joins cells), made once per
 * series and reused for every row of it: per row the encoders copy bytes, never format strings. Series past
 * {@link #CACHED_SERIES} are encoded each time rather than held.
 */
public final class TagCells {

    /** Up to a million series a writer holds their tag bytes (tens of MB at TSBS's ten tags). */
    static final int CACHED_SERIES = 1 << 20;

    private final SeriesTags tags;
    private final Function<String[], byte[]> encode;
    private final byte[][] cache;

    public TagCells(SeriesTags tags, Function<String[], byte[]> encode) {
        this.tags = tags;
        this.encode = encode;
        this.cache = new byte[(int) Math.min(tags.count(), CACHED_SERIES) + 1][];
    }

    public byte[] get(long series) {
        if (series < cache.length) {
            byte[] b = cache[(int) series];
            if (b == null) {
                b = encode.apply(tags.values(series));
                cache[(int) series] = b;
            }
            return b;
        }
        return encode.apply(tags.values(series));
    }
}
