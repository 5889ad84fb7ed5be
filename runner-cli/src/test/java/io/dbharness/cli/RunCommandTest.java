package io.dbharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunCommandTest {

    @TempDir
    Path tmp;

    private JsonNode onlyResult(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> json = files.filter(p -> p.toString().endsWith(".json")).toList();
            assertEquals(1, json.size(), "one result file");
            return new ObjectMapper().readTree(json.get(0).toFile());
        }
    }

    @Test
    void noopRunWritesSummaryAndResult() throws Exception {
        CliRun r = CliRun.of("--target", "noop", "--tag-num", "1000", "--total-metrics-count", "10",
                "--ts-end", "2022-04-18 09:00:10", "--results", tmp.toString(), "--no-watch");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("rows/s"), r.out());
        assertTrue(r.out().contains("10,000"), r.out());
        JsonNode totals = onlyResult(tmp).get("totals");
        assertEquals(10_000, totals.get("rows").asLong());
        for (String f : List.of("rows", "points", "bytes", "errors", "durationSeconds", "rowsPerSecond", "pointsPerSecond")) {
            assertTrue(totals.has(f), f);
        }
        assertTrue(totals.get("points").asLong() > 5_000 && totals.get("points").asLong() < 15_000);
    }

    /** A pod without shared storage hands its result over in its log: the same JSON as the file, between markers. */
    @Test
    void printResultPutsTheResultBetweenMarkersAfterTheSummary() throws Exception {
        CliRun r = CliRun.of("--target", "noop", "--tag-num", "100", "--total-metrics-count", "2",
                "--ts-end", "2022-04-18 09:00:10", "--results", tmp.toString(), "--no-watch", "--print-result");
        assertEquals(0, r.exitCode(), r.err());
        int begin = r.out().indexOf(SingleRun.RESULT_BEGIN + "\n");
        int end = r.out().indexOf(SingleRun.RESULT_END + "\n");
        assertTrue(r.out().indexOf("rows/s") < begin && begin < end, r.out());
        String json = r.out().substring(begin + SingleRun.RESULT_BEGIN.length() + 1, end);
        try (Stream<Path> files = Files.list(tmp)) {
            assertEquals(Files.readString(files.filter(f -> f.toString().endsWith(".json")).findFirst().orElseThrow()), json);
        }
    }

    @Test
    void fileTargetWritesEveryRowAndVerifies() throws Exception {
        Path csv = tmp.resolve("rows.csv");
        CliRun r = CliRun.of("--target", "file", "--format", "csv", "--output", csv.toString(), "--tag-num", "37",
                "--total-metrics-count", "5", "--ts-end", "2022-04-18 09:00:07", "--workers", "3", "--verify",
                "--generator-disorder-ratio", "10", "--results", tmp.resolve("res").toString(), "--no-watch");
        assertEquals(0, r.exitCode(), r.err() + r.out());
        List<String> lines = Files.readAllLines(csv);
        assertEquals("ts,tag_id,c0,c1,c2,c3,c4", lines.get(0));
        assertEquals(37 * 7 + 1, lines.size());
        assertEquals(lines.size() - 1, lines.stream().skip(1).distinct().count(), "no row twice");
        assertEquals("PASSED", onlyResult(tmp.resolve("res")).get("verification").get("status").asText());
    }

    @Test
    void configFileWithCommandLineOverride() throws Exception {
        Path cfg = tmp.resolve("bench.toml");
        Files.writeString(cfg, "target = \"noop\"\n[generator]\ntag-num = 50\ntotal_metrics_count = 3\n"
                + "ts-end = \"2022-04-18 09:00:02\"\n");
        CliRun r = CliRun.of("--config", cfg.toString(), "--tag-num", "20", "--results", tmp.toString(), "--no-watch");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode result = onlyResult(tmp);
        assertEquals(40, result.get("totals").get("rows").asLong());
        assertEquals("3", result.at("/run/options").get("total-metrics-count").asText());
    }

    @Test
    void sampleConfigIsItselfAValidConfig() throws Exception {
        for (String format : List.of("yaml", "toml")) {
            CliRun sample = CliRun.of("config", "--workload", "iot-insert", "--target", "noop", "--format", format);
            assertEquals(0, sample.exitCode(), sample.err());
            assertTrue(sample.out().contains("tag-num"), sample.out());
            Path cfg = tmp.resolve("sample." + format);
            Files.writeString(cfg, sample.out());
            Path res = tmp.resolve("res-" + format);
            CliRun run = CliRun.of("--config", cfg.toString(), "--tag-num", "10", "--total-metrics-count", "2",
                    "--results", res.toString(), "--no-watch");
            assertEquals(0, run.exitCode(), format + ": " + run.err());
            assertEquals(600, onlyResult(res).get("totals").get("rows").asLong());
        }
    }

    /**
     * Every target and workload that can run together gets a sample that passes the run's own check as it is
     * printed (nothing connects); a pair that cannot gets no sample but the run's refusal.
     */
    @Test
    void everySampleConfigPassesTheRunsCheckAndAPairThatCannotRunGetsNone() throws Exception {
        io.dbharness.core.engine.Registry registry = io.dbharness.core.engine.Registry.load();
        int samples = 0;
        List<String> failed = new java.util.ArrayList<>();
        for (io.dbharness.core.api.TargetProvider t : registry.targets()) {
            for (io.dbharness.core.api.WorkloadProvider w : registry.workloads()) {
                String pair = w.id() + " on " + t.id();
                if (!t.capabilities().containsAll(w.requires())) {
                    CliRun refused = CliRun.of("config", "--workload", w.id(), "--target", t.id());
                    assertEquals(2, refused.exitCode(), pair + ": " + refused.out());
                    assertEquals("", refused.out());
                    assertTrue(refused.oneLineError().startsWith("target '" + t.id() + "' cannot run workload '" + w.id()
                            + "': it lacks "), refused.err());
                    continue;
                }
                for (String format : List.of("yaml", "toml")) {
                    CliRun sample = CliRun.of("config", "--workload", w.id(), "--target", t.id(), "--format", format);
                    assertEquals(0, sample.exitCode(), pair + ": " + sample.err());
                    Path cfg = Files.writeString(tmp.resolve(t.id() + "-" + w.id() + "." + format), sample.out());
                    CliRun check = CliRun.checked(Map.of(), "--config", cfg.toString());
                    if (check.exitCode() != 0 || !check.err().isEmpty()) {
                        failed.add(pair + " (" + format + "): exit " + check.exitCode() + ", " + check.err().strip());
                    }
                    samples++;
                }
            }
        }
        assertEquals(List.of(), failed);
        assertEquals(2 * 24, samples, "24 pairs can run (runner list), in two formats");
        assertEquals("target 'influx' cannot run workload 'tpcc': it lacks SqlTransactions",
                CliRun.of("config", "--workload", "tpcc", "--target", "influx").oneLineError());
    }

    @Test
    void listShowsTargetsWorkloadsAndCapabilities() {
        CliRun r = CliRun.of("list");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().contains("postgres") && r.out().contains("TimeSeriesIngest") && r.out().contains("iot-insert"), r.out());
    }

    @Test
    void helpExitsZeroAndShowsEveryGroup() {
        CliRun r = CliRun.of("--help");
        assertEquals(0, r.exitCode());
        for (String s : List.of("Engine options:", "Workloads iot-insert, iot-mixed, iot-query:", "Workload iot-query:", "Target postgres:", "--pg-ingest", "--tag-num", "--query-count")) {
            assertTrue(r.out().contains(s), s);
        }
    }
}
