package io.dbharness.core.encode;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ByteSinkTest {

    private static String text(ByteSink s) {
        return new String(s.array(), 0, s.length(), StandardCharsets.US_ASCII);
    }

    private static String longText(long v) {
        ByteSink s = new ByteSink(16);
        s.writeLong(v);
        return text(s);
    }

    private static String doubleText(double v) {
        ByteSink s = new ByteSink(16);
        s.writeDouble(v);
        return text(s);
    }

    private static String floatText(float v) {
        ByteSink s = new ByteSink(16);
        s.writeFloat(v);
        return text(s);
    }

    @Test
    void longsMatchTheJdk() {
        long[] samples = {0, 1, -1, 9, 10, 99, 100, 12345, -12345, Integer.MAX_VALUE, Integer.MIN_VALUE,
                999_999_999_999_999_999L, 1_000_000_000_000_000_000L, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1};
        for (long v : samples) {
            assertEquals(Long.toString(v), longText(v));
        }
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < 100_000; i++) {
            long v = r.nextLong() >> r.nextInt(64);
            assertEquals(Long.toString(v), longText(v));
        }
        for (long p = 1; p > 0 && p < Long.MAX_VALUE / 10; p *= 10) {
            assertEquals(Long.toString(p), longText(p));
            assertEquals(Long.toString(p - 1), longText(p - 1));
        }
    }

    @Test
    void doublesWithTwoDecimalsAreShortest() {
        assertEquals("12.5", doubleText(12.5));
        assertEquals("12.34", doubleText(12.34));
        assertEquals("3", doubleText(3.0));
        assertEquals("-0.07", doubleText(-0.07));
        assertEquals("0", doubleText(0.0));
        assertEquals("0", doubleText(-0.0));
        assertEquals("-100", doubleText(-100.0));
        assertEquals("0.1", doubleText(0.1));
        assertEquals("123456789012.99", doubleText(123456789012.99));
    }

    @Test
    void otherDoublesFallBackToTheJdk() {
        assertEquals(Double.toString(0.1 + 0.2), doubleText(0.1 + 0.2));
        assertEquals(Double.toString(1e300), doubleText(1e300));
        assertEquals(Double.toString(1.234e-7), doubleText(1.234e-7));
        assertEquals("NaN", doubleText(Double.NaN));
        assertEquals("Infinity", doubleText(Double.POSITIVE_INFINITY));
        assertEquals("-Infinity", doubleText(Double.NEGATIVE_INFINITY));
        assertEquals(Double.toString(Double.MIN_VALUE), doubleText(Double.MIN_VALUE));
        assertEquals(Double.toString(-Double.MAX_VALUE), doubleText(-Double.MAX_VALUE));
    }

    @Test
    void hundredthsRoundTrip() {
        SplittableRandom r = new SplittableRandom(2);
        for (int i = 0; i < 500_000; i++) {
            long k = r.nextLong(-100_000_000_000L, 100_000_000_000L);
            if (i % 2 == 0) {
                k = r.nextLong(-100_000, 100_000);
            }
            double v = k / 100.0;
            String s = doubleText(v);
            assertEquals(v, Double.parseDouble(s), s);
            assertEquals(false, s.contains("E"), s);
            assertEquals(new java.math.BigDecimal(k).movePointLeft(2).stripTrailingZeros().toPlainString(), s);
        }
    }

    @Test
    void randomDoublesRoundTrip() {
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 300_000; i++) {
            double v = switch (i % 3) {
                case 0 -> Double.longBitsToDouble(r.nextLong());
                case 1 -> r.nextDouble(-1e6, 1e6);
                default -> r.nextDouble() * Math.pow(10, r.nextInt(-20, 20));
            };
            if (Double.isNaN(v)) {
                continue;
            }
            String s = doubleText(v);
            assertEquals(v, Double.parseDouble(s), s);
        }
    }

    @Test
    void floatsRoundTrip() {
        assertEquals("12.34", floatText(12.34f));
        assertEquals("-0.07", floatText(-0.07f));
        assertEquals("7", floatText(7f));
        assertEquals("NaN", floatText(Float.NaN));
        assertEquals("-Infinity", floatText(Float.NEGATIVE_INFINITY));
        SplittableRandom r = new SplittableRandom(4);
        for (int i = 0; i < 300_000; i++) {
            float f = switch (i % 3) {
                case 0 -> (float) (r.nextInt(-999_999, 1_000_000) / 100.0);
                case 1 -> Float.intBitsToFloat(r.nextInt());
                default -> (float) r.nextDouble(-1e5, 1e5);
            };
            if (Float.isNaN(f)) {
                continue;
            }
            String s = floatText(f);
            assertEquals(f, Float.parseFloat(s), s);
            if (i % 3 == 0) {
                assertEquals(false, s.contains("E"), s);
            }
        }
    }

    @Test
    void bigEndianIntegersAndPatching() throws Exception {
        ByteSink s = new ByteSink(1);
        s.writeInt16(-1);
        s.writeInt32(0x01020304);
        s.writeInt64(0x0102030405060708L);
        s.setInt32At(2, 0x0A0B0C0D);
        assertArrayEquals(new byte[]{(byte) 0xFF, (byte) 0xFF, 10, 11, 12, 13, 1, 2, 3, 4, 5, 6, 7, 8}, s.toByteArray());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        s.writeTo(out);
        assertArrayEquals(s.toByteArray(), out.toByteArray());
        s.reset();
        assertEquals(0, s.length());
        s.writeAscii("abc");
        s.write(new byte[]{'x', 'y', 'z'}, 1, 2);
        assertEquals("abcyz", text(s));
    }

    @Test
    void growsPastInitialCapacity() {
        ByteSink s = new ByteSink(16);
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            s.writeLong(i);
            s.write(',');
            expected.append(i).append(',');
        }
        assertEquals(expected.toString(), text(s));
    }
}
