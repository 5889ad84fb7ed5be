package io.dbharness.cli;

import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** tpcc from the command line: bad input in one line with its exit code, and a BenchmarkSQL file run as it is. */
@org.junit.jupiter.api.Tag("server")
class TpccCliTest {

    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    @TempDir
    Path tmp;

    private CliRun run(String... args) {
        String[] all = new String[args.length + 8];
        System.arraycopy(new String[] {"--workload", "tpcc", "--url", pg.url(), "--user", "postgres", "--results",
                tmp.resolve("results").toString()}, 0, all, 0, 8);
        System.arraycopy(args, 0, all, 8, args.length);
        return CliRun.of(all);
    }

    private String refused(int exitCode, String... args) {
        CliRun r = run(args);
        assertEquals(exitCode, r.exitCode(), r.err());
        return r.oneLineError();
    }

    @Test
    void badOptionsAreRefusedBeforeAnythingConnects() {
        assertEquals("invalid value '45,43,4,4,5' for --weights: New-Order, Payment, Order-Status, Delivery and Stock-Level weights must "
                + "sum to 100, not 101", refused(2, "--weights", "45,43,4,4,5"));
        assertEquals("invalid value '45,43,4' for --weights: expected five percentages NEW_ORDER,PAYMENT,ORDER_STATUS,"
                + "DELIVERY,STOCK_LEVEL, e.g. 45,43,4,4,4", refused(2, "--weights", "45,43,4"));
        assertEquals("invalid value '0' for --warehouses: expected an integer from 1 to 100000", refused(2, "--warehouses", "0"));
        assertEquals("invalid value '0' for --terminals: expected an integer from 1 to 1024", refused(2, "--terminals", "0"));
        assertEquals("invalid value '5000' for --terminals: expected an integer from 1 to 1024", refused(2, "--terminals", "5000"));
        assertEquals("tpcc runs --terminals, not --workers: give --terminals N", refused(2, "--workers", "4"));
        assertEquals("invalid value 'snapshot' for --isolation: expected read-committed, repeatable-read or serializable",
                refused(2, "--isolation", "snapshot"));
        assertEquals("--load-only and --run-only exclude each other; give neither to load and run",
                refused(2, "--load-only", "--run-only"));
        assertEquals("target 'noop' cannot run workload 'tpcc': it lacks SqlTransactions",
                CliRun.of("--target", "noop", "--workload", "tpcc", "--duration", "5s").oneLineError());
        // QuestDB speaks SQL but runs no multi-statement transactions: refused before its server starts
        assertEquals("target 'questdb' cannot run workload 'tpcc': it lacks SqlTransactions",
                CliRun.of("--target", "questdb", "--workload", "tpcc", "--duration", "5s").oneLineError());
    }

    @Test
    void moreTerminalsThanTheServerAcceptsFailBeforeTheLoad() {
        // the embedded server takes 500 connections
        String msg = refused(3, "--terminals", "600", "--run-only", "--duration", "5s");
        assertTrue(msg.contains("refused connection") && msg.contains("of the 601 this run needs"), msg);
    }

    @Test
    void runOnlyWithoutALoadSaysHowToLoad() throws Exception {
        try (var c = pg.connect(); var st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS tpcc_load, order_line, new_order, oorder, history, customer, district, stock, item, warehouse");
        }
        assertEquals("--run-only: there are no TPC-C tables to run on; load them first (runner --workload tpcc --load-only "
                + "--warehouses N)", refused(2, "--run-only", "--duration", "5s"));
        assertEquals("tpcc needs --duration or --txns-per-terminal to know when to stop (BenchmarkSQL: runMins or "
                + "runTxnsPerTerminal)", refused(2, "--run-only"));
        CliRun embedded = CliRun.of("--workload", "tpcc", "--run-only", "--duration", "5s", "--results", tmp.toString());
        assertEquals(2, embedded.exitCode(), embedded.err());
        assertEquals("--run-only: the embedded server is new for each run and holds no TPC-C tables; give --url of a "
                + "server to load once and run on many times, or leave out --run-only", embedded.oneLineError());
    }

    @Test
    void aBenchmarkSqlFileRunsAsItIs() throws Exception {
        Path props = tmp.resolve("props.pg");
        Files.writeString(props, String.join("\n",
                "db=postgres", "driver=org.postgresql.Driver", "conn=" + pg.url(), "user=postgres", "password=",
                "warehouses=1", "loadWorkers=2", "terminals=2", "//To run specified transactions per terminal- runMins must equal zero",
                "runTxnsPerTerminal=100", "runMins=0", "limitTxnsPerMin=0", "terminalWarehouseFixed=true  #false",
                "newOrderWeight=45", "paymentWeight=43", "orderStatusWeight=4", "deliveryWeight=4", "stockLevelWeight=4",
                "resultDirectory=my_result_%tY-%tm-%td_%tH%tM%tS", ""));
        // BenchmarkSQL's two steps with the same file: runDatabaseBuild.sh, then runBenchmark.sh
        CliRun build = CliRun.of("--config", props.toString(), "--load-only", "--clean", "--no-watch", "--results",
                tmp.resolve("results").toString());
        assertEquals(0, build.exitCode(), build.err());
        CliRun r = CliRun.of("--config", props.toString(), "--run-only", "--verify", "--no-watch", "--results",
                tmp.resolve("results").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().contains("warning: BenchmarkSQL key 'resultDirectory'"), r.err());
        assertTrue(r.out().contains("dbharness tpcc → postgres"), r.out());
        assertTrue(r.out().contains("tpmC"), r.out());
        assertTrue(r.out().contains("PASSED: consistency conditions"), r.out());
    }

    @Test
    void theSampleConfigRunsAsItIs() throws Exception {
        CliRun sample = CliRun.of("config", "--workload", "tpcc", "--target", "postgres");
        assertEquals(0, sample.exitCode(), sample.err());
        Path config = tmp.resolve("tpcc.yaml");
        Files.writeString(config, sample.out());
        CliRun r = run("--config", config.toString(), "--terminals", "2", "--txns-per-terminal", "20", "--clean", "--no-watch");
        assertEquals(0, r.exitCode(), r.err());
    }
}
