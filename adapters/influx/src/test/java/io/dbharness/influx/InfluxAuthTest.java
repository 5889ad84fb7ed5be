package io.dbharness.influx;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesIngest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Credentials and permissions against an InfluxDB 1.x with {@code auth-enabled = true}. */
@org.junit.jupiter.api.Tag("server")
class InfluxAuthTest {

    private static final long T0 = 1_650_272_400_000_000L; // 2022-04-18 09:00:00 UTC

    private static InfluxServer server;

    @BeforeAll
    static void start() throws Exception {
        server = InfluxServer.start(true);
        server.query("CREATE USER bob WITH PASSWORD 'bob-pw'", true);
        server.query("CREATE DATABASE shared", true);
        server.query("GRANT ALL ON shared TO bob", true);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    private static TargetAdapter open(Map<String, String> options) throws TargetException {
        return InfluxTargetTest.open(server.url(), options);
    }

    @Test
    void aWrongPasswordIsAnAuthenticationErrorThatNeverShowsThePassword() {
        TargetException e = assertThrows(TargetException.class, () -> open(Map.of("username", InfluxServer.ADMIN,
                "influx-password", "wrong-pw-123")));
        assertEquals(TargetException.Kind.AUTHENTICATION, e.kind());
        assertTrue(e.getMessage().contains("user 'admin'"), e.getMessage());
        assertFalse(e.getMessage().contains("wrong-pw-123"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void noCredentialsAtAllIsAnAuthenticationError() {
        TargetException e = assertThrows(TargetException.class, () -> open(Map.of()));
        assertEquals(TargetException.Kind.AUTHENTICATION, e.kind());
    }

    @Test
    void aMissingDatabaseTheUserMayNotCreateSaysSo() throws Exception {
        try (TargetAdapter t = open(Map.of("username", "bob", "influx-password", "bob-pw", "influx-database", "newdb"))) {
            TargetException e = assertThrows(TargetException.class, () -> t.capability(TimeSeriesIngest.class).orElseThrow()
                    .createSchema(new SeriesSchema("m", MetricType.FLOAT8, 1, 998), SchemaMode.CREATE));
            assertEquals(TargetException.Kind.AUTHENTICATION, e.kind());
            assertTrue(e.getMessage().contains("database 'newdb' does not exist and user 'bob' may not create it"), e.getMessage());
        }
    }

    /** Each writes rows into its database; the admin's own reading of both databases finds them where they went. */
    @Test
    void theAdminWritesAndAUserWritesIntoADatabaseItMayUse() throws Exception {
        SeriesSchema s = new SeriesSchema("m", MetricType.FLOAT8, 1, 998);
        assertEquals(3, write(Map.of("username", InfluxServer.ADMIN, "influx-password", InfluxServer.ADMIN_PASSWORD,
                "influx-database", "admins"), s, 3));
        assertEquals(2, write(Map.of("username", "bob", "influx-password", "bob-pw", "influx-database", "shared"), s, 2));
        // one field per row: count(*) is the rows each database holds
        String admins = server.query("SELECT count(*) FROM admins..m", false);
        String shared = server.query("SELECT count(*) FROM shared..m", false);
        assertTrue(admins.contains(",3]"), admins);
        assertTrue(shared.contains(",2]"), shared);
    }

    /** Creates the schema and writes {@code rows} rows as the user of {@code options}; the rows it then counts. */
    private static long write(Map<String, String> options, SeriesSchema schema, int rows) throws Exception {
        RowBatch b = new RowBatch(MetricType.FLOAT8, 1, rows);
        for (int i = 0; i < rows; i++) {
            b.setDouble(b.addRow(T0 + i * 1_000_000L, 1), 0, i);
        }
        try (TargetAdapter t = open(options)) {
            TimeSeriesIngest ingest = t.capability(TimeSeriesIngest.class).orElseThrow();
            ingest.createSchema(schema, SchemaMode.CREATE);
            try (BatchWriter w = ingest.openWriter(schema)) {
                assertEquals(rows, w.write(b).rowsWritten());
            }
            return ingest.countRows(schema).orElseThrow();
        }
    }
}
