package io.dbharness.tools;

import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A BenchmarkSQL 5.0 properties file read as tpcc flags; independent of the tpcc workload being built. */
public class BenchmarkSqlPropertiesTest {

    /** MogDB's published props file, with a host for [ip:port]. */
    /** MogDB's BenchmarkSQL page's file (seed 003), as it is but for the host. */
    public static final String MOGDB = """
            db=postgres
            driver=org.postgresql.Driver
            conn=jdbc:postgresql://10.0.0.5:26000/tpcc?prepareThreshold=1&batchMode=on&fetchsize=10
            user=[user]
            password=[passwd]
            warehouses=1000
            loadWorkers=80
            terminals=812
            //To run specified transactions per terminal- runMins must equal zero
            runTxnsPerTerminal=0
            //To run for specified minutes- runTxnsPerTerminal must equal zero
            runMins=30
            //Number of total transactions per minute
            limitTxnsPerMin=0
            //Set to true to run in 4.x compatible mode. Set to false to use the
            //entire configured database evenly.
            terminalWarehouseFixed=false  #true
            //The following five values must add up to 100
            newOrderWeight=45
            paymentWeight=43
            orderStatusWeight=4
            deliveryWeight=4
            stockLevelWeight=4
            // Directory name to create for collecting detailed result data.
            //resultDirectory=my_result_%tY-%tm-%td_%tH%tM%tS
            //osCollectorScript=./misc/os_collector_linux.py
            """;

    private static final Path PROPS = Path.of("props.pg");

    private final List<String> warnings = new ArrayList<>();

    private Map<String, String> translate(String text) {
        return BenchmarkSqlProperties.translate(PROPS, text, warnings::add);
    }

    private static String refusal(String text) {
        return assertThrows(UsageException.class, () -> BenchmarkSqlProperties.translate(PROPS, text, w -> { })).getMessage();
    }

    @Test
    void mogDbsPublishedFileTranslatesToTpccFlags() {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("target", "postgres");
        expected.put("workload", "tpcc");
        expected.put("url", "jdbc:postgresql://10.0.0.5:26000/tpcc?prepareThreshold=1&batchMode=on&fetchsize=10");
        expected.put("user", "[user]");
        expected.put("password", "[passwd]");
        expected.put("warehouses", "1000");
        expected.put("load-workers", "80");
        expected.put("terminals", "812");
        expected.put("duration", "30m");
        expected.put("terminal-warehouse-fixed", "false");
        expected.put("weights", "45,43,4,4,4");
        assertEquals(expected, translate(MOGDB));
        assertEquals(List.of(), warnings);
    }

    @Test
    void commentsSeparatorsAndTrailingComments() {
        Map<String, String> m = translate("""
                # a comment
                  ! another
                  // and BenchmarkSQL's own

                db = postgres
                user: bench
                password pa#ss  # the old one was different
                runMins=5\t# minutes
                terminalWarehouseFixed=TRUE
                """);
        assertEquals("bench", m.get("user"));
        assertEquals("pa#ss", m.get("password"), "a '#' without whitespace before it is part of the value");
        assertEquals("5m", m.get("duration"));
        assertEquals("true", m.get("terminal-warehouse-fixed"));
        assertEquals("postgres", m.get("target"));
        assertEquals("#pw", translate("runMins=1\npassword=#pw\n").get("password"));
        assertEquals("postgres", translate("\uFEFFdb=postgres\r\nrunMins=1\r\n").get("target"), "a BOM and CRLF lines");
    }

    @Test
    void runMinsOrRunTxnsPerTerminalExactlyOne() {
        Map<String, String> txns = translate("runTxnsPerTerminal=10\nrunMins=0\n");
        assertEquals("10", txns.get("txns-per-terminal"));
        assertFalse(txns.containsKey("duration"));
        assertEquals("BenchmarkSQL file props.pg sets both runMins and runTxnsPerTerminal: one of them must be 0",
                refusal("runTxnsPerTerminal=10\nrunMins=30\n"));
        assertEquals("BenchmarkSQL file props.pg runs for 0 minutes and 0 transactions per terminal: set runMins or runTxnsPerTerminal",
                refusal("runTxnsPerTerminal=0\nrunMins=0\n"));
        assertEquals("BenchmarkSQL file props.pg runs for 0 minutes and 0 transactions per terminal: set runMins or runTxnsPerTerminal",
                refusal("db=postgres\n"));
    }

