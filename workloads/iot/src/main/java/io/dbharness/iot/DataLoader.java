package io.dbharness.iot;

import io.dbharness.core.api.LoadModel;
import io.dbharness.core.api.Operation;
import io.dbharness.core.api.PrepareContext;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.WorkerGroup;
import io.dbharness.core.api.WorkerSession;
import io.dbharness.core.engine.ParallelPrepare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code --load}: iot-insert with the same flags, before the queries, as fast as the workers go. Not measured
 * as the run (its time goes into the result's workload facts); the first failure ends it with that error.
 */
final class DataLoader {

    private DataLoader() {
    }

    /** Writes every row of {@code insert}; returns the rows written. */
    static long load(IotInsertWorkload insert, long plannedRows, TargetAdapter target, int workers,
                     PrepareContext context) throws TargetException {
        insert.prepare(target);
        WorkerGroup group = WorkerGroup.of("load", new LoadModel.Closed(workers));
        AtomicLong rows = new AtomicLong();
        List<WorkerSession> sessions = new ArrayList<>();
        Throwable f;
        try {
            for (int i = 0; i < workers; i++) {
                sessions.add(insert.openWorker(target, group, i));
            }
            long begun = System.nanoTime();
            f = ParallelPrepare.run("dbharness-load", workers, (thread, stopping) -> {
                WorkerSession s = sessions.get(thread);
                Operation op;
                while (!stopping.getAsBoolean() && (op = s.next()) != null) {
                    rows.addAndGet(op.execute().rows());
                }
            }, context, () -> status(rows.get(), plannedRows, System.nanoTime() - begun),
                    () -> sessions.forEach(WorkerSession::cancel));
        } finally {
            sessions.forEach(WorkerSession::close);
        }
        if (f instanceof TargetException te) {
            throw new TargetException(te.kind(), te.vendorCode(), "loading the data (--load) failed: " + te.getMessage(), te);
        }
        if (f instanceof RuntimeException re) {
            throw re; // a usage error stays one, a bug says where it came from
        }
        if (f != null || context.stopRequested()) {
            throw new TargetException(TargetException.Kind.FATAL, null, "loading the data (--load) stopped after "
                    + rows.get() + " rows" + (f == null || f instanceof InterruptedException ? "" : ": " + f), f);
        }
        return rows.get();
    }

    private static String status(long rows, long planned, long elapsedNanos) {
        double perSecond = rows / Math.max(1e-9, elapsedNanos / 1e9);
        String eta = perSecond > 0 ? String.format(Locale.ROOT, ", ETA %.0f s", (planned - rows) / perSecond) : "";
        return String.format(Locale.ROOT, "loading (--load): %,d of %,d rows (%.0f%%), %,.0f rows/s%s", rows, planned,
                100.0 * rows / Math.max(1, planned), perSecond, eta);
    }
}
