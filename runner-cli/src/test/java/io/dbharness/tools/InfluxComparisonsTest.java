package io.dbharness.tools;

import io.dbharness.cli.CliRun;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.influx.InfluxServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * influxdb-comparisons' four commands as the seed (a CSDN benchmark of InfluxDB) runs them, only the server and the
 * sizes changed, piped the way a shell pipes them, against a real influxd (Debian's 1.6): the points of
 * {@code bulk_data_gen} (its own process, writing to its stdout) loaded by {@code bulk_load_influx} and counted in
 * the server; the queries of {@code bulk_query_gen} run by {@code query_benchmarker_influxdb} (with the seed's
 * {@code -organization -token -use-compatibility}), its JSON statistics checked against what ran and its answers
 * against the queries listed. Then the forms without a pipe, and every kind of refusal.
 */
@org.junit.jupiter.api.Tag("server")
class InfluxComparisonsTest {

    @TempDir
    static Path tmp;

    private static InfluxServer server;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOKEN = "IU3-q4TSkmAuzz2TRVnwy1na1jpDFRZnqZPeOlZ0Ui";
    private static final List<String> MEASUREMENTS = List.of("cpu", "diskio", "disk", "kernel", "mem", "net", "nginx",
            "postgresl", "redis");
    /** The data of the pipeline: 4 hosts, an hour at bulk_data_gen's default 10 s, nine measurements each. */
    private static final String[] DATA = {"-scale-var", "4", "-timestamp-end", "2018-01-01T01:00:00Z"};
    private static final int POINTS = 4 * 360 * 9;

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

    /** {@code args} then this harness's options: results in the test's directory, no progress line. */
    private static String[] with(String... args) {
        List<String> all = new ArrayList<>(Arrays.asList(args));
        all.addAll(List.of("--", "--results", tmp.resolve("results").toString(), "--no-watch"));
        return all.toArray(String[]::new);
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static CliRun piped(String stdin, String... args) {
        return CliRun.piped(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), Map.of(), false, args);
    }

    /** Points of measurement {@code m} in the database, counted by a tag every point has. */
    private static long count(String db, String m) throws Exception {
        JsonNode r = JSON.readTree(server.query("SELECT count(\"hostname\") FROM (SELECT * FROM \"" + db + "\".\"autogen\".\""
                + m + "\")", false));
        JsonNode values = r.path("results").path(0).path("series").path(0).path("values");
        return values.isMissingNode() ? 0 : values.path(0).path(1).asLong();
    }

    private static long points(String db) throws Exception {
        long sum = 0;
        for (String m : MEASUREMENTS) {
            sum += count(db, m);
        }
        return sum;
    }

    private static Path resultFile(CliRun run) {
        Matcher m = Pattern.compile("(?m)^result: (.+)$").matcher(run.out());
        assertTrue(m.find(), run.out());
        return Path.of(m.group(1).strip());
    }

    @Test
    void theSeedsPipelinesLoadThePointsAndRunTheQueries() throws Exception {
        // bulk_data_gen | ...: its own process, the points on its standard output
        CliRun gen = CliRun.process(Map.of(), with(concat(new String[] {"bulk_data_gen"}, concat(DATA, "-seed", "11"))));
        assertEquals(0, gen.exitCode(), gen.err());
        List<String> lines = gen.out().lines().toList();
        assertEquals(POINTS + 1, lines.size());
        assertTrue(lines.get(lines.size() - 1).matches("dataset-size:" + POINTS + ",\\d+"), lines.get(lines.size() - 1));
        assertTrue(gen.err().startsWith("using random seed 11\n"), gen.err());
        assertTrue(gen.err().contains(" Written " + POINTS + " points, "), gen.err());
        assertTrue(gen.err().contains("dbharness iot-insert → file"), "the summary goes to stderr: " + gen.err());
        // the stream is the devops model's rows through the line-protocol encoder, every measurement in it
        Path file = tmp.resolve("devops.lp");
        CliRun same = CliRun.of("--generator", "devops", "--use-case", "devops", "--scale", "4", "--seed", "11",
                "--ts-start", "2018-01-01T00:00:00Z", "--ts-end", "2018-01-01T01:00:00Z", "--target", "file",
                "--format", "line-protocol", "--output", file.toString(), "--workers", "1", "--results",
                tmp.resolve("results").toString(), "--no-watch");
        assertEquals(0, same.exitCode(), same.err());
        assertEquals(Files.readString(file), gen.out().substring(0, gen.out().lastIndexOf("dataset-size:")));

        // ... | bulk_load_influx -urls URL
        CliRun load = piped(gen.out(), with("bulk_load_influx", "-urls", server.url(), "-workers", "2", "-batch-size", "1000"));
        assertEquals(0, load.exitCode(), load.err());
        JsonNode loaded = JSON.readTree(load.out().lines().findFirst().orElseThrow());
        assertEquals(POINTS, loaded.path("num_items_loaded").asLong());
        assertEquals(2, loaded.path("num_workers").asInt());
        assertEquals(server.url(), loaded.path("daemon_urls").path(0).asText());
        assertTrue(Pattern.compile("(?m)^\\d{4}/\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d loaded " + POINTS + " items in [0-9.]+sec with"
                + " 2 workers \\(mean point rate [0-9.]+/sec, mean value rate [0-9.]+/s, [0-9.]+MB/sec from stdin\\)$")
                .matcher(load.err()).find(), load.err());
        assertTrue(load.out().contains("│ verification                    │ PASSED"), load.out());
        assertTrue(load.out().indexOf('{') < load.out().indexOf('┌'), "the tool's JSON before this harness's summary");
        assertEquals(POINTS, points("benchmark_db"), "bulk_data_gen's default database holds every point");
        assertEquals(4 * 360, count("benchmark_db", "cpu"));
        // the seed's "| sed '$d' |" takes the dataset-size line away: the points are loaded as they are
        String withoutSize = gen.out().substring(0, gen.out().lastIndexOf("dataset-size:"));
        CliRun sedD = piped(withoutSize, with("bulk_load_influx", "-urls", server.url(), "-db", "sed_d"));
        assertEquals(0, sedD.exitCode(), sedD.err());
        assertEquals(POINTS, points("sed_d"));

        // bulk_query_gen -query-type "1-host-1-hr" -queries N | query_benchmarker_influxdb -urls URL -organization
        // greatwall -token ${TOKEN} -use-compatibility -workers 5 (InfluxDB 1.6 without auth takes the token's header)
        CliRun qgen = piped("", concat(new String[] {"bulk_query_gen", "-query-type", "1-host-1-hr", "-queries", "300"},
                concat(DATA, "-seed", "5")));
        assertEquals(0, qgen.exitCode(), qgen.err());
        List<String> queries = qgen.out().lines().toList();
        assertEquals(301, queries.size());
        assertEquals("using random seed 5\nInfluxDB (InfluxQL) max cpu, rand    1 hosts, rand 1h0m0s by 1m: 300 points\n",
                qgen.err());
        CliRun bench = piped(qgen.out(), with("query_benchmarker_influxdb", "-urls", server.url(), "-organization",
                "greatwall", "-token", TOKEN, "-use-compatibility", "-workers", "5"));
        assertEquals(0, bench.exitCode(), bench.err());
        JsonNode stats = JSON.readTree(bench.out().lines().findFirst().orElseThrow());
        String label = "InfluxDB (InfluxQL) max cpu, rand    1 hosts, rand 1h0m0s by 1m";
        assertEquals(List.of(label, "all queries", "batchSize", "queryRate", "totalQueries", "wallClockTime", "workers"),
                fieldNames(stats), "Go's sorted keys");
        for (String key : List.of(label, "all queries")) {
            JsonNode s = stats.path(key);
            assertEquals(List.of("count", "max", "maxRate", "mean", "meanRate", "min", "minRate", "sum"), fieldNames(s));
            assertEquals(300, s.path("count").asLong());
            double min = s.path("min").asDouble();
            double mean = s.path("mean").asDouble();
            double max = s.path("max").asDouble();
            assertTrue(0 < min && min <= mean && mean <= max, s.toString());
            assertEquals(1e3 / min, s.path("minRate").asDouble(), 1e-9 * s.path("minRate").asDouble());
            assertEquals(1e3 / mean, s.path("meanRate").asDouble(), 1e-9 * s.path("meanRate").asDouble());
            assertEquals(mean * 300 / 1e3, s.path("sum").asDouble(), 1e-9, "the sum is in seconds");
        }
        assertEquals(300, stats.path("totalQueries").asLong());
        assertEquals(5, stats.path("workers").asInt());
        assertEquals(1, stats.path("batchSize").asInt());
        double wall = stats.path("wallClockTime").asDouble();
        assertEquals(300 / wall, stats.path("queryRate").asDouble(), 1e-6 * stats.path("queryRate").asDouble());
        Matcher clock = Pattern.compile("(?m)^\\d{4}/\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d wall clock time: (\\d+\\.\\d{6})sec$")
                .matcher(bench.err());
        assertTrue(clock.find(), bench.err());
        assertEquals(wall, Double.parseDouble(clock.group(1)), 1e-6);
        assertTrue(bench.out().indexOf('{') < bench.out().indexOf('┌'), "the tool's JSON before this harness's summary");
        assertTrue(bench.out().contains("single-groupby-1-1-1    300"), bench.out());
        // the token is sent, never shown
        Path result = resultFile(bench);
        for (String shown : List.of(bench.out(), bench.err(), Files.readString(result))) {
            assertFalse(shown.contains(TOKEN), shown);
        }
        // what ran is what bulk_query_gen listed: the kept answers name each instance's parameters
        JsonNode answers = JSON.readTree(result.toFile()).path("answers");
        assertEquals(300, answers.size());
        for (JsonNode a : answers) {
            String[] line = queries.get(1 + a.path("instance").asInt()).split("\t");
            assertEquals(line[1], a.path("query").asText());
            assertEquals(line[3], a.path("parameters").asText());
            assertEquals(60, a.path("rows").asLong(), "an hour of one host's maximum per minute: " + a);
        }
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> names = new ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void withoutAPipeTheCommandsMakeTheirInputThemselves() throws Exception {
        CliRun load = CliRun.of(with("bulk_load_influx", "-urls", server.url(), "-db", "made_here", "-scale-var", "2",
                "-timestamp-end", "2018-01-01T01:00:00Z", "-seed", "3"));
        assertEquals(0, load.exitCode(), load.err());
        assertEquals(2 * 360 * 9, JSON.readTree(load.out().lines().findFirst().orElseThrow()).path("num_items_loaded").asLong());
        assertEquals(2 * 360 * 9, points("made_here"));
        assertTrue(load.err().contains("using random seed 3\n"), load.err());

        // the queries made here; -limit cuts them, -json=false prints the tool's text lines on stderr instead
        CliRun bench = CliRun.of(with("query_benchmarker_influxdb", "-urls", server.url(), "-db", "made_here",
                "-query-type", "1-host-1-hr", "-queries", "50", "-limit", "20", "-scale-var", "2", "-timestamp-end",
                "2018-01-01T01:00:00Z", "-json=false", "-workers", "2"));
        assertEquals(0, bench.exitCode(), bench.err());
        assertTrue(bench.out().startsWith("┌"), "no JSON: " + bench.out());
        assertTrue(Pattern.compile("(?m)^all queries +: min: +[0-9.]+ms \\( *[0-9.]+/sec\\), mean: +[0-9.]+ms \\( *[0-9.]+/sec\\),"
                + " max: +[0-9.]+ms \\( *[0-9.]+/sec\\), count: +20, sum: +[0-9.]+sec $").matcher(bench.err()).find(), bench.err());

        // -benchmark-duration goes on past the queries until the time has passed
        CliRun timed = CliRun.of(with("query_benchmarker_influxdb", "-urls", server.url(), "-db", "made_here",
                "-query-type", "8-host-1-hr", "-queries", "5", "-scale-var", "8", "-benchmark-duration", "1s"));
        // 8 hosts asked of 2 loaded: the queries still run (over the hosts there are)
        assertEquals(0, timed.exitCode(), timed.err());
        JsonNode stats = JSON.readTree(timed.out().lines().findFirst().orElseThrow());
        assertTrue(stats.path("totalQueries").asLong() > 5, stats.toString());
        assertEquals(1.0, stats.path("wallClockTime").asDouble(), 0.5);
        assertTrue(stats.has("InfluxDB (InfluxQL) max cpu, rand    8 hosts, rand 1h0m0s by 1m"), stats.toString());
    }

    @Test
    void aLoadIntoMeasurementsThatHoldPointsIsRefusedUnlessAppending() {
        String[] args = {"bulk_load_influx", "-urls", server.url(), "-db", "twice", "-scale-var", "1",
                "-timestamp-end", "2018-01-01T00:01:00Z", "-seed", "9"};
        assertEquals(0, CliRun.of(with(args)).exitCode());
        CliRun again = CliRun.of(with(args));
        assertEquals(2, again.exitCode());
        assertTrue(again.err().strip().lines().reduce((a, b) -> b).orElseThrow().endsWith("already holds points; use"
                + " --append to add to it or --clean to drop it first (bulk_load_influx: -do-abort-on-exist=false appends,"
                + " -- --clean drops it first)"), again.err());
        CliRun appended = CliRun.of(with(concat(args, "-do-abort-on-exist=false")));
        assertEquals(0, appended.exitCode(), appended.err());
    }

    /** influxdb-comparisons' own bulk_data_gen writes float cpu fields: the queries here ask about integers. */
    @Test
    void cpuFieldsOfAnotherTypeAreRefusedBeforeAnyQuery() {
        String floats = "cpu,hostname=host_0 usage_user=58.13,usage_system=2.5 1514764800000000000\n";
        assertEquals(0, piped(floats, with("bulk_load_influx", "-urls", server.url(), "-db", "floats")).exitCode());
        CliRun bench = CliRun.of(with("query_benchmarker_influxdb", "-urls", server.url(), "-db", "floats", "-query-type",
                "1-host-1-hr", "-timestamp-end", "2018-01-01T01:00:00Z"));
        assertEquals(2, bench.exitCode(), bench.err());
        String last = bench.err().strip().lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(last.startsWith("error: the data flags do not match what cpu holds (measurement cpu stores field")
                && last.endsWith("as float but this run writes integer values): the queries here ask about the data"
                + " runner bulk_data_gen writes (integer cpu fields; influxdb-comparisons' own bulk_data_gen writes floats):"
                + " load it with runner bulk_data_gen ... | runner bulk_load_influx ..."), last);
        assertFalse(bench.out().contains("{"), "no statistics of queries that never ran: " + bench.out());
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        String url = server.url();
        String stream = piped("", "bulk_query_gen", "-query-type", "1-host-1-hr", "-queries", "3", "-seed", "2").out();
        String edited = stream.replace("tag=host_0", "tag=host_9");
        Object[][] cases = {
                {"", new String[] {"bulk_data_gen", "-nope"}, "unknown flag '-nope' for 'bulk_data_gen'"},
                {"", new String[] {"bulk_load_influx", "-urls", url, "-nope", "1"}, "unknown flag '-nope' for 'bulk_load_influx'"},
                {"", new String[] {"bulk_query_gen", "--nope"}, "unknown flag '--nope' for 'bulk_query_gen'"},
                {"", new String[] {"query_benchmarker_influxdb", "-nope=1"}, "unknown flag '-nope' for 'query_benchmarker_influxdb'"},
                {"", new String[] {"bulk_data_gen", "-scale-var-offset", "3"}, "bulk_data_gen flag -scale-var-offset is not supported here"},
                {"", new String[] {"bulk_load_influx", "-ingest-rate-limit", "100"}, "flag -ingest-rate-limit is not supported here"},
                {"", new String[] {"bulk_query_gen", "-time-window-shift", "5s"}, "flag -time-window-shift is not supported here"},
                {"", new String[] {"query_benchmarker_influxdb", "-burn-in", "10"}, "flag -burn-in is not supported here"},
                {"", new String[] {"bulk_data_gen", "-format", "es-bulk"}, "flag -format es-bulk is not supported here"},
                {"", new String[] {"bulk_data_gen", "-use-case", "iot"}, "flag -use-case iot is not supported here"},
                {"", new String[] {"bulk_data_gen", "-sampling-interval", "10"}, "invalid value '10' for bulk_data_gen flag"
                        + " -sampling-interval"},
                {"", new String[] {"bulk_query_gen", "-query-type", "1-home-12-hours"}, "flag -query-type 1-home-12-hours"
                        + " is not supported here: the devops types are 1-host-1-hr, 1-host-12-hr, 8-host-1-hr, groupby"},
                {"", new String[] {"bulk_query_gen"}, "invalid query type specifier: give -query-type"},
                {"", new String[] {"bulk_query_gen", "-query-type", "8-host-1-hr"}, "\"scale-var\" must be greater than"
                        + " the hosts grouping number"},
                {"", new String[] {"bulk_query_gen", "-query-type", "1-host-12-hr", "-timestamp-end", "2018-01-01T06:00:00Z"},
                        "Time interval must be greater than the grouping interval"},
                {"", new String[] {"bulk_query_gen", "-query-type", "1-host-1-hr", "-format", "influx-flux-http"},
                        "the devops queries' Flux texts are not written yet"},
                {"", new String[] {"query_benchmarker_influxdb", "-urls", url, "-organization", "o", "-token", "t"},
                        "add -use-compatibility"},
                {"", new String[] {"query_benchmarker_influxdb", "-urls", url, "-use-compatibility"},
                        "token must be provided when using compatibility API"},
                {"", new String[] {"bulk_load_influx", "-urls", url + "," + url}, "one server a run here"},
                {"", new String[] {"bulk_load_influx", "-urls", url, "-scale-var", "2", "-file", "x.lp"},
                        "-file is about the points read, and bulk_data_gen's flags (-scale-var) make them here"},
                {"", new String[] {"bulk_load_influx", "-urls", url}, "bulk_load_influx: no points on standard input"},
                {"# only a comment\n", new String[] {"bulk_load_influx", "-urls", url}, "no points on standard input"},
                {"cpu,host=a v=1i 1000\nhello\n", new String[] {"bulk_load_influx", "-urls", url},
                        "bulk_load_influx: standard input line 2: expected 'space' before the fields at column 6 (hello)"},
                {"cpu,host=a v=1i 1000\ndataset-size:5,5\n", new String[] {"bulk_load_influx", "-urls", url},
                        "read 1 points from standard input, but its dataset-size line says 5"},
                {"", new String[] {"query_benchmarker_influxdb", "-urls", url}, "no queries on standard input"},
                {"\u000e\u00ff\u0081\u0003\u0001\u0001\u0005Query", new String[] {"query_benchmarker_influxdb", "-urls", url},
                        "influxdb-comparisons' own bulk_query_gen writes Go's gob encoding, which cannot be read here"},
                {edited, new String[] {"query_benchmarker_influxdb", "-urls", url}, "is not the query its header draws there"},
                {stream + stream, new String[] {"query_benchmarker_influxdb", "-urls", url}, "line 5 is a second header"},
                {"", new String[] {"bulk_query_gen", "-query-type", "1-host-1-hr", "--", "--workers", "2"},
                        "bulk_query_gen runs nothing"},
                {"", new String[] {"bulk_data_gen", "--", "--no-such-option"}, "in the options after '--'"}};
        for (Object[] c : cases) {
            String[] args = (String[]) c[1];
            CliRun r = piped((String) c[0], args);
            String what = String.join(" ", args);
            assertEquals(2, r.exitCode(), what + ": " + r.err());
            String error = r.oneLineError();
            assertTrue(error.contains((String) c[2]), what + ": " + error);
        }
    }

    @Test
    void anUnreachableServerIsExitThree() {
        CliRun load = piped("cpu,host=a v=1i 1000\n", with("bulk_load_influx", "-urls", "http://127.0.0.1:1"));
        assertEquals(3, load.exitCode(), load.err());
        assertTrue(load.err().strip().endsWith("connection refused"), load.err());
        CliRun bench = CliRun.of(with("query_benchmarker_influxdb", "-urls", "http://127.0.0.1:1", "-query-type",
                "1-host-1-hr", "-token", TOKEN, "-use-compatibility"));
        assertEquals(3, bench.exitCode(), bench.err());
        assertFalse(bench.err().contains(TOKEN), bench.err());
    }

    @Test
    void helpOfEachCommandListsItsFlags() {
        Map<String, ToolFlags> commands = Map.of("bulk_data_gen", BulkDataGen.flags(), "bulk_load_influx",
                BulkLoadInflux.flags(), "bulk_query_gen", BulkQueryGen.flags(), "query_benchmarker_influxdb",
                QueryBenchmarkerInflux.flags());
        for (Map.Entry<String, ToolFlags> c : commands.entrySet()) {
            for (String help : List.of("-h", "--help", "-help")) {
                CliRun r = CliRun.of(c.getKey(), help);
                assertEquals(0, r.exitCode(), c.getKey() + " " + help + ": " + r.err());
                assertTrue(r.out().startsWith("Usage: runner "), r.out());
                assertTrue(r.out().contains(c.getKey()), r.out());
                assertEquals("", r.err());
            }
        }
        String load = CliRun.of("bulk_load_influx", "-h").out();
        for (String flag : List.of("-urls V", "-workers V", "-batch-size V", "-db V", "-gzip", "-scale-var V")) {
            assertTrue(load.contains("\n  " + flag + " "), flag + " in:\n" + load);
        }
        assertTrue(Pattern.compile("(?m)^  -consistency V .*\\[no effect here: .+]$").matcher(load).find(), load);
        assertTrue(Pattern.compile("(?m)^  -ingest-rate-limit V .*\\[refused: .+]$").matcher(load).find(), load);
        String bench = CliRun.of("query_benchmarker_influxdb", "-help").out();
        for (String flag : List.of("-use-compatibility", "-organization V", "-token V", "-benchmark-duration V",
                "-query-type V", "-print-interval V")) {
            assertTrue(bench.contains("\n  " + flag + " "), flag + " in:\n" + bench);
        }
        String root = CliRun.of("--help").out();
        assertTrue(root.contains("  runner bulk_data_gen|bulk_load_influx [FLAGS] [-- OPTIONS]\n")
                && root.contains("  runner bulk_query_gen|query_benchmarker_influxdb [FLAGS] [-- OPTIONS]\n"), root);
    }

    /** Checked like a README example: nothing read, nothing connects, exit 0. */
    @Test
    void checkedCommandLinesReadNothing() {
        for (String[] args : List.of(new String[] {"bulk_data_gen", "-scale-var", "100"},
                new String[] {"bulk_load_influx", "-urls", "http://db:8086", "-workers", "4"},
                new String[] {"query_benchmarker_influxdb", "-urls", "http://db:8086", "-organization", "greatwall",
                        "-token", "t", "-use-compatibility", "-workers", "5"})) {
            CliRun r = CliRun.checked(Map.of(), args);
            assertEquals(0, r.exitCode(), String.join(" ", args) + ": " + r.err());
        }
    }
}
