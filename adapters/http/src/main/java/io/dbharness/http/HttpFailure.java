package io.dbharness.http;

import java.io.IOException;

/**
 * A post that ended without a response, with what is known about the fate of the request. The message is one
 * line naming the endpoint and what happened; it never contains header values (no credentials).
 *
 * <p>When several flags are set, they say the same failure from different sides: a deadline that passed while
 * connecting is {@code timedOut()} and {@code connectFailed()}; {@link #cancelled()} wins over
 * {@link #timedOut()} (whichever came first is the one reported).
 */
public final class HttpFailure extends IOException {

    private final boolean requestSent;
    private final boolean timedOut;
    private final boolean cancelled;
    private final boolean connectFailed;

    public HttpFailure(String message, Throwable cause, boolean requestSent, boolean timedOut, boolean cancelled,
                       boolean connectFailed) {
        super(message, cause);
        if (connectFailed && requestSent) {
            throw new IllegalArgumentException("a request cannot be sent on a connection that failed to open");
        }
        if (timedOut && cancelled) {
            throw new IllegalArgumentException("a failure is either timed out or cancelled, not both");
        }
        this.requestSent = requestSent;
        this.timedOut = timedOut;
        this.cancelled = cancelled;
        this.connectFailed = connectFailed;
    }

    /**
     * True when the whole request (head and every byte of the body) had been handed to the connection before
     * it failed: the server may have received and processed it, and a resend may store it twice. False when
     * no complete request can have reached the server (failed while connecting, in the TLS handshake, or
     * before the last byte of the body was written; the body is framed by {@code Content-Length}, so a server
     * cannot take a partial body for a whole one): resending is safe.
     */
    public boolean requestSent() {
        return requestSent;
    }

    /** The post's deadline ({@code requestTimeout}) passed, or a connect, TLS or read timeout within it. */
    public boolean timedOut() {
        return timedOut;
    }

    /** {@link HttpPoster#cancel()} aborted it. */
    public boolean cancelled() {
        return cancelled;
    }

    /**
     * No connection could be opened: refused, unknown host, connect timeout, or a TLS handshake that failed
     * or did not finish. Implies {@code !requestSent()}.
     */
    public boolean connectFailed() {
        return connectFailed;
    }
}
