package io.dbharness.tpcc;

import io.dbharness.core.api.Fate;
import io.dbharness.core.api.LoadModel;
import io.dbharness.core.api.OpResult;
import io.dbharness.core.api.Operation;
import io.dbharness.core.api.Resolution;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.WorkerSession;
import io.dbharness.tpcc.TerminalRecorder.Fault;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
@org.junit.jupiter.api.Tag("server")
class TpccTerminalTraceTest {

    @RegisterExtension
    static final TpccPostgres pg = new TpccPostgres();

    private static final long SEED = 20220418L;
    private static final String GOLDEN = "golden/terminal-trace.txt";
    static final String UPDATE = "mvn -o -q verify -pl workloads/tpcc -am -Dtest='TpccTerminalTrace*' "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Ddbharness.updateGolden=true";

    @Test
    void aSeedSendsTheStatementsAndParametersOfTheGoldenTrace() throws Exception {
        assertEquals(0, pg.run("warehouses", 2, "load-only", true, "clean", true, "seed", SEED, "load-workers", 2).exitCode());
        TerminalRecorder rec = new TerminalRecorder();
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

    private static void scenario(TerminalRecorder rec, String name, Weights weights, boolean fixed, boolean keying, int txns,
                                 int terminal, IntFunction<Fault> faults) throws Exception {
        TpccOptions options = new TpccOptions(2, 4, 1, weights, fixed, keying, Connection.TRANSACTION_READ_COMMITTED,
                Duration.ZERO, txns, false, true, false, false);
        TpccWorkload workload = new TpccWorkload(options, true, SEED, Duration.ofMinutes(1));
        TargetAdapter target = rec.wrap(pg.target());
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
    private static void run(TerminalRecorder rec, WorkerSession session, Operation op) throws Exception {
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

    private static void check(TerminalRecorder rec) throws Exception {
        String actual = rec.golden("# TpccTerminalTraceTest: what terminals send for seed " + SEED
                + " (see the test's comment); rewrite with -Ddbharness.updateGolden=true and review the diff\n");
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

}
