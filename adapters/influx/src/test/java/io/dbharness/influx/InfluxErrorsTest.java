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

    /**
     * A write answered 500 may have been stored (InfluxDB 1.x says "write failed" as it shuts down, after storing the
     * points): sent again, its fate unknown. It was FATAL: the run aborted and counted stored rows as failed.
     */
    @Test
    void aWriteAnsweredWithAServerErrorIsSentAgainItsFateUnknown() {
        var e = InfluxErrors.writeStatus(new Response(500, Map.of(), "{\"error\":\"write failed\"}"), "write", "admin");
        assertEquals(Kind.RETRYABLE, e.kind(), e.getMessage());
        assertEquals(io.dbharness.core.api.Fate.UNKNOWN, e.fate());
        var down = InfluxErrors.writeStatus(new Response(500, Map.of(), "{\"error\":\"server shutting down\"}"), "write", "admin");
        assertEquals(Kind.UNREACHABLE, down.kind(), down.getMessage());
        assertEquals(io.dbharness.core.api.Fate.UNKNOWN, down.fate());
        // a refused write is certainly not stored
        var refused = InfluxErrors.writeStatus(new Response(404, Map.of(), "{\"error\":\"database not found\"}"), "write", "admin");
        assertEquals(Kind.FATAL, refused.kind());
        assertEquals(io.dbharness.core.api.Fate.NOT_APPLIED, refused.fate());
    }

    @Test
    void anotherServerErrorIsNotRetried() {
        var e = InfluxErrors.status(new Response(500, Map.of(), "{\"error\":\"field type conflict\"}"), "write", "admin");
        assertEquals(Kind.FATAL, e.kind(), e.getMessage());
    }
}
