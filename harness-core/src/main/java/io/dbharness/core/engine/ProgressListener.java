package io.dbharness.core.engine;

import io.dbharness.core.result.IntervalSample;

/** Receives one sample per watch interval while a run is going. */
public interface ProgressListener {

    ProgressListener NONE = (sample, progress) -> { };

    /**
     * @param sample   the interval just ended
     * @param progress cumulative figures and the ETA when the end is known
     */
    void onInterval(IntervalSample sample, Progress progress);

    /** Cumulative state at the end of an interval. */
    record Progress(double elapsedSeconds, long rows, long points, long bytes, long errors, double etaSeconds,
                    double fractionDone) {
        /** Whether an ETA is known. */
        public boolean hasEta() {
            return etaSeconds >= 0;
        }
    }
}
