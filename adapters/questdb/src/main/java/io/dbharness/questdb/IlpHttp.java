package io.dbharness.questdb;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The HTTP side of a QuestDB: connections for line-protocol writes and the one place where HTTP outcomes become
 * {@link TargetException}s. HTTP/1.1 is forced: QuestDB does not speak HTTP/2, and the JDK client's h2c
 * upgrade attempt would cost a round trip and a header on every new connection.
 */
final class IlpHttp {

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    private static final Pattern VERSIONS = Pattern.compile("\"line\\.proto\\.support\\.versions\"\\s*:\\s*\\[([0-9,\\s]*)]");
    private static final Pattern MESSAGE = Pattern.compile("\"message\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");

    private final URI base;
    private final String display;

    IlpHttp(URI base, String display) {
        this.base = base;
        this.display = display;
    }

    /** For the probe; writes use {@link #openWriteConnection}. */
    static HttpClient newClient() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(CONNECT_TIMEOUT).build();
    }

    /** A connection of its own for one writer, {@code requestTimeout} the deadline of one post ({@code --op-timeout}). */
    io.dbharness.http.HttpPoster openWriteConnection(Duration requestTimeout) {
        return new io.dbharness.http.HttpPoster(base, CONNECT_TIMEOUT, requestTimeout);
    }

    String display() {
        return display;
    }

    /** {@code GET /ping}: fails fast with UNREACHABLE before a run starts against a wrong URL. */
    void probe() throws TargetException {
        HttpClient client = newClient();
        try {
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(base.resolve("/ping")).timeout(CONNECT_TIMEOUT)
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() / 100 != 2) {
                throw failure(r.statusCode(), r.body(), "probing /ping");
            }
        } catch (IOException e) {
            throw unreachable(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetException(Kind.UNREACHABLE, null, "interrupted while connecting to QuestDB at " + display, e);
        }
    }

    /**
     * The line-protocol versions the server reads, from {@code GET /settings}; {@code {1}} for a server whose
     * settings do not list them (before QuestDB 9) or that has no {@code /settings} (404).
     */
    java.util.Set<Integer> lineProtocolVersions() throws TargetException {
        try {
            HttpResponse<String> r = newClient().send(HttpRequest.newBuilder(base.resolve("/settings"))
                    .timeout(CONNECT_TIMEOUT).GET().build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() == 404) {
                return java.util.Set.of(1);
            }
            if (r.statusCode() / 100 != 2) {
                throw failure(r.statusCode(), r.body(), "reading /settings");
            }
            return versions(r.body());
        } catch (IOException e) {
            throw unreachable(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetException(Kind.UNREACHABLE, null, "interrupted while connecting to QuestDB at " + display, e);
        }
    }

    static java.util.Set<Integer> versions(String settings) {
        Matcher m = VERSIONS.matcher(settings);
        if (!m.find()) {
            return java.util.Set.of(1);
        }
        java.util.Set<Integer> versions = new java.util.TreeSet<>();
        for (String v : m.group(1).split(",")) {
            if (v.isBlank()) {
                continue;
            }
            try {
                versions.add(Integer.parseInt(v.trim()));
            } catch (NumberFormatException e) { // a version past int's range is none this harness reads
            }
        }
        return versions.isEmpty() ? java.util.Set.of(1) : versions;
    }

    TargetException unreachable(IOException e) {
        String reason;
        if (e instanceof ConnectException || e.getCause() instanceof ConnectException) {
            reason = "connection refused";
        } else if (e instanceof HttpConnectTimeoutException) {
            reason = "connect timed out";
        } else if (e instanceof HttpTimeoutException || e instanceof java.net.SocketTimeoutException) {
            reason = "no answer within " + CONNECT_TIMEOUT.toSeconds() + " s";
        } else {
            reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
        return new TargetException(Kind.UNREACHABLE, null, "cannot reach QuestDB at " + display + ": " + reason, e);
    }

    /**
     * A non-2xx answer: 400 is a line the server refused (FATAL, its message shown), 401/403 refused
     * credentials, 429/503 throttling (RETRYABLE), anything else FATAL.
     */
    TargetException failure(int status, String body, String context) {
        Kind kind = switch (status) {
            case 401, 403 -> Kind.AUTHENTICATION;
            case 429, 503 -> Kind.RETRYABLE;
            default -> Kind.FATAL;
        };
        return new TargetException(kind, Integer.toString(status),
                "QuestDB at " + display + " answered HTTP " + status + " to " + context + ": " + serverMessage(body), null);
    }

    /** The {@code message} of QuestDB's JSON error, on one line and bounded; the raw body when it is not JSON. */
    static String serverMessage(String body) {
        String text = body == null ? "" : body;
        Matcher m = MESSAGE.matcher(text);
        if (m.find()) {
            text = m.group(1).replace("\\n", " ").replace("\\\"", "\"").replace("\\\\", "\\");
        }
        text = text.replace('\n', ' ').replace('\r', ' ').trim();
        if (text.isEmpty()) {
            return "(no message)";
        }
        return text.length() > 300 ? text.substring(0, 300) + "..." : text;
    }
}
