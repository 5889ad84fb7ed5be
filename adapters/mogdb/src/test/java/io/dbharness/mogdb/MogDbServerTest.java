package io.dbharness.mogdb;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.postgres.CatalogueTexts;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The real thing, when {@code DBHARNESS_MOGDB_URL} names a MogDB or openGauss server
 * ({@code jdbc:opengauss://HOST:PORT/DB} or, for md5 authentication, {@code jdbc:postgresql://...}); user and
 * password from {@code PGUSER}/{@code PGPASSWORD} or the URL. Runs every ingest path and table option with
 * {@code --verify}, and the query catalogue, without {@code --allow-compatible-server}, so the server must identify
 * as MogDB/openGauss.
 */
@org.junit.jupiter.api.Tag("server")
class MogDbServerTest {

    private static String url;

    @BeforeEach
    void needsAServer() {
        url = System.getenv("DBHARNESS_MOGDB_URL");
        Assumptions.assumeTrue(url != null && !url.isBlank(),
                "DBHARNESS_MOGDB_URL is not set: the mogdb target (iot-insert, iot-query) was not run against a real MogDB/openGauss server");
    }

    private static Map<String, String> pgEnv() {
        Map<String, String> env = new HashMap<>();
        for (String v : new String[]{"PGUSER", "PGPASSWORD", "PGDATABASE"}) {
            if (System.getenv(v) != null) {
                env.put(v, System.getenv(v));
            }
        }
        return env;
    }

    @ParameterizedTest(name = "{0} {1} {2} {3}")
    @CsvSource({
            "copy,         row,    '',     none",
            "insert-batch, row,    '',     none",
            "copy,         row,    '',     day",
            "insert-batch, row,    '',     hour",
            "copy,         column, '',     none",
            "copy,         column, high,   none",
            "insert-batch, column, middle, none"})
    void iotInsertOnARealServer(String ingest, String storage, String compression, String interval) throws Exception {
        Map<String, String> env = pgEnv();
        RunSpec.Builder b = RunSpec.builder().target("mogdb").workload("iot-insert")
                .option("url", url)
                .option("table-name", "dbharness_mogdb_" + storage + "_" + ingest.replace('-', '_'))
                .option("clean", true)
                .option("tag-num", 1000)
                .option("total-metrics-count", 20)
                .option("ts-end", "2022-04-18 09:00:30")
                .option("verify", true)
                .option("mogdb-ingest", ingest)
                .option("mogdb-storage", storage)
                .option("mogdb-partition-interval", interval)
                .environment(env);
        if (!compression.isEmpty()) {
            b.option("mogdb-compression", compression);
        }
        RunResult r = Harness.run(b.build());
        assertEquals(30_000, r.totals().counts().rows());
        assertEquals(0, r.totals().counts().errors());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(storage, r.targetInfo().settings().get("storage"));
        assertFalse(r.targetInfo().settings().containsKey("switched_off"), "a real server switches nothing off");
        assertNotEquals("9.2.4", r.targetInfo().serverVersion(), "the openGauss/MogDB release, not the PostgreSQL base");
    }

    /**
     * iot-query on a row, a column and an interval-partitioned table: every catalogue query answers as the
     * plain postgres target does on embedded PostgreSQL with the same data, and the index statement (a DO
     * block) runs twice without failing.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"row, none", "column, none", "row, hour"})
    void iotQueryOnARealServer(String storage, String interval) throws Exception {
        RunResult reference = Harness.run(query(RunSpec.builder().target("postgres")
                .option("url", io.dbharness.postgres.EmbeddedPostgres.shared().url()).option("user", "postgres")
                .option("table-name", "mogdb_server_reference").environment(Map.of())).option("load", true)
                .option("clean", true).build());
        assertEquals(0, reference.exitCode(), reference.failure());
        String table = "dbharness_mogdb_query_" + storage + "_" + interval;
        RunResult r = Harness.run(query(RunSpec.builder().target("mogdb").option("url", url).environment(pgEnv()))
                .option("table-name", table).option("mogdb-storage", storage).option("mogdb-partition-interval", interval)
                .option("load", true).option("clean", true).build());
        assertEquals(0, r.totals().counts().errors(), String.valueOf(r.errors()));
        assertEquals(0, r.exitCode(), r.failure());
        CatalogueTexts.assertSameAnswers(reference, r);
        RunResult again = Harness.run(query(RunSpec.builder().target("mogdb").option("url", url).environment(pgEnv()))
                .option("table-name", table).option("mogdb-storage", storage).option("mogdb-partition-interval", interval)
                .option("queries", "lastpoint").option("query-count", 5).build());
        assertEquals(0, again.exitCode(), "the index exists now: " + again.failure());
    }

    /** The data and queries of MogDbQueryOnPostgresTest. */
    private static RunSpec.Builder query(RunSpec.Builder b) {
        return b.workload("iot-query").option("tag-num", 50).option("total-metrics-count", 5)
                .option("ts-end", "2022-04-18 10:00:00").option("generator-empty-value-ratio", 0)
                .option("query-count", 200).option("no-watch", true);
    }
}
