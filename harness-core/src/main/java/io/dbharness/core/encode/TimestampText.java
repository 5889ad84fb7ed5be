package io.dbharness.core.encode;

/**
 * Writes epoch microseconds as {@code 2022-04-18 09:00:00[.ffffff]} (UTC), the form PostgreSQL, CSV readers
 * and humans all accept. Rows of a batch usually share their second, so the date-time text of the last
 * second is cached and only the fraction is formatted per row; the calendar arithmetic is hand-written to
 * avoid a {@code java.time} object per row.
 *
 * <p>Years 0000..9999 only (4 digits); not thread-safe.
 */
public final class TimestampText {

    private final byte[] cached = new byte[19];
    private long cachedSecond = Long.MIN_VALUE;

    public void write(long epochMicros, ByteSink sink) {
        long second = Math.floorDiv(epochMicros, 1_000_000L);
        int micros = (int) (epochMicros - second * 1_000_000L);
        if (second != cachedSecond) {
            format(second, cached);
            cachedSecond = second;
        }
        sink.write(cached, 0, 19);
        if (micros != 0) {
            sink.write('.');
            int divisor = 100_000;
            while (micros != 0) {
                int d = micros / divisor;
                sink.write('0' + d);
                micros -= d * divisor;
                divisor /= 10;
            }
        }
    }

    /**
     * {@code 2022-04-18T09:00:00.000000Z}: ISO 8601 in UTC with all six fraction digits, the form answers are
     * compared in and QuestDB reads as a timestamp literal. Years 0000..9999.
     */
    public static String iso(long epochMicros) {
        long second = Math.floorDiv(epochMicros, 1_000_000L);
        int micros = (int) (epochMicros - second * 1_000_000L);
        byte[] out = new byte[27];
        format(second, out);
        out[10] = 'T';
        out[19] = '.';
        for (int i = 25; i >= 20; i--) {
            out[i] = (byte) ('0' + micros % 10);
            micros /= 10;
        }
        out[26] = 'Z';
        return new String(out, java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** Civil date from days since 1970-01-01 (H. Hinnant's algorithm), then {@code yyyy-MM-dd HH:mm:ss}. */
    static void format(long epochSecond, byte[] out) {
        long days = Math.floorDiv(epochSecond, 86_400L);
        int sod = (int) (epochSecond - days * 86_400L);
        long z = days + 719_468L;
        long era = Math.floorDiv(z, 146_097L);
        long doe = z - era * 146_097L;
        long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        int day = (int) (doy - (153 * mp + 2) / 5 + 1);
        int month = (int) (mp < 10 ? mp + 3 : mp - 9);
        long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
        if (year < 0 || year > 9999) {
            throw new IllegalArgumentException("timestamp outside years 0000..9999: " + epochSecond + " s");
        }
        int y = (int) year;
        out[0] = (byte) ('0' + y / 1000);
        out[1] = (byte) ('0' + y / 100 % 10);
        out[2] = (byte) ('0' + y / 10 % 10);
        out[3] = (byte) ('0' + y % 10);
        out[4] = '-';
        two(out, 5, month);
        out[7] = '-';
        two(out, 8, day);
        out[10] = ' ';
        two(out, 11, sod / 3600);
        out[13] = ':';
        two(out, 14, sod / 60 % 60);
        out[16] = ':';
        two(out, 17, sod % 60);
    }

    private static void two(byte[] out, int pos, int v) {
        out[pos] = (byte) ('0' + v / 10);
        out[pos + 1] = (byte) ('0' + v % 10);
    }
}
