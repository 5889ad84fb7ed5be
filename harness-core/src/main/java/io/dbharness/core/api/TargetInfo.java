package io.dbharness.core.api;

import java.util.Map;
import java.util.Objects;

/**
 * What was measured: product name, server version, and the server settings that influence the result.
 *
 * @param endpoint where the target lives, without credentials (e.g. {@code embedded} or {@code localhost:5432/postgres})
 */
public record TargetInfo(String product, String serverVersion, String endpoint, Map<String, String> settings) {
    public TargetInfo {
        Objects.requireNonNull(product, "product");
        serverVersion = serverVersion == null ? "unknown" : serverVersion;
        endpoint = endpoint == null ? "" : endpoint;
        settings = Map.copyOf(settings);
    }
}
