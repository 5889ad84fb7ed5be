package io.dbharness.tck;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * The clauses a target cannot honour, each with the reason: what {@link Contract#notApplicable()} returns.
 * {@code NotApplicable.because("noop stores nothing", Clause.COUNT, Clause.SCHEMA_MODES).because(...)}.
 */
public final class NotApplicable {

    private final Map<Clause, String> reasons = new EnumMap<>(Clause.class);

    private NotApplicable() {
    }

    /** Every clause applies. */
    public static NotApplicable none() {
        return new NotApplicable();
    }

    public static NotApplicable because(String reason, Clause... clauses) {
        return new NotApplicable().and(reason, clauses);
    }

    /** Adds {@code clauses}, which this target cannot honour for {@code reason}. */
    public NotApplicable and(String reason, Clause... clauses) {
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("a clause declared not applicable needs its reason");
        }
        for (Clause c : clauses) {
            if (reasons.put(c, reason) != null) {
                throw new IllegalArgumentException(c + " declared not applicable twice");
            }
        }
        return this;
    }

    /** The reason {@code clause} does not apply, or null when it does. */
    public String reason(Clause clause) {
        return reasons.get(clause);
    }

    public Map<Clause, String> reasons() {
        return Collections.unmodifiableMap(reasons);
    }
}
