package io.dbharness.live;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Secrets;
import io.dbharness.core.encode.LinePrecision;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where {@code --metrics-push} writes the run's live figures as InfluxDB line protocol: a 1.x {@code /write} or a
 * 2.x {@code /api/v2/write} URL, and the credentials kept apart from it, in {@link #TOKEN_ENV} (a URL is shown, a
 * token never).
 *
 * @param writeUri      the URL written to, with the {@code precision} the pusher writes in
 * @param shown         the URL as given, for messages and results (it holds no secret: one is refused)
 * @param precision     the timestamps' unit ({@code precision=} of the URL; milliseconds when not given)
 * @param authorization the {@code Authorization} header's value, empty without a token
 */
public record PushOptions(URI writeUri, String shown, LinePrecision precision, Optional<String> authorization) {

    public static final String TOKEN_ENV = "DBHARNESS_METRICS_PUSH_TOKEN";

    private static final String V1_PATH = "/write";
    private static final String V2_PATH = "/api/v2/write";
    private static final String FORMS = "http[s]://HOST:PORT/write?db=DB or http[s]://HOST:PORT/api/v2/write?org=O&bucket=B";

    /**
     * The push to {@code url} with the credentials of {@code env}'s {@link #TOKEN_ENV}: only there, never in an
     * option, so no process list or config file shows them.
     */
    public static PushOptions of(String url, java.util.Map<String, String> env) {
        return parse(url, env.getOrDefault(TOKEN_ENV, ""));
    }

    /** {@code url} checked: a known API path with its parameters, no credentials in it. */
    public static PushOptions parse(String url, String token) {
        int hash = url.indexOf('#');
        // a fragment is never sent, and is no place for anything: not shown either
        String shown = Secrets.maskEmbedded(hash < 0 ? url : url.substring(0, hash)) + (hash < 0 ? "" : "#" + Secrets.MASK);
        String flag = "--" + LiveOptions.METRICS_PUSH.name() + " " + shown + ": ";
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            throw new UsageException(flag + "expected " + FORMS);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new UsageException(flag + "expected " + FORMS);
        }
        if (uri.getPort() == 0 || uri.getPort() > 65535) {
            throw new UsageException(flag + "expected a port from 1 to 65535");
        }
        if (uri.getUserInfo() != null) { // a URL is shown and seen in process lists: credentials go apart
            throw new UsageException(flag + "no credentials in the URL; give them in " + TOKEN_ENV);
        }
        if (uri.getRawFragment() != null) {
            throw new UsageException(flag + "no #fragment: expected " + FORMS);
        }
        Map<String, String> query = query(uri.getRawQuery());
        // credentials: every secret the masking knows, and InfluxDB's user u beside its password p
        if (query.keySet().stream().anyMatch(k -> k.equalsIgnoreCase("u") || Secrets.secretParameter(k))) {
            throw new UsageException(flag + "no credentials in the URL; give them in " + TOKEN_ENV);
        }
        String path = uri.getPath() == null ? "" : uri.getPath();
        boolean v2;
        if (path.equals(V1_PATH)) {
            v2 = false;
            require(query, flag, "db");
        } else if (path.equals(V2_PATH)) {
            v2 = true;
            require(query, flag, "org");
            require(query, flag, "bucket");
            if (token.isEmpty()) {
                throw new UsageException(flag + "the 2.x API needs a token: set " + TOKEN_ENV);
            }
        } else {
            throw new UsageException(flag + "expected " + FORMS);
        }
        LinePrecision precision;
        try {
            precision = query.containsKey("precision") ? LinePrecision.parse(query.get("precision")) : LinePrecision.MS;
        } catch (UsageException e) {
            throw new UsageException(flag + "precision: expected ns, us, ms or s");
        }
        query.put("precision", v2 ? precision.v2Name() : precision.v1Name());
        StringBuilder q = new StringBuilder();
        query.forEach((k, v) -> q.append(q.length() == 0 ? "" : "&").append(encode(k)).append('=').append(encode(v)));
        URI write = URI.create(scheme + "://" + uri.getRawAuthority() + path + "?" + q);
        Optional<String> authorization = token.isEmpty() ? Optional.empty() : Optional.of(v2 ? "Token " + token
                : "Basic " + java.util.Base64.getEncoder().encodeToString(token.getBytes(StandardCharsets.UTF_8)));
        if (!v2 && !token.isEmpty() && !token.contains(":")) {
            throw new UsageException(TOKEN_ENV + ": a 1.x server takes USER:PASSWORD");
        }
        return new PushOptions(write, shown, precision, authorization);
    }

    private static void require(Map<String, String> query, String flag, String name) {
        if (query.getOrDefault(name, "").isEmpty()) {
            throw new UsageException(flag + "it names no " + name + "= (expected " + FORMS + ")");
        }
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            if (!k.isEmpty()) {
                out.put(k.toLowerCase(Locale.ROOT).equals("precision") ? "precision" : k, v);
            }
        }
        return out;
    }

    private static String encode(String s) {
        return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
