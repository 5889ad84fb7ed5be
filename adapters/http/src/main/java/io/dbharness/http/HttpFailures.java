package io.dbharness.http;

import io.dbharness.core.api.Fate;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;

/**
 * A failed post as the engine needs it, the same for every HTTP target: TIMEOUT when the deadline (or a
 * cancel) ended it, UNREACHABLE otherwise (the connection is gone either way, so the worker reconnects);
 * fate UNKNOWN once the whole request was sent, or when earlier posts of the same batch were stored.
 */
public final class HttpFailures {

    private HttpFailures() {
    }

    /**
     * @param message         one line for the user: what was being written where, then {@code f}'s own message
     * @param earlierStored   whether earlier posts of the same operation were already stored
     */
    public static TargetException toTarget(HttpFailure f, String message, boolean earlierStored) {
        Fate fate = f.requestSent() || earlierStored ? Fate.UNKNOWN : Fate.NOT_APPLIED;
        return new TargetException(kind(f), fate, null, message, f);
    }

    /** {@link Kind#TIMEOUT} or {@link Kind#UNREACHABLE}, as {@link #toTarget} would say. */
    public static Kind kind(HttpFailure f) {
        return f.timedOut() || f.cancelled() ? Kind.TIMEOUT : Kind.UNREACHABLE;
    }
}
