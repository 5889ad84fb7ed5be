package io.dbharness.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.core.api.UsageException;
import io.dbharness.tools.BenchmarkSqlProperties;
import io.dbharness.tools.BenchmarkSqlPropertiesTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Config files: a key given twice is refused, binary files are named as such, results and verbose are keys too. */
class ConfigFileTest {

    private static final Set<String> KNOWN = Set.of("target", "workload", "tag-num", "user", "host", "no-watch",
            "ts-end", "total-metrics-count");

    @TempDir
    Path tmp;

    private Path file(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    /** The aliases every option declares (mxbench's db-* keys on the PostgreSQL family's connection options). */
    private static final Map<String, String> ALIASES = Commands.aliases(io.dbharness.core.engine.Registry.load());

    private static Map<String, String> read(Path file) {
        return ConfigFile.load(file, KNOWN, ALIASES, w -> { }).values();
    }

    private static String refusal(Path file) {
        return assertThrows(UsageException.class, () -> read(file)).getMessage();
    }

    /** The server hosts, one per machine, as a YAML or TOML list: the command line's comma-separated value. */
    @Test
    @org.junit.jupiter.api.Timeout(30)
    void serverHostsMayBeAListAndOtherKeysMayNot() throws IOException {
        Set<String> known = Set.of("server-hosts", "server-devices", "tag-num");
        Path yaml = file("hosts.yaml", "server-hosts:\n  - http://db1:9100/metrics\n  - ssh://dba@db2\n"
                + "server_devices: [blk_sda, net_eth0]\n");
        assertEquals(Map.of("server-hosts", "http://db1:9100/metrics,ssh://dba@db2", "server-devices", "blk_sda,net_eth0"),
                ConfigFile.load(yaml, known, ALIASES, w -> { }).values());
        Path toml = file("hosts.toml", "server-hosts = [\"http://db1:9100/metrics\", \"http://db2:9100/metrics\"]\n");
        assertEquals(Map.of("server-hosts", "http://db1:9100/metrics,http://db2:9100/metrics"),
                ConfigFile.load(toml, known, ALIASES, w -> { }).values());
        Path other = file("other.yaml", "tag-num: [1, 2]\n");
        assertEquals("key 'tag-num' in config file " + other + " needs a single value",
                assertThrows(UsageException.class, () -> ConfigFile.load(other, known, ALIASES, w -> { })).getMessage());
    }

    @Test
    void aYamlKeyWrittenTwiceIsRefused() throws IOException {
        Path top = file("dup.yaml", "target: noop\ntag-num: 10\ntag-num: 20\n");
        assertEquals("key 'tag-num' is given twice in config file " + top + " (line 3)", refusal(top));
        Path nested = file("nested.yaml", "target: noop\ngenerator:\n  tag-num: 10\n  tag-num: 20\n");
        assertEquals("key 'tag-num' is given twice in config file " + nested + " (line 4)", refusal(nested));
    }

    @Test
    void aTomlKeyOrSectionWrittenTwiceIsRefusedByName() throws IOException {
        Path key = file("dup.toml", "target = \"noop\"\n[generator]\ntag-num = 10\ntag-num = 20\n");
        assertEquals("key 'tag-num' is given twice in config file " + key + " (line 4)", refusal(key));
        Path last = file("last.toml", "[generator]\ntag-num = 10\n  tag-num   =   [20,\n 30]\nts-end = 1\n");
        assertEquals("key 'tag-num' is given twice in config file " + last + " (line 3)", refusal(last));
        Path table = file("table.toml", "[generator]\ntag-num = 10\n[generator]\nts-end = \"2022-04-18 09:00:02\"\n");
        assertEquals("section [generator] is given twice in config file " + table + " (line 3)", refusal(table));
    }

    @Test
    void oneFlagReachedTwiceThroughSectionsAliasesOrUnderscoresIsRefused() throws IOException {
        Path sections = file("sections.toml", "tag-num = 5\n[generator]\ntag-num = 10\n");
        assertEquals("key 'tag-num' is given twice in config file " + sections + ": as 'tag-num' and as 'generator.tag-num'",
                refusal(sections));
        Path alias = file("alias.toml", "[database]\ndb-user = \"a\"\nuser = \"b\"\n");
        assertEquals("key 'user' is given twice in config file " + alias + ": as 'database.db-user' and as 'database.user'",
                refusal(alias));
        Path underscore = file("underscore.yaml", "tag_num: 5\ntag-num: 6\n");
        assertEquals("key 'tag-num' is given twice in config file " + underscore + ": as 'tag_num' and as 'tag-num'",
                refusal(underscore));
        Path ok = file("ok.yaml", "generator:\n  tag-num: 10\ndatabase:\n  db-user: a\n  db-master-host: h\n");
        assertEquals(Map.of("tag-num", "10", "user", "a", "host", "h"), read(ok));
    }

    @Test
    void aSecondYamlDocumentADirectoryOrAHugeFileIsRefused() throws IOException {
        Path two = file("two.yaml", "tag-num: 10\n---\ntag-num: 20\n");
        assertEquals("config file " + two + " holds more than one YAML document (---); give one per run", refusal(two));
        assertEquals(Map.of("tag-num", "10"), ConfigFile.read(file("one.yaml", "---\ntag-num: 10\n"), KNOWN));
        assertEquals("config file " + tmp + " is not a regular file", refusal(tmp));
        Path huge = file("huge.yaml", "# " + "x".repeat(1 << 20) + "\n");
        assertEquals("config file " + huge + " is larger than 1 MiB: not a config file?", refusal(huge));
    }

    @Test
    void aBinaryFileIsNotATextFile() throws IOException {
        Path bin = tmp.resolve("bench.yaml");
        Files.write(bin, new byte[] {(byte) 0xff, (byte) 0xfe, 0x00, 0x01, (byte) 0xc3, 0x28});
        assertEquals("config file " + bin + " is not a text file (UTF-8 expected)", refusal(bin));
        Path nul = tmp.resolve("nul.toml");
        Files.write(nul, new byte[] {'a', ' ', '=', ' ', '1', 0, '\n'});
        assertEquals("config file " + nul + " is not a text file (UTF-8 expected)", refusal(nul));
    }

    @Test
    void resultsAndVerboseAreKeys() throws IOException {
        Path cfg = file("cli.yaml", "results: out/runs\nverbose: true\n");
        assertEquals(Map.of("results", "out/runs", "verbose", "true"), ConfigFile.read(cfg, KNOWN));
    }

    // --- through the CLI ---

    private String savedLevel;
    private Level savedJul;

    @AfterEach
    void restoreLogging() {
        if (savedJul != null) {
            restore("org.slf4j.simpleLogger.defaultLogLevel", savedLevel);
            Logger.getLogger("").setLevel(savedJul);
            for (java.util.logging.Handler h : Logger.getLogger("").getHandlers()) {
                h.setLevel(savedJul);
            }
        }
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }

    private CliRun noopRun(Path config, String... more) {
        String[] args = new String[more.length + 2];
        args[0] = "--config";
        args[1] = config.toString();
        System.arraycopy(more, 0, args, 2, more.length);
        return CliRun.of(args);
    }

    private static final String TINY = "target: noop\nno-watch: true\ntag-num: 2\ntotal-metrics-count: 2\n"
            + "ts-end: \"2022-04-18 09:00:02\"\n";

    @Test
    void resultsInTheConfigFileIsTheResultsDirectoryAndTheCommandLineWins() throws Exception {
        Path fromFile = tmp.resolve("from-file");
        Path cfg = file("results.yaml", TINY + "results: " + fromFile + "\n");
        CliRun r = noopRun(cfg);
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(1, countJson(fromFile), r.out());
        Path fromFlag = tmp.resolve("from-flag");
        CliRun flag = noopRun(cfg, "--results", fromFlag.toString());
        assertEquals(0, flag.exitCode(), flag.err());
        assertEquals(1, countJson(fromFlag));
        assertEquals(1, countJson(fromFile), "the command line's --results wins");
        assertTrue(flag.out().contains("result: " + fromFlag), flag.out());
        // the key is the CLI's own: not an option of the run
        String json = Files.readString(Files.list(fromFlag).findFirst().orElseThrow());
        com.fasterxml.jackson.databind.JsonNode options = new ObjectMapper().readTree(json).at("/run/options");
        assertTrue(options.isObject() && options.has("workers"), json);
        assertFalse(options.has("results"), json);
    }

    @Test
    void verboseInTheConfigFileRaisesTheLogLevelsAsTheFlagDoes() throws Exception {
        savedLevel = System.getProperty("org.slf4j.simpleLogger.defaultLogLevel");
        savedJul = Logger.getLogger("").getLevel() == null ? Level.INFO : Logger.getLogger("").getLevel();
        Main.configureLogging(false);
        assertEquals("error", System.getProperty("org.slf4j.simpleLogger.defaultLogLevel"));
        assertEquals(Level.SEVERE, Logger.getLogger("").getLevel());

        CliRun quiet = noopRun(file("quiet.yaml", TINY + "verbose: false\nresults: " + tmp.resolve("r1") + "\n"));
        assertEquals(0, quiet.exitCode(), quiet.err());
        assertEquals("error", System.getProperty("org.slf4j.simpleLogger.defaultLogLevel"));

        CliRun loud = noopRun(file("loud.yaml", TINY + "verbose: true\nresults: " + tmp.resolve("r2") + "\n"));
        assertEquals(0, loud.exitCode(), loud.err());
        assertEquals("info", System.getProperty("org.slf4j.simpleLogger.defaultLogLevel"));
        assertEquals(Level.INFO, Logger.getLogger("").getLevel());

        CliRun bad = noopRun(file("bad.yaml", TINY + "verbose: loud\n"));
        assertEquals(2, bad.exitCode(), bad.err());
        // checked by its definition, in every option's words, at its line
        assertTrue(bad.oneLineError().endsWith("bad.yaml line 6: invalid value 'loud' for --verbose: expected true or false"), bad.err());
    }

    @Test
    void duplicateAndBinaryConfigsAreUsageErrorsThroughTheCli() throws IOException {
        Path dup = file("dup.yaml", TINY + "tag-num: 3\n");
        CliRun r = noopRun(dup);
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("key 'tag-num' is given twice in config file " + dup + " (line 6)", r.oneLineError());
        Path bin = tmp.resolve("bin.toml");
        Files.write(bin, new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a});
        CliRun b = noopRun(bin);
        assertEquals(2, b.exitCode(), b.err());
        assertEquals("config file " + bin + " is not a text file (UTF-8 expected)", b.oneLineError());
    }

