package io.dbharness.tools;

import io.dbharness.cli.CliRun;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.influx.InfluxServer;
import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code runner mw insert|query}: MaibornWolff's run.py command lines, run for real on embedded PostgreSQL (the
 * postgresql target without a server, and a server of this class named in a config.yaml), YugabyteDB's path on
 * that PostgreSQL, embedded QuestDB and a local influxd; MaibornWolff's tables checked against the result files of
 * the runs they summarise.
 */
@org.junit.jupiter.api.Tag("server")
class MaibornWolffCommandTest {

    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    @TempDir
    Path tmp;

    private Path results;

    @BeforeEach
    void noConfigYamlHere() {
        // run.py's -c default is read from the working directory: the embedded runs below rely on there being none
        assertFalse(Files.exists(Path.of("config.yaml")), "a config.yaml in " + Path.of("").toAbsolutePath());
        results = tmp.resolve("results");
    }

    /** A MaibornWolff config.yaml naming this class's server as {@code postgresql} and {@code yugabyte_sql}. */
    private Path config(String yugabyteOptions) throws IOException {
        Path f = tmp.resolve("config.yaml");
        Files.writeString(f, "targets:\n"
                + "  postgresql:\n"
                + "    module: postgres\n"
                + "    connection_string: \"host=localhost port=" + pg.port() + " dbname=postgres user=postgres password=s3cret-pw\"\n"
                + "  yugabyte_sql:\n"
                + "    module: postgres\n"
                + "    connection_string: \"host=localhost port=" + pg.port() + " dbname=postgres user=postgres options='"
                + yugabyteOptions + "'\"\n"
                + "    install_extensions: pgcrypto\n"
                + "  cockroachdb:\n"
                + "    module: postgres\n"
                + "    connection_string: \"host=localhost port=26257 dbname=postgres\"\n"
                + "  timescaledb:\n"
                + "    module: timescaledb\n"
                + "    connection_string: \"host=localhost port=" + pg.port() + " dbname=postgres user=postgres\"\n"
                + "namespace: default\n");
        return f;
    }

    private CliRun mw(String... args) {
        List<String> a = new ArrayList<>(List.of("mw"));
        a.addAll(List.of(args));
        if (!a.contains("--")) {
            a.add("--");
        }
        a.addAll(List.of("--results", results.toString(), "--no-watch"));
        return CliRun.of(a.toArray(String[]::new));
    }

