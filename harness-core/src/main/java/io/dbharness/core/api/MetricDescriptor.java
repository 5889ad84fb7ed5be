package io.dbharness.core.api;

import java.util.Objects;

/**
 * What one figure a sampler or an adapter reports is (a server counter, a gauge, a wait), so that summaries, reports,
 * {@code explain} and {@code merge} render and classify it without knowing the product: whoever reports a figure
 * declares it ({@link MetricCatalogue}), and the result carries the declarations of the figures it holds.
 *
 * @param name     the figure's name as reported ({@code commits}, {@code wal_bytes}, a wait's name)
 * @param kind     a counter (what it grew by over a time), a gauge (a level) or a wait (sessions seen on it)
 * @param unit     what one of it is
 * @param category what part of the system it tells about; {@code explain} classifies waits by it
 * @param merge    how readings of it from several sources or intervals combine
 * @param label    a few words for people ({@code WAL syncs}); figures of one label are one figure in the summary
 *                 and the report (PostgreSQL's timed and requested checkpoints are both {@code checkpoints})
 * @param show     whether the summary and the report's server table show it, in the catalogue's order
 */
public record MetricDescriptor(String name, Kind kind, Unit unit, Category category, Merge merge, String label,
                               Show show) {

    /** A counter grows (the result keeps its growth), a gauge is a level, a wait counts sessions seen on it per look. */
    public enum Kind { COUNTER, GAUGE, WAIT }

    /** What one of the figure is. */
    public enum Unit { COUNT, BYTES, MILLIS, SECONDS, PERCENT, SESSIONS }

    /**
     * What part of the system a figure tells about. For a wait: {@code CPU} is running, {@code IO} waiting on reads of
     * stored data, {@code WAL} on writing or syncing the log, {@code LOCK} on another session's locks, {@code CLIENT}
     * on the client's next statement or data, {@code OTHER} anything else.
     */
    public enum Category { CPU, IO, WAL, LOCK, CLIENT, TRANSACTIONS, STORAGE, NETWORK, MEMORY, OTHER }

    /**
     * How readings combine (several figures of one label, several sources): summed (counters), the highest, the
     * mean, or the latest (a level read twice).
     */
    public enum Merge {
        SUM, MAX, MEAN, LAST;

        /** {@code sofar}, the combination of {@code n} readings, with one more. */
        public double combine(double sofar, int n, double next) {
            return switch (this) {
                case SUM -> sofar + next;
                case MAX -> Math.max(sofar, next);
                case MEAN -> (sofar * n + next) / (n + 1);
                case LAST -> next;
            };
        }
    }

    /** Whether the summary and the report's table show the figure: never, always, or when it is not zero. */
    public enum Show { NO, ALWAYS, NONZERO }

    public MetricDescriptor {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        unit = unit == null ? Unit.COUNT : unit;
        category = category == null ? Category.OTHER : category;
        merge = merge == null ? (kind == Kind.GAUGE ? Merge.LAST : Merge.SUM) : merge;
        label = label == null || label.isBlank() ? name : label;
        show = show == null ? Show.NO : show;
    }

    /** A figure nobody declared: its name is its label, of no category, not shown but in the result's maps. */
    public static MetricDescriptor undeclared(String name, Kind kind) {
        return new MetricDescriptor(name, kind, kind == Kind.WAIT ? Unit.SESSIONS : Unit.COUNT, Category.OTHER, null,
                name, Show.NO);
    }

    /** The same declaration for another name (a pattern's, for a name it matched). */
    public MetricDescriptor named(String other) {
        return new MetricDescriptor(other, kind, unit, category, merge, label.equals(name) ? other : label, show);
    }
}
