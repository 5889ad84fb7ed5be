package io.dbharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.results.Fmt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The same flags on a target that stores every row (embedded PostgreSQL) and one that cannot store a row whose
 * every value is empty (embedded QuestDB, line protocol): the rows differ, the points do not, and the sweep table,
 * the report and compare judge both by points/s and say which skipped how many rows.
 */
@org.junit.jupiter.api.Tag("server")
class RowsAcrossTargetsTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aSweepOverTargetsComparesPointsAndFlagsTheSkippedRows() throws Exception {
        Path report = tmp.resolve("report");
        // 20 devices x 30 s x 10 metrics at the default 90% empty values: some rows have no value at all
        CliRun sweep = CliRun.of("sweep", "--vary", "target=postgres,questdb", "--tag-num", "20", "--total-metrics-count", "10",
                "--ts-end", "2022-04-18 09:00:30", "--clean", "--no-watch", "--results", tmp.resolve("res").toString(),
                "--out", report.toString());
        assertEquals(0, sweep.exitCode(), sweep.err() + sweep.out());
        List<Path> files = resultFiles();
        JsonNode pg = read(files.get(0));
        JsonNode qdb = read(files.get(1));
        assertEquals("postgres", pg.at("/run/target").asText());
        assertEquals("questdb", qdb.at("/run/target").asText());
        long skipped = qdb.get("totals").get("skippedRows").asLong();
        assertEquals(600, pg.get("totals").get("rows").asLong());
        assertEquals(0, pg.get("totals").get("skippedRows").asLong());
        assertTrue(skipped > 0, "rows whose every value is empty: " + qdb.get("totals"));
        assertEquals(600, qdb.get("totals").get("rows").asLong() + skipped);
        assertEquals(pg.get("totals").get("points").asLong(), qdb.get("totals").get("points").asLong(), "the same values written");

        // the sweep table: points/s on both lines, the target that skipped marked, the footnote saying how many and why
        String pgLine = line(sweep.out(), "1 target=postgres");
        String qdbLine = line(sweep.out(), "2 target=questdb");
        assertTrue(pgLine.contains(Fmt.rate(pg.get("totals").get("pointsPerSecond").asDouble()) + " points/s"), sweep.out());
        assertFalse(pgLine.contains("points/s *"), pgLine);
        assertTrue(qdbLine.contains(Fmt.rate(qdb.get("totals").get("pointsPerSecond").asDouble()) + " points/s *"), sweep.out());
        String table = sweep.out().substring(sweep.out().indexOf("sweep: 2 of 2 runs made"));
        assertTrue(table.contains("* 2 target=questdb skipped " + Fmt.count(skipped) + " rows: a target may store nothing"
                + " of a row by design (line protocol has no line for a row whose every value is empty)"), table);
        assertTrue(table.contains("the throughput is in points/s"), table);
        assertFalse(table.contains("rows/s"), "no rows/s figure in the table: " + table);

        // the report: the bars and the runs table in points/s, the skipped rows said beside the bars and in the intro
        String md = Files.readString(report.resolve("report.md"));
        assertTrue(md.contains("Rows skipped per run: questdb " + Fmt.count(skipped) + "."), md);
        List<List<String>> csv = Files.readAllLines(report.resolve("runs.csv")).stream().map(l -> List.of(l.split(",", -1))).toList();
        assertTrue(String.join(",", csv.get(0)).contains(",headline,value,rows,skipped rows,points,"), csv.get(0).toString());
        int headline = csv.get(0).indexOf("headline");
        for (int i = 1; i <= 2; i++) {
            JsonNode totals = (i == 1 ? pg : qdb).get("totals");
            assertEquals("points/s", csv.get(i).get(headline), csv.toString());
            // the CSV keeps three decimals
            assertEquals(totals.get("pointsPerSecond").asDouble(), Double.parseDouble(csv.get(i).get(headline + 1)), 0.0005);
            assertEquals(totals.get("points").asText(), csv.get(i).get(headline + 4));
        }
        String html = Files.readString(report.resolve("report.html"));
        assertTrue(html.contains("iot-insert: points/s side by side"), "the bars compare points/s");
        assertFalse(html.contains("rows/s side by side"), "no bars over different row counts");
        assertTrue(html.contains("Rows skipped per run: questdb " + Fmt.count(skipped)), "a note beside the bars");

        // compare: the throughput in points/s, the skipped rows of each side said
        CliRun compare = CliRun.of("compare", files.get(0).toString(), files.get(1).toString());
        // a verdict either way (the two servers' speeds are not what this test is about), never a refusal
        assertTrue(compare.exitCode() == 0 || compare.exitCode() == 1, compare.exitCode() + ": " + compare.err() + compare.out());
        assertTrue(compare.out().contains("throughput (points/s) *"), compare.out());
        assertTrue(compare.out().contains("skipped rows: base 0, new " + Fmt.count(skipped) + ": "), compare.out());
    }

    /** The result files, PostgreSQL's first. */
    private List<Path> resultFiles() throws Exception {
        try (Stream<Path> s = Files.list(tmp.resolve("res"))) {
            return s.filter(p -> p.toString().endsWith(".json"))
                    .sorted(Comparator.comparing(p -> !read(p).at("/run/target").asText().equals("postgres"))).toList();
        }
    }

    private static JsonNode read(Path p) {
        try {
            return new ObjectMapper().readTree(p.toFile());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String line(String out, String start) {
        return out.lines().filter(l -> l.strip().startsWith(start + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no line " + start + " in\n" + out));
    }
}
