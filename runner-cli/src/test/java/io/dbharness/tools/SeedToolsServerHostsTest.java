package io.dbharness.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.cli.CliRun;
import io.dbharness.cli.NodeExporter;
import io.dbharness.influx.InfluxServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The other tools' command lines take this harness's {@code --server-hosts} after {@code --}, as their users would
 * add it: mxbench, MaibornWolff's run.py and influx-stress, each run for real against Debian's node_exporter on this
 * machine; their summaries show the {@code server hosts} line and their results carry the host.
 */
@Tag("server")
@Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
class SeedToolsServerHostsTest {

    private static NodeExporter exporter;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start() throws Exception {
        exporter = NodeExporter.start();
    }

    @AfterAll
    static void stop() {
        if (exporter != null) {
            exporter.close();
        }
    }

    private CliRun run(List<String> tool) {
        List<String> all = new ArrayList<>(tool);
        all.addAll(List.of("--server-hosts", exporter.url(), "--results", tmp.toString(), "--no-watch"));
        return CliRun.withEnv(Map.of(), all.toArray(String[]::new));
    }

    /**
     * The run's result carries the host, read by node_exporter, with its CPU measured. node_exporter counts CPU time
     * in hundredths of a second: each run lasts half a second or more, so its CPU is measured (a run of a few
     * milliseconds has no CPU figure, said missing, as CI once found with 200 rows).
     */
    private void assertCarriesTheHost(CliRun r) throws Exception {
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("│ server hosts "), r.out());
        JsonNode host;
        try (Stream<Path> files = Files.list(tmp)) {
            Path f = files.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow();
            host = new ObjectMapper().readTree(f.toFile()).at("/resources/serverHosts/0");
        }
        assertEquals("node_exporter", host.at("/source").asText(), host.toString());
        assertTrue(host.at("/host").asText().contains("127.0.0.1:" + exporter.port()), host.toString());
        assertTrue(host.at("/mean/cpuUserPercent").asDouble(-1) >= 0, host.toString());
    }

    @Test
    void mxbench() throws Exception {
        // the embedded PostgreSQL: mxbench's MatrixDB settings left behind by --target postgres
        assertCarriesTheHost(run(List.of("mxbench", "run", "--table-name", "telematics", "--writer", "stdin", "--tag-num", "1000",
                "--ts-end", "2022-04-25 09:01:00", "--", "--target", "postgres")));
    }

    @Test
    void maibornWolff() throws Exception {
        assertCarriesTheHost(run(List.of("mw", "insert", "--target", "postgresql", "-w", "1", "-r", "1", "--clean", "--batch",
                "100", "--primary-key", "sql", "--num-inserts", "50000", "--")));
    }

    @Test
    void influxStress() throws Exception {
        try (InfluxServer influx = InfluxServer.start(false)) {
            assertCarriesTheHost(run(List.of("influx-stress", "insert", "--pps", "2000", "-r", "2s", "--host", influx.url(),
                    "--create", "", "--")));
        }
    }
}
