package io.dbharness.influx;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The file target's {@code --format line-protocol} is what this target posts: the file, posted to a real influxd's
 * /write as it is (nanosecond timestamps, no precision parameter), holds exactly the points the influx target
 * writes with the same flags.
 */
@org.junit.jupiter.api.Tag("server")
class InfluxFileLoadTest {

    @TempDir
    static Path dir;

    private static InfluxServer server;

    @BeforeAll
    static void start() throws Exception {
        server = InfluxServer.start(false);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    private static RunResult run(String target, String type, Object... more) throws Exception {
        RunSpec.Builder b = RunSpec.builder().target(target).workload("iot-insert").option("metrics-type", type)
                .option("tag-num", 20).option("total-metrics-count", 5).option("ts-end", "2022-04-18 09:00:10")
                .option("generator-randomness", "M").option("verify", true).option("no-watch", true).environment(Map.of());
        for (int i = 0; i < more.length; i += 2) {
            b.option((String) more[i], more[i + 1]);
        }
        return Harness.run(b.build());
    }

    @ParameterizedTest
    @ValueSource(strings = {"float8", "int8"})
    void theFilesPointsAreTheInfluxTargets(String type) throws Exception {
        RunResult direct = run("influx", type, "influx-url", server.url(), "influx-database", "direct_" + type);
        Path file = dir.resolve(type + ".lp");
        RunResult written = run("file", type, "format", "line-protocol", "output", file.toString());
        assertEquals("PASSED", direct.verification().status(), direct.verification().message());
        assertEquals(200, direct.totals().counts().rows() + direct.totals().counts().skippedRows());
        assertEquals(direct.totals().counts().rows(), written.totals().counts().rows());
        assertEquals(direct.totals().counts().skippedRows(), written.totals().counts().skippedRows());

        server.query("CREATE DATABASE file_" + type, true);
        HttpResponse<String> posted = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(server.url() + "/write?db=file_" + type)).POST(HttpRequest.BodyPublishers.ofFile(file)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(204, posted.statusCode(), posted.body());

        JsonNode expected = query("direct_" + type);
        long points = 0;
        for (JsonNode series : expected.get("series")) {
            points += series.get("values").size();
        }
        assertEquals(direct.totals().counts().rows(), points);
        assertEquals(expected, query("file_" + type));
    }

    /** Every point of the measurement, per device, as influxd answers it. */
    private static JsonNode query(String db) throws Exception {
        JsonNode all = new ObjectMapper().readTree(server.query("SELECT * FROM \"" + db + "\"..telematics GROUP BY tag_id", false));
        return all.get("results").get(0);
    }
}
