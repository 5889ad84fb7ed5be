package io.dbharness.core.api;

/**
 * A setting {@code runner find-max} (and the library's search) may vary for a workload: an option where more means
 * more load, and the range searched when none is given. A workload declares its own
 * ({@link WorkloadProvider#searchAxes()}); the engine's {@link #RATE} and {@link #WORKERS} serve most.
 *
 * @param option  the option's flag name, e.g. {@code terminals}
 * @param from    the first setting tried by default
 * @param to      the highest setting tried by default
 * @param integer whether the settings are whole numbers (workers, terminals, devices)
 */
public record SearchAxis(String option, double from, double to, boolean integer) {

    /** The open model's offered rate, operations (or rows) per second. */
    public static final SearchAxis RATE = new SearchAxis("rate", 1000, 1e9, false);
    /** Parallel workers, each a connection. */
    public static final SearchAxis WORKERS = new SearchAxis("workers", 1, 1024, true);

    public SearchAxis {
        if (option == null || option.isBlank() || !(from > 0) || !(to >= from)) {
            throw new IllegalArgumentException("axis " + option + ": need 0 < from <= to: " + from + ", " + to);
        }
    }
}
