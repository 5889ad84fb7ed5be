package io.dbharness.iot;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * Line protocol's series texts (a line up to its first unescaped space) to their series, looked up by a line's
 * bytes: a worker skips the lines of other workers' series without decoding them, as CSV lines are skipped by
 * their series column. Open addressing over UTF-8 keys; read-only once built, so workers share one.
 */
final class SeriesBytes {

    private final byte[][] keys;
    private final long[] series;
    private final int mask;
    private final int shift;

    SeriesBytes(Map<String, Long> seriesByText) {
        int size = Integer.highestOneBit(Math.max(4, seriesByText.size() * 2 - 1)) * 2;
        keys = new byte[size][];
        series = new long[size];
        mask = size - 1;
        shift = 32 - Integer.numberOfTrailingZeros(size);
        for (Map.Entry<String, Long> e : seriesByText.entrySet()) {
            byte[] key = e.getKey().getBytes(StandardCharsets.UTF_8);
            int i = slot(key, 0, key.length);
            while (keys[i] != null) {
                i = (i + 1) & mask;
            }
            keys[i] = key;
            series[i] = e.getValue();
        }
    }

    /** The series of the text {@code b[from, end)} ({@link #seriesEnd} of a line); -1 when the first read saw none such. */
    long of(byte[] b, int from, int end) {
        int i = slot(b, from, end);
        for (byte[] k = keys[i]; k != null; i = (i + 1) & mask, k = keys[i]) {
            if (Arrays.equals(k, 0, k.length, b, from, end)) {
                return series[i];
            }
        }
        return -1;
    }

    /** {@link LineProtocol#seriesEnd} on bytes: a UTF-8 character's bytes are never a backslash or a space. */
    static int seriesEnd(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == '\\') {
                i++;
            } else if (b[i] == ' ') {
                return i;
            }
        }
        return to;
    }

    /** Fibonacci hashing: series texts differ in their last digits, whose plain hashes would sit side by side. */
    private int slot(byte[] b, int from, int to) {
        int h = 1;
        for (int i = from; i < to; i++) {
            h = 31 * h + b[i];
        }
        return (h * 0x9E3779B9) >>> shift;
    }
}
