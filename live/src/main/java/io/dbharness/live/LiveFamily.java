package io.dbharness.live;

import java.util.List;

/**
 * One figure a run publishes while it lasts, declared once: every exporter renders it under this name, with these
 * labels. Names follow Prometheus' conventions ({@code dbharness_}, the unit last); a counter's name is given
 * without the {@code _total} Prometheus' text format appends.
 *
 * @param name   e.g. {@code dbharness_rows}, {@code dbharness_operation_duration_seconds}
 * @param unit   the unit its name ends with ({@code seconds}, {@code bytes}, {@code percent}), empty for a count
 * @param help   one line saying what it is
 * @param labels the names of its labels, in order: the run's ({@link LiveFigures#RUN_LABELS}) then its own
 */
public record LiveFamily(String name, Type type, String unit, String help, List<String> labels) {

    /**
     * COUNTER only grows over a run (a new run is a new series: its run_id differs); GAUGE is a level; HISTOGRAM
     * counts observations (seconds) into fixed buckets ({@link LiveFigures#BUCKETS}), cumulative over the run.
     */
    public enum Type { COUNTER, GAUGE, HISTOGRAM }

    public LiveFamily {
        labels = List.copyOf(labels);
    }
}