    @Test
    void limitTxnsPerMinIsARatePerSecond() {
        assertEquals("5", translate("runMins=1\nlimitTxnsPerMin=300\n").get("rate"));
        assertEquals("10", translate("runMins=1\nlimitTxnsPerMin=600\n").get("rate"));
        assertEquals("0.5", translate("runMins=1\nlimitTxnsPerMin=30\n").get("rate"));
        assertEquals("1.666666666666667", translate("runMins=1\nlimitTxnsPerMin=100\n").get("rate"));
        assertFalse(translate("runMins=1\nlimitTxnsPerMin=0\n").containsKey("rate"));
    }

    @Test
    void missingWeightsTakeTheTpccDefaults() {
        assertEquals("41,47,4,4,4", translate("runMins=1\npaymentWeight=47\nnewOrderWeight=41\n").get("weights"));
        assertEquals("45,43,4,8,0", translate("runMins=1\nstockLevelWeight=0\ndeliveryWeight=8\n").get("weights"));
        assertFalse(translate("runMins=1\n").containsKey("weights"), "no weight given: the workload's own mix");
        assertEquals("invalid value '4.5' for key 'deliveryWeight' in BenchmarkSQL file props.pg (line 2): expected an integer"
                + " from 0 to 2147483647", refusal("runMins=1\ndeliveryWeight=4.5\n"));
    }

    @Test
    void everyKeyWithoutEffectWarnsOnce() {
        Map<String, String> m = translate(MOGDB.replace("//resultDirectory", "resultDirectory")
                .replace("//osCollectorScript", "osCollectorScript")
                + "fileLocation=/tmp/csv/\ncsvNullValue=NULL\n");
        assertEquals(translate(MOGDB), m, "they change nothing");
        assertEquals(List.of(
                "BenchmarkSQL key 'resultDirectory' in props.pg has no effect here (the result JSON goes to --results)",
                "BenchmarkSQL key 'osCollectorScript' in props.pg has no effect here (the harness reads /proc itself:"
                        + " this host's always, osCollectorSSHAddr's over SSH)",
                "BenchmarkSQL key 'fileLocation' in props.pg has no effect here (the load writes to the database, not to CSV files)",
                "BenchmarkSQL key 'csvNullValue' in props.pg has no effect here (the load writes to the database, not to CSV files)"),
                warnings);
    }

    @Test
    void theOsCollectorSamplesTheDatabaseHostOverSsh() {
        Map<String, Integer> lines = new LinkedHashMap<>();
        Map<String, String> m = BenchmarkSqlProperties.translate(PROPS, MOGDB.replace("//osCollectorScript", "osCollectorScript")
                + "osCollectorInterval=1\nosCollectorSSHAddr=user@dbhost\nosCollectorDevices=net_eth0 blk_sda\n", warnings::add, lines);
        assertEquals("ssh://user@dbhost", m.get("server-hosts"));
        assertEquals("net_eth0 blk_sda", m.get("server-devices"), "BenchmarkSQL's syntax, read by --server-devices as it is");
        assertEquals("1s", m.get("watch-interval"));
        // a value the run refuses points at the key's line
        assertEquals(27, lines.get("watch-interval"));
        assertEquals(28, lines.get("server-hosts"));
        assertEquals(29, lines.get("server-devices"));
        // BenchmarkSQL's sample file as it ships: the address commented out, so only this host is sampled
        Map<String, String> local = translate(MOGDB.replace("//osCollectorScript", "osCollectorScript")
                + "osCollectorInterval=1\n//osCollectorSSHAddr=user@dbhost\n//osCollectorDevices=net_eth0 blk_sda\n");
        assertFalse(local.containsKey("server-hosts") || local.containsKey("server-devices"), local.toString());
        // devices without an address: BenchmarkSQL's own host; said, not passed on as --server-devices (refused alone)
        warnings.clear();
        Map<String, String> devicesOnly = translate(MOGDB + "osCollectorDevices=net_eth0 blk_sda\n");
        assertFalse(devicesOnly.containsKey("server-devices"), devicesOnly.toString());
        assertTrue(warnings.contains("BenchmarkSQL key 'osCollectorDevices' in props.pg has no effect here without"
                + " osCollectorSSHAddr (this host's disks and interfaces all count)"), warnings.toString());
        assertEquals("invalid value 'often' for key 'osCollectorInterval' in BenchmarkSQL file props.pg (line 2): expected an"
                + " integer from 0 to 2147483647", refusal("runMins=1\nosCollectorInterval=often\n"));
    }

