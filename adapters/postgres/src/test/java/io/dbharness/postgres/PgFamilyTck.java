package io.dbharness.postgres;

import io.dbharness.tck.Contract;
import io.dbharness.tck.Faults;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Where a PostgreSQL-family product's contract tests run (published in this module's test-jar): its wire path on the
 * shared embedded PostgreSQL ({@link #embedded}, with {@code --allow-compatible-server}), or a real server of the
 * product named by a variable ({@link #server}, skipped saying so when it is not set). Either way the target goes
 * through the proxy of a {@link PgFamilyFaults}.
 */
public final class PgFamilyTck {

    private static final Map<String, PgFamilyTck> CACHE = new HashMap<>();

    private final PgFamilyFaults faults;
    private final String user;
    private final String password;
    private final boolean compatible;
    /** The real server's JDBC scheme ({@code jdbc:opengauss:}), null on embedded PostgreSQL. */
    private final String scheme;

    private PgFamilyTck(PgFamilyFaults faults, String user, String password, boolean compatible, String scheme) {
        this.scheme = scheme;
        this.faults = faults;
        this.user = user;
        this.password = password;
        this.compatible = compatible;
    }

    /**
     * The shared embedded PostgreSQL, whose answer to a write is held after {@code marker}. It trusts local
     * connections: the password (which carries the contract's secret) is sent and not checked, and credentials are
     * refused through a role that does not exist (SQLSTATE 28000).
     */
    public static synchronized PgFamilyTck embedded(byte[] marker) {
        String key = "embedded " + new String(marker, java.nio.charset.StandardCharsets.ISO_8859_1);
        PgFamilyTck tck = CACHE.get(key);
        if (tck == null) {
            EmbeddedPostgres pg;
            try {
                pg = EmbeddedPostgres.shared();
            } catch (io.dbharness.core.api.TargetException e) {
                throw new IllegalStateException("the embedded PostgreSQL did not start: " + e.getMessage(), e);
            }
            tck = new PgFamilyTck(proxied("127.0.0.1", pg.port(), "postgres", pg.url(), "postgres", null, marker),
                    "postgres", "pw-" + Contract.SECRET, true, null);
            CACHE.put(key, tck);
        }
        return tck;
    }

    /**
     * The product's server named by {@code variable} ({@code jdbc:SCHEME://HOST:PORT/DB}, user and password in
     * {@code PGUSER}/{@code PGPASSWORD}); the test is skipped, saying so, when the variable is not set. The admin
     * session that terminates and locks is the same user's (it may end its own sessions).
     */
    public static synchronized PgFamilyTck server(String variable, byte[] marker) {
        String url = System.getenv(variable);
        assumeTrue(url != null && !url.isBlank(), variable + " is not set: the contract was not run against a real server"
                + " of this product (its wire path runs on embedded PostgreSQL)");
        PgFamilyTck tck = CACHE.get(variable);
        if (tck == null) {
            URI u = URI.create(url.trim().substring("jdbc:".length()));
            String user = System.getenv().getOrDefault("PGUSER", System.getProperty("user.name"));
            String password = System.getenv("PGPASSWORD");
            String database = u.getPath().replaceFirst("^/", "");
            tck = new PgFamilyTck(proxied(u.getHost(), u.getPort() < 0 ? 5432 : u.getPort(), database,
                    url.trim().replaceFirst("\\?.*", ""), user, password, marker), user, password, false,
                    url.trim().substring(0, url.trim().indexOf("//")));
            CACHE.put(variable, tck);
        }
        return tck;
    }

    /** The fault proxy in front of the server; unchecked, so the contract classes need no try around their setup. */
    private static PgFamilyFaults proxied(String host, int port, String database, String url, String user,
                                          String password, byte[] marker) {
        try {
            return new PgFamilyFaults(host, port, database, url, user, password, marker);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("the fault proxy did not start: " + e.getMessage(), e);
        }
    }

    public Faults faults() {
        return faults;
    }

    /**
     * The target's connection options: the URL through the proxy in {@code scheme} (a real server's: the scheme its
     * variable names), user and password.
     */
    public Map<String, String> options(String scheme) {
        Map<String, String> o = new HashMap<>();
        o.put("url", faults.url(this.scheme != null ? this.scheme : scheme));
        o.put("user", user);
        if (password != null) {
            o.put("password", password);
        }
        if (compatible) {
            o.put("allow-compatible-server", "true");
        }
        return o;
    }

    /** Options the server refuses, with {@code secret} as the password: a role that does not exist on embedded PostgreSQL. */
    public Map<String, String> refused(String secret) {
        return compatible ? Map.of("user", "no_such_role", "password", secret) : Map.of("password", secret);
    }

    /** The password the options carry: the contract's secret on embedded PostgreSQL, PGPASSWORD on a real server. */
    public String secret() {
        return hasPassword() && !compatible ? password : Contract.SECRET;
    }

    /** Whether the options carry a password at all (a real server may be reached without one). */
    public boolean hasPassword() {
        return password != null && !password.isEmpty();
    }
}
