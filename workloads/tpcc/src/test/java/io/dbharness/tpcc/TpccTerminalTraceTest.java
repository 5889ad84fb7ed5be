package io.dbharness.tpcc;

import io.dbharness.core.api.Fate;
import io.dbharness.core.api.LoadModel;
import io.dbharness.core.api.OpResult;
import io.dbharness.core.api.Operation;
import io.dbharness.core.api.Resolution;
import io.dbharness.core.api.SqlTransactions;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.WorkerSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What terminals send for a seed, statement by statement with every parameter, against a golden file: the same
 * {@code --seed} must give the same transactions, inputs and statements in the same order, the same retries,
 * settlements of lost commits and error messages, whatever the code that draws and runs them looks like.
 * <p>
 * Terminals are opened as the engine opens them ({@link TpccWorkload#openWorker}) on a 2-warehouse load of a fixed
 * seed, their connections wrapped so each call is written down, and driven one transaction at a time as the
 * engine's worker would (retry, reconnect, resolve). Four scenarios: A, the specification's mix on a bound
 * terminal; B, an even mix, random warehouses and keying/think times (their draws move the stream), a district
 * without new orders (Delivery skips it); C and D, rows deleted (in D warehouse 2 as well) so that each "not
 * found" of the transactions happens.
 * A and B inject faults every few transactions: a serialization failure, a COMMIT whose answer is lost (applied,
 * applied on a connection then closed, or rolled back).
 * <p>
 * The golden file holds in full the first transaction of each kind (scenario, type, fault, outcome with its
 * numbers blanked), and one digest line for each of the others; the whole trace is written to
 * {@code target/terminal-trace.txt}. Rewrite the golden file after a deliberate change, and review the diff:
 * {@value #UPDATE}.
 */
class TpccTerminalTraceTest {

    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    private static final long SEED = 20220418L;
    private static final String GOLDEN = "golden/terminal-trace.txt";
    static final String UPDATE = "mvn -o -q verify -pl workloads/tpcc -am -Dtest='TpccTerminalTrace*' "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Ddbharness.updateGolden=true";

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

    @Test
    void aSeedSendsTheStatementsAndParametersOfTheGoldenTrace() throws Exception {
        assertEquals(0, pg.run("warehouses", 2, "load-only", true, "clean", true, "seed", SEED, "load-workers", 2).exitCode());
        Recorder rec = new Recorder();
        scenario(rec, "A", Weights.SPEC, true, false, 300, 3, n -> n % 7 == 0 ? Fault.values()[(n / 7) % 4] : null);
        pg.execute("DELETE FROM new_order WHERE no_w_id = 1 AND no_d_id = 3");
        scenario(rec, "B", new Weights(20, 20, 20, 20, 20), false, true, 200, 0,
                n -> n % 5 == 0 ? Fault.values()[(n / 5) % 4] : null);
        pg.execute("DELETE FROM district WHERE d_w_id = 2 AND d_id >= 6");
        pg.execute("DELETE FROM customer WHERE c_w_id = 2 AND c_d_id <= 3");
        pg.execute("DELETE FROM oorder WHERE o_w_id = 2 AND o_d_id = 1");
        pg.execute("DELETE FROM stock WHERE s_w_id = 2 AND s_i_id % 2 = 0");
        scenario(rec, "C", new Weights(20, 20, 20, 20, 20), false, false, 150, 1, n -> null);
        pg.execute("DELETE FROM warehouse WHERE w_id = 2");
        scenario(rec, "D", new Weights(20, 20, 20, 20, 20), false, false, 100, 2, n -> null);
        check(rec);
    }

    private static void scenario(Recorder rec, String name, Weights weights, boolean fixed, boolean keying, int txns,
                                 int terminal, IntFunction<Fault> faults) throws Exception {
        TpccOptions options = new TpccOptions(2, 4, 1, weights, fixed, keying, Connection.TRANSACTION_READ_COMMITTED,
                Duration.ZERO, txns, false, true, false);
        TpccWorkload workload = new TpccWorkload(options, true, SEED, Duration.ofMinutes(1));
        TargetAdapter target = rec.wrap(pg.server());
        workload.prepare(target);
        rec.on = true;
        rec.begin(name + " terminal " + terminal + " opened");
        WorkerSession session = workload.openWorker(target, workload.groups(new LoadModel.Closed(4)).get(0), terminal);
        try {
            for (int n = 1; ; n++) {
                rec.begin(name + "#" + n);
                Operation op = session.next();
                if (op == null) {
                    rec.log("no more transactions");
                    break;
                }
                rec.fault = faults.apply(n);
                rec.log(op.type() + " idempotent=" + op.idempotent() + " rows=" + op.rows() + " paced="
                        + (op.notBeforeNanos() != 0) + " timeoutIsFailure=" + op.timeoutIsFailure()
                        + (rec.fault == null ? "" : " fault=" + rec.fault));
                run(rec, session, op);
            }
        } finally {
            rec.begin(name + " terminal closed");
            session.close();
            rec.on = false;
        }
        Map<String, String> info = workload.describe();
        rec.log("deliveryDistricts=" + info.get("deliveryDistricts") + " skipped=" + info.get("deliverySkippedDistricts"));
    }

    /** As the engine's worker runs an operation: retried while it may be, its lost COMMIT settled on reconnecting. */
    private static void run(Recorder rec, WorkerSession session, Operation op) throws Exception {
        for (int attempt = 1; attempt <= 4; attempt++) {
            try {
                OpResult r = op.execute();
                rec.log("-> " + r.outcome());
                return;
            } catch (TargetException e) {
                rec.fault = null;
                rec.log("-> " + e.kind() + " " + e.fate() + " " + e.vendorCode() + ": " + e.getMessage());
                boolean doubt = e.fate() == Fate.UNKNOWN;
                if (e.connectionLost()) {
                    rec.log("reconnect -> " + session.reconnect());
                    if (doubt) {
                        Resolution res = op.resolve();
                        rec.log("resolve -> " + res.fate() + (res.result() == null ? "" : " " + res.result().outcome()));
                        if (res.fate() == Fate.APPLIED) {
                            return;
                        }
                        doubt = res.fate() == Fate.UNKNOWN;
                    }
                }
                if (e.kind() == TargetException.Kind.FATAL || doubt && !op.idempotent()) {
                    return;
                }
            }
        }
    }

    private static void check(Recorder rec) throws Exception {
        String actual = rec.golden();
        Path written = Path.of("target", "terminal-trace.txt"); // surefire runs in the module directory
        Files.writeString(written, rec.full());
        if (Boolean.getBoolean("dbharness.updateGolden")) {
            Path file = Path.of("src/test/resources", TpccTerminalTraceTest.class.getPackageName().replace('.', '/'), GOLDEN);
            Files.writeString(file, actual);
            return;
        }
        String expected;
        try (InputStream in = TpccTerminalTraceTest.class.getResourceAsStream(GOLDEN)) {
            assertNotNull(in, "missing golden file " + GOLDEN + "; write it (then review it) with: " + UPDATE);
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> e = expected.lines().toList();
        List<String> a = actual.lines().toList();
        for (int i = 0; i < Math.max(e.size(), a.size()); i++) {
            String el = i < e.size() ? e.get(i) : "<end>";
            String al = i < a.size() ? a.get(i) : "<end>";
            if (!el.equals(al)) {
                fail("line " + (i + 1) + " of " + GOLDEN + " differs (the whole trace is in " + written.toAbsolutePath()
                        + ")\nexpected: " + el + "\nactual:   " + al);
            }
        }
    }

    /** Writes down what the terminal does on its connections, and makes the faults. */
    static final class Recorder {
        volatile boolean on;
        Fault fault;
        private int executes;
        private final List<List<String>> blocks = new ArrayList<>();
        private List<String> block;
        /** Each transaction text by what it renders to, so a statement is named by its id. */
        private final Map<String, String> labels = new HashMap<>();

        Recorder() throws Exception {
            TpccSql sql = TpccSql.forDialects(List.of("postgres", "sql"), "postgres");
            Map<String, String> lists = Map.of("ids", String.join(", ", java.util.Collections.nCopies(15, "?")),
                    "keys", String.join(", ", java.util.Collections.nCopies(15, "(?, ?)")));
            for (String id : TpccDdlGoldenTest.ids("postgres")) {
                if (id.startsWith("tx/")) {
                    labels.put(sql.render(id, lists), id.substring(3));
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
        String golden() throws Exception {
            StringBuilder b = new StringBuilder("# TpccTerminalTraceTest: what terminals send for seed " + SEED
                    + " (see the test's comment); rewrite with -Ddbharness.updateGolden=true and review the diff\n");
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
        return (T) Proxy.newProxyInstance(TpccTerminalTraceTest.class.getClassLoader(), new Class<?>[]{type}, ih);
    }
}