    /** The result files of the runs, oldest first. */
    private List<JsonNode> runs() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(results)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                out.add(json.readTree(f.toFile()));
            }
        }
        out.sort(Comparator.comparing((JsonNode r) -> r.at("/run/start").asText()).thenComparing(r -> r.at("/run/id").asText()));
        return out;
    }

    private static long round(double x) {
        return new BigDecimal(x).setScale(0, RoundingMode.HALF_EVEN).longValue();
    }

    /** MaibornWolff's line of a worker count, from the runs' own rows/s, computed here as run.py computes it. */
    private static String line(int workers, List<Double> perSecond) {
        double sum = 0;
        for (double v : perSecond) {
            sum += v;
        }
        return String.format("%2d\t%6d\t%6d\t%6d", workers, round(perSecond.stream().mapToDouble(d -> d).min().orElseThrow()),
                round(perSecond.stream().mapToDouble(d -> d).max().orElseThrow()), (long) (sum / perSecond.size()));
    }

    @Test
    void theSeedsCommandLineRunsOnTheEmbeddedPostgres() throws Exception {
        // time python run.py insert --target yugabyte_sql -w 1 -r 1 --clean --batch 1000 --primary-key sql --num-inserts 31250000,
        // on the postgresql target (no server named: embedded) and 1/10,000 of the rows
        CliRun r = mw("insert", "--target", "postgresql", "-w", "1", "-r", "1", "--clean", "--batch", "1000", "--primary-key",
                "sql", "--num-inserts", "3125");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode run = runs().get(0);
        assertEquals(1, runs().size());
        assertEquals("embedded", run.at("/run/targetInfo/endpoint").asText());
        String[] out = r.out().split("\n");
        assertEquals("Workers\tMin\tMax\tAvg", out[0], r.out());
        assertEquals(line(1, List.of(run.at("/totals/rowsPerSecond").asDouble())), out[1]);
        assertTrue(out[2].startsWith("┌"), "our summary follows MaibornWolff's table:\n" + r.out());
        assertTrue(r.out().contains("PASSED: 3,125 rows in table events as reported"), r.out());
        JsonNode o = run.at("/run/options");
        assertEquals("events", o.get("generator").asText());
        assertEquals("copy-text", o.get("pg-ingest").asText(), "the postgres module's batch mode is COPY (psycopg2's copy_from)");
        assertEquals("1000", o.get("write-batch-rows").asText());
        assertEquals("1", o.get("workers").asText());
        assertEquals("1", o.get("devices").asText());
        assertEquals("3125", o.get("num-inserts").asText());
        assertEquals("true", o.get("clean").asText());
        assertEquals("true", o.get("verify").asText());
        assertTrue(run.at("/workloadFacts/details/ddl").asText().contains("GENERATED ALWAYS AS IDENTITY (START WITH 1 CACHE 1000)"),
                "MaibornWolff's identity cache is its batch size: " + run.at("/workloadFacts/details/ddl").asText());
    }

    @Test
    void workerCountsAndRunsMakeMaibornWolffsTableOverTheirResults() throws Exception {
        // no --batch: one INSERT a row, as the module's autocommit; --primary-key sql keeps its cache of 100
        CliRun r = mw("insert", "--clean", "-c", config("-c work_mem=8MB").toString(), "-t", "postgresql", "-w", "1,2", "-r", "2",
                "--primary-key", "sql", "--num-inserts", "150");
        assertEquals(0, r.exitCode(), r.err());
        List<JsonNode> runs = runs();
        assertEquals(4, runs.size());
        Map<Integer, List<Double>> perSecond = new LinkedHashMap<>();
        for (JsonNode run : runs) {
            assertEquals("localhost:" + pg.port() + "/postgres", run.at("/run/targetInfo/endpoint").asText());
            assertEquals("insert-batch", run.at("/run/options/pg-ingest").asText());
            assertEquals("1", run.at("/run/options/write-batch-rows").asText());
            assertTrue(run.at("/run/options/password").asText().matches("\\*+"), "the config's password is masked");
            assertTrue(run.at("/workloadFacts/details/ddl").asText().contains("CACHE 100)"), run.at("/workloadFacts/details/ddl").asText());
            assertEquals("PASSED", run.at("/verification/status").asText());
            perSecond.computeIfAbsent(run.at("/run/options/workers").asInt(), k -> new ArrayList<>())
                    .add(run.at("/totals/rowsPerSecond").asDouble());
        }
        String table = "Workers\tMin\tMax\tAvg\n" + line(1, perSecond.get(1)) + "\n" + line(2, perSecond.get(2)) + "\n";
        assertTrue(r.out().contains(table), "expected\n" + table + "in\n" + r.out());
        // the three runs before the last said where they stand, each before its own summary
        for (String step : List.of("run 1 of 2 with 1 worker: ", "run 2 of 2 with 1 worker: ", "run 1 of 2 with 2 workers: ")) {
            assertTrue(r.out().contains("mw insert: " + step), step + " in\n" + r.out());
        }
        assertEquals(4, r.out().split("┌", -1).length - 1, "a summary per run");
        assertFalse(r.out().contains("s3cret-pw") || r.err().contains("s3cret-pw"), "the password never shows");
        assertEquals(2 * 150, pg.count("SELECT count(*) FROM events"), "--clean before each run: the last run's rows");
    }

    @Test
    void yugabyteSqlRunsItsPathOnPostgreSqlWithTheConnectionStringsSettings() throws Exception {
        CliRun r = mw("insert", "--clean", "-c", config("-c yb_enable_expression_pushdown=on -c yb_enable_upsert_mode=on"
                        + " -c yb_disable_transactional_writes=on -c work_mem=8MB").toString(), "--target", "yugabyte_sql", "-w", "2",
                "-r", "1", "--batch", "100", "--primary-key", "sql", "--num-inserts", "300", "--", "--allow-compatible-server");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode run = runs().get(0);
        assertEquals("yugabyte", run.at("/run/target").asText());
        assertEquals("true", run.at("/run/options/yb-upsert-mode").asText(), "yb_enable_upsert_mode=on is the target's upsert mode");
        assertEquals("copy-text", run.at("/run/options/yb-ingest").asText());
        assertTrue(run.at("/run/options/url").asText().startsWith("jdbc:yugabytedb://localhost:" + pg.port() + "/postgres?options="),
                run.at("/run/options/url").asText());
        assertEquals("8MB", run.at("/run/targetInfo/settings/work_mem").asText(), "the other settings are sent at connect");
        assertTrue(r.err().contains("session setting yb_enable_expression_pushdown=on of targets.yugabyte_sql"), r.err());
        assertTrue(r.err().contains("session setting yb_disable_transactional_writes=on"), r.err());
        assertEquals("PASSED", run.at("/verification/status").asText());
        assertTrue(r.out().startsWith("Workers\tMin\tMax\tAvg\n" + line(2, List.of(run.at("/totals/rowsPerSecond").asDouble()))),
                r.out());
        // without the flag the yugabyte target refuses plain PostgreSQL, in one line
        CliRun refused = mw("insert", "-c", config("-c yb_enable_upsert_mode=on").toString(), "--target", "yugabyte_sql",
                "-w", "1", "-r", "1", "--num-inserts", "10");
        assertEquals(2, refused.exitCode(), refused.err());
        assertTrue(refused.oneLineError().endsWith("not YugabyteDB; give --allow-compatible-server to run against it anyway"),
                refused.err());
    }

    /** run.py cleans by default; here only a table this invocation made, or any when --clean is given. */
    @Test
    void aTableOfSomeoneElseIsDroppedOnlyWithClean() throws Exception {
        Path cfg = config("-c work_mem=8MB");
        pg.execute("DROP TABLE IF EXISTS events");
        pg.execute("CREATE TABLE events (a int, note text)");
        pg.execute("INSERT INTO events VALUES (1, 'mine')");
        CliRun implicit = mw("insert", "-c", cfg.toString(), "-t", "postgresql", "-w", "1,2", "-r", "1", "--num-inserts", "10");
        assertEquals(2, implicit.exitCode(), implicit.err());
        assertTrue(implicit.err().contains("--clean"), implicit.err());
        assertEquals(1, pg.count("SELECT count(*) FROM events WHERE note = 'mine'"), "the table is untouched");
        CliRun told = mw("insert", "-c", cfg.toString(), "-t", "postgresql", "-w", "1,2", "-r", "1", "--num-inserts", "10",
                "--clean");
        assertEquals(0, told.exitCode(), told.err());
        assertEquals(20, pg.count("SELECT count(*) FROM events"), "dropped when told; the runs after the first clean what they made");
    }

    @Test
    void stepsAndPrefillAddToTheTableOfAServer() throws Exception {
        Path cfg = config("-c work_mem=8MB");
        CliRun steps = mw("insert", "--clean", "-c", cfg.toString(), "-t", "postgresql", "-w", "2", "-r", "1", "--num-inserts", "100",
                "--batch", "50", "--steps", "3");
        assertEquals(0, steps.exitCode(), steps.err());
        List<JsonNode> runs = runs();
        assertEquals(3, runs.size());
        StringBuilder expected = new StringBuilder("Stepsize: 200\nLevel\tInserts/s\n");
        for (int s = 0; s < 3; s++) {
            JsonNode run = runs.get(s);
            assertEquals(s == 0 ? "true" : "false", run.at("/run/options/clean").asText("false"));
            assertEquals(s == 0 ? "false" : "true", run.at("/run/options/append").asText("false"));
            long tens = new BigDecimal(run.at("/totals/rowsPerSecond").asDouble()).setScale(-1, RoundingMode.HALF_EVEN).longValue();
            expected.append(String.format("%3d\t%6d%n", s * 200, tens));
        }
        assertTrue(steps.out().contains(expected), "expected\n" + expected + "in\n" + steps.out());
        assertEquals(600, pg.count("SELECT count(*) FROM events"), "three steps of 2 x 100 without cleaning");
        assertEquals(6, pg.count("SELECT count(DISTINCT device_id) FROM events"), "each step writes devices of its own");

        Files.walk(results).sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        CliRun prefill = mw("insert", "--clean", "-c", cfg.toString(), "-t", "postgresql", "-w", "2", "-r", "1", "--num-inserts", "100",
                "--prefill", "500");
        assertEquals(0, prefill.exitCode(), prefill.err());
        runs = runs();
        assertEquals(2, runs.size(), "the prefill, then the measured run");
        assertEquals("250", runs.get(0).at("/run/options/num-inserts").asText(), "int(prefill / workers) a worker");
        assertEquals("1000", runs.get(0).at("/run/options/write-batch-rows").asText());
        assertTrue(prefill.out().contains("mw insert: the prefill of run 1 of 1 with 2 workers: 500 events, not measured"),
                prefill.out());
        assertTrue(prefill.out().contains("Workers\tMin\tMax\tAvg\n" + line(2, List.of(runs.get(1).at("/totals/rowsPerSecond")
                .asDouble()))), prefill.out());
        assertEquals(700, pg.count("SELECT count(*) FROM events"), "cleaned, prefilled, then the run's rows");
    }

    @Test
    void queryRunsMaibornWolffsQueriesOnWhatAnInsertLeft() throws Exception {
        Path cfg = config("-c work_mem=8MB");
        assertEquals(0, mw("insert", "--clean", "-c", cfg.toString(), "-t", "postgresql", "-w", "4", "-r", "1", "--batch", "500",
                "--primary-key", "uuid", "--num-inserts", "500").exitCode());
        Files.walk(results).sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        CliRun r = mw("query", "-c", cfg.toString(), "-t", "postgresql", "-w", "2", "-r", "3");
        assertEquals(0, r.exitCode(), r.err());
        List<JsonNode> runs = runs();
        assertEquals(MaibornWolffCommand.QUERIES.size(), runs.size(), "a run a query");
        Pattern row = Pattern.compile("(?m)^([a-z-]+) *\\t( *\\d+\\.\\d\\d)\\t( *\\d+\\.\\d\\d)\\t( *\\d+\\.\\d\\d)$");
        Matcher m = row.matcher(r.out());
        List<String> names = new ArrayList<>();
        while (m.find()) {
            names.add(m.group(1));
            JsonNode run = runs.get(names.size() - 1);
            assertEquals(m.group(1), run.at("/run/options/queries").asText());
            JsonNode op = run.get("operations").get(0);
            assertEquals(m.group(1), op.get("type").asText());
            assertEquals(6, op.get("completed").asLong(), "-r 3 by each of -w 2");
            assertEquals(String.format("%5.2f", new BigDecimal(op.get("maxMillis").asDouble() / 1000).setScale(2, RoundingMode.HALF_EVEN)),
                    m.group(3));
            assertEquals(String.format("%5.2f", new BigDecimal(op.get("meanMillis").asDouble() / 1000).setScale(2, RoundingMode.HALF_EVEN)),
                    m.group(4));
        }
        assertEquals(MaibornWolffCommand.QUERIES, names, r.out());
        assertTrue(r.out().contains("Query                       \tMin  \tMax  \tAvg\n"), r.out());
        JsonNode count = runs.get(0).get("answers").get(0);
        assertEquals("[[\"2000\"]]", count.get("values").toString(), "count-events counted the insert's 4 x 500 events");

        Files.walk(results).sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        CliRun two = mw("query", "-c", cfg.toString(), "-t", "postgresql", "--extra-option", "queries=newest-per-device,count-events",
                "--extra-option", "create_indices=true", "-r", "1");
        assertEquals(0, two.exitCode(), two.err());
        assertEquals(2, runs().size());
        assertTrue(two.out().contains("Query            \tMin  \tMax  \tAvg\ncount-events     \t"), two.out());
        assertTrue(two.err().contains("create_indices has no effect here"), two.err());
    }

    @Test
    void questDbRunsEmbeddedAndLoadsItsOwnRowsForTheQueries() throws Exception {
        CliRun r = mw("insert", "--target", "questdb", "-w", "2", "-r", "1", "--batch", "100", "--num-inserts", "300");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode run = runs().get(0);
        assertEquals("QuestDB", run.at("/run/targetInfo/product").asText());
        assertTrue(run.at("/workloadFacts/notes/primary key").asText().startsWith("none: QuestDB fills no ids"),
                "MaibornWolff's default db is not asked of a target without ids: " + run.get("workloadFacts"));
        assertTrue(r.out().startsWith("Workers\tMin\tMax\tAvg\n" + line(2, List.of(run.at("/totals/rowsPerSecond").asDouble()))));
        assertTrue(r.out().contains("PASSED: 600 rows in table events as reported"), r.out());

        Files.walk(results).sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        CliRun q = mw("query", "--target", "questdb", "-r", "1", "--extra-option", "queries=count-events",
                "--", "--load", "--num-inserts", "50");
        // queries= is the postgres module's: a questdb entry (this harness's) runs all five, saying so
        assertEquals(0, q.exitCode(), q.err());
        assertEquals(5, runs().size(), "each embedded run loads its own rows (--load)");
        assertTrue(q.err().contains("queries has no effect with MaibornWolff's questdb module"), q.err());
        for (JsonNode one : runs()) {
            assertEquals("50", one.at("/workloadFacts/loaded/rows").asText());
        }
    }

    @Test
    void influxdbTakesTheEntrysEndpointAndMaibornWolffsBucket() throws Exception {
        try (InfluxServer influx = InfluxServer.start(false)) {
            // this machine's InfluxDB is 1.x: an entry without the v2 client's org and token
            Path cfg = tmp.resolve("influx.yaml");
            Files.writeString(cfg, "targets:\n  influxdb:\n    module: influxdb\n    endpoint: \"" + influx.url() + "\"\n"
                    + "    device_spread: 2\n");
            CliRun r = mw("insert", "--clean", "-c", cfg.toString(), "-t", "influxdb", "-w", "2", "-r", "1", "--batch", "100",
                    "--num-inserts", "200");
            assertEquals(0, r.exitCode(), r.err());
            JsonNode run = runs().get(0);
            assertEquals("influx", run.at("/run/target").asText());
            assertEquals("4", run.at("/run/options/devices").asText(), "device_spread 2 a worker");
            assertEquals("100", run.at("/run/options/num-inserts").asText(), "200 a worker over its 2 devices");
            assertEquals("100", run.at("/run/options/batch-lines").asText(), "a batch is one write");
            assertEquals("PASSED", run.at("/verification/status").asText());
            assertTrue(influx.query("SELECT count(temperature) FROM dbtest..events", false).contains(",400]"),
                    "in database dbtest, MaibornWolff's bucket name");
            assertTrue(r.out().startsWith("Workers\tMin\tMax\tAvg\n" + line(2, List.of(run.at("/totals/rowsPerSecond").asDouble()))));
            // MaibornWolff's stock entry carries the v2 client's token: a 1.x server is refused, the token unshown
            Files.writeString(cfg, "targets:\n  influxdb:\n    module: influxdb\n    endpoint: \"" + influx.url() + "\"\n"
                    + "    org: influxdata\n    token: 1234admin1234\n");
            CliRun v2 = mw("insert", "-c", cfg.toString(), "-t", "influxdb", "-w", "1", "-r", "1", "--num-inserts", "10");
            assertEquals(2, v2.exitCode(), v2.err());
            assertTrue(v2.oneLineError().startsWith("--token is for the v2 API, but " + influx.url() + " speaks the InfluxDB v1 API"),
                    v2.err());
            assertFalse(v2.out().contains("1234admin1234") || v2.err().contains("1234admin1234"), "the token never shows");
        }
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        Path cfg = config("-c work_mem=8MB");
        Map<String, String[]> cases = new LinkedHashMap<>();
        cases.put("unknown flag '--bogus' for 'mw insert' (see 'runner mw insert --help')",
                new String[] {"insert", "-t", "postgresql", "--bogus", "1"});
        cases.put("invalid value for '-r' / '--runs': 'x' is not a valid integer", new String[] {"insert", "-t", "postgresql", "-r", "x"});
        cases.put("invalid value for '--primary-key': 'serial' is not one of 'sql', 'db', 'client', 'uuid', 'none'",
                new String[] {"insert", "-t", "postgresql", "--primary-key", "serial"});
        cases.put("invalid value for '-w' / '--workers': '1,x' is not a comma-separated list of worker counts (1,4,8,12,16)",
                new String[] {"insert", "-t", "postgresql", "-w", "1,x"});
        cases.put("invalid value for '-w' / '--workers': '1,4' is not a valid integer", new String[] {"query", "-t", "postgresql", "-w", "1,4"});
        cases.put("mw insert: missing option '-t' / '--target' (the target's name in config.yaml: postgresql, yugabyte_sql,"
                + " influxdb, ...)", new String[] {"insert", "-w", "1"});
        cases.put("mw insert flag --tables multiple is not supported here: the events model writes one table (events0..events3"
                + " are not written)", new String[] {"insert", "-t", "postgresql", "--tables", "multiple"});
        cases.put("ERROR: If using the --steps option only one worker count can be used",
                new String[] {"insert", "-t", "postgresql", "-w", "1,2", "--steps", "2"});
        cases.put("mw insert --steps needs a server that keeps the table from one run to the next, and the embedded postgres"
                        + " starts empty in every run: name one in config.yaml (-c FILE) or after '--' (--url ..., --questdb-http ...)",
                new String[] {"insert", "-t", "postgresql", "-w", "1", "-r", "1", "--steps", "2"});
        cases.put("mw insert: --extra-option 'use_values_lists' is not KEY=VALUE",
                new String[] {"insert", "-t", "postgresql", "--extra-option", "use_values_lists"});
        cases.put("mw insert: primary_key_constraint is not supported here: the table's key is the target's own (PRIMARY KEY"
                        + " (id); on YugabyteDB hash-sharded on id), written in its DDL",
                new String[] {"insert", "-t", "postgresql", "--extra-option=primary_key_constraint=PRIMARY KEY (device_id)"});
        cases.put("mw target cockroachdb is not supported here: there is no CockroachDB target (MaibornWolff runs its postgres"
                        + " module on it) (after '--', --target postgres runs MaibornWolff's postgres-module path on that server anyway)",
                new String[] {"insert", "-c", cfg.toString(), "-t", "cockroachdb"});
        cases.put("mw target cassandra_sync is not supported here: MaibornWolff's cassandra module speaks CQL (Cassandra,"
                + " YugabyteDB YCQL), which no target here does", new String[] {"insert", "-t", "cassandra_sync"});
        cases.put("mw insert: target 'mysql' is not in " + cfg + "'s targets (it has: postgresql, yugabyte_sql, cockroachdb,"
                + " timescaledb)", new String[] {"insert", "-c", cfg.toString(), "-t", "mysql"});
        cases.put("MaibornWolff config file " + tmp.resolve("none.yaml") + " does not exist",
                new String[] {"query", "-c", tmp.resolve("none.yaml").toString(), "-t", "postgresql"});
        cases.put("mw query: unknown query 'count' in queries; MaibornWolff's are count-events, temperature-min-max,"
                        + " temperature-stats, temperature-stats-per-device, newest-per-device",
                new String[] {"query", "-t", "postgresql", "--extra-option", "queries=count"});
        cases.put("mw needs a command: insert or query (see 'runner mw --help')", new String[] {});
        cases.put("unknown mw command 'run': expected insert or query, as run.py's (see 'runner mw --help')", new String[] {"run"});
        cases.put("mw insert: --clean takes no value ('--clean=yes')", new String[] {"insert", "-t", "postgresql", "--clean=yes"});
        for (Map.Entry<String, String[]> c : cases.entrySet()) {
            List<String> a = new ArrayList<>(List.of("mw"));
            a.addAll(List.of(c.getValue()));
            CliRun r = CliRun.of(a.toArray(String[]::new));
            assertEquals(2, r.exitCode(), String.join(" ", a) + ": " + r.err());
            assertEquals(c.getKey(), r.oneLineError(), String.join(" ", a));
            assertEquals("", r.out(), "nothing ran: " + String.join(" ", a));
        }
        CliRun timescale = CliRun.of("mw", "insert", "-c", cfg.toString(), "-t", "timescaledb");
        assertEquals(2, timescale.exitCode());
        assertTrue(timescale.oneLineError().contains("create_hypertable"), timescale.err());
    }

    @Test
    void aRefusedTargetRunsWhereTheUserSaysSoAfterTheDashes() throws Exception {
        CliRun r = mw("insert", "--clean", "-c", config("-c work_mem=8MB").toString(), "-t", "timescaledb", "-w", "1", "-r", "1",
                "--num-inserts", "20", "--", "--target", "postgres");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("localhost:" + pg.port() + "/postgres", runs().get(0).at("/run/targetInfo/endpoint").asText(),
                "the entry's connection_string still names the server");
    }

    @Test
    void configYamlEntriesAndConnectionStrings() throws Exception {
        List<String> warnings = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Path yaml = tmp.resolve("config.yaml");
        // no config.yaml: MaibornWolff's stock target, without a server
        MaibornWolffConfig.Entry stock = MaibornWolffConfig.entry("mw insert", yaml, false, "postgresql", warnings::add, notes::add);
        assertEquals("postgres", stock.module());
        assertEquals(Map.of(), MaibornWolffConfig.postgres(stock, "postgres", false, Map.of(), warnings::add));
        // a config.yaml that is not MaibornWolff's is said and left alone
        Files.writeString(yaml, "workload: iot-insert\n");
        MaibornWolffConfig.entry("mw insert", yaml, false, "postgresql", warnings::add, notes::add);
        assertTrue(warnings.get(0).contains("is not MaibornWolff's (no 'targets:'); not read"), warnings.toString());
        // run.py's default file, read when it is there
        Files.writeString(yaml, "targets:\n  mine:\n    module: postgres\n    connection_string: postgresql://bench:p%40ss@db1:5433,db2/iot?sslmode=require&options=-c%20yb_enable_upsert_mode%3Don\n"
                + "    batch_mode: true\n    batch_size: 500\n");
        MaibornWolffConfig.Entry mine = MaibornWolffConfig.entry("mw insert", yaml, false, "mine", warnings::add, notes::add);
        assertEquals("mw insert: reading targets.mine from " + yaml + " (run.py's -c default)", notes.get(0));
        assertEquals(true, mine.settings().get("batch_mode"));
        assertEquals(500, mine.settings().get("batch_size"));
        assertEquals("yugabyte", MaibornWolffCommand.target(mine), "its yb_ session settings make it YugabyteDB");
        Map<String, String> o = MaibornWolffConfig.postgres(mine, "yugabyte", false, Map.of(), warnings::add);
        assertEquals(Map.of("yb-upsert-mode", "true", "user", "bench", "password", "p@ss",
                "url", "jdbc:yugabytedb://db1:5433,db2/iot?sslmode=require"), o);

        assertEquals(Map.of("host", "h", "port", "5433", "dbname", "my db", "user", "yugabyte",
                        "options", "-c yb_enable_upsert_mode=on -c a=b\\ c"),
                MaibornWolffConfig.conninfo("host=h port = 5433 dbname='my db' user=yugabyte options='-c yb_enable_upsert_mode=on -c a=b\\\\ c'"));
        Map<String, String> settings = MaibornWolffConfig.postgres(new MaibornWolffConfig.Entry("x", "postgres", Map.of(
                "connection_string", "host=h options='-c work_mem=8MB -c a=b\\\\ c' password=pw"), yaml), "postgres", false,
                Map.of("PGPORT", "6432"), warnings::add);
        assertEquals("jdbc:postgresql://h:6432/?options=-c%20work_mem%3D8MB%20-c%20a%3Db%5C%20c", settings.get("url"),
                "libpq takes the port from PGPORT; the options as the server splits them");
        assertEquals("pw", settings.get("password"));
        assertFalse(settings.get("url").contains("pw"));
        Map<String, String> plain = MaibornWolffConfig.postgres(new MaibornWolffConfig.Entry("x", "postgres", Map.of(
                "connection_string", "host=db port=5432 dbname=postgres user=postgres password=postgres"), yaml), "postgres",
                false, Map.of(), warnings::add);
        assertEquals(Map.of("host", "db", "port", "5432", "database", "postgres", "user", "postgres", "password", "postgres"), plain);
        warnings.clear();
        MaibornWolffConfig.postgres(new MaibornWolffConfig.Entry("x", "postgres", Map.of("connection_string",
                "host=db sslrootcert=/ca.pem"), yaml), "postgres", false, Map.of(), warnings::add);
        assertEquals(List.of("connection_string key sslrootcert of targets.x in " + yaml + " is not applied here (this harness"
                + " connects through JDBC)"), warnings);
        Map<String, String> influx = MaibornWolffConfig.influx(new MaibornWolffConfig.Entry("influxdb", "influxdb",
                Map.of("endpoint", "http://influx:8086", "org", "influxdata", "token", "t0k"), yaml));
        assertEquals("http://influx:8086", influx.get("influx-url"));
        assertEquals("dbtest", influx.get("bucket"), "the influxdb module's BUCKET_NAME");
        assertNotNull(influx.get("token"));
    }

    @Test
    void maibornWolffsRoundingIsPythons() {
        // the seed's line: round() of min and max, int() of the average, so Avg sits below Min
        assertEquals("Workers\tMin\tMax\tAvg\n 1\t 38570\t 38570\t 38569\n",
                MaibornWolffReport.insertTable(List.of(1), List.of(List.of(38569.6))));
        assertEquals("Workers\tMin\tMax\tAvg\n16\t  2002\t  2004\t  2003\n",
                MaibornWolffReport.insertTable(List.of(16), List.of(List.of(2002.5, 2003.5, 2003.5))), "halves to even");
        assertEquals("Stepsize: 50000000\n    Level\tInserts/s\n        0\t182620\n 50000000\t181920\n",
                MaibornWolffReport.stepsTable(50_000_000, 10, List.of(182625.0, 181915.0)));
        Map<String, double[]> q = new LinkedHashMap<>();
        q.put("count-events", new double[] {0.125, 39.004, 12.3456});
        q.put("newest-per-device", new double[] {0.0049, 0.015, 1700});
        assertEquals("Query            \tMin  \tMax  \tAvg\ncount-events     \t 0.12\t39.00\t12.35\n"
                + "newest-per-device\t 0.00\t 0.01\t1700.00\n", MaibornWolffReport.queryTable(q));
    }

    @Test
    void helpListsEveryRunPyFlagWithWhatItDoesHere() {
        CliRun top = CliRun.of("mw", "--help");
        assertEquals(0, top.exitCode());
        assertTrue(top.out().contains("runner mw insert --target T"), top.out());
        CliRun insert = CliRun.of("mw", "insert", "--help");
        assertEquals(0, insert.exitCode(), insert.err());
        for (String flag : List.of("-t, --target", "-c, --config", "-w, --workers", "-r, --runs", "--primary-key", "--tables",
                "--num-inserts", "--prefill", "--extra-option", "--timeout", "--batch", "--clean", "--no-clean", "--steps")) {
            assertTrue(insert.out().contains("  " + flag), flag + " in\n" + insert.out());
        }
        assertTrue(insert.out().contains("[no effect here: a run here ends when its rows are written"), insert.out());
        CliRun query = CliRun.of("mw", "query", "-h");
        assertEquals(0, query.exitCode());
        for (String flag : List.of("-t, --target", "-c, --config", "-w, --workers", "-r, --runs", "--extra-option", "--timeout")) {
            assertTrue(query.out().contains("  " + flag), flag + " in\n" + query.out());
        }
        assertTrue(CliRun.of("--help").out().contains("runner mw insert|query --target T"));
    }

    @Test
    @Timeout(60)
    void anEntryWithoutModuleTakesItFromItsStockNameOrFromExtraOption() throws Exception {
        Path yaml = tmp.resolve("nomodule.yaml");
        Files.writeString(yaml, "targets:\n  postgresql:\n    connection_string: \"host=db port=5432 dbname=postgres user=postgres\"\n"
                + "  mine:\n    connection_string: \"host=db port=5432 dbname=postgres user=postgres\"\n");
        // a stock name says its module (MaibornWolff's config.yaml gives postgresql the postgres module)
        CliRun stock = CliRun.checked(Map.of(), "mw", "insert", "-c", yaml.toString(), "--target", "postgresql", "-w", "1",
                "-r", "1", "--num-inserts", "1000");
        assertEquals(0, stock.exitCode(), stock.err());
        MaibornWolffConfig.Entry entry = MaibornWolffConfig.entry("mw insert", yaml, true, "postgresql", w -> { }, n -> { });
        assertEquals("postgres", entry.module());
        assertEquals(Map.of("host", "db", "port", "5432", "database", "postgres", "user", "postgres"),
                MaibornWolffConfig.postgres(entry, "postgres", false, Map.of(), w -> { }));
        // a name of one's own needs one: in the entry, or as run.py takes it, --extra-option module=NAME
        CliRun mine = CliRun.checked(Map.of(), "mw", "insert", "-c", yaml.toString(), "--target", "mine", "-w", "1");
        assertEquals(2, mine.exitCode(), mine.err());
        assertEquals("mw insert: targets.mine in " + yaml + " has no module (postgres, timescaledb, influxdb, cassandra,"
                + " arangodb or elasticsearch): add 'module: NAME' to it, or give --extra-option module=NAME as run.py"
                + " takes it", mine.oneLineError());
        CliRun given = CliRun.checked(Map.of(), "mw", "insert", "-c", yaml.toString(), "--target", "mine", "-w", "1",
                "-r", "1", "--num-inserts", "1000", "--extra-option", "module=postgres");
        assertEquals(0, given.exitCode(), given.err());
        assertFalse(given.err().contains("module"), "module= is run.py's choice of module, not a module setting: " + given.err());
    }

    @Test
    void aCheckedCommandLineConnectsNowhereAndPrintsNoTable() throws Exception {
        // the seed's command as its author ran it, against a server this machine does not have
        CliRun r = CliRun.checked(Map.of(), "mw", "insert", "--target", "yugabyte_sql", "-w", "1", "-r", "1", "--clean",
                "--batch", "1000", "--primary-key", "sql", "--num-inserts", "31250000", "--", "--url",
                "jdbc:yugabytedb://db:5433/yugabyte", "--user", "yugabyte", "--results", results.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.out());
        assertFalse(Files.exists(results));
    }
}
