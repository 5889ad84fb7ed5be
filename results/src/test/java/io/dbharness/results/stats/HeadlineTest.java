package io.dbharness.results.stats;

import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.Totals;
import io.dbharness.results.SamplesAccess;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which figure a run, and runs compared with one another, are judged by. */
class HeadlineTest {

    /** A 10-second run that stored {@code rows}, skipped {@code skipped} and wrote {@code points}. */
    private static RunResult run(long rows, long skipped, long points) {
        RunResult r = SamplesAccess.clean();
        return r.toBuilder().figures(Map.of()).totals(new Totals(io.dbharness.core.api.Counts.builder()
                .operations(100).rows(rows).skippedRows(skipped).points(points).build(), 10, 10, rows / 10.0,
                points / 10.0, 0)).build();
    }

    @Test
    void aRunIsJudgedByItsRows() {
        assertEquals(new Headline("rows/s", 3_969.4), Headline.of(run(39_694, 20_306, 60_000)));
        assertEquals(new Headline("points/s", 6_000), Headline.of(run(39_694, 20_306, 60_000), "points/s"));
        assertEquals(new Headline("ops/s", 10), Headline.of(run(0, 0, 0)), "no rows: operations");
    }

    @Test
    void runsOfWhichOneSkippedRowsAreComparedByPoints() {
        RunResult stored = run(60_000, 0, 60_000);
        RunResult skipping = run(39_694, 20_306, 60_000);
        assertEquals("points/s", Headline.common("rows/s", List.of(stored, skipping)));
        assertEquals("points/s", Headline.common("rows/s", List.of(skipping)), "repetitions of a target that skips");
        assertEquals("rows/s", Headline.common("rows/s", List.of(stored, run(30_000, 0, 30_000))), "none skipped: rows");
        assertEquals("tpmC", Headline.common("tpmC", List.of(stored, skipping)), "a workload's own figure stays");
        assertEquals("ops/s", Headline.common("ops/s", List.of(skipping)));
        assertEquals(20_306, Headline.skipped(List.of(stored, skipping)));
    }

    @Test
    void aConfigurationGivesTheFigureItIsAskedFor() {
        Configuration c = new Configuration(Map.of(), List.of(run(39_694, 20_306, 60_000), run(39_694, 20_306, 50_000)));
        assertEquals("rows/s", c.headlineName());
        assertEquals(5_500, c.headline("points/s").mean(), 1e-9);
        assertEquals(3_969.4, c.headline().mean(), 1e-9);
    }
}
