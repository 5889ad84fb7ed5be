package io.dbharness.core.encode;

import io.dbharness.core.config.Option;
import io.dbharness.core.config.Settings;
import io.dbharness.core.config.ValueType;

import java.util.Optional;

/**
 * The options every line-protocol target shares, declared once so {@code --precision} and
 * {@code --batch-lines} mean the same on InfluxDB and QuestDB.
 *
 * @param precision  empty for {@code auto}: each batch in the coarsest unit that carries its timestamps exactly
 * @param batchLines lines per HTTP write; a larger batch is split at line ends
 */
public record LineOptions(Optional<LinePrecision> precision, int batchLines) {

    public static final Option<Integer> BATCH_LINES = Option.of("batch-lines", "N", "5000",
            "Lines per HTTP write; a --write-batch-rows batch is split into such posts", ValueType.integer(1, 10_000_000));
    /** Empty for {@code auto}. */
    public static final Option<Optional<LinePrecision>> PRECISION = Option.of("precision", "UNIT", "auto",
            "Timestamp unit on the wire: ns|us|ms|s, or auto (the coarsest that keeps each batch's timestamps exact)",
            (s, name) -> {
                String p = s.string(name).trim();
                if (p.equalsIgnoreCase("auto")) {
                    return Optional.empty();
                }
                try {
                    return Optional.of(LinePrecision.parse(p));
                } catch (RuntimeException e) {
                    throw s.bad(name, p, "ns|us|ms|s|auto");
                }
            });

    public static LineOptions from(Settings s) {
        return new LineOptions(s.get(PRECISION), s.get(BATCH_LINES));
    }
}
