package io.dbharness.cli;

import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The line {@code --repeat} ends with, on repetitions whose figures are known. */
class SeriesTest {

    @TempDir
    Path tmp;

    private List<Series.Run> runs(RunResult template, double... rowsPerSecond) {
        List<Series.Run> out = new ArrayList<>();
        for (int i = 0; i < rowsPerSecond.length; i++) {
            RunResult r = CompareMergeCliTest.fixture(template, "run-" + i, rowsPerSecond[i], ExitCode.OK);
            out.add(new Series.Run(new SweepPoint(1, Map.of(), null), i + 1, new SingleRun.Outcome(ExitCode.OK, null, r, false)));
        }
        return out;
    }

    @Test
    void aWideIntervalSaysWhatNarrowsIt() throws Exception {
        CliRun r = CliRun.of("--target", "noop", "--tag-num", "10", "--ts-end", "2022-04-18 09:00:02", "--no-watch",
                "--results", tmp.toString());
        assertEquals(0, r.exitCode(), r.err());
        RunResult template;
        try (Stream<Path> files = Files.list(tmp)) {
            template = ResultFiles.read(files.filter(f -> f.toString().endsWith(".json")).findFirst().orElseThrow());
        }
        // 99,000 / 100,000 / 101,000: s = 1,000, t(0.975, 2) = 4.303, half-width 2,484
        assertEquals("mean 100,000 ± 2,484 rows/s (95% CI, Student's t, 3 runs)",
                Series.spread(runs(template, 99_000, 100_000, 101_000)));
        String wide = Series.spread(runs(template, 10_000, 100_000, 50_000));
        assertTrue(wide.endsWith("; the interval is wider than half the mean: longer runs or more repetitions narrow it"), wide);
        assertFalse(Series.spread(runs(template, 50_000)).contains("wider"), "one run has no interval to judge");
    }

    @Test
    void aRunStoppedBeforeItStartedIsNotMadeAndAStoppedSeriesHasNoMeanBecauseItWasStopped() throws Exception {
        CliRun r = CliRun.of("--target", "noop", "--tag-num", "10", "--ts-end", "2022-04-18 09:00:02", "--no-watch",
                "--results", tmp.toString());
        assertEquals(0, r.exitCode(), r.err());
        RunResult template;
        try (Stream<Path> files = Files.list(tmp)) {
            template = ResultFiles.read(files.filter(f -> f.toString().endsWith(".json")).findFirst().orElseThrow());
        }
        SweepPoint point = new SweepPoint(1, Map.of(), null);
        Series.Run givenUp = new Series.Run(point, 2, new SingleRun.Outcome(130, null, null, true));
        List<Series.Run> made = new ArrayList<>(runs(template, 50_000));
        made.add(givenUp);
        assertEquals(1, Series.made(made), "the run stopped while it prepared measured nothing");
        assertEquals("stopped before a run finished: no mean", Series.spread(List.of(givenUp)));
        Series.Run failed = new Series.Run(point, 1, new SingleRun.Outcome(ExitCode.RUN_FAILED, null,
                CompareMergeCliTest.fixture(template, "failed", 50_000, ExitCode.RUN_FAILED), false));
        assertEquals("no run finished without errors: no mean", Series.spread(List.of(failed, givenUp)));
    }
}
