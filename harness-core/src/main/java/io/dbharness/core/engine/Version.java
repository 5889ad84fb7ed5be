package io.dbharness.core.engine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** Harness version from the build, and the git commit the launcher passes as {@code -Ddbharness.commit}. */
public final class Version {
    private Version() {
    }

    public static String harness() {
        try (InputStream in = Version.class.getResourceAsStream("/dbharness-version.properties")) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                return p.getProperty("version", "unknown");
            }
        } catch (IOException ignored) {
            // fall through: the version is informative only
        }
        return "unknown";
    }

    public static String gitCommit() {
        return System.getProperty("dbharness.commit", "unknown");
    }
}
