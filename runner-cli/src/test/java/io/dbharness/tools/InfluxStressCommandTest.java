package io.dbharness.tools;

import io.dbharness.cli.CliRun;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.influx.InfluxServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code runner influx-stress insert}: the seed's command line (a Chinese benchmark write-up of InfluxDB on arm64)
 * with only the server, the credentials, the rate and the run time changed, against a real influxd with auth on;
 * what it prints, what it wrote, and every kind of bad input.
 */
@org.junit.jupiter.api.Tag("server")
class InfluxStressCommandTest {

    private static InfluxServer server;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start() throws Exception {
        server = InfluxServer.start(true);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    private CliRun stress(String... args) {
        List<String> all = new ArrayList<>(List.of("influx-stress"));
        all.addAll(List.of(args));
        all.addAll(List.of("--", "--results", tmp.toString(), "--no-watch"));
        return CliRun.withEnv(Map.of(), all.toArray(String[]::new));
    }

    private static JsonNode query(String statement) throws Exception {
        return new ObjectMapper().readTree(server.query(statement, false)).at("/results/0");
    }

    /** The points of {@code measurement} that have {@code field}, counted by InfluxDB. */
    private static long count(String database, String measurement, String field) throws Exception {
        return query("SELECT count(\"" + field + "\") FROM \"" + database + "\"..\"" + measurement + "\"")
                .at("/series/0/values/0/1").asLong();
    }

    private Path resultFile() throws Exception {
        try (Stream<Path> files = Files.list(tmp)) {
            return files.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow();
        }
    }

    @Test
    void theSeedsCommandPrintsInfluxStressLinesThenTheSummaryAndWroteWhatItSays() throws Exception {
        // influx-stress insert --pps 200000  -r 120s  --host http://10.47.74.21:8089 --user greatwall --pass greatwall --create ""
        CliRun r = stress("insert", "--pps", "20000", "-r", "3s", "--host", server.url(), "--user", InfluxServer.ADMIN,
                "--pass", InfluxServer.ADMIN_PASSWORD, "--create", "");
        assertEquals(0, r.exitCode(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(List.of(
                "Using point template: ctr,some=tag n=0i <timestamp>",
                "Using batch size of 10000 line(s)",
                "Spreading writes across 100000 series",
                "Throttling output to ~20000 points/sec",
                "Using 2 concurrent writer(s)",
                "Running until ~18446744073709551615 points sent or until ~3s has elapsed"), lines.subList(0, 6), r.out());
        Matcher throughput = Pattern.compile("Write Throughput: (\\d+)").matcher(lines.get(6));
        Matcher written = Pattern.compile("Points Written: (\\d+)").matcher(lines.get(7));
        assertTrue(throughput.matches() && written.matches(), r.out());
        assertTrue(lines.get(8).startsWith("┌"), "the summary follows influx-stress's lines: " + r.out());
        long points = Long.parseLong(written.group(1));

        // every point it says it wrote is in the database influx-stress writes to by default
        assertEquals(points, count("stress", "ctr", "n"));
        // 2 writers, a batch of 10,000 each per second for 3 s: whole batches, at most 60,000
        assertTrue(points > 0 && points <= 60_000 && points % 10_000 == 0, "points " + points);
        String file = Files.readString(resultFile());
        JsonNode result = new ObjectMapper().readTree(file);
        assertEquals(points, result.at("/totals/rows").asLong());
        assertEquals((long) (points / result.at("/totals/durationSeconds").asDouble()), Long.parseLong(throughput.group(1)));
        assertEquals("PASSED", result.at("/verification/status").asText(), r.out());
        assertTrue(r.out().contains("verification                    │ PASSED"), r.out());
        assertTrue(r.out().contains("open 20000 rows/s, 2 workers"), r.out());
        // the password appears nowhere: not in the output, not in the result
        assertFalse((r.out() + r.err() + file).contains(InfluxServer.ADMIN_PASSWORD));
    }

    @Test
    void aTemplateOfItsOwnUnthrottledAndQuiet() throws Exception {
        CliRun r = stress("insert", "-f", "-q", "-n", "3000", "-s", "1000", "-b", "500", "--pps", "1000", "--db", "other",
                "--host", server.url(), "--user", InfluxServer.ADMIN, "--pass", InfluxServer.ADMIN_PASSWORD,
                "cpu,host=server,region=west", "busy=100,idle=10i");
        assertEquals(0, r.exitCode(), r.err());
        List<String> lines = r.out().lines().toList();
        // -q: the throughput alone, no header, no "Points Written"
        assertTrue(lines.get(0).matches("\\d+"), r.out());
        assertTrue(lines.get(1).startsWith("┌"), r.out());
        assertFalse(r.out().contains("Using point template") || r.out().contains("Points Written"), r.out());
        assertTrue(r.out().contains("closed, 2 workers"), "-f: no rate; --pps / -b writers: " + r.out());
        assertEquals(3000, count("other", "cpu", "busy"));
        // influx-stress's spread of 1000 = 2^3 x 5^3 series over two tags: 8 hosts, 125 regions
        assertEquals(8, query("SHOW TAG VALUES ON \"other\" FROM cpu WITH KEY = \"host\"").at("/series/0/values").size());
        assertEquals(125, query("SHOW TAG VALUES ON \"other\" FROM cpu WITH KEY = \"region\"").at("/series/0/values").size());
        JsonNode fields = query("SHOW FIELD KEYS ON \"other\" FROM cpu").at("/series/0/values");
        assertEquals("[[\"busy\",\"float\"],[\"idle\",\"integer\"]]", fields.toString());
    }

    @Test
    void dumpWritesTheLinesToAFileInsteadOfPostingThem() throws Exception {
        Path dump = tmp.resolve("stress.lp");
        CliRun r = stress("insert", "--dump", dump.toString(), "-n", "2000", "-s", "1000", "--pps", "1000", "-b", "500");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("Write Throughput: ") && r.out().contains("\nPoints Written: 2000\n"), r.out());
        assertTrue(r.out().contains("dbharness iot-insert → file"), r.out());
        List<String> lines = Files.readAllLines(dump);
        assertEquals(2000, lines.size());
        // two passes over 1000 series: every series twice, its counter 0 then 1, a second apart
        assertTrue(lines.stream().allMatch(l -> l.matches("ctr,some=tag-\\d{1,3} n=[01]i \\d{19}")), lines.get(0));
        assertEquals(1000, lines.stream().map(l -> l.substring(0, l.indexOf(' '))).distinct().count());
        assertEquals(1000, lines.stream().filter(l -> l.contains(" n=1i ")).count());
    }

    @Test
    void anUnreachableServerExitsThreeWithOneLine() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        CliRun r = stress("insert", "-r", "2s", "--host", "http://127.0.0.1:" + port);
        assertEquals(3, r.exitCode(), r.err());
        assertTrue(r.oneLineError().startsWith("cannot reach InfluxDB at http://127.0.0.1:" + port), r.err());
    }

    @Test
    void badInputIsOneLineAndExitTwoBeforeAnythingIsPrinted() {
        Map<List<String>, String> cases = new java.util.LinkedHashMap<>();
        cases.put(List.of("insert", "--ppz", "1"), "unknown flag '--ppz' for 'influx-stress insert'");
        cases.put(List.of("insert", "-x"), "unknown shorthand flag '-x' in '-x' for 'influx-stress insert'");
        cases.put(List.of("insert", "-k"), "influx-stress insert flag -k is not supported here: Kapacitor");
        cases.put(List.of("insert", "--tls-skip-verify"), "influx-stress insert flag --tls-skip-verify is not supported here");
        cases.put(List.of("insert", "--pps", "abc"), "invalid value 'abc' for influx-stress insert flag --pps");
        cases.put(List.of("insert", "-r", "2x"), "invalid value '2x' for influx-stress insert flag -r");
        cases.put(List.of("insert", "-n", "12345"), "invalid value '12345' for influx-stress insert flag -n: here a whole"
                + " number of passes over the 100000 series (-s), e.g. 100000");
        cases.put(List.of("insert", "-p", "h"), "invalid value 'h' for influx-stress insert flag -p");
        cases.put(List.of("insert", "--pps", "200000000"), "influx-stress would run 20000 writers");
        cases.put(List.of("insert", "cpu"), "First positional argument must be a series key, got: cpu");
        cases.put(List.of("insert", "--pass", "hunter2"), "influx-stress insert flag --pass needs --user");
        cases.put(List.of("inserts"), "unknown command \"inserts\" for \"influx-stress\"");
        cases.put(List.of("--pps", "1000", "-r", "2s"), "influx-stress's flags belong to its insert command: runner influx-stress"
                + " insert --pps 1000 -r 2s");
        cases.put(List.of("insert", "--host", "http://u:hunter2@db:8086"), "influx-stress insert flag --host must not carry credentials");
        // a statement of one's own is refused without being echoed: it may hold a password
        cases.put(List.of("insert", "--create", "CREATE USER x WITH PASSWORD 'hunter2'"),
                "influx-stress insert flag --create with a statement of its own is not supported here");
        // an option after '--' that the run refuses: still before influx-stress's header
        cases.put(List.of("insert", "--", "--write-batch-rows", "0"), "invalid value '0' for --write-batch-rows");
        for (Map.Entry<List<String>, String> c : cases.entrySet()) {
            List<String> args = new ArrayList<>(List.of("influx-stress"));
            args.addAll(c.getKey());
            CliRun r = CliRun.withEnv(Map.of(), args.toArray(String[]::new));
            assertEquals(2, r.exitCode(), c.getKey() + ": " + r.err());
            assertTrue(r.oneLineError().startsWith(c.getValue()), c.getKey() + ": " + r.err());
            assertEquals("", r.out(), c.getKey() + ": nothing before a usage error");
            assertFalse(r.err().contains("hunter2"), r.err());
        }
    }

    @Test
    @Timeout(120)
    void aBatchIsSizedByTheTemplatesFieldsAndRefusedInInfluxStresssWords() {
        // 200,000 points of one field are 200,000 values: taken (telematics' 300 metrics once refused it)
        CliRun large = CliRun.checked(Map.of(), "influx-stress", "insert", "-b", "200000", "--host", "http://db:8086");
        assertEquals(0, large.exitCode(), large.err());
        assertTrue(large.out().contains("Using batch size of 200000 line(s)\n"), large.out());
        assertFalse(large.err().contains("--write-batch-rows"), large.err());
        // 1,000,000 points of 60 fields would be 60 million values in one batch: refused, naming the flag as typed
        String fields = java.util.stream.IntStream.range(0, 60).mapToObj(i -> "f" + i + "=1")
                .collect(java.util.stream.Collectors.joining(","));
        for (String flag : List.of("-b", "--batch-size")) {
            CliRun r = CliRun.withEnv(Map.of(), "influx-stress", "insert", flag, "1000000", "--pps", "1000000",
                    "--host", "http://db:8086", "cpu,host=a", fields);
            assertEquals(2, r.exitCode(), r.err());
            assertEquals("invalid value '1000000' for influx-stress insert flag " + flag + ": at most 833333 points of"
                    + " 60 fields in a batch here (50 million values per batch)", r.oneLineError());
            assertEquals("", r.out());
        }
    }

    @Test
    void flagsWithoutEffectWarnAndTheRunIsChecked() {
        CliRun r = CliRun.checked(Map.of(), "influx-stress", "insert", "--stats", "--stats-db", "s", "-c", "any",
                "--host", "http://db:8086", "--pps", "15000");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().contains("warning: influx-stress insert flag --stats has no effect here (per-request latencies"), r.err());
        assertTrue(r.err().contains("warning: influx-stress insert flag --stats-db has no effect here"), r.err());
        assertTrue(r.err().contains("warning: influx-stress insert flag -c has no effect here"), r.err());
        // 15000 pps at 10,000 a batch is one writer: influx-stress offers 10,000 a second, and says ~15000
        assertTrue(r.err().contains("warning: influx-stress offers 1 writer(s) x 10000 points every 1s = 10000 points/s"
                + " for --pps 15000"), r.err());
        assertTrue(r.out().contains("Throttling output to ~15000 points/sec\nUsing 1 concurrent writer(s)\n"), r.out());
    }

