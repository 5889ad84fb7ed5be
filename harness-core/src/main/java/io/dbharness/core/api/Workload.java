package io.dbharness.core.api;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/** A workload: what to prepare, which groups of workers run, what each worker does, and how to check the target. */
public interface Workload {

    String id();

    /** Creates schema and initial data. */
    void prepare(TargetAdapter target) throws TargetException;

    /** {@link #prepare(TargetAdapter)} for a long preparation (a load) that reports its progress and stops on request. */
    default void prepare(TargetAdapter target, PrepareContext context) throws TargetException {
        prepare(target);
    }

    /**
     * The groups of workers this workload runs. {@code requested} is the load the options ask for
     * ({@code --workers}, {@code --rate}); a workload may split it or set its own pace (e.g. {@code --live}).
     */
    List<WorkerGroup> groups(LoadModel requested);

    /** One session per worker thread; {@code worker} is 0-based out of {@code group.workers()}. */
    WorkerSession openWorker(TargetAdapter target, WorkerGroup group, int worker) throws TargetException;

    /** Checks the target against what the run reported; called after every worker has stopped. */
    Verification verify(TargetAdapter target, Counts totals) throws TargetException;

    /** Bytes the target stores for this workload's data, for the compression ratio; empty when unknown. */
    default OptionalLong storedBytes(TargetAdapter target) throws TargetException {
        return OptionalLong.empty();
    }

    /** Query answers kept for {@code runner compare --answers}, in instance order; empty for writes. */
    default List<AnswerDigest> answers() {
        return List.of();
    }

    /** Each query's plan by name ({@code --explain}); empty when not asked for. */
    default Map<String, String> plans() {
        return Map.of();
    }

    /**
     * How long the workers run before the measured run begins (TPC-C's ramp-up: caches warm, connections
     * settled). Operations of the warm-up are kept apart in the result; its time is not in the rates.
     */
    default java.time.Duration warmup() {
        return java.time.Duration.ZERO;
    }

    /**
     * Connections each worker holds at once: one, or one per table when a worker writes several (TSBS's devops
     * use case); the target's pool is sized by it.
     */
    default int connectionsPerWorker() {
        return 1;
    }

    /**
     * Connections the preparation holds at once (a parallel load), beside the one for preparing and checking;
     * the target's pool is sized by this or the workers, whichever is larger.
     */
    default int prepareConnections() {
        return 0;
    }

    /**
     * This workload's headline figures (TPC-C's {@code tpmC}) from the operations completed so far per type
     * over {@code seconds} of measured time: shown in the progress line and the summary, kept in the result.
     * Names carry their unit; insertion order is the order shown.
     */
    default Map<String, Double> figures(Map<String, Long> completedByType, double seconds) {
        return Map.of();
    }

    /** Details worth keeping in the result: DDL used, generator settings, table name, query texts. */
    Map<String, String> describe();

    /** The data this workload loaded before the measured run, null when it loaded none. */
    default WorkloadFacts.Loaded loaded() {
        return null;
    }

    /** How soon acknowledged writes became visible (iot-mixed's freshness probe); null when not measured. */
    default WorkloadFacts.Freshness freshness() {
        return null;
    }

    /**
     * Lines the summary shows under the run's figures, by label, e.g. {@code Delivery: districts skipped}; kept in
     * the result.
     */
    default Map<String, String> notes() {
        return Map.of();
    }
}
