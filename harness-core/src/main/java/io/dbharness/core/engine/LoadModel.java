package io.dbharness.core.engine;

/**
 * How load is offered. Closed and open are different types so they cannot be mixed by mistake.
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
     * A target rate in rows per second shared by the workers. Each operation has an intended start
     * derived from the rows issued before it; latency is measured from that intended start, so a target
     * that stalls is charged for the wait it caused (coordinated omission corrected).
     */
    record Open(int workers, double rowsPerSecond) implements LoadModel {
        public Open {
            if (workers < 1) {
                throw new IllegalArgumentException("workers must be >= 1");
            }
            if (!(rowsPerSecond > 0)) {
                throw new IllegalArgumentException("rowsPerSecond must be > 0");
            }
        }
    }
}
