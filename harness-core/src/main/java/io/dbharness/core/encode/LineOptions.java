package io.dbharness.core.encode;

import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.util.Optional;

/**
 * The options every line-protocol target shares, declared once so {@code --precision} and
 * {@code --batch-lines} mean the same on InfluxDB and QuestDB.
 *
 * @param precision  empty for {@code auto}: each batch in the coarsest unit that carries its timestamps exactly
 * @param batchLines lines per HTTP write; a larger batch is split at line ends
 */
public record LineOptions(Optional<LinePrecision> precision, int batchLines) {

    public static final OptionDef BATCH_LINES = OptionDef.of("batch-lines", "N", "5000",
            "Lines per HTTP write; a --write-batch-rows batch is split into such posts");
    public static final OptionDef PRECISION = OptionDef.of("precision", "UNIT", "auto",
            "Timestamp unit on the wire: ns|us|ms|s, or auto (the coarsest that keeps each batch's timestamps exact)");

    public static LineOptions from(Settings s) {
        String p = s.string("precision").trim();
        Optional<LinePrecision> precision = Optional.empty();
        if (!p.equalsIgnoreCase("auto")) {
            try {
                precision = Optional.of(LinePrecision.parse(p));
            } catch (RuntimeException e) {
                throw s.bad("precision", p, "ns|us|ms|s|auto");
            }
        }
        return new LineOptions(precision, s.intValue("batch-lines", 1, 10_000_000));
    }
}
