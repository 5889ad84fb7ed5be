package io.dbharness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every kind of bad input gets one clear line and exit code 2, before anything connects. */
class BadInputTest {

    @TempDir
    Path tmp;

    private String usageError(String... args) {
        CliRun r = CliRun.of(args);
        assertEquals(2, r.exitCode(), "exit code for " + String.join(" ", args) + "\n" + r.err());
        return r.oneLineError();
    }

    @Test
    void unknownTargetListsTheValidOnes() {
        String msg = usageError("--target", "oracle");
        assertTrue(msg.startsWith("unknown target 'oracle'; valid targets: "), msg);
        assertTrue(msg.contains("noop") && msg.contains("file") && msg.contains("postgres"), msg);
    }

    @Test
    void aMistypedCommandIsNamedWithTheNearestOne() {
        assertEquals("unknown command 'runDataBuild'; did you mean 'runDatabaseBuild'? (see 'runner --help')",
                usageError("runDataBuild", "props.pg"));
        assertEquals("unknown command 'influx_stress'; did you mean 'influx-stress'? (see 'runner --help')",
                usageError("influx_stress", "insert"));
        assertEquals("unknown command 'swep'; did you mean 'sweep'? (see 'runner --help')", usageError("swep"));
        assertEquals("unknown command 'benchmark'; did you mean 'runBenchmark'? (see 'runner --help')", usageError("benchmark"));
        assertEquals("unknown command 'oracle' (see 'runner --help')", usageError("oracle"));
    }

    @Test
    void unknownWorkloadListsTheValidOnes() {
        assertEquals("unknown workload 'tpch'; valid workloads: iot-insert, iot-mixed, iot-query, tpcc", usageError("--target", "noop", "--workload", "tpch"));
    }

    @Test
    void timeRangeMustMoveForward() {
        assertEquals("--ts-end (2022-04-18 08:00:00) must be after --ts-start (2022-04-18 09:00:00)",
                usageError("--target", "noop", "--ts-end", "2022-04-18 08:00:00"));
    }

    @Test
    void ratiosAreZeroToHundred() {
        assertEquals("invalid value '120' for --generator-empty-value-ratio: expected an integer from 0 to 100",
                usageError("--target", "noop", "--generator-empty-value-ratio", "120"));
        assertEquals("invalid value '-3' for --generator-disorder-ratio: expected an integer from 0 to 100",
                usageError("--target", "noop", "--generator-disorder-ratio", "-3"));
    }

    @Test
    void unknownMetricsTypeAndRandomness() {
        assertEquals("invalid value 'decimal' for --metrics-type: expected int4|int8|float4|float8",
                usageError("--target", "noop", "--metrics-type", "decimal"));
        assertEquals("invalid value 'XXL' for --generator-randomness: expected off|s|m|l",
                usageError("--target", "noop", "--generator-randomness", "XXL"));
    }

    @Test
    void tagNumMustBePositive() {
        assertEquals("invalid value '0' for --tag-num: expected an integer from 1 to 2147483647",
                usageError("--target", "noop", "--tag-num", "0"));
        assertTrue(usageError("--target", "noop", "--tag-num", "-10").startsWith("invalid value '-10' for --tag-num"));
    }

    @Test
    void unknownFlagAndMissingValue() {
        assertTrue(usageError("--target", "noop", "--tag-numb", "3").contains("--tag-numb"));
        assertTrue(usageError("--target", "noop", "--tag-num").contains("--tag-num"));
    }

    @Test
    void unknownKeyInConfigFile() throws Exception {
        Path cfg = tmp.resolve("bench.yaml");
        Files.writeString(cfg, "target: noop\ngenerator:\n  tag-num: 10\n  tag-colour: blue\n");
        assertEquals("unknown key 'generator.tag-colour' in config file " + cfg, usageError("--config", cfg.toString()));
        Path toml = tmp.resolve("bench.toml");
        Files.writeString(toml, "[global]\nworkload = \"iot-insert\"\nbogus = 1\n");
        assertEquals("unknown key 'global.bogus' in config file " + toml, usageError("--config", toml.toString()));
        assertEquals("config file not found: " + tmp.resolve("nope.yaml"), usageError("--config", tmp.resolve("nope.yaml").toString()));
    }

    @Test
    void unknownDbInABenchmarkSqlFile() throws Exception {
        Path props = tmp.resolve("props.bad");
        Files.writeString(props, "db=foo\ndriver=org.postgresql.Driver\nconn=jdbc:postgresql://127.0.0.1:1/tpcc\nrunMins=1\n");
        assertEquals("unknown db=foo in BenchmarkSQL file " + props + ": expected postgres (--target picks yugabyte, matrixdb or mogdb)",
                usageError("--config", props.toString()));
    }

    @Test
    void badValueInConfigFileNamesTheOption() throws Exception {
        Path cfg = tmp.resolve("bench.yaml");
        Files.writeString(cfg, "target: noop\ntag_num: many\n");
        assertEquals(cfg + " line 2: invalid value 'many' for --tag-num: expected an integer from 1 to 2147483647",
                usageError("--config", cfg.toString()));
    }

    @Test
    void nonEmptyOutputFileNeedsAppendOrClean() throws Exception {
        Path out = tmp.resolve("rows.csv");
        Files.writeString(out, "ts,tag_id,c0\n");
        String msg = usageError("--target", "file", "--output", out.toString(), "--tag-num", "2", "--results", tmp.toString());
        assertTrue(msg.contains("already exists and is not empty; use --append to add to it or --clean to overwrite it"), msg);
    }

