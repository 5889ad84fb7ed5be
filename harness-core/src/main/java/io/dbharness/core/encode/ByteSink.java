package io.dbharness.core.encode;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * A growable byte buffer reused batch after batch, so encoding a batch allocates nothing once the buffer
 * has reached its working size. Numbers are written by hand-written digit code because {@code Long.toString}
 * and {@code Double.toString} allocate a String per value, which dominates the cost of text encodings.
 *
 * <p>Not thread-safe: one per writer.
 */
public final class ByteSink {

    private static final byte[] LONG_MIN = "-9223372036854775808".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] NAN = {'N', 'a', 'N'};
    private static final byte[] INFINITY = {'I', 'n', 'f', 'i', 'n', 'i', 't', 'y'};
    private static final byte[] NEG_INFINITY = {'-', 'I', 'n', 'f', 'i', 'n', 'i', 't', 'y'};

    /** One store per value instead of one per byte; big-endian as every wire format here wants. */
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    /** Binary line protocol's doubles are little-endian. */
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] buf;
    private int len;

    /**
     * For encoders that reserve a row's worst case with {@link #ensure} and then write through
     * {@link #array()} with the static put methods: sets the length to the position they reached.
     */
    public void setLength(int newLength) {
        if (newLength < 0 || newLength > buf.length) {
            throw new IndexOutOfBoundsException("length " + newLength + " outside 0.." + buf.length);
        }
        len = newLength;
    }

    public static void putInt16(byte[] b, int p, int v) {
        SHORT.set(b, p, (short) v);
    }

    public static void putInt32(byte[] b, int p, int v) {
        INT.set(b, p, v);
    }

    public static void putInt64(byte[] b, int p, long v) {
        LONG.set(b, p, v);
    }

    public ByteSink() {
        this(64 * 1024);
    }

    public ByteSink(int initialCapacity) {
        buf = new byte[Math.max(16, initialCapacity)];
    }

    /** Bytes written since the last {@link #reset()}. */
    public int length() {
        return len;
    }

    /** The backing array; valid from 0 to {@link #length()}, and only until the next write. */
    public byte[] array() {
        return buf;
    }

    /** Forgets the content and keeps the capacity. */
    public void reset() {
        len = 0;
    }

    public void writeTo(OutputStream out) throws IOException {
        out.write(buf, 0, len);
    }

    /** Makes room for {@code extra} more bytes. */
    public void ensure(int extra) {
        int need = len + extra;
        if (need < 0) {
            throw new IllegalStateException("ByteSink over 2 GiB");
        }
        if (need > buf.length) {
            long grown = Math.max((long) buf.length * 2, need);
            buf = Arrays.copyOf(buf, (int) Math.min(grown, Integer.MAX_VALUE - 8));
        }
    }

    public void write(byte b) {
        if (len == buf.length) {
            ensure(1);
        }
        buf[len++] = b;
    }

    /** Writes the low 8 bits of {@code b}; saves a cast at call sites writing char literals. */
    public void write(int b) {
        write((byte) b);
    }

    public void write(byte[] src) {
        write(src, 0, src.length);
    }

    public void write(byte[] src, int off, int n) {
        ensure(n);
        System.arraycopy(src, off, buf, len, n);
        len += n;
    }

    /** Writes each char's low byte; for strings known to be ASCII (identifiers, fallback number text). */
    /** For a few bytes: a plain loop beats {@code System.arraycopy}'s call overhead. */
    public void writeSmall(byte[] src) {
        int n = src.length;
        if (len + n > buf.length) {
            ensure(n);
        }
        byte[] b = buf;
        int p = len;
        for (int i = 0; i < n; i++) {
            b[p + i] = src[i];
        }
        len = p + n;
    }

    public void writeAscii(String s) {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            buf[len++] = (byte) s.charAt(i);
        }
    }

    /** Decimal text of {@code v}. */
    public void writeLong(long v) {
        if (v == Long.MIN_VALUE) {
            write(LONG_MIN, 0, LONG_MIN.length);
            return;
        }
        ensure(20);
        if (v < 0) {
            buf[len++] = '-';
            v = -v;
        }
        int digits = digitCount(v);
        int pos = len + digits;
        len = pos;
        while (v >= 10) {
            long q = v / 10;
            buf[--pos] = (byte) ('0' + (int) (v - q * 10));
            v = q;
        }
        buf[--pos] = (byte) ('0' + (int) v);
    }

    /** Digits of a non-negative long. */
    static int digitCount(long v) {
        long p = 10;
        for (int i = 1; i < 19; i++) {
            if (v < p) {
                return i;
            }
            p *= 10;
        }
        return 19;
    }

    /**
     * Shortest round-trip text of {@code v}. Values with at most two decimals (what the generators produce)
     * take an allocation-free path; others fall back to {@link Double#toString}. NaN and infinities are
     * spelled as PostgreSQL reads them. Negative zero is written as {@code 0}.
     */
    public void writeDouble(double v) {
        long s = Math.round(v * 100);
        if (s > -1_000_000_000_000_000L && s < 1_000_000_000_000_000L && s / 100.0 == v) {
            writeHundredths(s);
        } else {
            writeSpecialOr(v, Double.toString(v));
        }
    }

    /** As {@link #writeDouble} for a float: the text parses back to the same float. */
    public void writeFloat(float f) {
        long s = Math.round(f * 100.0);
        if (s > -1_000_000 && s < 1_000_000 && (float) (s / 100.0) == f) {
            writeHundredths(s);
        } else {
            writeSpecialOr(f, Float.toString(f));
        }
    }

    private void writeSpecialOr(double v, String text) {
        if (Double.isNaN(v)) {
            write(NAN, 0, NAN.length);
        } else if (v == Double.POSITIVE_INFINITY) {
            write(INFINITY, 0, INFINITY.length);
        } else if (v == Double.NEGATIVE_INFINITY) {
            write(NEG_INFINITY, 0, NEG_INFINITY.length);
        } else {
            writeAscii(text);
        }
    }

    /** Writes {@code s / 100} with up to two decimals, trailing zeros trimmed. */
    private void writeHundredths(long s) {
        if (s < 0) {
            write('-');
            s = -s;
        }
        long ip = s / 100;
        int frac = (int) (s - ip * 100);
        writeLong(ip);
        if (frac != 0) {
            ensure(3);
            buf[len++] = '.';
            int d1 = frac / 10;
            int d2 = frac - d1 * 10;
            buf[len++] = (byte) ('0' + d1);
            if (d2 != 0) {
                buf[len++] = (byte) ('0' + d2);
            }
        }
    }

    public void writeInt16(int v) {
        ensure(2);
        SHORT.set(buf, len, (short) v);
        len += 2;
    }

    public void writeInt32(int v) {
        ensure(4);
        putInt32(len, v);
        len += 4;
    }

    public void writeInt64(long v) {
        ensure(8);
        LONG.set(buf, len, v);
        len += 8;
    }

    public void writeInt64LittleEndian(long v) {
        ensure(8);
        LONG_LE.set(buf, len, v);
        len += 8;
    }

    /** Overwrites 4 bytes already written at {@code pos}: for length prefixes known only after the value. */
    public void setInt32At(int pos, int v) {
        if (pos < 0 || pos + 4 > len) {
            throw new IndexOutOfBoundsException("position " + pos + " outside 0.." + (len - 4));
        }
        putInt32(pos, v);
    }

    private void putInt32(int p, int v) {
        INT.set(buf, p, v);
    }

    /** A copy of the content, for tests and rare paths. */
    public byte[] toByteArray() {
        return Arrays.copyOf(buf, len);
    }
}