    private static long countJson(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (var files = Files.list(dir)) {
            return files.filter(p -> p.toString().endsWith(".json")).count();
        }
    }

    // --- a bad value in a file names the file and its line ---

    private String refusedRun(String... args) {
        CliRun r = CliRun.withEnv(Map.of(), args);
        assertEquals(2, r.exitCode(), String.join(" ", args) + "\n" + r.err() + r.out());
        assertEquals("", r.out(), "refused before anything ran");
        return r.oneLineError();
    }

    @Test
    void aBadValueInAYamlFileNamesItsLine() throws IOException {
        Path cfg = file("bench.yaml", """
                target: noop
                # ingest
                generator:
                  tag-num: 10
                  total-metrics-count: abc
                repeat: 1
                """);
        String results = tmp.resolve("res").toString();
        assertEquals(cfg + " line 5: invalid value 'abc' for --total-metrics-count: expected an integer from 1 to 100000",
                refusedRun("--config", cfg.toString(), "--results", results));
        // the command line's value is the one refused: no file to point at
        assertEquals("invalid value 'x' for --total-metrics-count: expected an integer from 1 to 100000",
                refusedRun("--config", cfg.toString(), "--total-metrics-count", "x", "--results", results));
        // a sweep point says so first; --repeat's checks too
        assertEquals("sweep point workers=1: " + cfg + " line 5: invalid value 'abc' for --total-metrics-count: expected an "
                + "integer from 1 to 100000", refusedRun("sweep", "--config", cfg.toString(), "--vary", "workers=1,2", "--results", results));
        Path repeat = file("repeat.yaml", "target: noop\nrepeat: 0\n");
        assertEquals(repeat + " line 2: invalid value '0' for --repeat: expected an integer from 1 to 1000",
                refusedRun("--config", repeat.toString(), "--results", results));
        // the command line's value wins over the file's, and is the one refused
        assertEquals("invalid value '1001' for --repeat: expected an integer from 1 to 1000",
                refusedRun("--config", repeat.toString(), "--repeat", "1001", "--results", results));
        Path foreign = file("foreign.yaml", "target: noop\ntag-num: 10\noutput: rows.csv\n");
        assertEquals(foreign + " line 3: --output is an option of target 'file', not of 'noop'",
                refusedRun("--config", foreign.toString(), "--results", results));
        assertEquals(0, countJson(tmp.resolve("res")));
    }

