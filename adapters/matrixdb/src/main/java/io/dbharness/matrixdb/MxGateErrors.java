package io.dbharness.matrixdb;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;
import io.dbharness.http.HttpFailure;
import io.dbharness.http.Response;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * MatrixGate's answers turned into outcomes. Its API documents 204 for a body taken whole and 200 for a
 * body with bad lines, each named in the response as {@code At line: N} followed by the reason; the other
 * lines of such a body are loaded. Everything else is an HTTP failure of the whole body.
 */
final class MxGateErrors {

    private static final int SHOWN = 3;

    private MxGateErrors() {
    }

    /** The per-line errors of a 200 body, one string each (the reason joined to its line number). */
    static List<String> lineErrors(String body) {
        List<String> errors = new ArrayList<>();
        StringBuilder current = null;
        for (String line : body.split("\r?\n")) {
            String t = line.strip();
            if (t.isEmpty()) {
                continue;
            }
            if (t.regionMatches(true, 0, "At line", 0, 7)) {
                if (current != null) {
                    errors.add(current.toString());
                }
                current = new StringBuilder(t);
            } else if (current != null) {
                current.append(' ').append(t);
            } else {
                current = new StringBuilder(t); // a reason without a line number still counts as one error
            }
        }
        if (current != null) {
            errors.add(current.toString());
        }
        return errors;
    }

    /** A 200 with line errors: the rejected lines counted, the first reasons shown. */
    static io.dbharness.core.api.PartialWriteException rejected(List<String> errors, int lines, String where) {
        String shown = String.join("; ", errors.subList(0, Math.min(SHOWN, errors.size())));
        String more = errors.size() > SHOWN ? " (and " + (errors.size() - SHOWN) + " more)" : "";
        // MatrixGate loads the other lines of the body: they count as written
        return new io.dbharness.core.api.PartialWriteException("200", "MatrixGate rejected " + errors.size() + " of "
                + lines + " lines written to " + where + ": " + shown + more, Math.max(0, lines - errors.size()), 0);
    }

    /** Any other status: 429/503 (MatrixGate busy) may pass on a retry, the rest fail the write. */
    static TargetException status(Response r, String where) {
        String first = r.body().strip().lines().findFirst().orElse("");
        if (first.length() > 300) {
            first = first.substring(0, 300) + "...";
        }
        Kind kind = r.status() == 429 || r.status() == 503 ? Kind.RETRYABLE : Kind.FATAL;
        return new TargetException(kind, Integer.toString(r.status()), "MatrixGate answered HTTP " + r.status()
                + " to a write into " + where + (first.isEmpty() ? "" : ": " + first), null);
    }

    static TargetException unreachable(MxGateUrl url, IOException e) {
        // HttpPoster's HttpFailure carries the socket's own exception as its cause: the same words as before
        Throwable c = e instanceof HttpFailure && e.getCause() != null ? e.getCause() : e;
        String why = c instanceof java.net.ConnectException ? "connection refused"
                : c instanceof java.net.SocketTimeoutException || (e instanceof HttpFailure f && f.timedOut()) ? "timed out"
                : c instanceof java.net.UnknownHostException ? "unknown host" : e.toString();
        return new TargetException(Kind.UNREACHABLE, null, "cannot reach MatrixGate at " + url.text() + ": " + why
                + " (is mxgate running with an HTTP source?)", e);
    }
}
