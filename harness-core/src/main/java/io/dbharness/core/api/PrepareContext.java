package io.dbharness.core.api;

/** What a workload's preparation may use: a status line for the user, and whether the run was stopped. */
public interface PrepareContext {

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
}