    @Test
    void aBadValueInATomlFileNamesItsLine() throws IOException {
        Path cfg = file("bench.toml", "target = \"noop\"\n"
                + "[generator]\n"
                + "tag_num = 10\n"
                + "label = \"\"\"\n"
                + "workers = 3\n"
                + "\"\"\"\n"
                + "[engine]\n"
                + "\"workers\" = 0\n");
        // a multi-line string's lines are no keys; a quoted key is the key
        assertEquals(cfg + " line 8: invalid value '0' for --workers: expected an integer from 1 to 1024",
                refusedRun("--config", cfg.toString(), "--results", tmp.resolve("res").toString()));
        Path dotted = file("dotted.toml", "target = \"noop\"\n\ngenerator.tag-num = -4\n");
        assertEquals(dotted + " line 3: invalid value '-4' for --tag-num: expected an integer from 1 to 2147483647",
                refusedRun("--config", dotted.toString(), "--results", tmp.resolve("res").toString()));
    }

    @Test
    void aBadValueInABenchmarkSqlFileNamesItsLine() throws IOException {
        Path props = file("props.pg", """
                db=postgres
                driver=org.postgresql.Driver
                conn=jdbc:postgresql://127.0.0.1:1/tpcc
                user=bench
                password=secret
                warehouses=1
                terminals=-3
                runTxnsPerTerminal=0
                runMins=1
                """);
        // refused before connecting: nothing listens on port 1
        assertEquals(props + " line 7: invalid value '-3' for --terminals: expected an integer from 1 to 1024",
                refusedRun("--config", props.toString(), "--results", tmp.resolve("res").toString()));
        Path zero = file("props.zero", Files.readString(props).replace("terminals=-3", "terminals=4")
                .replace("warehouses=1", "warehouses=0").replace("conn=", "conn = "));
        assertEquals(zero + " line 6: invalid value '0' for --warehouses: expected an integer from 1 to 100000",
                refusedRun("--config", zero.toString(), "--results", tmp.resolve("res").toString()));
    }

