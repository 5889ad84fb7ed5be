package io.dbharness.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code runner report}: real runs in, the report's files out, every bad input one line and exit 2. */
class ReportCommandTest {

    @TempDir
    Path tmp;

    private Path results;

    @BeforeEach
    void twoRuns() {
        results = tmp.resolve("results");
        for (String workers : List.of("1", "2")) {
            CliRun r = CliRun.of("--target", "noop", "--tag-num", "20", "--total-metrics-count", "3", "--ts-end",
                    "2022-04-18 09:00:05", "--workers", workers, "--no-watch", "--results", results.toString());
            assertEquals(0, r.exitCode(), r.err());
        }
    }

    private String usageError(String... args) {
        CliRun r = CliRun.of(args);
        assertEquals(2, r.exitCode(), String.join(" ", args) + "\n" + r.err());
        assertEquals("", r.out());
        return r.oneLineError();
    }

    @Test
    void aDirectoryOfResultsBecomesAReport() throws Exception {
        Path out = tmp.resolve("report");
        CliRun r = CliRun.of("report", results.toString(), "--out", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        List<String> printed = r.out().lines().toList();
        assertEquals(out.resolve("report.html").toString(), printed.get(0), "the page first");
        assertTrue(printed.contains(out.resolve("report.md").toString()), r.out());
        assertTrue(printed.contains(out.resolve("runs.csv").toString()), r.out());
        for (String p : printed) {
            assertTrue(Files.size(Path.of(p)) > 0, p);
        }
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("| noop workers=1 |") && md.contains("| noop workers=2 |"), md);
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("id=\"chart-scaling-iot-insert\""), "workers differ: a scaling chart");
    }

    /** Without --out the report goes beside the results, not into a report/ of whatever folder the command ran in. */
    @Test
    void withoutOutTheReportGoesIntoTheResultsFolder() throws Exception {
        CliRun r = CliRun.of("report", results.toString());
        assertEquals(0, r.exitCode(), r.err());
        Path page = Path.of(r.out().lines().findFirst().orElseThrow());
        assertEquals(results, page.getParent().getParent(), r.out());
        assertTrue(page.getParent().getFileName().toString().matches("report-\\d{8}-\\d{6}(-\\d+)?"), r.out());
        assertEquals("report.html", page.getFileName().toString());
        assertTrue(Files.size(page) > 0);
        // a file given: its folder
        Path one = Files.list(results).filter(f -> f.toString().endsWith(".json")).sorted().findFirst().orElseThrow();
        CliRun file = CliRun.of("report", one.toString());
        assertEquals(0, file.exitCode(), file.err());
        Path second = Path.of(file.out().lines().findFirst().orElseThrow());
        assertEquals(results, second.getParent().getParent(), file.out());
        // a second report, whatever second it came in, is a folder of its own: the first one is kept
        assertTrue(!second.getParent().equals(page.getParent()) && Files.size(page) > 0, r.out() + file.out());
    }

    /** Two reports in the same second: the second gets a folder of its own (it overwrote the first). */
    @Test
    void aReportNeverGoesIntoAnEarlierReportsFolder() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("same-second"));
        var f = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
        java.time.LocalDateTime now = java.time.LocalDateTime.now();
        for (int s = 0; s <= 2; s++) { // this second and the next two: the call below lands in one of them
            Files.createDirectories(dir.resolve("report-" + now.plusSeconds(s).format(f)));
        }
        Path out = ReportCommand.defaultOut(dir);
        assertTrue(!Files.exists(out) && out.getFileName().toString().matches("report-\\d{8}-\\d{6}(-\\d+)?"), out.toString());
    }

    @Test
    void subdirectoriesOfAGivenDirectoryAreSkipped() throws Exception {
        // what a sweep leaves beside its results, a directory named like a result, and runs kept one level down
        Path one = Files.list(results).filter(f -> f.toString().endsWith(".json")).sorted().findFirst().orElseThrow();
        Files.createDirectories(results.resolve("report-20261202-100000"));
        Files.writeString(results.resolve("report-20261202-100000/report.md"), "# an earlier report");
        Files.createDirectories(results.resolve("kept.json"));
        Files.createDirectories(results.resolve("older"));
        Files.copy(one, results.resolve("older").resolve(one.getFileName()));
        Path out = tmp.resolve("report");
        CliRun r = CliRun.of("report", results.toString(), "--out", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("| noop workers=1 |") && md.contains("| noop workers=2 |"), md);

        Path nested = Files.createDirectories(tmp.resolve("nested/sweep-1"));
        Files.copy(one, nested.resolve(one.getFileName()));
        assertEquals("runner report: no result files (*.json) in " + tmp.resolve("nested") + "; its subdirectories are not "
                + "read: name them (" + nested + ")", usageError("report", tmp.resolve("nested").toString()));
    }

    @Test
    void helpSaysWhatItWrites() {
        // picocli formats descriptions and warns about a lone % on System.err itself, past the runner's streams
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        java.io.PrintStream before = System.err;
        CliRun r;
        System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            r = CliRun.of("report", "--help");
        } finally {
            System.setErr(before);
        }
        assertEquals(0, r.exitCode());
        assertTrue(r.out().contains("mean with a 95% confidence interval"), r.out());
        assertEquals("", warnings.toString(java.nio.charset.StandardCharsets.UTF_8) + r.err());
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        assertEquals("runner report: no result files given: name result files or a directory of them", usageError("report"));
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertEquals("runner report: no result files (*.json) in " + empty, usageError("report", empty.toString()));

        Path one = Files.list(results).filter(f -> f.toString().endsWith(".json")).sorted().findFirst().orElseThrow();
        String json = Files.readString(one);
        Path truncated = Files.writeString(tmp.resolve("truncated.json"), json.substring(0, json.length() - 40));
        assertTrue(usageError("report", truncated.toString()).startsWith("runner report: " + truncated + " is not valid JSON"));
        Path corrupt = Files.writeString(tmp.resolve("corrupt.json"), "{\"format\": \"dbharness-result/2\", \"runId\": 7");
        assertTrue(usageError("report", corrupt.toString()).startsWith("runner report: " + corrupt + " is not valid JSON"));
        Path v1 = Files.writeString(tmp.resolve("v1.json"), json.replace("dbharness-result/3", "dbharness-result/1"));
        assertEquals("runner report: " + v1 + " has result format dbharness-result/1; this harness reads dbharness-result/3 and dbharness-result/2",
                usageError("report", one.toString(), v1.toString()));
        assertEquals("runner report: result file not found: " + tmp.resolve("nope.json"),
                usageError("report", tmp.resolve("nope.json").toString()));

        // valid JSON of the right format whose histograms are not histograms: a usage error, not an internal one
        Path damaged = Files.writeString(tmp.resolve("damaged.json"),
                json.replaceAll("\"histogram\" : \"[^\"]+\"", "\"histogram\" : \"bm90IGEgaGlzdG9ncmFt\""));
        assertTrue(usageError("report", damaged.toString()).matches(
                "runner report: damaged histogram in run [^ ]+, operation type insert: not an encoded HdrHistogram: .*"),
                usageError("report", damaged.toString()));

        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        assertEquals("runner report: cannot write the report to " + file + ": it is a file, not a directory (--out)",
                usageError("report", results.toString(), "--out", file.toString()));
        assertEquals("runner report: cannot write the report to " + file.resolve("sub") + ": not a directory (--out)",
                usageError("report", results.toString(), "--out", file.resolve("sub").toString()));
    }
}
