package io.dbharness.influx;

import java.util.Optional;

/**
 * Which HTTP API the target speaks. v1 ({@code /write}, databases, users) is InfluxDB 1.x's; v2
 * ({@code /api/v2/write}, orgs, buckets, tokens) is InfluxDB 2.x/3.x's, also accepted by 1.8+ and QuestDB.
 */
enum InfluxApi {
    V1, V2, AUTO;

    /**
     * The API a server speaks, from its {@code X-Influxdb-Version} header ({@code 1.6.7~rc0}, {@code v2.7.1},
     * {@code 3.0.0}); empty when the header is missing or unrecognised.
     */
    static Optional<InfluxApi> fromVersion(String version) {
        if (version == null || version.isBlank()) {
            return Optional.empty();
        }
        String v = version.trim();
        if (v.startsWith("v") || v.startsWith("V")) {
            v = v.substring(1);
        }
        if (v.startsWith("1.")) {
            return Optional.of(V1);
        }
        if (!v.isEmpty() && Character.isDigit(v.charAt(0))) {
            return Optional.of(V2);
        }
        return Optional.empty();
    }
}
