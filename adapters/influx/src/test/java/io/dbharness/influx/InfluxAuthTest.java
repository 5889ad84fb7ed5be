package io.dbharness.influx;

import io.dbharness.core.api.MetricType;
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
class InfluxAuthTest {

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

    @Test
    void theAdminWritesAndAUserWritesIntoADatabaseItMayUse() throws Exception {
        SeriesSchema s = new SeriesSchema("m", MetricType.FLOAT8, 1, 998);
        try (TargetAdapter t = open(Map.of("username", InfluxServer.ADMIN, "influx-password", InfluxServer.ADMIN_PASSWORD,
                "influx-database", "admins"))) {
            t.capability(TimeSeriesIngest.class).orElseThrow().createSchema(s, SchemaMode.CREATE);
        }
        try (TargetAdapter t = open(Map.of("username", "bob", "influx-password", "bob-pw", "influx-database", "shared"))) {
            t.capability(TimeSeriesIngest.class).orElseThrow().createSchema(s, SchemaMode.CREATE);
        }
    }
}
