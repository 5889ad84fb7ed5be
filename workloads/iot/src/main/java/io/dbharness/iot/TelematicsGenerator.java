package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;

/**
 * mxbench's telematics data, generated without state: every value is a pure function of
 * {@code (seed, tag, step, metric)}, so the same flags give the same rows on every target and for any
 * number of workers. Worker {@code w} of {@code W} owns the devices {@code tag % W == w}.
 *
 * <p>Order: time step by time step, device by device. A device report chosen as late (by
 * {@code --generator-disorder-ratio}) keeps its timestamp but is delivered 1 to {@value #MAX_DELAY_STEPS}
 * steps later, after the on-time reports of that step; reports due past the end are delivered in extra
 * trailing steps, so every row is produced exactly once.
 */
public final class TelematicsGenerator implements Generator.RowSource {

    /** Latest a late report arrives, in steps. */
    public static final int MAX_DELAY_STEPS = 10;

    private static final long FLOAT_RANGE_HUNDREDTHS = 100_000; // [0, 1000.00)
    private static final long INT4_RANGE = 100_000;
    private static final long INT8_RANGE = 1_000_000_000_000L;

    private final IotOptions o;
    private final MetricType type;
    private final long seed;
    private final int workers;
    private final long range;
    private final long noise;
    private static final int DRAW_BITS = 10;
    private static final long DRAW_MASK = (1L << DRAW_BITS) - 1;
    private static final int DRAWS_PER_WORD = 64 / DRAW_BITS;

    /** A value is empty when its 10-bit draw is below this: the ratio in steps of 1/1024. */
    private final long emptyCut;
    private final long lateThreshold;
    private final int chunk;

    // cursor: step, device (as k-th tag of this worker), slot (0 = on time, d = late by d), sub-row
    private long step;
    private long device;
    private int slot;
    private int sub;
    private final long devices;
    private final long lastStep;

    public TelematicsGenerator(IotOptions options, int worker, int workers) {
        this.o = options;
        this.type = options.metricType();
        this.seed = options.seed();
        this.workers = workers;
        this.range = type.integral() ? (type == MetricType.INT4 ? INT4_RANGE : INT8_RANGE) : FLOAT_RANGE_HUNDREDTHS;
        this.noise = (long) Math.floor(range * options.randomness().noiseShare());
        this.emptyCut = Math.round(options.emptyValuePercent() * (DRAW_MASK + 1) / 100.0);
        this.lateThreshold = thresholdFor(options.disorderPercent());
        this.chunk = (options.metricCount() + options.rowsPerReport() - 1) / options.rowsPerReport();
        // tags are 1..tagNum; tag t belongs to worker (t - 1) % workers
        this.devices = worker < options.tagNum() ? (options.tagNum() - 1 - worker) / workers + 1 : 0;
        this.device = 0;
        this.worker = worker;
        this.lastStep = options.steps() - 1 + (options.disorderPercent() > 0 ? MAX_DELAY_STEPS : 0);
    }

    private final int worker;

    /** Rows this worker will produce in all. */
    @Override
    public long plannedRows() {
        return devices * o.steps() * o.rowsPerReport();
    }

    /** Fills {@code batch} (cleared first) and returns false once nothing is left to generate. */
    @Override
    public boolean fill(RowBatch batch) {
        batch.clear();
        int slots = o.disorderPercent() > 0 ? MAX_DELAY_STEPS + 1 : 1;
        while (!batch.isFull() && step <= lastStep) {
            if (devices == 0) {
                step = lastStep + 1;
                break;
            }
            long tag = worker + 1 + device * workers;
            long reportStep = step - slot;
            if (due(tag, reportStep, slot)) {
                emitRow(batch, tag, reportStep, sub);
                if (++sub < o.rowsPerReport()) {
                    continue;
                }
            }
            sub = 0;
            if (++slot == slots) {
                slot = 0;
                if (++device == devices) {
                    device = 0;
                    step++;
                }
            }
        }
        return batch.size() > 0;
    }

