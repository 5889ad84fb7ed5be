package io.dbharness.core.api;

import java.util.Objects;

/**
 * What became of an attempt whose fate was {@link Fate#UNKNOWN}, asked of the target after reconnecting.
 *
 * @param result what the attempt did when it was applied; null otherwise
 */
public record Resolution(Fate fate, OpResult result) {

    public static final Resolution NOT_APPLIED = new Resolution(Fate.NOT_APPLIED, null);
    public static final Resolution UNKNOWN = new Resolution(Fate.UNKNOWN, null);

    public Resolution {
        Objects.requireNonNull(fate, "fate");
        if ((fate == Fate.APPLIED) != (result != null)) {
            throw new IllegalArgumentException("a result goes with APPLIED and only with it");
        }
    }

    public static Resolution applied(OpResult result) {
        return new Resolution(Fate.APPLIED, result);
    }
}
