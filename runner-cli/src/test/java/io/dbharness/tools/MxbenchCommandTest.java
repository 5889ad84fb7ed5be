package io.dbharness.tools;

import io.dbharness.cli.CliRun;
import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * mxbench's guide's command lines, with only the host, port, user and sizes changed, on a PostgreSQL server (the
 * matrixdb target's wire path, with {@code --allow-compatible-server}): mxbench's report, then ours, and every
 * line in the table.
 */
@org.junit.jupiter.api.Tag("server")
class MxbenchCommandTest {

    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    @TempDir
    Path tmp;

    /** The guide's 4.2.1 command (10 metrics), its database and host changed, 100 devices for 5 seconds. */
    private List<String> seed(String table) {
        return new ArrayList<>(List.of("mxbench", "run",
                "--db-database", "postgres",
                "--db-master-port", String.valueOf(pg.port()),
                "--db-master-host", "localhost",
                "--db-user", "postgres",
                "--workspace", "/tmp/mxbench/workspace",
                "--watch",
                "--simultaneous-loading-and-query",
                "--table-name", table,
                "--tag-num", "100",
                "--metrics-type", "float8",
                "--total-metrics-count", "10",
                "--ts-start", "2022-04-19 00:00:00",
                "--ts-end", "2022-04-19 00:00:05",
                "--generator", "telematics",
                "--generator-batch-size", "1",
                "--generator-disorder-ratio", "0",
                "--generator-empty-value-ratio", "0",
                "--generator-randomness", "OFF",
                "--writer", "stdin"));
    }

    private List<String> ours() {
        return List.of("--", "--allow-compatible-server", "--results", tmp.toString());
    }

    private static CliRun run(List<String> args) {
        return CliRun.of(args.toArray(String[]::new));
    }

    @Test
    void theGuidesCommandLoadsEveryLineAndPrintsMxbenchsReportBeforeOurs() throws Exception {
        List<String> args = seed("test_table");
        args.addAll(ours());
        CliRun r = run(args);
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        int box = out.indexOf("Summary Report for STDIN Writer");
        int summary = out.indexOf("dbharness iot-insert → matrixdb");
        assertTrue(box >= 0 && summary > box, out);
        assertTrue(out.contains("│ lines inserted:                 │ 500"), out); // 100 devices x 5 s
        assertTrue(Pattern.compile("│ size written to MxGate \\(bytes\\): │ [1-9]\\d* ").matcher(out).find(), out);
        assertTrue(Pattern.compile("│ compress ratio: +│ \\d+\\.\\d{6} : 1 ").matcher(out).find(), out);
        assertTrue(out.contains("PASSED: 500 rows in table test_table as reported"), out);
        assertEquals(500, pg.count("SELECT count(*) FROM test_table"));
        // what has no effect here is said, once
        assertTrue(r.err().contains("warning: mxbench flag --workspace has no effect here"), r.err());
    }

    @Test
    void anotherTargetAfterTheDoubleDashLeavesMatrixDbsSettingsBehind() {
        // the embedded PostgreSQL: no server named; the matrixdb target's COPY and storage settings do not apply
        CliRun r = CliRun.of("mxbench", "run", "--table-name", "telematics", "--writer", "stdin", "--storage-type", "mars2", "--tag-num", "10",
                "--ts-end", "2022-04-25 09:00:05", "--", "--target", "postgres", "--results", tmp.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("dbharness iot-insert → postgres (PostgreSQL"), r.out());
        assertTrue(r.out().contains("PASSED: 50 rows in table telematics as reported"), r.out());
    }

    @Test
    void namedQueriesRunWhileLoadingAndTheBenchmarkReportFollows() {
        List<String> args = seed("mx_mixed");
        // as mxbench's README writes them: the flag repeated, mxbench's names
        args.addAll(List.of("--benchmark-run-query-names", "SINGLE_TAG_LATEST_QUERY", "--benchmark-run-query-names",
                "MULTI_TAG_LATEST_QUERY", "--benchmark-parallel", "2", "--benchmark-runtime-in-second", "1"));
        args.addAll(ours());
        CliRun r = run(args);
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("dbharness iot-mixed → matrixdb"), r.out());
        assertTrue(r.out().contains("Summary Report for Telematics Benchmark"), r.out());
        assertTrue(Pattern.compile("│ Query Name\\\\Parallel +│ 2 +│").matcher(r.out()).find(), r.out());
        assertTrue(Pattern.compile("│ SINGLE_TAG_LATEST_QUERY +│ Overall Duration [\\d.]+s, Average Latency [\\d.]+ms").matcher(r.out()).find(),
                r.out());
        assertTrue(r.out().contains("│ MULTI_TAG_LATEST_QUERY "), r.out());
    }

    @Test
    void withoutSimultaneousTheQueriesRunAfterTheLoadAsASecondRun() {
        List<String> args = seed("mx_serial");
        args.remove("--simultaneous-loading-and-query");
        args.addAll(List.of("--benchmark-run-query-names", "single-tag-detail", "--benchmark-run-times", "5"));
        args.addAll(ours());
        CliRun r = run(args);
        assertEquals(0, r.exitCode(), r.err());
        int load = r.out().indexOf("dbharness iot-insert → matrixdb");
        int query = r.out().indexOf("dbharness iot-query → matrixdb");
        assertTrue(load >= 0 && query > load, r.out());
        // mxbench runs each named query --benchmark-run-times times on each parallel client (one by default)
        assertTrue(Pattern.compile("│ operations +│ 5 ").matcher(r.out().substring(query)).find(), r.out());
        assertTrue(r.out().substring(query).contains("│ load                            │ closed, 1 worker "), r.out());
        int benchmark = r.out().indexOf("Summary Report for Telematics Benchmark");
        assertTrue(benchmark > load && benchmark < query, r.out()); // mxbench's report, then ours
    }

    @Test
    void aMatrixGateThatIsNotListeningStopsTheRunBeforeItStarts() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<String> args = seed("mx_gate");
        args.set(args.indexOf("stdin"), "http");
        args.addAll(List.of("--writer-mxgate-url", "http://127.0.0.1:" + port));
        args.addAll(ours());
        CliRun r = run(args);
        assertEquals(3, r.exitCode(), r.err());
        assertTrue(r.err().contains("\nerror: cannot reach MatrixGate at http://127.0.0.1:" + port + ": connection refused"), r.err());
        assertTrue(r.out().isEmpty(), r.out());
        assertEquals(0, pg.count("SELECT count(*) FROM information_schema.tables WHERE table_name = 'mx_gate'"));
    }

    @Test
    void aQueryNameMistakeIsRefusedBeforeTheLoad() throws Exception {
        List<String> args = seed("mx_never_loaded");
        args.remove("--simultaneous-loading-and-query");
        args.addAll(List.of("--benchmark-run-query-names", "FOO_QUERY"));
        args.addAll(ours());
        CliRun r = run(args);
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("\nerror: unknown query 'FOO_QUERY' in --queries; valid queries"), r.err());
        assertTrue(r.out().isEmpty(), r.out()); // nothing ran
        assertEquals(0, pg.count("SELECT count(*) FROM information_schema.tables WHERE table_name = 'mx_never_loaded'"));
    }

    @Test
    void mxbenchConfigPrintsAFileThatRunsAsTheFlagsDid() throws Exception {
        List<String> args = seed("mx_from_config");
        args.set(1, "config");
        args.add("--db-password");
        args.add("not-needed-here");
        CliRun printed = run(args);
        assertEquals(0, printed.exitCode(), printed.err());
        String conf = printed.out();
        assertTrue(conf.contains("[database]") && conf.contains("[generator.telematics]") && conf.contains("[writer.stdin]"), conf);
        assertTrue(conf.contains("  table-name = \"mx_from_config\""), conf);
        assertTrue(conf.contains("  # storage-type = \"mars3\""), conf); // a default, commented
        Path file = tmp.resolve("mxbench.conf");
        Files.writeString(file, conf);
        // mxbench --config FILE, a flag overriding the file
        List<String> fromFile = new ArrayList<>(List.of("mxbench", "--config", file.toString(), "--tag-num", "10"));
        fromFile.addAll(ours());
        CliRun r = run(fromFile);
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("PASSED: 50 rows in table mx_from_config as reported"), r.out());
        assertTrue(!r.out().contains("not-needed-here") && !r.err().contains("not-needed-here"), "the password is never shown");
    }

    /** mxbench's README's sample config 2.3.1 (a mixed load), its database, port, sizes and run time changed. */
    @Test
    void mxbenchsOwnSampleConfigRuns() throws Exception {
        Path file = tmp.resolve("sample.conf");
        Files.writeString(file, """
                [database]
                  db-database = "postgres"
                  db-master-port = %d
                  db-master-host = "localhost"
                  db-user = "postgres"
                  db-password = ""

                [global]
                  # 开启进度查看功能，默认即为true
                  watch = true
                  workspace = "/home/mxadmin/mxbench/workspace"
                  dump = false
                  ddl-file-path = ""
                  simultaneous-loading-and-query = true
                  table-name = "table2"
                  tag-num = 20
                  metrics-type = "float8"
                  total-metrics-count = 50
                  ts-start = "2022-04-19 00:00:00"
                  ts-end = "2022-04-19 00:00:10"
                  ts-step-in-second = "1"

                [generator]
                  generator = "telematics"

                  [generator.telematics]
                    generator-batch-size = 1
                    generator-disorder-ratio = 0
                    generator-empty-value-ratio = 90
                    generator-randomness = "OFF"

                [writer]
                  writer = "stdin"

                [benchmark]
                  benchmark = "telematics"

                  [benchmark.telematics]
                    benchmark-parallel = [2]
                    benchmark-run-query-names = [ "SINGLE_TAG_LATEST_QUERY", "MULTI_TAG_LATEST_QUERY", "SINGLE_TAG_DETAIL_QUERY" ]
                    benchmark-custom-queries = []
                    benchmark-run-times = 0
                    benchmark-runtime-in-second = "1"
                """.formatted(pg.port()));
        List<String> args = new ArrayList<>(List.of("mxbench", "--config", file.toString()));
        args.addAll(ours());
        CliRun r = run(args);
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("PASSED: 200 rows in table table2 as reported"), r.out());
        assertTrue(r.out().contains("│ SINGLE_TAG_DETAIL_QUERY "), r.out());
    }

    @Test
    @Timeout(60)
    void aHarnessOptionBeforeTheDoubleDashIsSaidToBelongAfterIt() {
        assertEquals("--allow-compatible-server is this harness's option, not a flag of mxbench: give it after '--'"
                        + " (runner mxbench ... -- --allow-compatible-server)",
                refused("mxbench", "run", "--table-name", "t", "--writer", "stdin", "--db-master-host", "localhost",
                        "--allow-compatible-server"));
        assertEquals("--results is this harness's option, not a flag of mxbench: give it after '--' (runner mxbench ..."
                + " -- --results)", refused("mxbench", "run", "--results=out"));
        // one mxbench spells its own way: named so
        assertEquals("unknown flag '--host' for 'mxbench': mxbench names it --db-master-host",
                refused("mxbench", "run", "--host", "db"));
        // the same for another tool's flags
        CliRun stress = CliRun.of("influx-stress", "insert", "--verify");
        assertEquals(2, stress.exitCode(), stress.err());
        assertEquals("--verify is this harness's option, not a flag of influx-stress insert: give it after '--' (runner"
                + " influx-stress ... -- --verify)", stress.oneLineError());
    }

    @Test
    @Timeout(60)
    void badValuesAreSaidBeforeAServerIsAskedFor() {
        // no --db-master-host: the value is still what is wrong first
        assertEquals("invalid value '-5' for --tag-num: expected an integer from 1 to 2147483647",
                refused("mxbench", "run", "--table-name", "t", "--writer", "stdin", "--tag-num", "-5"));
        assertEquals("invalid value '0' for --total-metrics-count: expected an integer from 1 to 100000",
                refused("mxbench", "run", "--table-name", "t", "--writer", "stdin", "--total-metrics-count", "0"));
        // before what the combination of flags lacks: the table, the MatrixGate of --writer http
        assertEquals("invalid value '-5' for --tag-num: expected an integer from 1 to 2147483647",
                refused("mxbench", "run", "--tag-num", "-5"));
        assertEquals("invalid value '-5' for --tag-num: expected an integer from 1 to 2147483647",
                refused("mxbench", "run", "--table-name", "t", "--tag-num", "-5"));
        assertEquals("invalid value '-5' for --tag-num: expected an integer from 1 to 2147483647",
                refused("mxbench", "run", "--table-name", "t", "--writer", "stdin", "--benchmark-run-query-names",
                        "SINGLE_TAG_LATEST_QUERY", "--tag-num", "-5"));
        // and once the values are right, the missing server
        assertTrue(refused("mxbench", "run", "--table-name", "t", "--writer", "stdin", "--tag-num", "5")
                .startsWith("the matrixdb target needs a server"));
    }

    @Test
    @Timeout(120)
    void theReportFlagsWarningNamesTheResultsFolderGivenAfterTheDoubleDash() throws Exception {
        Path out = tmp.resolve("mine");
        CliRun r = CliRun.of("mxbench", "run", "--table-name", "t", "--writer", "nil", "--tag-num", "5",
                "--total-metrics-count", "2", "--ts-end", "2022-04-25 09:00:02", "--report-path", "/tmp/report",
                "--", "--results", out.toString(), "--no-watch");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().contains("warning: mxbench flag --report-path has no effect here (the result JSON goes to "
                + out + ", as -- --results says)"), r.err());
        assertTrue(!r.err().contains("results/"), r.err());
        try (var files = Files.list(out)) {
            assertEquals(1, files.filter(f -> f.toString().endsWith(".json")).count(), "the result is where it said");
        }
    }

    @Test
    void whatMxbenchHasAndThisHarnessCannotDoIsRefusedInOneLine() {
        assertEquals("unknown flag '--tag-count' for 'mxbench' (see 'runner mxbench --help')",
                refused("mxbench", "run", "--tag-count", "5"));
        assertEquals("mxbench flag --dump is not supported here: to write the rows to files use -- --target file --output DIR",
                refused("mxbench", "run", "--dump"));
        assertEquals("mxbench --writer http needs --writer-mxgate-url here (this harness starts no MatrixGate; --writer stdin"
                + " loads through the master with COPY)", refused("mxbench", "run", "--table-name", "t", "--writer", "http"));
        assertEquals("mxbench --benchmark-parallel 1,8: one parallel a run here; run the others with 'runner sweep --vary"
                        + " workers=1,8'",
                refused("mxbench", "run", "--table-name", "t", "--writer", "stdin", "--benchmark-run-query-names", "single-tag-latest",
                        "--benchmark-parallel", "1,8"));
        assertEquals("invalid value 'csv' for mxbench flag --generator: expected telematics, file or nil",
                refused("mxbench", "run", "--table-name", "t", "--generator", "csv"));
        assertEquals("unknown mxbench command 'start': expected run or config (see 'runner mxbench --help')",
                refused("mxbench", "start"));
        assertEquals("invalid usage: command config conflict with --config option",
                refused("mxbench", "config", "--config", "x.conf"));
        assertEquals("mxbench: flag --tag-num needs a value", refused("mxbench", "run", "--tag-num"));
        // a refusal of this harness's option names the flag the user typed
        assertEquals("invalid value '99999' for --db-master-port: expected an integer from 1 to 65535",
                refused("mxbench", "run", "--table-name", "t", "--writer", "stdin", "--db-master-host", "localhost",
                        "--db-master-port", "99999"));
        assertEquals("mxbench needs --table-name (the table to create and load; mxbench has no default)",
                refused("mxbench", "run", "--writer", "stdin"));
        // the queries after the load are a second run: an embedded server would be new and empty for it
        assertEquals("mxbench's queries after the load run as a second run, and the embedded postgres starts empty in every"
                        + " run: name a server (--db-master-host ...), or give --simultaneous-loading-and-query (the queries"
                        + " during the load and after it, in one run)",
                refused("mxbench", "run", "--table-name", "t", "--writer", "stdin", "--benchmark-run-query-names",
                        "SINGLE_TAG_LATEST_QUERY", "--", "--target", "postgres"));
        assertEquals("invalid value 'maybe' for mxbench flag --watch: expected true or false",
                refused("mxbench", "run", "--watch=maybe"));
        assertEquals("mxbench config file " + tmp.resolve("none.conf") + " does not exist",
                refused("mxbench", "--config", tmp.resolve("none.conf").toString()));
        Path broken = tmp.resolve("broken.conf");
        try {
            Files.writeString(broken, "[global]\ntag-num = 5\ntable-name = \"x\n");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertEquals("mxbench config file " + broken + " line 3 is not valid TOML: Newline not permitted here",
                refused("mxbench", "--config", broken.toString()));
        // our own options after '--' are checked as ours
        assertEquals("invalid value '0' for --tag-num: expected an integer from 1 to 2147483647",
                refused("mxbench", "run", "--table-name", "t", "--writer", "stdin", "--db-master-host", "localhost", "--tag-num", "0", "--",
                        "--allow-compatible-server"));
    }

    @Test
    void helpListsEveryFlagWithWhatItDoesHere() {
        CliRun r = CliRun.of("mxbench", "--help");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("--db-database, --database V"), r.out());
        assertTrue(r.out().contains("--workspace, --workplace V"), r.out());
        assertTrue(r.out().contains("[refused: MatrixDB's degrade step is not run here]"), r.out());
        assertEquals(r.out(), CliRun.of("mxbench", "help").out());
        assertTrue(CliRun.of("--help").out().contains("runner mxbench run|config [FLAGS] [-- OPTIONS]"));
    }

    private String refused(String... args) {
        CliRun r = CliRun.of(args);
        assertEquals(2, r.exitCode(), r.err());
        return r.oneLineError();
    }

    /** The first integer after {@code label} in {@code text}. */
    static long number(String text, String label) {
        Matcher m = Pattern.compile(Pattern.quote(label) + "\\D*(\\d[\\d,]*)").matcher(text);
        assertTrue(m.find(), label + " in " + text);
        return Long.parseLong(m.group(1).replace(",", ""));
    }
}
