package io.dbharness.results.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultFileException;
import io.dbharness.results.ResultFiles;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.dbharness.results.report.Runs.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What goes into a report: result files (and what is refused), hostile text, the decoded histograms. */
class ReportInputTest {

    private static final String HOSTILE = "</script><script>alert(1)</script>";

    @TempDir
    Path dir;

    @Test
    void aDirectoryStandsForItsResultFilesInNameOrder() throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        ResultFiles.write(run("b-run").build(), results);
        ResultFiles.write(run("a-run").option("workers", "4").build(), results);
        Files.writeString(results.resolve("notes.txt"), "not a result");
        Path html = Report.write(List.of(results), dir.resolve("out"));
        assertEquals(dir.resolve("out").resolve("report.html"), html);
        String csv = Files.readString(dir.resolve("out").resolve("runs.csv"));
        assertTrue(csv.indexOf("a-run") < csv.indexOf("b-run"), csv);
        assertTrue(Files.exists(dir.resolve("out").resolve("report.md")));
    }

    @Test
    void badInputIsOneLineNamingTheProblem() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertEquals("no result files (*.json) in " + empty, refused(List.of(empty)));
        assertEquals("no result files given: name result files or a directory of them", refused(List.of()));

        Path good = ResultFiles.write(run("good").build(), dir);
        String json = Files.readString(good);
        Path truncated = Files.writeString(dir.resolve("truncated.json"), json.substring(0, json.length() / 2));
        assertTrue(refused(List.of(good, truncated)).startsWith(truncated + " is not valid JSON"), refused(List.of(truncated)));
        Path corrupt = Files.writeString(dir.resolve("corrupt.json"), "\u0000\u0001garbage");
        assertTrue(refused(List.of(corrupt)).startsWith(corrupt + " is not valid JSON"), refused(List.of(corrupt)));
        Path old = Files.writeString(dir.resolve("old.json"), json.replace("dbharness-result/3", "dbharness-result/1"));
        assertEquals(old + " has result format dbharness-result/1; this harness reads dbharness-result/3 and dbharness-result/2",
                refused(List.of(good, old)));
        Path copy = Files.writeString(dir.resolve("copy.json"), json);
        assertEquals("run good is in two files: " + good + " and " + copy, refused(List.of(good, copy)));
        // the same file named twice (directly and through its directory) is one run, not two repetitions
        Path only = Files.createDirectories(dir.resolve("only"));
        Path one = ResultFiles.write(run("one").build(), only);
        Report.write(List.of(one, only), dir.resolve("out"));
        assertEquals(2, Files.readAllLines(dir.resolve("out").resolve("runs.csv")).size());
    }

    @Test
    void aDamagedHistogramIsRefusedInOneLine() {
        RunResult r = run("h").build();
        RunResult damaged = r.toBuilder()
                .operations(List.of(io.dbharness.core.result.OperationStats.builder()
                        .group("main")
                        .type("insert")
                        .counts(io.dbharness.core.api.Counts.builder().operations(1).rows(1).build())
                        .meanMillis(1)
                        .p50Millis(1)
                        .p90Millis(1)
                        .p95Millis(1)
                        .p99Millis(1)
                        .p999Millis(1)
                        .maxMillis(1)
                        .histogram("bm90IGEgaGlzdG9ncmFt")
                        .build()))
                .storedBytes(java.util.OptionalLong.empty())
                .answers(List.of())
                .plans(null)
                .warmup(null)
                .figures(null)
                .harnessCpuSeconds(java.util.OptionalDouble.empty())
                .label(null)
                .resources(null)
                .stopReason(io.dbharness.core.result.StopReason.COMPLETED)
                .failure(null)
                .exitCode(0)
                .shard(null)
                .build();
        ResultFileException e = assertThrows(ResultFileException.class, () -> Report.writeFiles(List.of(damaged), dir));
        assertTrue(e.getMessage().startsWith("damaged histogram in run h, operation type insert: "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void hostileLabelsAndDdlAreInertInThePageAndIntactInTheData() throws Exception {
        Path html = Report.writeResults(List.of(run("x").label(HOSTILE).ddl(HOSTILE + "\n<!-- & -->").build(),
                run("y").build()), dir);
        String page = Files.readString(html);
        assertFalse(page.contains("<script>alert(1)"), "no script element from a label");
        assertEquals(3, count(page, "<script"), "ECharts, the data, the drawing script: no others");
        assertEquals(3, count(page, "</script"), "nothing closes a script early");
        assertTrue(page.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"), "shown as text in the tables");
        assertFalse(page.contains("<!-- &"), "no comment opened by the DDL");
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"report-data\">(.*?)</script>", Pattern.DOTALL).matcher(page);
        assertTrue(m.find());
        JsonNode data = JsonMapper.builder().build().readTree(m.group(1));
        assertEquals("noop " + HOSTILE, data.at("/charts/0/categories/0").asText(), "the label reaches the chart unchanged");
        String md = Files.readString(dir.resolve("report.md"));
        assertFalse(md.contains("<script>"), "GitHub renders inline HTML: escaped in the Markdown too");
    }

    @Test
    void csvCellsASpreadsheetWouldRunAsFormulasAreText() throws Exception {
        Report.writeResults(List.of(run("x").label("=HYPERLINK(\"http://evil\",\"x\")").option("offset", "-1.5").build(),
                run("y").label("@SUM(A1)").option("offset", "+cmd|' /C calc'!A0").build(),
                run("z").label("-2+3").option("offset", "\t=1").build()), dir);
        List<String> csv = Files.readAllLines(dir.resolve("runs.csv"));
        assertEquals("run,label,target,workload,offset,headline,value,rows,skipped rows,points,p50 ms,p99 ms,errors,verification,exit code,stop reason,run id",
                csv.get(0));
        assertTrue(csv.get(1).startsWith("\"noop =HYPERLINK(\"\"http://evil\"\",\"\"x\"\") offset=-1.5\",\"'=HYPERLINK("), csv.get(1));
        assertTrue(csv.get(1).contains(",noop,iot-insert,-1.5,"), "a number stays a number: " + csv.get(1));
        assertTrue(csv.get(2).contains(",'@SUM(A1),noop,iot-insert,'+cmd|' /C calc'!A0,"), csv.get(2));
        assertTrue(csv.get(3).contains(",'-2+3,noop,iot-insert,'\t=1,"), csv.get(3));
    }

    @Test
    void histogramsDecodeIntoTheirPercentilesAndANinesDistribution() {
        RunResult r = run("p").types("insert", Runs.uniform(10_000, 1), "query", Runs.uniform(100, 1_000)).build();
        Histogram insert = LatencyDistribution.byType(r).get("insert");
        assertEquals(10_000, insert.getTotalCount());
        assertEquals(5.0, LatencyDistribution.millisAt(insert, 50), 0.005, "1..10,000 us: the median is 5 ms");
        assertEquals(9.9, LatencyDistribution.millisAt(insert, 99), 0.01);
        // both types merged: the 5,050th of 10,100 is about 5,045 us (5 of the query's 1..100 ms lie below it)
        assertEquals(5.045, RunTables.p50(r), 0.005, "the run's p50 over all its operations");
        List<LatencyDistribution.Point> d = LatencyDistribution.distribution(LatencyDistribution.byType(r).get("query"));
        assertEquals(0.0, d.get(0).percentile());
        assertEquals(1.0, d.get(0).nines());
        LatencyDistribution.Point last = d.get(d.size() - 1);
        assertEquals(100.0, last.percentile());
        assertEquals(100.0, last.millis(), 0.1, "the maximum, 100 x 1 ms");
        for (int i = 1; i < d.size(); i++) {
            assertTrue(d.get(i).nines() > d.get(i - 1).nines(), "strictly along the axis at " + i);
            assertTrue(d.get(i).millis() >= d.get(i - 1).millis(), "never falling at " + i);
        }
        Histogram query = LatencyDistribution.byType(r).get("query");
        for (LatencyDistribution.Point p : d) {
            assertEquals(LatencyDistribution.millisAt(query, p.percentile()), p.millis(), 1e-9, "the histogram's own value at " + p);
            if (p.percentile() < 100) {
                assertEquals(1 / (1 - p.percentile() / 100), p.nines(), 1e-9);
            }
        }
    }

    private static String refused(List<Path> paths) {
        ResultFileException e = assertThrows(ResultFileException.class, () -> Report.read(paths));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
