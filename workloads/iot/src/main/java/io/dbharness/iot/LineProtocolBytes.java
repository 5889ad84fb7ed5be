package io.dbharness.iot;

import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads a line-protocol line's fields and time straight from its bytes into a batch, for lines whose series is
 * known already ({@link SeriesBytes}): the parse into strings, lists and a map of boxed values that the first read
 * does ({@link LineProtocol#parse}) was four fifths of a file run's CPU. Only the plain forms are read here
 * (unescaped keys the first read saw, numbers without exponent or quotes, a plain time); for any other line it
 * adds nothing and says so, and the caller reads it the first read's way, with its errors.
 */
final class LineProtocolBytes {

    /** Powers of ten a double holds exactly: a decimal of at most 15 digits divided by one is correctly rounded. */
    private static final double[] POW10 = new double[23];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    private final byte[][] keys;
    private final boolean[] integral;
    private final long[] longs;
    private final double[] doubles;
    private final long[] set;

    LineProtocolBytes(SeriesSchema schema) {
        int n = schema.fieldNames().size();
        keys = new byte[n][];
        integral = new boolean[n];
        for (int f = 0; f < n; f++) {
            keys[f] = schema.fieldName(f).getBytes(StandardCharsets.UTF_8);
            integral[f] = schema.fieldType(f).integral();
        }
        longs = new long[n];
        doubles = new double[n];
        set = new long[(n + 63) / 64];
    }

    /**
     * Adds the row of the line {@code b[from, to)}, whose series text ends at {@code seriesEnd}; false (nothing
     * added) when the line is not in the plain form.
     */
    boolean add(byte[] b, int seriesEnd, int to, long series, RowBatch batch) {
        if (seriesEnd >= to) { // a series text and nothing else (a file changed under the run)
            return false;
        }
        Arrays.fill(set, 0);
        int i = seriesEnd + 1;
        while (true) {
            int keyFrom = i;
            while (i < to && b[i] != '=') {
                if (b[i] == '\\' || b[i] == ' ' || b[i] == ',') {
                    return false;
                }
                i++;
            }
            int f = field(b, keyFrom, i);
            if (f < 0 || i == to || (set[f >> 6] & (1L << f)) != 0) {
                return false;
            }
            i = value(b, i + 1, to, f);
            if (i < 0) {
                return false;
            }
            set[f >> 6] |= 1L << f;
            if (i < to && b[i] == ',') {
                i++;
                continue;
            }
            break;
        }
        if (i >= to || b[i] != ' ') {
            return false;
        }
        long nanos = time(b, i + 1, to);
        if (nanos == Long.MIN_VALUE) {
            return false;
        }
        int row = batch.addRow(Math.floorDiv(nanos, 1000L), series);
        for (int f = 0; f < keys.length; f++) {
            if ((set[f >> 6] & (1L << f)) != 0) {
                if (integral[f]) {
                    batch.setLong(row, f, longs[f]);
                } else {
                    batch.setDouble(row, f, doubles[f]);
                }
            }
        }
        return true;
    }

    private int field(byte[] b, int from, int to) {
        for (int f = 0; f < keys.length; f++) {
            if (Arrays.equals(keys[f], 0, keys[f].length, b, from, to)) {
                return f;
            }
        }
        return -1;
    }

    /** Reads field {@code f}'s value from {@code from}; where it ends, or -1 when it is not in the plain form. */
    private int value(byte[] b, int from, int to, int f) {
        int i = from;
        boolean negative = i < to && b[i] == '-';
        if (negative) {
            i++;
        }
        long mantissa = 0;
        int digits = 0;
        int fraction = -1;
        for (; i < to; i++) {
            byte c = b[i];
            if (c >= '0' && c <= '9') {
                if (mantissa > (Long.MAX_VALUE - (c - '0')) / 10) {
                    return -1;
                }
                digits++;
                mantissa = mantissa * 10 + (c - '0');
                if (fraction >= 0) {
                    fraction++;
                }
            } else if (c == '.' && fraction < 0) {
                fraction = 0;
            } else {
                break;
            }
        }
        if (digits == 0) {
            return -1;
        }
        boolean suffix = i < to && (b[i] == 'i' || b[i] == 'u');
        if (suffix) {
            if (!integral[f] || fraction >= 0) {
                return -1;
            }
            longs[f] = negative ? -mantissa : mantissa;
            i++;
        } else {
            if (integral[f] || digits > 15 || fraction > 22) {
                return -1;
            }
            double d = fraction > 0 ? mantissa / POW10[fraction] : mantissa;
            doubles[f] = negative ? -d : d;
        }
        return i < to && (b[i] == ',' || b[i] == ' ') ? i : -1;
    }

    /** A time of plain digits, optionally negative, that ends the line; {@code Long.MIN_VALUE} for any other. */
    private static long time(byte[] b, int from, int to) {
        int i = from;
        boolean negative = i < to && b[i] == '-';
        if (negative) {
            i++;
        }
        if (i == to) {
            return Long.MIN_VALUE;
        }
        long v = 0;
        for (; i < to; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9 || v > (Long.MAX_VALUE - d) / 10) {
                return Long.MIN_VALUE;
            }
            v = v * 10 + d;
        }
        return negative ? -v : v;
    }
}
