package io.dbharness.core.api;

import java.util.Objects;

/**
 * How load is offered to one group of workers. Closed and open are different types so they cannot be
 * mixed by mistake.
 */
public sealed interface LoadModel permits LoadModel.Closed, LoadModel.Open {

    int workers();

    /** N workers, each starting its next operation as soon as the previous one returns. */
    record Closed(int workers) implements LoadModel {
        public Closed {
            if (workers < 1) {
                throw new IllegalArgumentException("workers must be >= 1");
            }
        }
    }

    /**
     * A rate shared by the workers, in rows per second or, for operations that carry no rows (queries,
     * transactions), operations per second. Each operation has an intended start derived from what was
     * issued before it; latency is measured from that intended start, so a target that stalls is charged
     * for the wait it caused (coordinated omission corrected).
     */
    record Open(int workers, double perSecond, Pace pace) implements LoadModel {

        /** What the rate counts. */
        public enum Pace { ROWS, OPERATIONS }

        public Open {
            if (workers < 1) {
                throw new IllegalArgumentException("workers must be >= 1");
            }
            if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
                throw new IllegalArgumentException("rate must be > 0");
            }
            Objects.requireNonNull(pace, "pace");
        }

        /** A rate in rows per second. */
        public Open(int workers, double rowsPerSecond) {
            this(workers, rowsPerSecond, Pace.ROWS);
        }

        public String unit() {
            return pace == Pace.ROWS ? "rows/s" : "ops/s";
        }
    }
}
