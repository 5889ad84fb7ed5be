package io.dbharness.core.api;

import java.util.Map;
import java.util.Objects;

/**
 * What was measured: product name, server version, and the server settings that influence the result.
 *
 * @param endpoint where the target lives, without credentials (e.g. {@code embedded} or {@code localhost:5432/postgres};
 *                 {@code in-process: ...} for a target that runs inside the harness, with no server: noop, file)
 */
public record TargetInfo(String product, String serverVersion, String endpoint, Map<String, String> settings) {

    /** The endpoint's prefix for a target that runs inside the harness process. */
    public static final String IN_PROCESS = "in-process";

    public TargetInfo {
        Objects.requireNonNull(product, "product");
        serverVersion = serverVersion == null ? "unknown" : serverVersion;
        endpoint = endpoint == null ? "" : endpoint;
        settings = Map.copyOf(settings);
    }
}
