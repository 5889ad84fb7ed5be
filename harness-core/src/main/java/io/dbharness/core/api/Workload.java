package io.dbharness.core.api;

import io.dbharness.core.engine.LoadModel;
import io.dbharness.core.result.Verification;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** A workload: what to prepare, what each worker does, and how to check the target afterwards. */
public interface Workload {

    String id();

    /** Creates schema and initial data. */
    void prepare(TargetAdapter target) throws TargetException;

    /** One session per worker thread; {@code worker} is 0-based out of {@code workers}. */
    WorkerSession openWorker(TargetAdapter target, int worker, int workers) throws TargetException;

    /** Rows the run will write when it runs to its end, for progress ETA; empty when open-ended. */
    OptionalLong plannedRows();

    /** A pace the workload imposes itself (e.g. {@code --live} follows the wall clock); empty otherwise. */
    default Optional<LoadModel> pacing(int workers) {
        return Optional.empty();
    }

    /** Checks the target against what the run reported; called after every worker has stopped. */
    Verification verify(TargetAdapter target, RunTotals totals) throws TargetException;

    /** Bytes the target stores for this workload's data, for the compression ratio; empty when unknown. */
    default OptionalLong storedBytes(TargetAdapter target) throws TargetException {
        return OptionalLong.empty();
    }

    /** Facts worth keeping in the result: DDL used, generator settings, table name. */
    Map<String, String> describe();
}
