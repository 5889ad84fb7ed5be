package io.dbharness.results.merge;

import io.dbharness.core.result.RunResult;

import java.time.Instant;
import java.util.List;

/**
 * A part's measured run in wall-clock time: it ends at the result's {@code end} and lasts
 * {@code totals.durationSeconds} (the result's {@code start} is earlier by the warm-up and the workers' start).
 *
 * @param startSeconds epoch seconds
 */
record Window(double startSeconds, double seconds) {

    static Window measured(RunResult r) {
        double end = epochSeconds(r.end());
        return new Window(end - r.totals().durationSeconds(), r.totals().durationSeconds());
    }

    double endSeconds() {
        return startSeconds + seconds;
    }

    /** From the earliest start to the latest end: the window of the union. */
    static Window union(List<Window> windows) {
        double start = windows.stream().mapToDouble(Window::startSeconds).min().orElseThrow();
        double end = windows.stream().mapToDouble(Window::endSeconds).max().orElseThrow();
        return new Window(start, end - start);
    }

    static double epochSeconds(Instant t) {
        return t.getEpochSecond() + t.getNano() / 1e9;
    }
}
