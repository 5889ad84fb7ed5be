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

    /** Room for any latency in microseconds: what an encoding that understates its range is read back with. */
    private static final long ANY_VALUE = Long.MAX_VALUE / 4;

    /**
     * Compressed, base64: an empty histogram too, so every interval of every type can be merged the same way.
     * Encodes a plain copy: a recorder's concurrent histogram that two writers grew at once can keep the smaller of
     * their highest trackable values while holding a count above it (HdrHistogram 2.2.2, {@code
     * handleRecordException}), and its own encoding then gives that smaller range, which the decoder cannot fill. A
     * copy is sized by the counts it is given.
     */
    public static String encode(Histogram h) {
        Histogram plain = h.getClass() == Histogram.class ? h : copyOf(h);
        ByteBuffer buf = ByteBuffer.allocate(plain.getNeededByteBufferCapacity());
        int len = plain.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buf.array(), len));
    }

    private static Histogram copyOf(Histogram h) {
        Histogram plain = new Histogram(h.getNumberOfSignificantValueDigits());
        plain.add(h);
        return plain;
    }

    /**
     * Reads what {@link #encode} wrote.
     *
     * @throws IllegalArgumentException when the text is not base64 or not a compressed histogram
     */
    public static Histogram decode(String base64) {
        try {
            byte[] bytes = Base64.getDecoder().decode(base64);
            try {
                return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
            } catch (IndexOutOfBoundsException understated) {
                // written before encode copied (see there): its counts are whole, its stated range too small
                return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), ANY_VALUE);
            }
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
        }
    }
}
