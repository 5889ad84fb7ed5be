package io.dbharness.live;

import java.util.List;

/**
 * Every series of every run the endpoint has seen, at one instant, and the events so far: what an exporter renders.
 *
 * @param timeMillis when it was taken (Unix epoch milliseconds)
 * @param families   the families that have a series, in their declaration's order
 * @param series     the series, grouped by family in that order
 * @param events     the events so far, oldest first (the last {@link LiveFigures#MAX_EVENTS})
 */
public record LiveSnapshot(long timeMillis, List<LiveFamily> families, List<LiveSeries> series, List<LiveEvent> events) {

    public LiveSnapshot {
        families = List.copyOf(families);
        series = List.copyOf(series);
        events = List.copyOf(events);
    }
}
