package io.dbharness.iot;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * TSBS's iot simulator ({@code pkg/data/usecases/iot/simulator.go} and {@code batch_config.go}) over one truck's
 * points of one table: points go in batches of ten, and for each batch a configuration drawn at TSBS's rates says
 * which are lost, late and zeroed. A batch is missing (1%: its ten points are drawn and dropped) or held back as
 * out of order (5%), or put out of order entry by entry: each entry missing (10%) or held back (30%), a held-back
 * batch or entry inserted later ("insert previous", 50% a batch or entry while some wait, the rest at the end);
 * an entry that stays gets one field zeroed (10%) and one tag zeroed (1%).
 *
 * <p>Differences from TSBS, the first two for the per-series streams that make any split write the same rows:
 * TSBS draws its batches over the points of every truck and table in turn, here over one truck's points of one
 * table (the rates per point are TSBS's, a batch is ten steps of one truck); TSBS keeps drawing points past the
 * last step when a batch's missing or held-back entries run over it, here a series ends at the time range's end;
 * and the tag zeroed is one of the seven other than {@code name}, the series key targets key and sort by (TSBS
 * draws one of all eight).
 */
final class TsbsIotSimulator {

    /** The points of one series in time order; {@link #next} is called only while {@link #finished} is false. */
    interface Points {
        boolean finished();

        Point next();
    }

    /** One point as the simulator hands it on: its step, its values (null when only counted), what is zeroed. */
    static final class Point {
        final long epoch;
        final double[] values;
        /** The field left empty, -1 for none; TSBS's draw over the widest table's fields, modulo this table's. */
        int zeroedField = -1;
        /** The tag left empty (1..7: never the series key, name), -1 for none. */
        int zeroedTag = -1;

        Point(long epoch, double[] values) {
            this.epoch = epoch;
            this.values = values;
        }
    }

    static final int BATCH = 10;
    /** TSBS's {@code maxFieldCount}: the fields of readings, the widest table; diagnostics' draw is taken modulo 3. */
    static final int MAX_FIELDS = 7;
    /** The tags a zeroed one is drawn from: every tag but the series key. */
    static final int ZEROABLE_TAGS = 7;

    /**
     * TSBS's draws and how many came out true, each against the number of times it was drawn: what its rates
     * are rates of (a batch missing of every batch; out of order, of those not missing; an entry missing, of
     * every entry; late, zeroed field and zeroed tag, of those not missing; insert previous, of the draws made
     * while something waited).
     */
    static final class Tally {
        long batches;
        long missingBatches;
        long keptBatches;
        long lateBatches;
        long previousBatchDraws;
        long previousBatches;
        long entries;
        long missingEntries;
        long keptEntries;
        long lateEntries;
        long zeroedFields;
        long zeroedTags;
        long previousEntryDraws;
        long previousEntries;
    }

    private final Points base;
    private final SplittableRandom r;
    private final int fields;
    private final Tally tally;
    private final ArrayDeque<List<Point>> lateBatches = new ArrayDeque<>();
    private final ArrayDeque<Point> lateEntries = new ArrayDeque<>();
    private ArrayDeque<Point> current = new ArrayDeque<>();
    private int offset;

    /**
     * @param r      the series' stream for defects (not its values')
     * @param fields the table's fields
     * @param tally  where the draws are counted, or null
     */
    TsbsIotSimulator(Points base, SplittableRandom r, int fields, Tally tally) {
        this.base = base;
        this.r = r;
        this.fields = fields;
        this.tally = tally == null ? new Tally() : tally;
    }

    /** The next point to write, or null once every one is written or lost. */
    Point next() {
        if (current.isEmpty() && !nextBatch()) {
            return null;
        }
        return current.poll();
    }

    /** A batch's configuration ({@code newBatchConfig}); positions past the batch's ten have no defect. */
    private static final class Config {
        boolean missing;
        boolean outOfOrder;
        boolean insertPrevious;
        final int[] zeroFields = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
        final int[] zeroTags = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
        final boolean[] insertPreviousEntry = new boolean[BATCH];
        final boolean[] missingEntry = new boolean[BATCH];
        final boolean[] lateEntry = new boolean[BATCH];
    }

    private Config config() {
        Config c = new Config();
        Tally t = tally;
        t.batches++;
        if (r.nextDouble() < 0.01) {
            t.missingBatches++;
            c.missing = true;
            return c;
        }
        t.keptBatches++;
        c.outOfOrder = r.nextDouble() < 0.05;
        t.lateBatches += c.outOfOrder ? 1 : 0;
        if (!lateBatches.isEmpty()) {
            t.previousBatchDraws++;
            c.insertPrevious = r.nextDouble() < 0.5;
            t.previousBatches += c.insertPrevious ? 1 : 0;
        }
        int late = lateEntries.size();
        for (int i = 0; i < BATCH; i++) {
            t.entries++;
            if (late > 0) {
                t.previousEntryDraws++;
                if (r.nextDouble() < 0.5) {
                    t.previousEntries++;
                    c.insertPreviousEntry[i] = true;
                    late--;
                }
            }
            if (r.nextDouble() < 0.1) {
                t.missingEntries++;
                c.missingEntry[i] = true;
                continue; // TSBS: a missing entry is neither zeroed nor late
            }
            t.keptEntries++;
            if (r.nextDouble() < 0.1) {
                t.zeroedFields++;
                c.zeroFields[i] = r.nextInt(MAX_FIELDS);
            }
            if (r.nextDouble() < 0.01) {
                t.zeroedTags++;
                c.zeroTags[i] = 1 + r.nextInt(ZEROABLE_TAGS);
            }
            if (r.nextDouble() < 0.3) {
                t.lateEntries++;
                c.lateEntry[i] = true;
            }
        }
        return c;
    }

    /** {@code simulateNextBatch}: fills {@link #current}, false once nothing is left. */
    private boolean nextBatch() {
        while (true) {
            if (base.finished()) {
                if (!lateBatches.isEmpty()) {
                    current = new ArrayDeque<>(lateBatches.poll());
                    return true;
                }
                if (!lateEntries.isEmpty()) {
                    current = new ArrayDeque<>();
                    for (int i = 0; i < BATCH && !lateEntries.isEmpty(); i++) {
                        current.add(lateEntries.poll());
                    }
                    return true;
                }
                return false;
            }
            Config c = config();
            if (c.insertPrevious) {
                current = new ArrayDeque<>(lateBatches.poll());
                return true;
            }
            if (c.missing) {
                for (int i = 0; i < BATCH && !base.finished(); i++) {
                    base.next();
                }
                continue;
            }
            List<Point> batch = batch(c);
            if (c.outOfOrder) {
                if (!batch.isEmpty()) {
                    lateBatches.add(batch);
                }
                continue;
            }
            if (!batch.isEmpty()) {
                current = new ArrayDeque<>(batch);
                return true;
            }
        }
    }

    /** {@code generateBatch}: up to ten points, each zeroed as the configuration says for its place. */
    private List<Point> batch(Config c) {
        List<Point> batch = new ArrayList<>(BATCH);
        offset = 0;
        for (int i = 0; i < BATCH && !base.finished(); i++) {
            Point p = entry(i, c);
            if (p == null) {
                break;
            }
            if (c.zeroFields[i] >= 0) {
                p.zeroedField = c.zeroFields[i] % fields;
            }
            if (c.zeroTags[i] >= 0) {
                p.zeroedTag = c.zeroTags[i];
            }
            batch.add(p);
        }
        return batch;
    }

    /** {@code getNextEntry}: a held-back entry or the next point, skipping those the configuration drops or delays. */
    private Point entry(int index, Config c) {
        while (true) {
            int k = index + offset;
            Point p;
            if (k < BATCH && c.insertPreviousEntry[k]) {
                p = lateEntries.poll();
            } else if (base.finished()) {
                return null;
            } else {
                p = base.next();
            }
            if (k < BATCH && c.missingEntry[k]) {
                offset++;
                continue;
            }
            if (k < BATCH && c.lateEntry[k]) {
                lateEntries.add(p);
                offset++;
                continue;
            }
            return p;
        }
    }
}
