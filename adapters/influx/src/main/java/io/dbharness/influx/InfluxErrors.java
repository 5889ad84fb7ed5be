package io.dbharness.influx;

import io.dbharness.http.Response;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;

import com.influxdb.exceptions.InfluxException;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one place where HTTP statuses and I/O failures of InfluxDB become {@link TargetException}s, so the
 * exit code (3 for unreachable or refused credentials), retries (429, 503) and messages are the same for
 * writes, queries and bucket calls. Messages are one line, built from the server's own error text, which
 * never contains the token or password.
 */
final class InfluxErrors {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern DROPPED = Pattern.compile("dropped=(\\d+)");
    private static final Pattern UNPARSABLE = Pattern.compile("unable to parse");
    /** Server messages kept in one error: enough to see the pattern, short enough for one line. */
    private static final int MESSAGES_KEPT = 3;

    private InfluxErrors() {
    }

    static TargetException io(IOException e, String endpoint, String what) {
        String reason;
        if (e instanceof ConnectException || e.getCause() instanceof ConnectException) {
            reason = "connection refused";
        } else if (e instanceof HttpConnectTimeoutException) {
            reason = "connect timed out";
        } else if (e instanceof HttpTimeoutException) {
            reason = "no answer in time";
        } else if (e.getCause() instanceof UnresolvedAddressException) {
            reason = "unknown host";
        } else if (e.getMessage() == null || e.getMessage().contains("chunked") || e.getMessage().contains("EOF")
                || e.getMessage().contains("header parser") || e.getMessage().contains("closed")) {
            // the client's own words for a connection cut mid-answer ("chunked transfer encoding, state: ...")
            reason = "the connection was lost before the answer was complete";
        } else {
            reason = e.getMessage();
        }
        return new TargetException(Kind.UNREACHABLE, null, "cannot reach InfluxDB at " + endpoint + " (" + what + "): " + reason, e);
    }

