package io.dbharness.core.measure;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;

/**
 * The text form of a latency histogram in a result file: HdrHistogram's compressed encoding in base64. It keeps
 * every bucket, so histograms of several processes or intervals can be added and their percentiles read again.
 */
public final class HistogramCodec {

    private HistogramCodec() {
    }

    /** Compressed, base64: an empty histogram too, so every interval of every type can be merged the same way. */
    public static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int len = h.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buf.array(), len));
    }

    /**
     * Reads what {@link #encode} wrote.
     *
     * @throws IllegalArgumentException when the text is not base64 or not a compressed histogram
     */
    public static Histogram decode(String base64) {
        try {
            byte[] bytes = Base64.getDecoder().decode(base64);
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
        }
    }
}
