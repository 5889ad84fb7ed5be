package io.dbharness.tpcc;

import java.util.SplittableRandom;

/**
 * The specification's random functions (clause 2.1.6 and 4.3.2): uniform integers, NURand, a- and n-strings
 * and the customer last names built from syllables. Not thread-safe: one per terminal or load task.
 */
final class TpccRandom {

    private static final String[] SYLLABLES = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"};
    private static final byte[] ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".getBytes();

    /**
     * The run-time constants C of NURand (clause 2.1.6): one for C_LAST, C_ID and OL_I_ID each. The loader's
     * C_LAST constant is kept with the load, so a run can pick its own within the distance 2.1.6.1 demands.
     */
    record Constants(int cLast, int cId, int olIId) {

        static Constants forLoad(SplittableRandom r) {
            return new Constants(r.nextInt(0, 256), r.nextInt(0, 1024), r.nextInt(0, 8192));
        }

        /**
         * Constants for a run over a load made with {@code load}: C_LAST differs from the load's by 65..119 but not
         * by 96 or 112 (clause 2.1.6.1); C_ID and OL_I_ID may be the load's.
         */
        static Constants forRun(Constants load, SplittableRandom r) {
            while (true) {
                int c = r.nextInt(0, 256);
                int delta = Math.abs(c - load.cLast);
                if (delta >= 65 && delta <= 119 && delta != 96 && delta != 112) {
                    return new Constants(c, load.cId, load.olIId);
                }
            }
        }
    }

    final SplittableRandom random;
    private final Constants constants;

    TpccRandom(long seed, Constants constants) {
        this.random = new SplittableRandom(seed);
        this.constants = constants;
    }

    /** Uniform in [min, max], both included. */
    int uniform(int min, int max) {
        return random.nextInt(min, max + 1);
    }

    /** NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x. */
    int nurand(int a, int x, int y) {
        int c = switch (a) {
            case 255 -> constants.cLast;
            case 1023 -> constants.cId;
            case 8191 -> constants.olIId;
            default -> throw new IllegalArgumentException("NURand A=" + a);
        };
        return (((uniform(0, a) | uniform(x, y)) + c) % (y - x + 1)) + x;
    }

    /** A customer id of the run: NURand(1023, 1, 3000). */
    int customerId() {
        return nurand(1023, 1, 3000);
    }

    /** An item id of the run: NURand(8191, 1, 100000). */
    int itemId() {
        return nurand(8191, 1, 100_000);
    }

    /** A last name to look a customer up by: NURand(255, 0, 999) through the syllables. */
    String lastNameForRun() {
        return lastName(nurand(255, 0, 999));
    }

    /** The last name of number {@code n} in 0..999: three syllables, one per digit. */
    static String lastName(int n) {
        return SYLLABLES[n / 100] + SYLLABLES[(n / 10) % 10] + SYLLABLES[n % 10];
    }

    /** The 1,000 last names in ASCII, so the loader writes a customer's without building it. */
    static final byte[][] LAST_NAMES = new byte[1000][];

    static {
        for (int n = 0; n < 1000; n++) {
            LAST_NAMES[n] = lastName(n).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        }
    }

    void fillAlnum(byte[] b, int off, int len) {
        for (int i = 0; i < len; i++) {
            b[off + i] = ALNUM[random.nextInt(ALNUM.length)];
        }
    }

    void fillDigits(byte[] b, int off, int len) {
        for (int i = 0; i < len; i++) {
            b[off + i] = (byte) ('0' + random.nextInt(10));
        }
    }
}
