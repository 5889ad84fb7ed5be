package io.dbharness.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.dbharness.core.api.UsageException;

import java.io.IOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * MaibornWolff's {@code config.yaml} ({@code targets: <name>: {module: ..., ...}}, {@code namespace}): the entry of
 * the target a command names, and the connection it holds as this harness's options. A postgres-module entry's
 * {@code connection_string} is libpq's (psycopg2 hands it to libpq): {@code key=value} pairs or a
 * {@code postgresql://} URI, its {@code options='-c name=value ...'} sent at connect as libpq sends them.
 */
final class MaibornWolffConfig {

    /** run.py's {@code -c} default, read from the working directory. */
    static final String DEFAULT_FILE = "config.yaml";

    /**
     * One {@code targets} entry.
     *
     * @param settings its keys but {@code module}: YAML scalars as Boolean, Number or String (run.py hands them to
     *                 the module as they are, and the modules test them the Python way)
     * @param source   the file it comes from, null for the built-in entry of MaibornWolff's stock target name
     */
    record Entry(String name, String module, Map<String, Object> settings, Path source) {
        String where() {
            return source == null ? "MaibornWolff's stock targets." + name : "targets." + name + " in " + source;
        }
    }

    /**
     * MaibornWolff's stock targets (its config.yaml) without their Kubernetes addresses: the module, and for
     * yugabyte_sql the session settings its connection_string asks for. Used when no config.yaml is read.
     */
    private static final Map<String, Entry> STOCK = stock();

    private static Map<String, Entry> stock() {
        Map<String, Entry> m = new LinkedHashMap<>();
        m.put("arangodb", new Entry("arangodb", "arangodb", Map.of(), null));
        m.put("yugabyte_sql", new Entry("yugabyte_sql", "postgres", Map.of("connection_string",
                "options='-c yb_enable_expression_pushdown=on -c yb_enable_upsert_mode=on -c yb_disable_transactional_writes=on'",
                "install_extensions", "pgcrypto"), null));
        m.put("yugabyte_cql", new Entry("yugabyte_cql", "cassandra", Map.of(), null));
        m.put("cockroachdb", new Entry("cockroachdb", "postgres", Map.of(), null));
        m.put("postgresql", new Entry("postgresql", "postgres", Map.of(), null));
        m.put("cassandra_sync", new Entry("cassandra_sync", "cassandra", Map.of(), null));
        m.put("cassandra_async", new Entry("cassandra_async", "cassandra", Map.of(), null));
        m.put("influxdb", new Entry("influxdb", "influxdb", Map.of(), null));
        m.put("timescaledb", new Entry("timescaledb", "timescaledb", Map.of(), null));
        m.put("elasticsearch", new Entry("elasticsearch", "elasticsearch", Map.of(), null));
        // not MaibornWolff's: this harness's embedded QuestDB beside their targets
        m.put("questdb", new Entry("questdb", "questdb", Map.of(), null));
        return m;
    }

    private MaibornWolffConfig() {
    }

    /**
     * The entry of {@code target}: from {@code file} when given ({@code explicit}) or when the default
     * {@code config.yaml} exists and is MaibornWolff's; else MaibornWolff's stock entry of that name, without a
     * server (the postgres and questdb targets then run embedded).
     *
     * @param note says which file was read when the user did not name it
     */
    static Entry entry(String command, Path file, boolean explicit, String target, Consumer<String> warn, Consumer<String> note) {
        return entry(command, file, explicit, target, null, warn, note);
    }

    /**
     * @param givenModule {@code --extra-option module=NAME}, null without: run.py merges the extra options into the
     *                    entry before it reads its module, so this one is the module
     */
    static Entry entry(String command, Path file, boolean explicit, String target, String givenModule,
                       Consumer<String> warn, Consumer<String> note) {
        JsonNode targets = null;
        if (explicit || Files.exists(file)) {
            JsonNode root = read(file);
            targets = root == null ? null : root.get("targets");
            if (targets == null || !targets.isObject()) {
                if (explicit) {
                    throw new UsageException(command + ": " + file + " has no 'targets:' mapping (MaibornWolff's config.yaml"
                            + " lists each target's module and connection under targets:)");
                }
                warn.accept(command + ": " + file + " in the working directory is not MaibornWolff's (no 'targets:');"
                        + " not read");
                targets = null;
            } else if (!explicit) {
                note.accept(command + ": reading targets." + target + " from " + file + " (run.py's -c default)");
            }
        }
        if (targets == null) {
            Entry e = STOCK.get(target);
            if (e == null) {
                throw new UsageException(command + ": target '" + target + "' is none of MaibornWolff's ("
                        + String.join(", ", STOCK.keySet()) + ") and no config.yaml names it; give -c FILE");
            }
            return givenModule == null ? e : new Entry(e.name(), givenModule, e.settings(), null);
        }
        JsonNode node = targets.get(target);
        if (node == null) {
            if (target.equals("questdb")) { // this harness's addition: the file cannot be expected to list it
                return STOCK.get("questdb");
            }
            List<String> names = new ArrayList<>();
            targets.fieldNames().forEachRemaining(names::add);
            throw new UsageException(command + ": target '" + target + "' is not in " + file + "'s targets (it has: "
                    + String.join(", ", names) + ")");
        }
        if (!node.isObject()) {
            throw new UsageException(command + ": targets." + target + " in " + file + " is not a mapping of settings");
        }
        Map<String, Object> settings = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            JsonNode v = f.getValue();
            Object value = v.isBoolean() ? (Object) v.booleanValue() : v.isNumber() ? v.numberValue()
                    : v.isNull() ? null : v.isValueNode() ? v.asText() : v.toString();
            settings.put(f.getKey(), value);
        }
        Object module = settings.remove("module");
        if (givenModule != null) {
            module = givenModule;
        } else if (module == null && STOCK.containsKey(target)) {
            // a stock name says which module it is (its entry in MaibornWolff's config.yaml)
            module = STOCK.get(target).module();
        } else if (module == null) {
            throw new UsageException(command + ": targets." + target + " in " + file + " has no module (postgres, timescaledb,"
                    + " influxdb, cassandra, arangodb or elasticsearch): add 'module: NAME' to it, or give --extra-option"
                    + " module=NAME as run.py takes it");
        }
        return new Entry(target, module.toString(), settings, file);
    }

    private static JsonNode read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new UsageException("MaibornWolff config file " + file + " does not exist");
        } catch (IOException e) {
            throw new UsageException("cannot read MaibornWolff config file " + file + ": " + e.getMessage());
        }
        try {
            return new ObjectMapper(new YAMLFactory()).readTree(text);
        } catch (IOException e) {
            throw new UsageException("MaibornWolff config file " + file + " is not valid YAML: "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
        }
    }

    /** The options this harness's influx target takes from an influxdb-module entry: MaibornWolff's bucket dbtest. */
    static Map<String, String> influx(Entry e) {
        Map<String, String> o = new LinkedHashMap<>();
        put(o, "influx-url", e.settings().get("endpoint"));
        put(o, "org", e.settings().get("org"));
        put(o, "token", e.settings().get("token"));
        o.put("bucket", "dbtest"); // the module's BUCKET_NAME
        o.put("influx-database", "dbtest"); // the same store on a 1.x server (v1 API)
        return o;
    }

    /** A questdb entry (this harness's, not MaibornWolff's): {@code endpoint} is the HTTP address, {@code pg_endpoint} the wire. */
    static Map<String, String> questdb(Entry e) {
        Map<String, String> o = new LinkedHashMap<>();
        put(o, "questdb-http", e.settings().get("endpoint"));
        put(o, "questdb-pg", e.settings().get("pg_endpoint"));
        return o;
    }

    private static void put(Map<String, String> o, String option, Object value) {
        if (value != null) {
            o.put(option, value.toString());
        }
    }

    /** Keys of a connection_string this harness applies; libpq has more, each named in a warning when given. */
    private static final List<String> APPLIED = List.of("host", "hostaddr", "port", "dbname", "user", "password", "options",
            "sslmode", "connect_timeout", "application_name");

    /**
     * A postgres-module entry's connection for the PostgreSQL-family target {@code target}: host, port, database,
     * user and password as this harness's options, or a {@code --url} when the string asks for more than those
     * (several hosts, session settings, sslmode...). {@code yb_enable_upsert_mode} is the yugabyte target's own
     * {@code --yb-upsert-mode}; with {@code compatibleServer} (a plain PostgreSQL standing in for YugabyteDB) the
     * other {@code yb_} settings are not sent, since that server would refuse the connection for them.
     */
    static Map<String, String> postgres(Entry e, String target, boolean compatibleServer, Map<String, String> env,
                                        Consumer<String> warn) {
        Object cs = e.settings().get("connection_string");
        Map<String, String> o = new LinkedHashMap<>();
        if (cs == null) {
            return o;
        }
        Map<String, String> c;
        try {
            c = conninfo(cs.toString());
        } catch (UsageException x) {
            throw new UsageException("connection_string of " + e.where() + ": " + x.getMessage());
        }
        c.keySet().stream().filter(k -> !APPLIED.contains(k)).forEach(k -> warn.accept("connection_string key " + k
                + " of " + e.where() + " is not applied here (this harness connects through JDBC)"));
        List<String> session = new ArrayList<>();
        for (String[] setting : sessionSettings(c.getOrDefault("options", ""), e)) {
            String name = setting[0];
            String value = setting[1];
            if (target.equals("yugabyte") && name.equals("yb_enable_upsert_mode")) {
                o.put("yb-upsert-mode", String.valueOf(List.of("on", "true", "yes", "1").contains(value.toLowerCase(Locale.ROOT))));
            } else if (compatibleServer && name.startsWith("yb_")) {
                warn.accept("session setting " + name + "=" + value + " of " + e.where() + " is not sent: with"
                        + " --allow-compatible-server the server is not YugabyteDB and would refuse the connection");
            } else {
                session.add(name + "=" + value);
            }
        }
        String host = c.containsKey("host") ? c.get("host") : c.get("hostaddr");
        if (host != null && host.startsWith("/")) {
            throw new UsageException("connection_string of " + e.where() + ": host '" + host + "' is a Unix socket"
                    + " directory, which JDBC cannot use; give the server's TCP host");
        }
        put(o, "user", c.get("user"));
        put(o, "password", c.get("password"));
        List<String> params = new ArrayList<>();
        if (!session.isEmpty()) {
            params.add("options=" + encode(String.join(" ", session.stream().map(s -> "-c " + s.replace("\\", "\\\\")
                    .replace(" ", "\\ ")).toList())));
        }
        param(params, "sslmode", c.get("sslmode"));
        param(params, "connectTimeout", c.get("connect_timeout"));
        param(params, "ApplicationName", c.get("application_name"));
        boolean hosts = host != null && host.contains(",");
        if (params.isEmpty() && !hosts) {
            put(o, "host", host);
            put(o, "port", c.get("port"));
            put(o, "database", c.get("dbname"));
            return o;
        }
        if (host == null && !session.isEmpty() && c.keySet().stream().noneMatch(k -> List.of("port", "dbname", "user", "password").contains(k))) {
            // the stock yugabyte_sql entry, or a string of settings alone: no server to send them to
            warn.accept("session settings " + String.join(", ", session) + " of " + e.where() + " are not sent: it names no"
                    + " server; a connection_string with host=... sends them at connect, as psycopg2 does");
            o.remove("user");
            o.remove("password");
            return o;
        }
        // libpq's defaults for what the string leaves out: the PG* variables, then localhost
        String h = host != null ? host : env.getOrDefault("PGHOST", "localhost");
        String port = c.containsKey("port") ? c.get("port") : env.get("PGPORT");
        String[] hs = h.split(",", -1);
        String[] ps = port == null ? new String[0] : port.split(",", -1);
        if (ps.length > 1 && ps.length != hs.length) {
            throw new UsageException("connection_string of " + e.where() + ": " + ps.length + " ports for " + hs.length + " hosts");
        }
        List<String> servers = new ArrayList<>();
        for (int i = 0; i < hs.length; i++) {
            String p = ps.length == 0 ? null : ps[ps.length == 1 ? 0 : i];
            String hh = hs[i].contains(":") && !hs[i].startsWith("[") ? "[" + hs[i] + "]" : hs[i];
            servers.add(p == null || p.isEmpty() ? hh : hh + ":" + p);
        }
        // libpq's database defaults to the user name
        String db = c.containsKey("dbname") ? c.get("dbname") : env.getOrDefault("PGDATABASE",
                c.containsKey("user") ? c.get("user") : env.getOrDefault("PGUSER", ""));
        String scheme = target.equals("yugabyte") ? "jdbc:yugabytedb://" : "jdbc:postgresql://";
        o.put("url", scheme + String.join(",", servers) + "/" + encode(db) + (params.isEmpty() ? "" : "?" + String.join("&", params)));
        return o;
    }

    private static void param(List<String> params, String name, String value) {
        if (value != null) {
            params.add(name + "=" + encode(value));
        }
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** Whether {@code options} sets {@code yb_...} settings: the mark of a YugabyteDB entry. */
    static boolean hasYugabyteSettings(Entry e) {
        Object cs = e.settings().get("connection_string");
        if (cs == null) {
            return false;
        }
        try {
            return sessionSettings(conninfo(cs.toString()).getOrDefault("options", ""), e).stream()
                    .anyMatch(s -> s[0].startsWith("yb_"));
        } catch (UsageException x) {
            return false; // said when the connection is read
        }
    }

    /**
     * The {@code -c name=value} (or {@code --name=value}) settings of libpq's {@code options}: words split at
     * unescaped spaces, a backslash escaping the next character, as the server parses them.
     */
    private static List<String[]> sessionSettings(String options, Entry e) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean any = false;
        for (int i = 0; i < options.length(); i++) {
            char ch = options.charAt(i);
            if (ch == '\\' && i + 1 < options.length()) {
                w.append(options.charAt(++i));
                any = true;
            } else if (Character.isWhitespace(ch)) {
                if (any) {
                    words.add(w.toString());
                    w.setLength(0);
                    any = false;
                }
            } else {
                w.append(ch);
                any = true;
            }
        }
        if (any) {
            words.add(w.toString());
        }
        List<String[]> settings = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            String setting;
            if (word.equals("-c") && i + 1 < words.size()) {
                setting = words.get(++i);
            } else if (word.startsWith("-c")) {
                setting = word.substring(2);
            } else if (word.startsWith("--")) {
                setting = word.substring(2);
            } else {
                throw new UsageException("connection_string of " + e.where() + ": options '" + options
                        + "' holds '" + word + "'; expected -c name=value settings");
            }
            int eq = setting.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("connection_string of " + e.where() + ": options setting '" + setting
                        + "' is not name=value");
            }
            settings.add(new String[] {setting.substring(0, eq).replace('-', '_'), setting.substring(eq + 1)});
        }
        return settings;
    }

    /** libpq's connection string: {@code key=value ...} (values may be single-quoted) or a postgresql:// URI. */
    static Map<String, String> conninfo(String s) {
        String t = s.strip();
        if (t.startsWith("postgresql://") || t.startsWith("postgres://")) {
            return uri(t.substring(t.indexOf("://") + 3));
        }
        Map<String, String> m = new LinkedHashMap<>();
        int i = 0;
        int n = t.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(t.charAt(i))) {
                i++;
            }
            if (i >= n) {
                break;
            }
            int start = i;
            while (i < n && t.charAt(i) != '=' && !Character.isWhitespace(t.charAt(i))) {
                i++;
            }
            String key = t.substring(start, i);
            while (i < n && Character.isWhitespace(t.charAt(i))) {
                i++;
            }
            if (i >= n || t.charAt(i) != '=') {
                throw new UsageException("missing \"=\" after \"" + key + "\"");
            }
            i++;
            while (i < n && Character.isWhitespace(t.charAt(i))) {
                i++;
            }
            StringBuilder v = new StringBuilder();
            if (i < n && t.charAt(i) == '\'') {
                i++;
                boolean closed = false;
                while (i < n) {
                    char ch = t.charAt(i++);
                    if (ch == '\\' && i < n) {
                        v.append(t.charAt(i++));
                    } else if (ch == '\'') {
                        closed = true;
                        break;
                    } else {
                        v.append(ch);
                    }
                }
                if (!closed) {
                    throw new UsageException("unterminated quoted string");
                }
            } else {
                while (i < n && !Character.isWhitespace(t.charAt(i))) {
                    char ch = t.charAt(i++);
                    if (ch == '\\' && i < n) {
                        v.append(t.charAt(i++));
                    } else {
                        v.append(ch);
                    }
                }
            }
            m.put(key, v.toString());
        }
        return m;
    }

    /** {@code [user[:password]@][host[:port][,...]][/dbname][?key=value&...]}, percent-decoded. */
    private static Map<String, String> uri(String rest) {
        Map<String, String> m = new LinkedHashMap<>();
        int q = rest.indexOf('?');
        String params = q < 0 ? null : rest.substring(q + 1);
        String main = q < 0 ? rest : rest.substring(0, q);
        int slash = main.indexOf('/');
        String authority = slash < 0 ? main : main.substring(0, slash);
        if (slash >= 0 && slash + 1 < main.length()) {
            m.put("dbname", decode(main.substring(slash + 1)));
        }
        int at = authority.lastIndexOf('@');
        if (at >= 0) {
            String user = authority.substring(0, at);
            int colon = user.indexOf(':');
            if (!user.isEmpty()) {
                m.put("user", decode(colon < 0 ? user : user.substring(0, colon)));
            }
            if (colon >= 0) {
                m.put("password", decode(user.substring(colon + 1)));
            }
            authority = authority.substring(at + 1);
        }
        if (!authority.isEmpty()) {
            List<String> hosts = new ArrayList<>();
            List<String> ports = new ArrayList<>();
            for (String hp : authority.split(",", -1)) {
                String host = hp;
                String port = "";
                if (hp.startsWith("[")) {
                    int close = hp.indexOf(']');
                    if (close < 0) {
                        throw new UsageException("unterminated [ in the URI's host");
                    }
                    host = hp.substring(1, close);
                    port = hp.length() > close + 2 && hp.charAt(close + 1) == ':' ? hp.substring(close + 2) : "";
                } else if (hp.contains(":")) {
                    host = hp.substring(0, hp.indexOf(':'));
                    port = hp.substring(hp.indexOf(':') + 1);
                }
                hosts.add(decode(host));
                ports.add(port);
            }
            if (hosts.stream().anyMatch(h -> !h.isEmpty())) {
                m.put("host", String.join(",", hosts));
            }
            if (ports.stream().anyMatch(p -> !p.isEmpty())) {
                m.put("port", String.join(",", ports));
            }
        }
        if (params != null) {
            for (String kv : params.split("&")) {
                if (kv.isEmpty()) {
                    continue;
                }
                int eq = kv.indexOf('=');
                if (eq < 0) {
                    throw new UsageException("URI parameter '" + kv + "' has no value");
                }
                m.put(decode(kv.substring(0, eq)), decode(kv.substring(eq + 1)));
            }
        }
        return m;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new UsageException("invalid percent-encoding in '" + s + "'");
        }
    }
}
