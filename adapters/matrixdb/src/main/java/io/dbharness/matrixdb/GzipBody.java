package io.dbharness.matrixdb;

import io.dbharness.core.encode.ByteSink;

import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Gzip of a request body into a reused buffer with one reused {@link Deflater}: {@code GZIPOutputStream}
 * would allocate a deflater and its native memory per batch. Fastest level: the point is fewer bytes on a
 * slow link, not the smallest body, and the CPU is shared with the database on small machines.
 */
final class GzipBody implements AutoCloseable {

    private static final byte[] HEADER = {0x1f, (byte) 0x8b, Deflater.DEFLATED, 0, 0, 0, 0, 0, 0, (byte) 0xff};

    private final Deflater deflater = new Deflater(Deflater.BEST_SPEED, true);
    private final CRC32 crc = new CRC32();
    private final ByteSink out = new ByteSink(64 * 1024);

    /** Compresses {@code len} bytes of {@code src}; the result is valid until the next call. */
    ByteSink compress(byte[] src, int len) {
        out.reset();
        out.write(HEADER);
        deflater.reset();
        deflater.setInput(src, 0, len);
        deflater.finish();
        while (!deflater.finished()) {
            out.ensure(Math.max(4096, len / 4));
            byte[] b = out.array();
            int n = deflater.deflate(b, out.length(), b.length - out.length());
            out.setLength(out.length() + n);
        }
        crc.reset();
        crc.update(src, 0, len);
        writeIntLe((int) crc.getValue());
        writeIntLe(len);
        return out;
    }

    private void writeIntLe(int v) {
        out.write(v);
        out.write(v >>> 8);
        out.write(v >>> 16);
        out.write(v >>> 24);
    }

    @Override
    public void close() {
        deflater.end();
    }
}
