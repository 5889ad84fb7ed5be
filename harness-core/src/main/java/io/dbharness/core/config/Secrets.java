package io.dbharness.core.config;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Secrets never shown: the one place that decides what of a value may appear in results, logs and messages. A
 * secret option's value is masked whole; a password or token written into another value (a URL's
 * {@code user:pass@}, {@code ?password=}) is masked where it stands.
 */
public final class Secrets {

    private Secrets() {
    }

    /** {@code value} of option {@code d} as results and logs may show it. */
    public static String shown(OptionDef d, String value) {
        return d.secret() && value != null && !value.isEmpty() ? MASK : maskEmbedded(value);
    }

    /** What stands for a secret wherever it would be shown. */
    public static final String MASK = "*****";
    /** {@code //user:} of a URL's userinfo; the password runs to an {@code @} found by {@link #maskEmbedded}. */
    private static final Pattern USER = Pattern.compile("//[^/:@?#\\s]*:");
    /** A userinfo with no colon, {@code //TOKEN@host}: some services take a token there. */
    private static final Pattern BARE_USERINFO = Pattern.compile("//[^/:@?#\\s]+@");
    /** Names of query and connection parameters that hold a secret. {@code p} is InfluxDB's password ({@code u} is only the user). */
    private static final java.util.Set<String> SECRET_PARAMETERS = java.util.Set.of("password", "passwd", "pwd", "token",
            "secret", "sslpassword", "p");
    /** A secret parameter, its name at a parameter boundary so {@code app=} is not {@code p=}. */
    private static final Pattern PARAM = Pattern.compile("(?i)((?:^|[?&;\\s])(?:"
            + String.join("|", SECRET_PARAMETERS) + ")=)[^&;\\s]*");

    /** Whether a query or connection parameter of this name holds a secret (any case). */
    public static boolean secretParameter(String name) {
        return SECRET_PARAMETERS.contains(name.toLowerCase(java.util.Locale.ROOT));
    }

    /**
     * Masks passwords and tokens written into a value: a URL's {@code user:password@} (or a lone
     * {@code //token@}) and secret parameters
     * ({@code ?password=}, {@code &token=}, InfluxDB's {@code &p=}...). A password may itself hold {@code @},
     * {@code /} or {@code =}, so the mask runs to the last {@code @} before the query, or before the first
     * {@code =}/{@code &}, whichever is further: masking part of a path is harmless, showing part of a
     * password is not.
     */
    public static String maskEmbedded(String value) {
        if (value == null || value.isEmpty()) {
            return value;
        }
        StringBuilder out = new StringBuilder();
        Matcher user = USER.matcher(value);
        int pos = 0;
        while (user.find(pos)) {
            int from = user.end();
            int end = from;
            while (end < value.length() && !Character.isWhitespace(value.charAt(end)) && !nextUrl(value, end)) {
                end++;
            }
            int at = Math.max(lastAtBefore(value, from, end, "?#"), lastAtBefore(value, from, end, "=&"));
            if (at < 0) {
                out.append(value, pos, from);
                pos = from;
                continue;
            }
            out.append(value, pos, from).append(MASK);
            pos = at; // from the '@' on
        }
        out.append(value, pos, value.length());
        String masked = BARE_USERINFO.matcher(out).replaceAll("//" + MASK + "@");
        return PARAM.matcher(masked).replaceAll("$1" + MASK);
    }

    /** A comma starting another URL of a list ({@code --server-hosts a,b}): the URL before it ends there. */
    private static final Pattern NEXT_URL = Pattern.compile(",\\s*[A-Za-z][A-Za-z0-9+.-]*://");

    private static boolean nextUrl(String s, int i) {
        return s.charAt(i) == ',' && NEXT_URL.matcher(s).region(i, s.length()).lookingAt();
    }

    /** The last {@code @} in {@code [from, end)} before the first of {@code stops}; -1 when none. */
    private static int lastAtBefore(String s, int from, int end, String stops) {
        int at = -1;
        for (int i = from; i < end; i++) {
            char c = s.charAt(i);
            if (stops.indexOf(c) >= 0) {
                break;
            }
            if (c == '@') {
                at = i;
            }
        }
        return at;
    }
}