    /**
     * A failure of influxdb-client-java (the v2 API's queries and admin calls): its HTTP status as
     * {@link #status}, its I/O failure as {@link #io}, a deadline (okhttp's call, connect or read timeout) as
     * TIMEOUT, anything else (an error written into a query's answer) FATAL.
     */
    static TargetException client(InfluxException e, String endpoint, String context, String who) {
        if (e.status() > 0) {
            return status(new Response(e.status(), e.headers(), e.getMessage() == null ? "" : e.getMessage()), context, who);
        }
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            if (c instanceof ConnectException || c instanceof UnknownHostException) {
                return io((IOException) c, endpoint, context);
            }
            if (c instanceof InterruptedIOException) {
                return new TargetException(Kind.TIMEOUT, null, context + " on InfluxDB at " + endpoint
                        + ": no complete answer in time (" + c.getMessage() + ")", e);
            }
            if (c instanceof IOException io) {
                return io(io, endpoint, context);
            }
        }
        return new TargetException(Kind.FATAL, null, context + " failed: " + e.getMessage(), e);
    }

    /** A non-2xx answer; {@code context} says what was being done, {@code who} whose credentials were sent. */
    static TargetException status(Response r, String context, String who) {
        String msg = serverMessage(r.body());
        String code = Integer.toString(r.status());
        switch (r.status()) {
            case 401:
                return new TargetException(Kind.AUTHENTICATION, code, "InfluxDB refused the credentials of " + who
                        + " (" + context + "): " + msg, null);
            case 403:
                return new TargetException(Kind.AUTHENTICATION, code, who + " is not permitted to " + context
                        + ": " + msg, null);
            case 429:
            case 503:
                return new TargetException(Kind.RETRYABLE, code, context + " throttled by InfluxDB (HTTP " + code + "): " + msg, null);
            case 500:
                if (shuttingDown(msg)) { // the server closing down: gone, as its refused connections say next
                    return new TargetException(Kind.UNREACHABLE, code, context + ": InfluxDB is shutting down (HTTP "
                            + code + "): " + msg, null);
                }
                return new TargetException(Kind.FATAL, code, context + " failed (HTTP " + code + "): " + msg, null);
            case 413:
                return new TargetException(Kind.FATAL, code, context + " refused as too large (HTTP 413); lower --batch-lines: " + msg, null);
            default:
                return new TargetException(Kind.FATAL, code, context + " failed (HTTP " + code + "): " + msg, null);
        }
    }

    /**
     * A non-2xx answer to a write. A server error (5xx) may come after the points were stored (InfluxDB 1.x answers
     * "write failed" while it shuts down, having stored them; its docs say a 500 may be a timeout whose points are
     * written anyway): their fate is unknown, and since a point written twice is stored once, the write is sent
     * again, as a refused connection's is, rather than its rows counted as certainly not stored.
     */
    static TargetException writeStatus(Response r, String context, String who) {
        TargetException e = status(r, context, who);
        if (r.status() < 500) {
            return e;
        }
        TargetException.Kind kind = e.kind() == TargetException.Kind.FATAL ? TargetException.Kind.RETRYABLE : e.kind();
        return new TargetException(kind, io.dbharness.core.api.Fate.UNKNOWN, e.vendorCode(), e.getMessage(), null);
    }

    /** InfluxDB's words for a server closing down ({@code query engine shutdown}, {@code server shutting down}). */
    static boolean shuttingDown(String serverMessage) {
        return serverMessage.contains("shutdown") || serverMessage.contains("shutting down");
    }

    /**
     * A 400 on a write: InfluxDB stored the lines it could and names the rest ({@code partial write: ...
     * dropped=N}, one {@code unable to parse} per bad line). The count and the first messages go in the
     * error; the engine counts the batch's rows as failed.
     *
     * @param committedBefore lines of the batch accepted by earlier posts
     * @param skipped         rows of the batch with no field, never sent
     */
    static TargetException rejectedWrite(Response r, int linesPosted, String where, long committedBefore,
                                         long skipped) {
        String text = serverText(r.body());
        long rejected = rejectedLines(text);
        String[] parts = text.split("\n");
        StringBuilder first = new StringBuilder();
        for (int i = 0; i < parts.length && i < MESSAGES_KEPT; i++) {
            first.append(i == 0 ? "" : " | ").append(parts[i].trim());
        }
        if (parts.length > MESSAGES_KEPT) {
            first.append(" | ... ").append(parts.length - MESSAGES_KEPT).append(" more");
        }
        String count = rejected > 0 ? rejected + " of " + linesPosted : "some of " + linesPosted;
        // InfluxDB keeps the good lines of a partial write; when it does not say how many it dropped, count
        // only the earlier posts as written (the verification then shows the difference)
        long stored = committedBefore + (rejected > 0 ? Math.max(0, linesPosted - rejected) : 0);
        return new io.dbharness.core.api.PartialWriteException("400", "InfluxDB rejected " + count + " lines written to "
                + where + ": " + first, stored, skipped);
    }

    /** Lines a 400 names as not written: one per {@code unable to parse}, plus {@code dropped=N}. */
    static long rejectedLines(String serverText) {
        long n = 0;
        Matcher m = UNPARSABLE.matcher(serverText);
        while (m.find()) {
            n++;
        }
        Matcher d = DROPPED.matcher(serverText);
        while (d.find()) {
            n += Long.parseLong(d.group(1));
        }
        return n;
    }

    /** The server's message on one line: {@code error} (v1) or {@code message} (v2) of a JSON body, else the body. */
    static String serverMessage(String body) {
        String t = serverText(body).replace('\n', ' ').replace('\r', ' ').trim();
        return t.length() > 500 ? t.substring(0, 500) + "..." : t;
    }

    private static String serverText(String body) {
        if (body == null || body.isBlank()) {
            return "(no message)";
        }
        try {
            JsonNode n = JSON.readTree(body);
            for (String key : new String[] {"error", "message"}) {
                if (n.hasNonNull(key)) {
                    return n.get(key).asText();
                }
            }
        } catch (IOException | RuntimeException notJson) {
            // fall through: plain text
        }
        return body.trim();
    }
}
