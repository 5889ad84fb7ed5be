package io.dbharness.http;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Status, headers and body of an HTTP response.
 *
 * @param status  the final status (never 1xx: interim responses are skipped)
 * @param headers header names in lower case; the first value of a repeated header
 * @param body    the body as UTF-8, at most {@link #MAX_BODY_BYTES} of it kept (write answers here are small:
 *                empty, or an error text)
 */
public record Response(int status, Map<String, String> headers, String body) {

    /** Bytes of a response body kept; the rest is read and dropped so that the connection can be reused. */
    public static final int MAX_BODY_BYTES = 1 << 20;

    public Response {
        if (status < 100 || status > 999) {
            throw new IllegalArgumentException("HTTP status " + status + " is not a three-digit code");
        }
        Objects.requireNonNull(body, "body");
        headers = lowerCaseNames(Objects.requireNonNull(headers, "headers"));
    }

    /** The first value of header {@code name}, any case. */
    public Optional<String> header(String name) {
        return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
    }

    /** A 2xx status. */
    public boolean ok() {
        return status / 100 == 2;
    }

    private static Map<String, String> lowerCaseNames(Map<String, String> headers) {
        for (String name : headers.keySet()) {
            if (!name.equals(name.toLowerCase(Locale.ROOT))) {
                Map<String, String> lower = new HashMap<>();
                headers.forEach((k, v) -> lower.putIfAbsent(k.toLowerCase(Locale.ROOT), v));
                return Map.copyOf(lower);
            }
        }
        return Map.copyOf(headers);
    }
}
