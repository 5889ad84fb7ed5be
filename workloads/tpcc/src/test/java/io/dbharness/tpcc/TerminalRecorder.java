package io.dbharness.tpcc;

import io.dbharness.core.api.SqlTransactions;
import io.dbharness.core.api.TargetAdapter;

import javax.sql.DataSource;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Connections of a target wrapped so that what a terminal does on them is written down, call by call, one block
 * per transaction ({@link TpccTerminalTraceTest}); and faults made on them: a serialization failure, a COMMIT
 * whose answer is lost.
 */
final class TerminalRecorder {

    /** A fault the wrapped connection makes on a transaction's first attempt. */
    enum Fault {
        /** The third statement fails with 40001, before it reaches the server. */
        SERIALIZATION,
        /** The COMMIT is applied, then its answer lost (08006). */
        COMMIT_LOST,
        /** The same, and the connection closed: the terminal must open a new one. */
        COMMIT_LOST_CLOSED,
        /** A ROLLBACK is sent instead of the COMMIT, whose answer is then lost: settled as not applied. */
        ABORT_LOST
    }

    volatile boolean on;
    Fault fault;
    private int executes;
    private final List<List<String>> blocks = new ArrayList<>();
    private List<String> block;
    /** Each transaction text by what it renders to, so a statement is named by its id. */
    private final Map<String, String> labels = new HashMap<>();

    TerminalRecorder() throws Exception {
        TpccSql sql = TpccSql.forDialects(List.of("postgres", "sql"), "postgres");
        for (String id : TpccDdlGoldenTest.ids("postgres")) {
            if (id.startsWith("tx/")) { // as rendered with the transaction id read in passing, and without
                labels.put(sql.render(id, Statements.values("txid_current()")), id.substring(3));
                labels.put(sql.render(id, Statements.values(null)), id.substring(3));
            }
        }
    }

    void begin(String title) {
        block = new ArrayList<>();
        block.add(title);
        blocks.add(block);
        executes = 0;
    }

    void log(String line) {
        block.add("  " + line);
    }

    String full() {
        StringBuilder b = new StringBuilder();
        blocks.forEach(l -> l.forEach(s -> b.append(s).append('\n')));
        return b.toString();
    }

    /** The first block of each kind in full, the others as a digest line. */
    String golden(String header) throws Exception {
        StringBuilder b = new StringBuilder(header);
        Set<String> seen = new HashSet<>();
        for (List<String> l : blocks) {
            String scenario = l.get(0).replaceAll("[#\\s].*", "");
            String kind = (scenario + " " + l.get(1 < l.size() ? 1 : 0) + " " + l.stream()
                    .filter(s -> s.startsWith("  -> ") || s.startsWith("  resolve")).toList())
                    .replaceAll("\\d+", "N").replaceAll("named [A-Z]+", "named X");
            if (seen.add(kind) || l.size() <= 3) {
                l.forEach(s -> b.append(s).append('\n'));
            } else {
                byte[] d = MessageDigest.getInstance("SHA-256").digest(String.join("\n", l).getBytes(StandardCharsets.UTF_8));
                b.append(l.get(0)).append(' ').append(l.get(1).strip().replaceAll(" .*", "")).append(": ")
                        .append(l.size() - 1).append(" lines, sha256 ").append(HexFormat.of().formatHex(d, 0, 8)).append('\n');
            }
        }
        return b.toString();
    }

    private String label(String sql) {
        String id = labels.get(sql);
        return id != null ? id : "[" + sql.strip().replaceAll("\\s+", " ") + "]";
    }

    TargetAdapter wrap(TargetAdapter server) {
        SqlTransactions real = server.capability(SqlTransactions.class).orElseThrow();
        DataSource ds = proxy(DataSource.class, real.dataSource(), (m, args, call) -> {
            if (on && m.getName().equals("getConnection") && args == null) {
                log("open");
                return connection((Connection) call.call());
            }
            return call.call();
        });
        SqlTransactions access = proxy(SqlTransactions.class, real, (m, args, call) ->
                m.getName().equals("dataSource") ? ds : call.call());
        return proxy(TargetAdapter.class, server, (m, args, call) ->
                m.getName().equals("capability") && args[0] == SqlTransactions.class ? java.util.Optional.of(access) : call.call());
    }

    private Connection connection(Connection real) {
        return proxy(Connection.class, real, (m, args, call) -> {
            switch (m.getName()) {
                case "prepareStatement" -> {
                    String name = label((String) args[0]);
                    log("prepare " + name);
                    return statement((PreparedStatement) call.call(), name);
                }
                case "commit" -> {
                    log("commit");
                    Fault f = fault;
                    if (f == Fault.COMMIT_LOST || f == Fault.COMMIT_LOST_CLOSED || f == Fault.ABORT_LOST) {
                        fault = null;
                        if (f == Fault.ABORT_LOST) {
                            real.rollback();
                        } else {
                            call.call();
                        }
                        if (f == Fault.COMMIT_LOST_CLOSED) {
                            real.close();
                        }
                        throw new SQLException("injected: the answer to COMMIT was lost", "08006");
                    }
                    return call.call();
                }
                case "rollback", "close", "isValid", "setAutoCommit", "setTransactionIsolation" -> {
                    log(m.getName() + (args == null ? "" : " " + Arrays.toString(args)));
                    return call.call();
                }
                default -> {
                    return call.call();
                }
            }
        });
    }

    private PreparedStatement statement(PreparedStatement real, String name) {
        Map<Integer, String> params = new TreeMap<>();
        return proxy(PreparedStatement.class, real, (m, args, call) -> {
            String method = m.getName();
            if (method.startsWith("set") && args != null && args.length == 2 && args[0] instanceof Integer i) {
                params.put(i, format(args[1]));
                return call.call();
            }
            switch (method) {
                case "executeQuery", "executeUpdate", "execute", "executeBatch" -> {
                    if (fault == Fault.SERIALIZATION && ++executes == 3) {
                        fault = null;
                        log(name + " " + params.values() + " " + method + " -> injected 40001");
                        throw new SQLException("injected: could not serialize access", "40001");
                    }
                    Object r = call.call();
                    log(name + (method.equals("executeBatch") ? "" : " " + params.values()) + " " + method
                            + (r instanceof int[] counts ? " -> " + Arrays.toString(counts)
                            : r instanceof Integer count ? " -> " + count : ""));
                    return r;
                }
                case "addBatch", "clearBatch", "clearParameters", "close" -> {
                    log(name + (method.equals("addBatch") ? " " + params.values() : "") + " " + method);
                    if (method.equals("clearParameters")) {
                        params.clear();
                    }
                    return call.call();
                }
                default -> {
                    return call.call();
                }
            }
        });
    }

    /** A parameter as sent; the clock's and the server's transaction ids (the only longs) vary between runs. */
    private static String format(Object v) {
        if (v instanceof java.sql.Timestamp) {
            return "<now>";
        }
        if (v instanceof Long) {
            return "<xid>";
        }
        if (v instanceof String s) {
            return "'" + s + "'";
        }
        return v instanceof BigDecimal d ? d.toPlainString() : String.valueOf(v);
    }

    interface Call {
        Object call() throws Throwable;
    }

    interface Handler {
        Object handle(Method m, Object[] args, Call call) throws Throwable;
    }

    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<T> type, T real, Handler h) {
        InvocationHandler ih = (p, m, args) -> h.handle(m, args, () -> {
            try {
                return m.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        });
        return (T) Proxy.newProxyInstance(TerminalRecorder.class.getClassLoader(), new Class<?>[]{type}, ih);
    }
}
