package io.dbharness.live;

/**
 * Where a run's live figures go besides the scrape endpoint (a push to a time-series database): registered with
 * {@link LiveFigures#addExporter}, told after every interval and event. It is called on the engine's monitor
 * thread, so it must only hand work to a thread of its own, never block or throw.
 */
public interface LiveExporter extends AutoCloseable {

    /** The figures changed (an interval was applied); {@code figures.snapshot()} reads them. */
    void updated(LiveFigures figures);

    /** An event was recorded (also in the next snapshot's events). */
    default void event(LiveEvent event) {
    }

    /** The series is over: send what is left, within a bounded time. */
    @Override
    default void close() {
    }
}
