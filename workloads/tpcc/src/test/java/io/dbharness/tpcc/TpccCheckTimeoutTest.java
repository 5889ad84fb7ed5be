package io.dbharness.tpcc;

import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The consistency checks read whole tables, so each statement gets a check's deadline ({@code --op-timeout} or a
 * minute, whichever is longer), not one transaction's: a table locked for longer than {@code --op-timeout} during
 * the checks delays them, and they still pass.
 */
@org.junit.jupiter.api.Tag("server")
class TpccCheckTimeoutTest {

    @RegisterExtension
    static final TpccPostgres pg = new TpccPostgres();

    @Test
    void checksWaitingLongerThanTheOpTimeoutStillPass() throws Exception {
        assertEquals(0, pg.run("warehouses", 1, "load-only", true, "clean", true).exitCode());
        try (Connection lock = pg.connect()) {
            Thread[] release = new Thread[1];
            ProgressListener lockDuringTheChecks = new ProgressListener() {
                @Override
                public void onInterval(IntervalSample sample, Progress progress) {
                }

                @Override
                public void onPhase(String what) {
                    if (!what.startsWith("verifying")) {
                        return;
                    }
                    try {
                        lock.setAutoCommit(false);
                        try (Statement st = lock.createStatement()) {
                            st.execute("LOCK TABLE district IN ACCESS EXCLUSIVE MODE");
                        }
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                    release[0] = new Thread(() -> {
                        try {
                            Thread.sleep(3_000); // three times --op-timeout
                            lock.commit();
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    });
                    release[0].start();
                }
            };
            RunResult r = pg.run("postgres", lockDuringTheChecks, "run-only", true, "terminals", 2,
                    "txns-per-terminal", 20, "op-timeout", "1s", "verify", true);
            release[0].join();
            assertEquals("PASSED", r.verification().status(), r.verification().message());
            assertEquals(0, r.exitCode());
        }
    }
}