    // --- a BenchmarkSQL properties file ---

    private final java.util.List<String> warnings = new java.util.ArrayList<>();

    private static final Set<String> TPCC_KNOWN = Set.of("target", "workload", "url", "user", "password", "warehouses",
            "load-workers", "terminals", "txns-per-terminal", "duration", "rate", "terminal-warehouse-fixed", "weights");

    /** A BenchmarkSQL properties file given as --config (BenchmarkSqlPropertiesTest: its translation). */
    @Test
    void benchmarkSqlFileIsReadAndItsFlagsCheckedBeforeWarning() throws IOException {
        Path props = tmp.resolve("props.pg");
        Files.writeString(props, BenchmarkSqlPropertiesTest.MOGDB + "resultDirectory=r\n");
        assertEquals(BenchmarkSqlProperties.translate(props, BenchmarkSqlPropertiesTest.MOGDB, w -> { }),
                ConfigFile.read(props, TPCC_KNOWN, warnings::add));
        assertEquals(java.util.List.of("BenchmarkSQL key 'resultDirectory' in " + props
                + " has no effect here (the result JSON goes to --results)"), warnings);

        warnings.clear();
        Set<String> noTpcc = Set.of("target", "workload", "url", "user", "password", "duration", "rate");
        assertEquals("BenchmarkSQL file " + props + " needs option --warehouses, which this build does not have:"
                        + " is the tpcc workload missing?",
                assertThrows(UsageException.class, () -> ConfigFile.read(props, noTpcc, warnings::add)).getMessage());
        assertEquals(java.util.List.of(), warnings, "a refused file gets its error alone");
    }
}
