package io.dbharness.core.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HistogramCodecTest {

    /**
     * The state two workers growing a recorder's histogram at once can leave (HdrHistogram 2.2.2): a count at
     * 19.5 ms, the highest trackable value still 16.4 ms. HdrHistogram's own encoding of it cannot be read back
     * ("Index 5318 out of bounds for length 5120", a shard's first interval in a CI run); ours can, and a result
     * written before is read back whole.
     */
    @Test
    void aRecorderHistogramWhoseRangeUnderstatesItsCountsIsWrittenAndReadWhole() throws Exception {
        Recorder recorder = new Recorder(TypeStats.DIGITS);
        for (long v = 1; v <= 20_000; v += 7) {
            recorder.recordValue(v);
        }
        recorder.recordValue(19_552);
        Histogram interval = recorder.getIntervalHistogram();
        understate(interval, 16_383);
        long count = interval.getTotalCount();

        String asWrittenBefore = hdrOwnEncoding(interval);
        assertThrows(IndexOutOfBoundsException.class, () -> Histogram.decodeFromCompressedByteBuffer(
                ByteBuffer.wrap(Base64.getDecoder().decode(asWrittenBefore)), 0), "the state is the CI run's");

        for (String text : new String[] {HistogramCodec.encode(interval), asWrittenBefore}) {
            Histogram back = HistogramCodec.decode(text);
            assertEquals(count, back.getTotalCount());
            assertEquals(interval.getMaxValue(), back.getMaxValue());
            assertEquals(interval.getValueAtPercentile(99), back.getValueAtPercentile(99));
            assertEquals(interval.getCountAtValue(19_552), back.getCountAtValue(19_552));
        }
        assertTrue(HistogramCodec.decode(HistogramCodec.encode(interval)).getHighestTrackableValue()
                >= interval.getMaxValue(), "what is written now states a range that holds its counts");
    }

    @Test
    void textThatIsNoHistogramIsRefusedInOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HistogramCodec.decode(Base64.getEncoder().encodeToString("not a histogram".getBytes())));
        assertTrue(e.getMessage().startsWith("not an encoded HdrHistogram: "), e.getMessage());
    }

    private static String hdrOwnEncoding(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int len = h.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buf.array(), len));
    }

    /** Sets the field HdrHistogram's racing writers leave behind; it has no setter. */
    private static void understate(Histogram h, long highestTrackable) throws Exception {
        Field f = Class.forName("org.HdrHistogram.AbstractHistogramBase").getDeclaredField("highestTrackableValue");
        f.setAccessible(true);
        f.setLong(h, highestTrackable);
    }
}