    @Test
    void aDriverOutsideThePostgresFamilyWarns() {
        for (String d : List.of("org.postgresql.Driver", "com.yugabyte.Driver", "org.opengauss.Driver")) {
            translate("runMins=1\ndriver=" + d + "\n");
        }
        assertEquals(List.of(), warnings);
        translate("runMins=1\ndriver=oracle.jdbc.driver.OracleDriver\n");
        assertEquals(List.of("BenchmarkSQL driver=oracle.jdbc.driver.OracleDriver in props.pg has no effect here"
                + " (the target's own JDBC driver is used)"), warnings);
    }

    @Test
    void badFilesAreRefusedInOneLineNamingTheKey() {
        assertEquals("unknown key 'runMinutes' in BenchmarkSQL file props.pg (line 2)", refusal("db=postgres\nrunMinutes=5\n"));
        assertEquals("unknown db=foo in BenchmarkSQL file props.pg: expected postgres (--target picks yugabyte, matrixdb or mogdb)",
                refusal("db=foo\nrunMins=1\n"));
        assertEquals("BenchmarkSQL db=oracle in props.pg: this harness runs TPC-C on postgres, yugabyte, matrixdb and mogdb",
                refusal("db=oracle\nrunMins=1\n"));
        assertEquals("key 'warehouses' is given twice in BenchmarkSQL file props.pg (lines 1 and 3)",
                refusal("warehouses=10\nrunMins=1\nwarehouses = 20\n"));
        // warehouses, loadWorkers and terminals go on as written: the tpcc workload checks them (ConfigFileTest)
        assertEquals("many", translate("runMins=1\nterminals=many\n").get("terminals"));
        assertEquals("invalid value '-1' for key 'runMins' in BenchmarkSQL file props.pg (line 1): expected an integer"
                + " from 0 to 2147483647", refusal("runMins=-1\n"));
        assertEquals("invalid value 'maybe' for key 'terminalWarehouseFixed' in BenchmarkSQL file props.pg (line 2): expected"
                + " true or false", refusal("runMins=1\nterminalWarehouseFixed=maybe\n"));
        // the secret is never echoed
        for (String m : List.of(refusal("password=S3CRET\npassword = S3CRET\nrunMins=1\n"),
                refusal("password=S3CRET\nrunMins=x\n"), refusal("password=S3CRET\n"))) {
            assertFalse(m.contains("S3CRET"), m);
        }
    }

    @Test
    void whichFilesAreBenchmarkSqlFiles() {
        assertTrue(BenchmarkSqlProperties.isBenchmarkSql(Path.of("run/props.pg"), ""));
        assertTrue(BenchmarkSqlProperties.isBenchmarkSql(Path.of("mogdb.properties"), ""));
        assertTrue(BenchmarkSqlProperties.isBenchmarkSql(Path.of("tpcc.conf"), "db=postgres\nconn = jdbc:postgresql://h/db\n"));
        assertFalse(BenchmarkSqlProperties.isBenchmarkSql(Path.of("tpcc.conf"), "target: postgres\n"));
        assertFalse(BenchmarkSqlProperties.isBenchmarkSql(Path.of("props.yaml"), "conn=x\n"));
        assertFalse(BenchmarkSqlProperties.isBenchmarkSql(Path.of("bench.toml"), "conn = \"x\"\n"));
    }
}
