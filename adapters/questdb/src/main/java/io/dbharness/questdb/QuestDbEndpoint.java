package io.dbharness.questdb;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Secrets;
import io.dbharness.core.config.Settings;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * Where a QuestDB lives: its HTTP endpoint (line-protocol writes) and its PostgreSQL wire endpoint (DDL,
 * counts, SqlAccess). Either may be given and the other is derived with QuestDB's default port (9000 / 8812)
 * on the same host, since both belong to one server.
 *
 * @param http     {@code http://host:port}, no path, no credentials
 * @param jdbcUrl  {@code jdbc:postgresql://host:port/qdb}
 * @param password never shown
 * @param display  {@code host:port} of HTTP or {@code embedded}: safe for messages and results
 * @param pgDerived whether the PostgreSQL wire endpoint was not given but taken from the HTTP host (port 8812)
 */
record QuestDbEndpoint(URI http, String jdbcUrl, String user, String password, String display, boolean pgDerived) {

    static final int DEFAULT_HTTP_PORT = 9000;
    static final int DEFAULT_PG_PORT = 8812;

    /** Empty when neither endpoint is named: the caller starts an embedded server. */
    static Optional<QuestDbEndpoint> resolve(Settings s) {
        Optional<String> http = s.optional("questdb-http");
        Optional<String> pg = s.optional("questdb-pg");
        if (http.isEmpty() && pg.isEmpty()) {
            return Optional.empty();
        }
        URI httpUri = http.map(v -> httpUri(s, v)).orElse(null);
        String[] pgHostPort = pg.map(v -> pgHostPort(s, v)).orElse(null);
        if (httpUri == null) {
            httpUri = URI.create("http://" + bracket(pgHostPort[0]) + ":" + DEFAULT_HTTP_PORT);
        }
        if (pgHostPort == null) {
            pgHostPort = new String[] {httpUri.getHost(), Integer.toString(DEFAULT_PG_PORT)};
        }
        String jdbc = "jdbc:postgresql://" + bracket(pgHostPort[0]) + ":" + pgHostPort[1] + "/qdb";
        return Optional.of(new QuestDbEndpoint(httpUri, jdbc, s.string("questdb-user"), s.string("questdb-password"),
                httpUri.getHost() + ":" + httpUri.getPort(), pg.isEmpty()));
    }

    static QuestDbEndpoint embedded(EmbeddedQuestDb server) {
        return new QuestDbEndpoint(URI.create(server.httpUrl()), server.jdbcUrl(), "admin", "quest", "embedded", false);
    }

    private static URI httpUri(Settings s, String raw) {
        String v = raw.trim();
        if (!v.contains("://")) {
            v = "http://" + v;
        }
        try {
            URI u = new URI(v);
            if (u.getUserInfo() != null) { // never echo a URL that holds a password
                throw new UsageException("invalid value for --questdb-http: credentials do not belong in the URL;"
                        + " use --questdb-user and --questdb-password");
            }
            String scheme = u.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https") || u.getHost() == null
                    || (u.getPath() != null && !u.getPath().isEmpty() && !u.getPath().equals("/"))) {
                throw s.bad("questdb-http", raw, "http://HOST[:PORT] (no path, no credentials)");
            }
            int port = u.getPort() < 0 ? DEFAULT_HTTP_PORT : u.getPort();
            return new URI(scheme, null, u.getHost(), port, null, null, null);
        } catch (URISyntaxException e) {
            throw s.bad("questdb-http", raw, "http://HOST[:PORT]");
        }
    }

    /** {@code HOST[:PORT]} or a {@code jdbc:postgresql://HOST:PORT/...} URL. */
    private static String[] pgHostPort(Settings s, String raw) {
        String v = raw.trim();
        if (v.startsWith("jdbc:postgresql:")) {
            Properties p = org.postgresql.Driver.parseURL(v, null);
            if (p == null) {
                throw s.bad("questdb-pg", raw, "HOST[:PORT] or jdbc:postgresql://HOST:PORT/qdb");
            }
            return new String[] {p.getProperty("PGHOST", "localhost"), p.getProperty("PGPORT", "8812")};
        }
        try {
            URI u = new URI("pg://" + v);
            if (u.getHost() == null || u.getUserInfo() != null || (u.getPath() != null && !u.getPath().isEmpty())) {
                throw s.bad("questdb-pg", raw, "HOST[:PORT] or jdbc:postgresql://HOST:PORT/qdb");
            }
            return new String[] {u.getHost(), Integer.toString(u.getPort() < 0 ? DEFAULT_PG_PORT : u.getPort())};
        } catch (URISyntaxException e) {
            throw s.bad("questdb-pg", raw, "HOST[:PORT] or jdbc:postgresql://HOST:PORT/qdb");
        }
    }

    private static String bracket(String host) {
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    }

    /** Driver properties: credentials and timeouts short enough that a wrong host fails in seconds. */
    Properties driverProperties() {
        Properties p = new Properties();
        p.setProperty("user", user);
        p.setProperty("password", password);
        p.setProperty("connectTimeout", "5");
        p.setProperty("loginTimeout", "10");
        return p;
    }

    @Override
    public String toString() {
        return "QuestDbEndpoint[" + display + ", pg=" + jdbcUrl + ", user=" + user + ", password=" + Secrets.MASK + "]";
    }
}
