package io.dbharness.tpcc;

import io.dbharness.core.api.SqlAccess;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * Rows of one table in COPY's text format, sent with one COPY each time about {@link #FLUSH_BYTES} have
 * gathered. The loader's values are digits, letters and fixed punctuation, so nothing needs escaping.
 */
final class CopyRows {

    private static final int FLUSH_BYTES = 4 << 20;

    private final SqlAccess access;
    private final Connection connection;
    private final String copySql;
    private final Runnable onFlush;
    private byte[] buf = new byte[FLUSH_BYTES + (64 << 10)];
    private int len;
    private long rows;
    private long sent;

    /** @param onFlush told after each COPY, e.g. to add the rows to the progress */
    CopyRows(SqlAccess access, Connection connection, String copySql, Runnable onFlush) {
        this.access = access;
        this.connection = connection;
        this.copySql = copySql;
        this.onFlush = onFlush;
    }

    /** Rows sent so far. */
    long sent() {
        return sent;
    }

    CopyRows integer(long v) {
        ensure(21);
        if (v < 0) {
            buf[len++] = '-';
            v = -v;
        }
        int start = len;
        do {
            buf[len++] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v > 0);
        reverse(start, len - 1);
        return tab();
    }

    /** A decimal of {@code scale} places from its unscaled value: {@code decimal(30000000, 2)} is 300000.00. */
    CopyRows decimal(long unscaled, int scale) {
        ensure(24);
        if (unscaled < 0) {
            buf[len++] = '-';
            unscaled = -unscaled;
        }
        int start = len;
        for (int i = 0; i < scale; i++) {
            buf[len++] = (byte) ('0' + unscaled % 10);
            unscaled /= 10;
        }
        buf[len++] = '.';
        do {
            buf[len++] = (byte) ('0' + unscaled % 10);
            unscaled /= 10;
        } while (unscaled > 0);
        reverse(start, len - 1);
        return tab();
    }

    CopyRows text(byte[] ascii) {
        ensure(ascii.length + 1);
        System.arraycopy(ascii, 0, buf, len, ascii.length);
        len += ascii.length;
        return tab();
    }

    /** Random letters and digits, {@code min..max} of them. */
    CopyRows alnum(TpccRandom r, int min, int max) {
        int n = r.uniform(min, max);
        ensure(n + 1);
        r.fillAlnum(buf, len, n);
        len += n;
        return tab();
    }

    /** An a-string of {@code min..max} holding "ORIGINAL" at a random place in 10% of the rows (clause 4.3.3.1). */
    CopyRows data(TpccRandom r, int min, int max) {
        int n = r.uniform(min, max);
        ensure(n + 1);
        r.fillAlnum(buf, len, n);
        if (r.uniform(1, 10) == 1) {
            int at = r.uniform(0, n - 8);
            System.arraycopy(ORIGINAL, 0, buf, len + at, 8);
        }
        len += n;
        return tab();
    }

    CopyRows digits(TpccRandom r, int n) {
        ensure(n + 1);
        r.fillDigits(buf, len, n);
        len += n;
        return tab();
    }

    /** A zip code: four random digits and 11111 (clause 4.3.2.7). */
    CopyRows zip(TpccRandom r) {
        ensure(10);
        r.fillDigits(buf, len, 4);
        len += 4;
        System.arraycopy(ZIP_TAIL, 0, buf, len, 5);
        len += 5;
        return tab();
    }

    CopyRows nul() {
        ensure(3);
        buf[len++] = '\\';
        buf[len++] = 'N';
        return tab();
    }

    /** Ends the row (replacing the last column's tab) and sends the buffer when it is full. */
    void end() throws SQLException {
        buf[len - 1] = '\n';
        rows++;
        if (len >= FLUSH_BYTES) {
            flush();
        }
    }

    void flush() throws SQLException {
        if (len == 0) {
            return;
        }
        access.copyIn(connection, copySql, buf, 0, len);
        len = 0;
        sent = rows;
        onFlush.run();
    }

    private CopyRows tab() {
        buf[len++] = '\t';
        return this;
    }

    private void ensure(int n) {
        if (len + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
        }
    }

    private void reverse(int i, int j) {
        while (i < j) {
            byte t = buf[i];
            buf[i++] = buf[j];
            buf[j--] = t;
        }
    }

    private static final byte[] ORIGINAL = "ORIGINAL".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ZIP_TAIL = "11111".getBytes(StandardCharsets.US_ASCII);
}
