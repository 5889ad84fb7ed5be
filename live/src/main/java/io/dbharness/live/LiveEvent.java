package io.dbharness.live;

import java.util.Map;

/**
 * Something a dashboard marks on its time axis (an annotation): a stage of a run begins, a fault was seen, a step of
 * a series (sweep point, find-max step, repetition) starts.
 *
 * @param timeMillis when it happened (Unix epoch milliseconds)
 * @param kind       what sort of event
 * @param name       which one: a stage ({@code prepare}, {@code load}, {@code warm-up}, {@code measure},
 *                   {@code verify}, {@code end}), a fault ({@code lost-connection}, {@code reconnect}), a step
 *                   ({@code step})
 * @param text       one line for people ({@code 3 reconnects}, {@code find-max step 4: rate=4000})
 * @param labels     the run's labels ({@link LiveFigures#RUN_LABELS}) and, for a fault, its {@code group}
 */
public record LiveEvent(long timeMillis, Kind kind, String name, String text, Map<String, String> labels) {

    public enum Kind { STAGE, FAULT, STEP }

    public LiveEvent {
        labels = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(labels));
    }
}
