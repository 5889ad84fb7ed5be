package io.dbharness.influx;

import io.dbharness.core.api.TargetException.Kind;
import io.dbharness.http.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How InfluxDB's answers are classified: what decides a retry, a reconnect, or an exit code. */
@Timeout(10)
class InfluxErrorsTest {

    /** InfluxDB 1.x's answer while it shuts down: the server going away (retry, exit 3), not a refused statement. */
    @Test
    void aServerShuttingDownIsTheTargetGoingAway() {
        var e = InfluxErrors.status(new Response(500, Map.of(), "{\"error\":\"query engine shutdown\"}"), "run 'x'", "admin");
        assertEquals(Kind.UNREACHABLE, e.kind(), e.getMessage());
        assertEquals("run 'x': InfluxDB is shutting down (HTTP 500): query engine shutdown", e.getMessage());
    }

    /**
     * The same, as the user's run saw it: HTTP 200 with the error in the statement's result. It made the verification
     * FAILED, exit 1, "could not check the target: ... failed: query engine shutdown".
     */
    @Test
    void aStatementEndedByTheServerShuttingDownIsTheTargetGoingAway() {
        var e = InfluxQl.failed("'SELECT count(\"tag_id\") FROM (SELECT * FROM \"telematics\")'", "query engine shutdown");
        assertEquals(Kind.UNREACHABLE, e.kind(), e.getMessage());
        assertEquals(Kind.AUTHENTICATION, InfluxQl.failed("'SHOW DATABASES'", "not authorized to execute statement").kind());
        assertEquals(Kind.FATAL, InfluxQl.failed("'SELECT x'", "error parsing query").kind());
    }

    @Test
    void anotherServerErrorIsNotRetried() {
        var e = InfluxErrors.status(new Response(500, Map.of(), "{\"error\":\"field type conflict\"}"), "write", "admin");
        assertEquals(Kind.FATAL, e.kind(), e.getMessage());
    }
}
