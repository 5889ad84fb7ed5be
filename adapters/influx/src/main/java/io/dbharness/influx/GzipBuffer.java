package io.dbharness.influx;

import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * gzip of one request body into a reused array with a reused {@link Deflater}: {@code GZIPOutputStream}
 * would allocate a new deflater (and its native memory) per request. Level 1: the point of {@code --gzip} is
 * less network, and higher levels cost more CPU than they save on loopback or a LAN.
 */
final class GzipBuffer {

    private static final byte[] HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};

    private final Deflater deflater = new Deflater(Deflater.BEST_SPEED, true);
    private final CRC32 crc = new CRC32();
    private byte[] out = new byte[1 << 16];
    private int length;

    /** Compresses {@code len} bytes of {@code in} from {@code off}; the result is in {@link #array()}. */
    void compress(byte[] in, int off, int len) {
        deflater.reset();
        crc.reset();
        crc.update(in, off, len);
        deflater.setInput(in, off, len);
        deflater.finish();
        System.arraycopy(HEADER, 0, out, 0, HEADER.length);
        int p = HEADER.length;
        while (!deflater.finished()) {
            if (p == out.length) {
                out = Arrays.copyOf(out, out.length * 2);
            }
            p += deflater.deflate(out, p, out.length - p);
        }
        if (p + 8 > out.length) {
            out = Arrays.copyOf(out, p + 8);
        }
        putIntLe(p, (int) crc.getValue());
        putIntLe(p + 4, len);
        length = p + 8;
    }

    byte[] array() {
        return out;
    }

    int length() {
        return length;
    }

    void close() {
        deflater.end();
    }

    private void putIntLe(int p, int v) {
        out[p] = (byte) v;
        out[p + 1] = (byte) (v >>> 8);
        out[p + 2] = (byte) (v >>> 16);
        out[p + 3] = (byte) (v >>> 24);
    }
}
