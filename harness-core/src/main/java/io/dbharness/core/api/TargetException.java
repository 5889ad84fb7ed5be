package io.dbharness.core.api;

import java.util.Objects;

/**
 * A failure reported by a target, classified by the adapter that knows its error codes.
 * The message is one line meant for the user and must never contain a secret.
 */
public class TargetException extends Exception {

    public enum Kind {
        /** Worth trying again as it is (serialization failure, deadlock, throttling). */
        RETRYABLE,
        /** This operation failed; the target is still usable. */
        FATAL,
        /** The operation passed its deadline and was cancelled ({@code --op-timeout}). */
        TIMEOUT,
        /** The target cannot be reached or the connection went away. */
        UNREACHABLE,
        /** Credentials were refused. */
        AUTHENTICATION
    }

    private final Kind kind;
    private final Fate fate;
    private final String vendorCode;

    /**
     * @param fate what the failed attempt left in the target: NOT_APPLIED or UNKNOWN (never APPLIED)
     */
    public TargetException(Kind kind, Fate fate, String vendorCode, String message, Throwable cause) {
        super(message, cause);
        this.kind = Objects.requireNonNull(kind, "kind");
        this.fate = Objects.requireNonNull(fate, "fate");
        if (fate == Fate.APPLIED) {
            throw new IllegalArgumentException("a failure cannot have been applied");
        }
        this.vendorCode = vendorCode == null ? "" : vendorCode;
    }

    /** A failure that left nothing in the target. */
    public TargetException(Kind kind, String vendorCode, String message, Throwable cause) {
        this(kind, Fate.NOT_APPLIED, vendorCode, message, cause);
    }

    public TargetException(Kind kind, String message) {
        this(kind, null, message, null);
    }

    public Kind kind() {
        return kind;
    }

    public Fate fate() {
        return fate;
    }

    /** SQLSTATE, HTTP status or similar; empty when the target gave none. */
    public String vendorCode() {
        return vendorCode;
    }

    /** Whether the connection it happened on is gone or in doubt, so the session must reconnect. */
    public boolean connectionLost() {
        return kind == Kind.UNREACHABLE || kind == Kind.TIMEOUT;
    }
}
