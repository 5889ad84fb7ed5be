package io.dbharness.postgres;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Secrets;
import io.dbharness.core.config.Settings;

import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * Where to connect, resolved from {@code --url}, {@code --host}... or the {@code PG*} variables the way libpq
 * does, so an environment that works for {@code psql} works here too.
 *
 * @param jdbcUrl  URL given to the driver (may itself hold credentials; never shown)
 * @param user     user name, or null to leave it to the URL
 * @param password password, or null; never shown
 * @param display  {@code host:port/db} or {@code embedded}: safe for messages and results
 * @param server   {@code host:port}: safe for messages
 * @param database the database asked for (empty when the URL leaves it to the driver)
 * @param fromUrl  whether {@code --url} named it, so a message can say which option to change
 */
record PostgresEndpoint(String jdbcUrl, String user, String password, String display, String server, String database,
                        boolean fromUrl) {

    /** The application name of every connection of the harness's: how its own backends are told apart on the server. */
    static final String APPLICATION = "dbharness";

    static final List<String> CONNECTION_OPTIONS = List.of("host", "port", "user", "password", "database");

    /** How long past --op-timeout a read may wait before the driver gives the connection up. */
    static final long SOCKET_TIMEOUT_MARGIN_SECONDS = 15;

    /** Empty when nothing names a server: the caller starts an embedded one. */
    static Optional<PostgresEndpoint> resolve(Settings s) {
        return resolve(s, List.of("jdbc:postgresql:"));
    }

    /** @param prefixes the URL schemes the product's driver takes; the first builds URLs from host and port */
    static Optional<PostgresEndpoint> resolve(Settings s, List<String> prefixes) {
        String user = s.optional("user").orElse(null);
        String password = s.optional("password").orElse(null);
        if (s.isSet("url")) {
            String url = s.string("url").trim();
            refuseUserInfo(url);
            // every family driver keeps libpq's URL shape: parse it as a PostgreSQL URL for the display
            Properties parsed = prefixes.stream().filter(url::startsWith).findFirst()
                    .map(p -> org.postgresql.Driver.parseURL("jdbc:postgresql:" + url.substring(p.length()), null))
                    .orElse(null);
            if (parsed == null) {
                throw new UsageException("invalid value for --url: expected " + prefixes.stream()
                        .map(p -> p + "//HOST:PORT/DATABASE").collect(java.util.stream.Collectors.joining(" or ")));
            }
            String server = parsed.getProperty("PGHOST", "localhost") + ":" + parsed.getProperty("PGPORT", "5432");
            String db = parsed.getProperty("PGDBNAME", "");
            String shownUser = user != null ? user : parsed.getProperty("user", System.getProperty("user.name"));
            return Optional.of(new PostgresEndpoint(url, user != null ? user : shownUser, password, server + "/" + db,
                    server, db, true));
        }
        if (CONNECTION_OPTIONS.stream().noneMatch(s::isSet)) {
            return Optional.empty();
        }
        String host = s.optional("host").orElse("localhost").trim();
        if (host.startsWith("/")) {
            throw new UsageException("host '" + host + "' is a Unix socket directory, which the JDBC driver cannot use;"
                    + " set --host to a TCP host such as localhost");
        }
        int port = s.find(PgFamilyProvider.PORT).orElse(5432);
        String effectiveUser = user != null ? user : System.getProperty("user.name");
        String database = s.optional("database").orElse(effectiveUser);
        String hostPart = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        String url = prefixes.get(0) + "//" + hostPart + ":" + port + "/" + urlEncode(database);
        return Optional.of(new PostgresEndpoint(url, effectiveUser, password, host + ":" + port + "/" + database,
                host + ":" + port, database, false));
    }

    static PostgresEndpoint embedded(int port) {
        return new PostgresEndpoint("jdbc:postgresql://localhost:" + port + "/postgres", "postgres", null, "embedded",
                "localhost:" + port, "postgres", false);
    }

    /**
     * libpq takes {@code postgresql://user:password@host/db} but the JDBC drivers do not: they would read
     * {@code user:password@host} as a host name and print it in their error. Refused without echoing the URL.
     */
    private static void refuseUserInfo(String url) {
        int authority = url.indexOf("//");
        int query = url.indexOf('?');
        int at = url.indexOf('@', Math.max(authority, 0));
        if (authority >= 0 && at >= 0 && (query < 0 || at < query)) {
            throw new UsageException("invalid value for --url: the JDBC driver takes no user or password before the"
                    + " host (USER:PASSWORD@HOST); give them with --user and --password, or as ?user=...&password=...");
        }
    }

    private static String urlEncode(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
    }

    /**
     * Driver properties: credentials, timeouts short enough that a wrong host fails in seconds, and a socket
     * timeout past {@code opTimeout} as the backstop for a server that stops answering altogether
     * (statement_timeout ends a slow statement first, server-side, and keeps the connection).
     */
    Properties driverProperties(java.time.Duration opTimeout) {
        Properties p = new Properties();
        if (user != null) {
            p.setProperty("user", user);
        }
        if (password != null) {
            p.setProperty("password", password);
        }
        p.setProperty("connectTimeout", "5");
        p.setProperty("loginTimeout", "10");
        p.setProperty("ApplicationName", APPLICATION);
        p.setProperty("reWriteBatchedInserts", "false");
        p.setProperty("socketTimeout", Long.toString(opTimeout.toSeconds() + SOCKET_TIMEOUT_MARGIN_SECONDS));
        p.setProperty("cancelSignalTimeout", "3");
        p.setProperty("tcpKeepAlive", "true");
        return p;
    }

    @Override
    public String toString() {
        return "PostgresEndpoint[" + display + ", user=" + user + (password == null ? "" : ", password=" + Secrets.MASK) + "]";
    }
}
