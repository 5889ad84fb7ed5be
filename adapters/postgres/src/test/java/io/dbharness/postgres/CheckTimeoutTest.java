package io.dbharness.postgres;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The count that verifies a run reads the whole table, so it gets a check's deadline ({@code --op-timeout} or a
 * minute, whichever is longer), not one write's: a table locked for longer than {@code --op-timeout} during the
 * verification delays it, and it still passes.
 */
@org.junit.jupiter.api.Tag("server")
class CheckTimeoutTest {

    /** This class's own server: its tests stop and restart it. */
    @RegisterExtension
    static final EmbeddedPostgres server = new EmbeddedPostgres();

    private static Connection admin() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", "postgres");
        p.setProperty("ApplicationName", "check-test");
        return DriverManager.getConnection("jdbc:postgresql://localhost:" + server.port() + "/postgres", p);
    }

    @Test
    void aCountWaitingLongerThanTheOpTimeoutStillVerifies() throws Exception {
        Connection lock = admin();
        Thread[] release = new Thread[1];
        ProgressListener lockDuringTheCheck = new ProgressListener() {
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
                        st.execute("LOCK TABLE check_timeout IN ACCESS EXCLUSIVE MODE");
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
        try (lock) {
            long begun = System.nanoTime();
            RunResult r = Harness.run(RunSpec.builder().target("postgres").workload("iot-insert")
                    .option("host", "localhost").option("port", server.port()).option("user", "postgres")
                    .option("database", "postgres").option("table-name", "check_timeout").option("clean", true)
                    .option("tag-num", 100).option("total-metrics-count", 5).option("verify", true)
                    .option("op-timeout", "1s").environment(Map.of()).progress(lockDuringTheCheck).build());
            release[0].join();
            assertEquals("PASSED", r.verification().status(), r.verification().message());
            assertEquals(0, r.exitCode());
            assertTrue((System.nanoTime() - begun) / 1e9 >= 3, "the count waited for the lock");
        }
    }
}
