package io.dbharness.influx;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Settings;
import io.dbharness.core.encode.LineOptions;
import io.dbharness.core.encode.LinePrecision;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;

/**
 * The influx target's options, validated once. Secrets (token, password) stay in this record and in the
 * {@code Authorization} header; nothing here prints them.
 *
 * @param precision empty for {@code auto}: each batch is sent in the coarsest unit that carries its timestamps
 * @param opTimeout {@code --op-timeout}: the deadline of one write post
 */
record InfluxConfig(URI baseUri, InfluxApi api, String database, String retentionPolicy, String username,
                    String password, String org, String bucket, String token, int batchLines, boolean gzip,
                    Optional<LinePrecision> precision, java.time.Duration opTimeout) {

    static final String DEFAULT_URL = "http://localhost:8086";
    static final String DEFAULT_DATABASE = "dbharness";

    static InfluxConfig from(Settings s) {
        String url = s.optional("influx-url").orElse(DEFAULT_URL).trim();
        String expected = "http://HOST:PORT or https://HOST:PORT";
        URI uri;
        try {
            uri = new URI(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
        } catch (URISyntaxException e) {
            throw s.bad("influx-url", url, expected);
        }
        if (uri.getScheme() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
                || uri.getHost() == null) {
            throw s.bad("influx-url", url, expected);
        }
        // InfluxDB 1.x also reads u= and p= from the query: refused like userinfo, and never echoed
        if (uri.getRawUserInfo() != null || hasCredentialParameter(uri.getRawQuery())) {
            throw new UsageException("--influx-url must not carry credentials; use --username with INFLUX_PASSWORD (v1),"
                    + " or INFLUX_TOKEN (v2)");
        }
        // the harness appends /ping, /write, /api/v2/... itself: a query or fragment would end up inside them
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw s.bad("influx-url", url, expected + " without a query");
        }
        LineOptions line = LineOptions.from(s);
        return new InfluxConfig(uri, s.get(InfluxTargetProvider.API),
                s.optional("influx-database").orElse(DEFAULT_DATABASE), s.optional("retention-policy").orElse(""),
                s.optional("username").orElse(""), s.optional("influx-password").orElse(""),
                s.optional("org").orElse(""), s.optional("bucket").orElse(""), s.optional("token").orElse(""),
                line.batchLines(), s.bool("gzip"), line.precision(), io.dbharness.core.config.RunOptions.opTimeout(s));
    }

    private static boolean hasCredentialParameter(String rawQuery) {
        if (rawQuery == null) {
            return false;
        }
        for (String param : rawQuery.split("[&;]")) {
            String name = param.split("=", 2)[0].toLowerCase(java.util.Locale.ROOT);
            if (name.equals("u") || name.equals("p") || name.equals("token") || name.equals("password")) {
                return true;
            }
        }
        return false;
    }

    /** The v2 API needs org and bucket; asked for only once the API is known (auto may pick v1). */
    InfluxConfig requireV2() {
        if (org.isEmpty() || bucket.isEmpty()) {
            throw new UsageException("the InfluxDB v2 API needs --org and --bucket (and --token or INFLUX_TOKEN)");
        }
        return this;
    }

    /** Scheme, host and port only: fit for results and messages. */
    String endpoint() {
        return baseUri.toString();
    }

    /** Database (v1) or bucket (v2): what the user sees as the store. */
    String store(InfluxApi resolved) {
        return resolved == InfluxApi.V1 ? database : bucket;
    }
}