    @Test
    void cleanAndAppendExcludeEachOther() {
        assertTrue(usageError("--target", "noop", "--clean", "--append").contains("--clean and --append exclude each other"));
    }

    @Test
    void anOptionOfAnotherTargetSaysWhoseItIs() {
        assertEquals("--pg-ingest is an option of target 'postgres', not of 'noop'",
                usageError("--target", "noop", "--pg-ingest", "copy-text"));
    }

    @Test
    void anotherTargetsServerOptionNamesThisTargetsOwn() {
        assertEquals("--url is an option of targets 'matrixdb', 'mogdb', 'postgres', 'yugabyte', not of 'influx': for"
                + " influx use --influx-url", usageError("--target", "influx", "--url", "http://127.0.0.1:18186"));
        assertEquals("--url is an option of targets 'matrixdb', 'mogdb', 'postgres', 'yugabyte', not of 'questdb': for"
                + " questdb use --questdb-http", usageError("--target", "questdb", "--url", "http://127.0.0.1:9000"));
        assertEquals("--influx-url is an option of target 'influx', not of 'postgres': for postgres use --url",
                usageError("--target", "postgres", "--influx-url", "http://127.0.0.1:8086"));
        // a target without a server has nothing to name instead
        assertEquals("--url is an option of targets 'matrixdb', 'mogdb', 'postgres', 'yugabyte', not of 'noop'",
                usageError("--target", "noop", "--url", "jdbc:postgresql://127.0.0.1/x"));
    }

    @Test
    void repeatIsRefusedWithAShardSayingWhatToDoInstead() {
        assertEquals("--repeat cannot be combined with --shard: each repetition's shards would need their own --start-at"
                        + " and --run-group; run the sharded command 2 times instead, each with its own --run-group and"
                        + " --start-at",
                usageError("--target", "noop", "--repeat", "2", "--shard", "0/2", "--run-group", "g"));
        assertTrue(usageError("--target", "noop", "--repeat", "3", "--shards", "2").startsWith(
                "--repeat cannot be combined with --shards:"));
    }

    @Test
    void anEnormousDurationIsAUsageErrorNotAnInternalOne() {
        assertEquals("invalid value '99999999999h' for --duration: expected a duration from 1ms to 365d",
                usageError("--target", "noop", "--duration", "99999999999h"));
        assertEquals("invalid value '400d' for --duration: expected a duration from 1ms to 365d",
                usageError("--target", "noop", "--duration", "400d"));
    }

    @Test
    void anIntOptionPastItsLimitNamesTheLimit() {
        assertEquals("invalid value '99999999999' for --tag-num: expected an integer from 1 to 2147483647",
                usageError("--target", "noop", "--tag-num", "99999999999"));
    }

    @Test
    void credentialsInServerUrlsAreRefusedWithoutBeingEchoed() {
        String secret = "S3CRET-pw";
        CliRun influx = CliRun.of("--target", "influx", "--influx-url", "http://h:8086/?u=admin&p=" + secret, "--no-watch");
        assertEquals(2, influx.exitCode(), influx.err());
        assertEquals("--influx-url must not carry credentials; use --username with INFLUX_PASSWORD (v1), or INFLUX_TOKEN (v2)",
                influx.oneLineError());
        CliRun badInflux = CliRun.of("--target", "influx", "--influx-url", "htp://admin:" + secret + "@h:8086", "--no-watch");
        assertEquals(2, badInflux.exitCode(), badInflux.err());
        assertEquals("invalid value 'htp://admin:*****@h:8086' for --influx-url: expected http://HOST:PORT or https://HOST:PORT",
                badInflux.oneLineError());
        CliRun gate = CliRun.of("--target", "matrixdb", "--matrixdb-ingest", "mxgate-http", "--mxgate-url",
                "http://u:" + secret + "@h:1", "--url", "jdbc:postgresql://127.0.0.1:1/x");
        assertEquals(2, gate.exitCode(), gate.err());
        assertEquals("--mxgate-url must not carry credentials: MatrixGate's HTTP source takes none; give http://HOST:PORT",
                gate.oneLineError());
        for (CliRun r : new CliRun[] {influx, badInflux, gate}) {
            assertFalse(r.err().contains(secret) || r.out().contains(secret), r.err());
        }
    }

    @Test
    void aBadValueOfAnyOptionIsShownMasked() {
        String msg = usageError("--target", "noop", "--table-name", "x", "--tag-num", "http://u:S3CRET@h/?password=S3CRET");
        assertEquals("invalid value 'http://u:*****@h/?password=*****' for --tag-num: expected an integer from 1 to 2147483647", msg);
    }

    @Test
    void anOptionGivenTwiceIsRefused() {
        assertEquals("option '--workers' is given twice; give it once",
                usageError("--target", "noop", "--workers", "2", "--tag-num", "10", "--workers=4"));
    }

    @Test
    void anUnwritableResultsDirectoryIsRefusedBeforeTheRun() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        String msg = usageError("--target", "noop", "--results", file.toString(), "--tag-num", "10");
        assertTrue(msg.startsWith("cannot write results to " + file + ": it is a file, not a directory"), msg);
        String under = usageError("--target", "noop", "--results", file.resolve("sub").toString(), "--tag-num", "10");
        assertTrue(under.startsWith("cannot write results to " + file.resolve("sub")), under);
        assertEquals("--results needs a directory (default: dbharness-results)", usageError("--target", "noop", "--results=", "--tag-num", "10"));
        String proc = usageError("--target", "noop", "--results", "/proc/dbharness-results", "--tag-num", "10");
        assertTrue(proc.startsWith("cannot write results to /proc/dbharness-results"), proc);
    }
}
