package io.dbharness.cli;

import io.dbharness.influx.InfluxServer;
import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * runner-cli/README.md's "The seeds' tables": seed 003's and seed 004's tables, each from its one command, run as
 * written but smaller and against this test's servers (a PostgreSQL with the README's role and database, an
 * {@code influxd}, a node_exporter), their tables holding the seeds' columns with measured figures. The README's
 * own runs take minutes (it says how long); these take seconds a step.
 */
@Tag("server")
@Timeout(value = 10, unit = java.util.concurrent.TimeUnit.MINUTES)
class SeedTablesTest {

    @RegisterExtension
    static final EmbeddedPostgres pg = EmbeddedPostgres.checkingPasswords();

    private static NodeExporter exporter;
    private static InfluxServer influx;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start() throws Exception {
        exporter = NodeExporter.start();
        influx = InfluxServer.start(false);
        pg.execute("CREATE ROLE bench LOGIN PASSWORD 'bench'");
        pg.execute("CREATE DATABASE bench OWNER bench");
    }

    @AfterAll
    static void stop() throws Exception {
        if (exporter != null) {
            exporter.close();
        }
        if (influx != null) {
            influx.close();
        }
    }

    @Test
    void seed003sTableComesFromItsOneCommand() throws Exception {
        String command = command("--workload tpcc");
        Map<String, String> smaller = new LinkedHashMap<>();
        smaller.put("--url", "jdbc:postgresql://localhost:" + pg.port() + "/bench");
        smaller.put("--server-hosts", exporter.url());
        smaller.put("--warehouses", "1");
        smaller.put("--vary", "terminals=2,4");
        smaller.put("--duration", "3s");
        smaller.put("--results", tmp.toString());
        CliRun r = run(command, smaller);
        List<String[]> table = table(r, List.of("point", "exit", "throughput", "server CPU", "IOPS", "await", "net MB/s",
                "WAL MB/s", "result"));
        assertEquals(2, table.size(), r.out());
        for (String[] row : table) {
            assertEquals("0", row[1], r.out());
            assertTrue(row[2].endsWith(" tpmC"), row[2]);
            assertMeasured(row, r.out());
            assertTrue(Double.parseDouble(row[7].replace(",", "")) > 0, "WAL written: " + r.out());
            // the terminals talk to the server over loopback, which the exporter here exports and the host counts
            assertTrue(Double.parseDouble(row[6].replace(",", "")) > 0, "network: " + r.out());
        }
    }

    @Test
    void seed004sTableComesFromItsOneCommand() throws Exception {
        String command = command("--target influx");
        Map<String, String> smaller = new LinkedHashMap<>();
        smaller.put("--influx-url", influx.url());
        smaller.put("--vary", "rate=2000,4000");
        smaller.put("--tag-num", "1000");
        smaller.put("--server-hosts", exporter.url());
        smaller.put("--duration", "3s");
        smaller.put("--results", tmp.toString());
        CliRun r = run(command, smaller);
        List<String[]> table = table(r, List.of("point", "exit", "throughput", "server CPU", "IOPS", "await", "net MB/s", "result"));
        assertEquals(List.of("1 rate=2000", "2 rate=4000"), table.stream().map(row -> row[0]).toList(), r.out());
        for (String[] row : table) {
            assertEquals("0", row[1], r.out());
            assertTrue(row[2].endsWith(" rows/s"), row[2]);
            assertMeasured(row, r.out());
        }
    }

    /** The server hosts' columns hold figures, not {@code missing}: CPU a share, IOPS and await numbers. */
    private static void assertMeasured(String[] row, String out) {
        assertTrue(row[3].matches("\\d+\\.\\d%"), "server CPU " + row[3] + " in " + out);
        assertTrue(row[4].matches("[\\d,.]+"), "IOPS " + row[4] + " in " + out);
        assertTrue(row[5].matches("[\\d.]+ ms"), "await " + row[5] + " in " + out);
        assertTrue(row[6].matches("[\\d,.]+"), "network " + row[6] + " in " + out);
    }

    /** The README's command of the section's block that holds {@code marker}. */
    private static String command(String marker) throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        int start = readme.indexOf("\n## The seeds' tables\n");
        assertTrue(start >= 0, "runner-cli/README.md has the section");
        String section = readme.substring(start + 1, readme.indexOf("\n## ", start + 1));
        List<String> found = section.lines().filter(l -> l.contains("./runner sweep") && l.contains(marker)).toList();
        assertEquals(1, found.size(), marker + " in " + section);
        return found.get(0);
    }

    /** Runs {@code command} with the values of {@code replaced} instead of the README's; each must be in it. */
    private static CliRun run(String command, Map<String, String> replaced) {
        List<String> words = new ArrayList<>();
        Matcher m = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\S+)").matcher(command);
        while (m.find()) {
            words.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
        }
        Map<String, String> env = new LinkedHashMap<>();
        while (words.get(0).matches("[A-Z_]+=.*")) {
            String[] kv = words.remove(0).split("=", 2);
            env.put(kv[0], kv[1]);
        }
        assertEquals("./runner", words.remove(0));
        for (Map.Entry<String, String> e : replaced.entrySet()) {
            int i = words.indexOf(e.getKey());
            assertTrue(i >= 0 && i + 1 < words.size(), e.getKey() + " in " + command);
            words.set(i + 1, e.getValue());
        }
        words.add("--no-watch");
        return CliRun.withEnv(env, words.toArray(String[]::new));
    }

    /** The series table's rows under its heading, which must be {@code headings}, split at runs of two spaces. */
    private static List<String[]> table(CliRun r, List<String> headings) {
        assertEquals(0, r.exitCode(), r.err() + r.out());
        List<String> lines = r.out().lines().toList();
        int at = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("sweep: ") && lines.get(i).endsWith(" runs made")) {
                at = i + 1;
            }
        }
        assertTrue(at > 0, r.out());
        assertEquals(headings, List.of(lines.get(at).strip().split(" {2,}")), lines.get(at));
        List<String[]> rows = new ArrayList<>();
        for (int i = at + 1; i < lines.size() && lines.get(i).startsWith("  ") && !lines.get(i).startsWith("  *"); i++) {
            rows.add(lines.get(i).strip().split(" {2,}"));
        }
        return rows;
    }
}
