package io.dbharness.core.engine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * Harness version and git commit, from the build: the commit is recorded into the jar when it is built in a git
 * checkout ({@code dbharness-build.properties}); {@code -Ddbharness.commit}, as the launcher and the image pass it,
 * takes precedence.
 */
public final class Version {
    private Version() {
    }

    public static String harness() {
        return resource("/dbharness-version.properties", "version");
    }

    public static String gitCommit() {
        String given = System.getProperty("dbharness.commit");
        // 'unknown' is what a launcher passes when it could not tell: the build may still know
        if (given != null && !given.isBlank() && !given.equals(UNKNOWN)) {
            return given.strip();
        }
        return resource("/dbharness-build.properties", "commit");
    }

    private static final String UNKNOWN = "unknown";

    private static String resource(String name, String key) {
        try (InputStream in = Version.class.getResourceAsStream(name)) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                String v = p.getProperty(key, "").strip();
                return v.isEmpty() ? UNKNOWN : v;
            }
        } catch (IOException ignored) {
            // fall through: the version is informative only
        }
        return UNKNOWN;
    }
}
