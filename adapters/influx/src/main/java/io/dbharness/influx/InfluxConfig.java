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
 */
record InfluxConfig(URI baseUri, InfluxApi api, String database, String retentionPolicy, String username,
                    String password, String org, String bucket, String token, int batchLines, boolean gzip,
                    Optional<LinePrecision> precision) {

    static final String DEFAULT_URL = "http://localhost:8086";
    static final String DEFAULT_DATABASE = "dbharness";

    static InfluxConfig from(Settings s) {
        String url = s.optional("influx-url").orElse(DEFAULT_URL).trim();
        URI uri;
        try {
            uri = new URI(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
        } catch (URISyntaxException e) {
            throw s.bad("influx-url", url, "http://HOST:PORT or https://HOST:PORT");
        }
        if (uri.getScheme() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
                || uri.getHost() == null) {
            throw s.bad("influx-url", url, "http://HOST:PORT or https://HOST:PORT");
        }
        if (uri.getRawUserInfo() != null) {
            throw new UsageException("--influx-url must not carry credentials; use --username with INFLUX_PASSWORD, or INFLUX_TOKEN");
        }
        LineOptions line = LineOptions.from(s);
        return new InfluxConfig(uri, s.enumValue("influx-api", InfluxApi.class),
                s.optional("influx-database").orElse(DEFAULT_DATABASE), s.optional("retention-policy").orElse(""),
                s.optional("username").orElse(""), s.optional("influx-password").orElse(""),
                s.optional("org").orElse(""), s.optional("bucket").orElse(""), s.optional("token").orElse(""),
                line.batchLines(), s.bool("gzip"), line.precision());
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