    @Test
    void helpListsEveryFlagWithWhatItDoesHere() {
        CliRun r = CliRun.of("influx-stress", "insert", "--help");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("Usage: runner influx-stress insert [FLAGS] [SERIES [FIELDS]] [-- OPTIONS]"), r.out());
        for (String flag : List.of("--stats-host", "--stats-db", "--stats ", "--host", "--user", "--pass", "--db", "--rp",
                "-p, --precision", "-c, --consistency", "-s, --series", "-n, --points", "-b, --batch-size", "--pps",
                "-r, --runtime", "--tick", "-f, --fast", "-q, --quiet", "--create", "-k, --kapacitor", "--gzip", "--dump",
                "--strict", "--tls-skip-verify")) {
            assertTrue(r.out().contains("  " + flag), flag + " in " + r.out());
        }
        assertTrue(r.out().contains("[refused: Kapacitor stores nothing"), r.out());
        assertEquals(r.out(), CliRun.of("influx-stress", "-h").out());
        assertTrue(CliRun.of("--help").out().contains("runner influx-stress insert [FLAGS] [SERIES [FIELDS]] [-- OPTIONS]"));
    }

    @Test
    void theSeedsFlagsBecomeThisRun() {
        List<String> warnings = new ArrayList<>();
        InfluxStressCommand.Plan p = InfluxStressCommand.plan(Map.of("pps", "200000", "runtime", "120s", "host",
                "http://10.47.74.21:8089", "user", "greatwall", "pass", "greatwall", "create", ""), List.of(), List.of(),
                warnings::add);
        Map<String, String> o = p.options();
        assertEquals("influx", p.target());
        assertEquals(List.of(), warnings);
        assertEquals("template", o.get("generator"));
        assertEquals("ctr,some=tag n=0i", o.get("template"));
        assertEquals("100000", o.get("series"));
        // 200,000 a second for 120 s is 240 passes over 100,000 series, one to spare
        assertEquals("24100000", o.get("points"));
        assertEquals("20", o.get("workers"));
        assertEquals("200000", o.get("rate"));
        assertEquals("PT2M", o.get("duration"));
        assertEquals("10000", o.get("write-batch-rows"));
        assertEquals("10000", o.get("batch-lines"));
        assertEquals("http://10.47.74.21:8089", o.get("influx-url"));
        assertEquals("v1", o.get("influx-api"));
        assertEquals("stress", o.get("influx-database"));
        assertEquals("greatwall", o.get("username"));
        assertEquals("greatwall", o.get("influx-password"));
        assertEquals("ns", o.get("precision"));
        assertEquals(Long.toString(Long.MAX_VALUE), o.get("max-errors"));
        assertEquals("true", o.get("verify"));
        assertEquals("true", o.get("append"));
        assertEquals("Running until ~18446744073709551615 points sent or until ~2m0s has elapsed", p.header().get(5));

        Map<String, String> strict = InfluxStressCommand.plan(Map.of("strict", "true", "fast", "true", "gzip", "-1",
                "tick", "500ms", "precision", "s"), List.of("cpu,host=a busy=1"), List.of("--clean"), warnings::add).options();
        assertEquals("0", strict.get("max-errors"));
        assertFalse(strict.containsKey("rate"), "-f: closed model");
        assertFalse(strict.containsKey("append"), "-- --clean replaces the append");
        assertEquals("true", strict.get("gzip"));
        assertEquals("s", strict.get("precision"));
        assertEquals("cpu,host=a busy=1", strict.get("template"));
        assertTrue(warnings.get(0).contains("--gzip -1: write bodies are compressed at level 1"), warnings.toString());

        Map<String, String> dump = InfluxStressCommand.plan(Map.of("dump", "/tmp/x.lp", "tick", "500ms", "runtime", "1m"),
                List.of(), List.of(), warnings::add).options();
        assertEquals("file", InfluxStressCommand.plan(Map.of("dump", "f"), List.of(), List.of(), w -> { }).target());
        assertEquals("/tmp/x.lp", dump.get("output"));
        assertEquals("line-protocol", dump.get("format"));
        assertEquals("true", dump.get("clean"));
        assertEquals("400000", dump.get("rate"), "20 writers x 10,000 points every 500ms");
    }

    @Test
    void goDurationsReadAndPrintAsGoDoes() {
        assertEquals(120_000_000_000L, InfluxStressCommand.parseGoDuration("120s"));
        assertEquals(90_000_000_000L, InfluxStressCommand.parseGoDuration("1m30s"));
        assertEquals(5_400_000_000_000L, InfluxStressCommand.parseGoDuration("1.5h"));
        assertEquals(250_000_000L, InfluxStressCommand.parseGoDuration("250ms"));
        assertEquals(1_500L, InfluxStressCommand.parseGoDuration("1.5µs"));
        assertEquals(0L, InfluxStressCommand.parseGoDuration("0"));
        assertEquals(Long.MAX_VALUE, InfluxStressCommand.parseGoDuration("2562047h47m16.854775807s"));
        for (String bad : List.of("", "5", "1x", "s", "1..5s", "2562047h47m16.854775808s")) {
            assertThrows(IllegalArgumentException.class, () -> InfluxStressCommand.parseGoDuration(bad), bad);
        }
        assertEquals("2m0s", InfluxStressCommand.goString(120_000_000_000L));
        assertEquals("1m0s", InfluxStressCommand.goString(60_000_000_000L));
        assertEquals("3s", InfluxStressCommand.goString(3_000_000_000L));
        assertEquals("1.5s", InfluxStressCommand.goString(1_500_000_000L));
        assertEquals("1h0m0s", InfluxStressCommand.goString(3_600_000_000_000L));
        assertEquals("500ms", InfluxStressCommand.goString(500_000_000L));
        assertEquals("1.2ms", InfluxStressCommand.goString(1_200_000L));
        assertEquals("2µs", InfluxStressCommand.goString(2_000L));
        assertEquals("7ns", InfluxStressCommand.goString(7L));
        assertEquals("0s", InfluxStressCommand.goString(0L));
        assertEquals("2562047h47m16.854775807s", InfluxStressCommand.goString(Long.MAX_VALUE));
    }
}
