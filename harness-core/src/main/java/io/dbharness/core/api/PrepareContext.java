package io.dbharness.core.api;

import java.util.List;

/**
 * What a workload's preparation may use: a status line for the user, whether the run was stopped, a step
 * redone after a lost connection, and a load run by the harness's own workers.
 */
public interface PrepareContext {

    /** Says nothing, never stops, runs each step once and cannot load: for code that prepares outside a run. */
    PrepareContext NONE = new PrepareContext() {
        @Override
        public void status(String line) {
        }

        @Override
        public boolean stopRequested() {
            return false;
        }
    };

    /** Says what the preparation is doing, e.g. {@code loading: 1,200,000 of 3,000,000 rows, ETA 12 s}. */
    void status(String line);

    /** Whether Ctrl-C (or another stop) came: a long preparation should end soon. */
    boolean stopRequested();

    /** One step of a preparation, safe to run again after it failed half way (its SQL says IF NOT EXISTS, or it cleans up first). */
    @FunctionalInterface
    interface Step {
        void run() throws TargetException;
    }

    /**
     * Runs {@code step}; when it fails because the connection was lost (a terminated backend, a restarting
     * server), runs it again with backoff until it succeeds or {@code --reconnect-timeout} has passed since the
     * first loss (then throws UNREACHABLE, saying so). Other failures are thrown at once. {@code what} names the
     * step in messages, e.g. {@code creating keys and indexes}.
     */
    default void retrying(String what, Step step) throws TargetException {
        step.run();
    }

    /**
     * Runs the groups of {@code writer} until its sessions have nothing more to write, as a run's workers would
     * (each batch timed out at {@code --op-timeout}, retried, its connection re-opened within
     * {@code --reconnect-timeout}, a lost commit settled by asking the target) but unmeasured: the data a query
     * workload runs on. {@code what} begins its status lines, e.g. {@code loading (--load)}. Throws only what
     * the writer's sessions throw on opening; the outcome says how far it got and why it stopped.
     */
    default Loaded load(String what, Workload writer, List<WorkerGroup> groups) throws TargetException {
        throw new UnsupportedOperationException("a load needs the harness's workers: prepare through Harness.run");
    }

    /**
     * How a {@link #load} ended.
     *
     * @param totals  what was written, failed and left in doubt
     * @param seconds how long it took
     * @param failure why it stopped before the end (the target lost beyond the reconnect budget, a batch that
     *                failed for good, a stop request); null when every row was written
     */
    record Loaded(Counts totals, double seconds, TargetException failure) {
        public boolean complete() {
            return failure == null;
        }
    }
}