    /** Whether the report of {@code tag} at {@code reportStep} is delivered in the current step. */
    private boolean due(long tag, long reportStep, int delay) {
        if (reportStep < 0 || reportStep >= o.steps()) {
            return false;
        }
        if (lateThreshold == 0) {
            return delay == 0;
        }
        long h = mix(seed ^ 0x5bd1e995L, tag, reportStep, -1);
        boolean late = Long.compareUnsigned(h, lateThreshold) < 0;
        if (!late) {
            return delay == 0;
        }
        int lateBy = 1 + (int) Long.remainderUnsigned(h >>> 7, MAX_DELAY_STEPS);
        return delay == lateBy;
    }

    private void emitRow(RowBatch batch, long tag, long reportStep, int subRow) {
        int row = batch.addRow(o.tsStartMicros() + reportStep * o.stepMicros(), tag);
        int from = subRow * chunk;
        int to = Math.min(o.metricCount(), from + chunk);
        // Emptiness: six 10-bit draws per 64-bit hash; word k decides metrics 6k..6k+5, so a sub-row that
        // starts mid-report reads the same draws as a whole row would.
        int word = from / DRAWS_PER_WORD;
        int slot = from - word * DRAWS_PER_WORD;
        long draws = emptyCut == 0 ? 0 : mix(seed ^ 0x2545f4914f6cdd1dL, tag, reportStep, word) >>> (DRAW_BITS * slot);
        for (int m = from; m < to; m++) {
            if (emptyCut != 0) {
                boolean empty = (draws & DRAW_MASK) < emptyCut;
                if (++slot == DRAWS_PER_WORD) {
                    slot = 0;
                    draws = mix(seed ^ 0x2545f4914f6cdd1dL, tag, reportStep, ++word);
                } else {
                    draws >>>= DRAW_BITS;
                }
                if (empty) {
                    continue;
                }
            }
            long v = value(tag, reportStep, m);
            switch (type) {
                case INT4, INT8 -> batch.setLong(row, m, v);
                case FLOAT4 -> batch.setDouble(row, m, (float) (v / 100.0));
                case FLOAT8 -> batch.setDouble(row, m, v / 100.0);
                default -> throw new IllegalStateException(type.name());
            }
        }
    }

    /** Value in units of the type's grain (hundredths for floats), in [0, range). */
    private long value(long tag, long reportStep, int metric) {
        long baseline = below(mix(seed ^ 0x9e3779b97f4a7c15L, tag, -2, metric), range);
        if (noise == 0) {
            return baseline;
        }
        long r = mix(seed, tag, reportStep, metric);
        if (noise >= range) {
            return below(r, range);
        }
        long v = baseline + below(r, 2 * noise + 1) - noise;
        return v < 0 ? 0 : v >= range ? range - 1 : v;
    }

    /** A hash mapped onto [0, bound) by a multiply instead of a division (Lemire); bound must be below 2^62. */
    static long below(long hash, long bound) {
        return Math.multiplyHigh(hash >>> 1, bound << 1);
    }

    /** Share {@code percent}/100 of the unsigned 64-bit space; 0 means never. */
    private static long thresholdFor(int percent) {
        if (percent <= 0) {
            return 0;
        }
        if (percent >= 100) {
            return -1L; // all ones: every unsigned value but the maximum is below it
        }
        return Long.divideUnsigned(-1L, 100) * percent;
    }

    /** SplitMix64-style mixing of four keys; fast and well distributed. */
    static long mix(long a, long b, long c, long d) {
        long z = a + 0x9e3779b97f4a7c15L * (b + 1);
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L + c;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL + d;
        z = (z ^ (z >>> 31)) * 0xbf58476d1ce4e5b9L;
        return z ^ (z >>> 29);
    }
}
