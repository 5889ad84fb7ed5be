package io.dbharness.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.dbharness.core.api.TargetException;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A pooled connection whose backend is terminated: the pool closes its proxy, and every later call fails with
 * the pool's "Connection is closed" and no SQLSTATE. That must still read as a lost connection (so the worker
 * reconnects and asks again), never as a fault of the statement, and asking a transaction's fate on it must
 * fail with the loss rather than a rollback's error.
 */
@org.junit.jupiter.api.Tag("server")
class BrokenPooledConnectionTest {

    @Test
    void theClosedProxyOfABrokenConnectionIsALostConnection() throws Exception {
        EmbeddedPostgres server = EmbeddedPostgres.shared();
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(server.url());
        config.setUsername("postgres");
        config.addDataSourceProperty("ApplicationName", "dbharness");
        config.setMaximumPoolSize(1);
        try (HikariDataSource pool = new HikariDataSource(config); Connection c = pool.getConnection()) {
            TxidTracking tracking = new TxidTracking(new PostgresFlavor(IngestMode.COPY_BINARY, true, false));
            long xid = tracking.transactionId(c);
            assertTrue(server.terminateHarnessBackends() >= 1);
            SQLException killed = assertThrows(SQLException.class, () -> {
                try (Statement st = c.createStatement()) {
                    st.execute("SELECT 1");
                }
            });
            assertTrue(SqlErrors.connectionLost(killed), killed.toString());
            // the pool has now closed its proxy: every call on it fails the same way, without a SQLSTATE
            SQLException closed = assertThrows(SQLException.class, c::createStatement);
            assertEquals("Connection is closed", closed.getMessage());
            assertTrue(SqlErrors.connectionLost(closed));
            TargetException classified = SqlErrors.classify(closed, "asking");
            assertEquals(TargetException.Kind.UNREACHABLE, classified.kind());
            assertEquals("asking failed: the connection was closed after it broke (SQLSTATE 08003)", classified.getMessage());
            SQLException asking = assertThrows(SQLException.class, () -> tracking.fate(c, xid));
            assertTrue(SqlErrors.connectionLost(asking), asking.toString());
        }
    }
}
