package io.dbharness.core.api;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a {@link ServerTelemetry.Session} could not have, and why: written from the session's thread, read by the
 * engine's when the session is late with its last readings, so the one place that takes a lock.
 */
public final class Unavailable {

    private final Map<String, String> reasons = new TreeMap<>();

    /** Says that {@code what} cannot be had, and why (a later reason for the same thing replaces the first). */
    public synchronized void put(String what, String why) {
        reasons.put(what, why);
    }

    /** The reasons so far, a copy. */
    public synchronized Map<String, String> snapshot() {
        return Map.copyOf(reasons);
    }
}
