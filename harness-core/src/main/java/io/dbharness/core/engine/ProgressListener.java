package io.dbharness.core.engine;

import io.dbharness.core.result.IntervalSample;

import java.util.List;

/** Receives one sample per watch interval while a run is going, and the steps after it. */
public interface ProgressListener {

    ProgressListener NONE = (sample, progress) -> { };

    /**
     * @param sample   the interval just ended
     * @param progress cumulative figures, per group, with the ETA when the end is known
     */
    void onInterval(IntervalSample sample, Progress progress);

    /** A step outside the measured run that may take a while, e.g. {@code verifying the row count}. */
    default void onPhase(String what) {
    }

    /**
     * Cumulative state at the end of an interval.
     *
     * @param elapsedSeconds measured seconds (after the warm-up); during the warm-up, seconds into it
     * @param warmingUp      whether the warm-up is still going: nothing of it is measured
     * @param figures        the workload's headline figures so far (TPC-C's tpmC), empty for most workloads
     */
    record Progress(double elapsedSeconds, List<GroupProgress> groups, boolean warmingUp, java.util.Map<String, Double> figures) {
        public Progress {
            groups = List.copyOf(groups);
            figures = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(figures));
        }

        public Progress(double elapsedSeconds, List<GroupProgress> groups) {
            this(elapsedSeconds, groups, false, java.util.Map.of());
        }
    }

    /**
     * One group's cumulative state.
     *
     * @param state        RUNNING; STOPPING once past --duration or after a stop request, with operations
     *                     still in flight; RECONNECTING while some of its workers are re-opening a lost connection;
     *                     DONE once every worker of the group has done its share (others may go on)
     * @param reconnecting workers of the group re-opening a lost connection now
     * @param etaSeconds   -1 when unknown
     * @param fractionDone -1 when unknown
     * @param behindSeconds open model: how far the group is behind its schedule now (0 when on time)
     */
    record GroupProgress(String group, State state, long operations, long rows, long points, long bytes,
                         long errors, long timeouts, long unknownRows, int reconnecting, double etaSeconds,
                         double fractionDone, double behindSeconds) {
        /** Whether an ETA is known. */
        public boolean hasEta() {
            return etaSeconds >= 0;
        }
    }

    enum State { RUNNING, RECONNECTING, STOPPING, DONE }
}
