package io.dbharness.core.result;

import io.dbharness.core.api.Counts;

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
     * A stage of the run begins, for listeners that mark them (a dashboard's annotations). The warm-up is not one:
     * it is the measured stage's first intervals, {@link Progress#warmingUp()}.
     *
     * @param runId the id the run's result will carry: known from {@link Stage#MEASURE} on, null before
     */
    default void onStage(Stage stage, String runId) {
    }

    /**
     * How the server telemetry declares its figures, given before an interval sample that carries the server's
     * figures (it may change when the telemetry's session is opened anew): what they are, as the result will say.
     */
    default void onServerMetrics(io.dbharness.core.api.MetricCatalogue catalogue) {
    }

    /** This listener, then {@code other}: each hears everything. */
    default ProgressListener and(ProgressListener other) {
        ProgressListener first = this;
        return new ProgressListener() {
            @Override
            public void onInterval(IntervalSample sample, Progress progress) {
                first.onInterval(sample, progress);
                other.onInterval(sample, progress);
            }

            @Override
            public void onPhase(String what) {
                first.onPhase(what);
                other.onPhase(what);
            }

            @Override
            public void onStage(Stage stage, String runId) {
                first.onStage(stage, runId);
                other.onStage(stage, runId);
            }

            @Override
            public void onServerMetrics(io.dbharness.core.api.MetricCatalogue catalogue) {
                first.onServerMetrics(catalogue);
                other.onServerMetrics(catalogue);
            }
        };
    }

    /** A run's stages, in the order they come; a run has those it needs (LOAD with a load, VERIFY with --verify). */
    enum Stage { PREPARE, LOAD, MEASURE, VERIFY }

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
     * @param load         how load is offered to the group (its rate under the open model), null when not known
     */
    record GroupProgress(String group, State state, Counts counts, int reconnecting, double etaSeconds,
                         double fractionDone, double behindSeconds, io.dbharness.core.api.LoadModel load) {
        public GroupProgress {
            counts = counts == null ? Counts.ZERO : counts;
        }

        /** Whether an ETA is known. */
        public boolean hasEta() {
            return etaSeconds >= 0;
        }

        /** A builder with every field unset (0, null; the ETA and share done -1, unknown). */
        public static Builder builder() {
            return new Builder();
        }

        /** A builder holding these values, to change some of them. */
        public Builder toBuilder() {
            return builder().group(group).state(state).counts(counts).reconnecting(reconnecting)
                    .etaSeconds(etaSeconds).fractionDone(fractionDone).behindSeconds(behindSeconds).load(load);
        }

        /** Builds a {@link GroupProgress} by field name. */
        public static final class Builder {
            private String group;
            private State state;
            private Counts counts = Counts.ZERO;
            private int reconnecting;
            private double etaSeconds = -1;
            private double fractionDone = -1;
            private double behindSeconds;
            private io.dbharness.core.api.LoadModel load;

            private Builder() {
            }

            public Builder group(String group) {
                this.group = group;
                return this;
            }

            public Builder state(State state) {
                this.state = state;
                return this;
            }

            public Builder counts(Counts counts) {
                this.counts = counts;
                return this;
            }

            public Builder reconnecting(int reconnecting) {
                this.reconnecting = reconnecting;
                return this;
            }

            public Builder etaSeconds(double etaSeconds) {
                this.etaSeconds = etaSeconds;
                return this;
            }

            public Builder fractionDone(double fractionDone) {
                this.fractionDone = fractionDone;
                return this;
            }

            public Builder behindSeconds(double behindSeconds) {
                this.behindSeconds = behindSeconds;
                return this;
            }

            public Builder load(io.dbharness.core.api.LoadModel load) {
                this.load = load;
                return this;
            }

            public GroupProgress build() {
                return new GroupProgress(group, state, counts, reconnecting, etaSeconds, fractionDone, behindSeconds,
                        load);
            }
        }
    }

    enum State { RUNNING, RECONNECTING, STOPPING, DONE }
}
