package io.dbharness.core.api;

/**
 * A failure reported by a target, classified by the adapter that knows its error codes.
 * The message is one line meant for the user and must never contain a secret.
 */
public class TargetException extends Exception {

    public enum Kind {
        /** Worth trying again (serialization failure, deadlock, throttling). */
        RETRYABLE,
        /** This operation failed; the target is still usable. */
        FATAL,
        /** The target cannot be reached or went away. */
        UNREACHABLE,
        /** Credentials were refused. */
        AUTHENTICATION
    }

    private final Kind kind;
    private final String vendorCode;

    public TargetException(Kind kind, String vendorCode, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.vendorCode = vendorCode == null ? "" : vendorCode;
    }

    public TargetException(Kind kind, String message) {
        this(kind, null, message, null);
    }

    public Kind kind() {
        return kind;
    }

    /** SQLSTATE, HTTP status or similar; empty when the target gave none. */
    public String vendorCode() {
        return vendorCode;
    }
}
