package io.dbharness.yugabyte;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.postgres.CatalogueTexts;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The real thing, when a YugabyteDB server is named: {@code DBHARNESS_YUGABYTE_URL=jdbc:yugabytedb://HOST:5433/yugabyte}
 * (or {@code jdbc:postgresql://...}), credentials in the URL or in {@code PGUSER}/{@code PGPASSWORD}. Without
 * the variable every test here is skipped with a message saying so. No {@code --allow-compatible-server}: the
 * server must report itself as YugabyteDB, and the YugabyteDB SQL (HASH key, SPLIT INTO, ROWS_PER_TRANSACTION,
 * REPLACE, upsert mode) and the query texts run as written.
 */
@org.junit.jupiter.api.Tag("server")
class YugabyteServerTest {

    static final String VARIABLE = "DBHARNESS_YUGABYTE_URL";
    private String url;

    /** Per test, not per class, so every run that was not made is reported as skipped with this message. */
    @BeforeEach
    void needsAServer() {
        url = System.getenv(VARIABLE);
        assumeTrue(url != null && !url.isBlank(), VARIABLE + " is not set: the iot-insert and iot-query runs against a real "
                + "YugabyteDB server (hash/range DDL, SPLIT INTO, COPY ROWS_PER_TRANSACTION/REPLACE, upsert mode, the query "
                + "texts and index) were not run");
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

    @ParameterizedTest(name = "{0} {1} upsert={2} split={3}")
    @CsvSource({
            "copy, hash, false, 3",
            "copy, range, true, 0",
            "copy-text, hash, true, 0",
            "insert-multirow, hash, true, 0",
            "insert-multirow, range, false, 0"})
    void iotInsertOnYugabytedb(String ingest, String sharding, boolean upsert, int split) throws Exception {
        Map<String, String> env = pgEnv();
        RunSpec.Builder b = RunSpec.builder()
                .target("yugabyte")
                .workload("iot-insert")
                .option("url", url)
                .option("table-name", "dbharness_yb_" + ingest.replace('-', '_') + "_" + sharding)
                .option("clean", true)
                .option("tag-num", 1000)
                .option("total-metrics-count", 20)
                .option("ts-end", "2022-04-18 09:00:30")
                .option("workers", 2)
                .option("verify", true)
                .option("yb-ingest", ingest)
                .option("yb-sharding", sharding)
                .option("yb-upsert-mode", upsert)
                .environment(env);
        if (split > 0) {
            b.option("yb-split-tablets", split);
        }
        RunResult r = Harness.run(b.build());
        assertEquals("YugabyteDB", r.targetInfo().product());
        assertTrue(r.targetInfo().serverVersion().contains("-YB-"), r.targetInfo().serverVersion());
        assertEquals(0, r.totals().counts().errors(), String.valueOf(r.errors()));
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(upsert ? "on" : "off", r.targetInfo().settings().get("yb_enable_upsert_mode"));
        assertEquals(null, r.targetInfo().settings().get("yb_switched_off"));
    }

    /**
     * iot-query on YugabyteDB as written (range index, recursive-CTE loose index scans), on a hash- and a
     * range-sharded table: every query answers, both tables answer alike, and alike the plain postgres target
     * on embedded PostgreSQL with the same data. The plans ({@code --explain}) of the loose index scans must
     * not scan the table.
     */
    @Test
    void iotQueryOnYugabytedb() throws Exception {
        Map<String, RunResult> runs = new java.util.LinkedHashMap<>();
        for (String sharding : new String[]{"hash", "range"}) {
            RunResult r = Harness.run(query(RunSpec.builder().target("yugabyte").option("url", url).environment(pgEnv()))
                    .option("table-name", "dbharness_yb_query_" + sharding)
                    .option("yb-sharding", sharding)
                    .option("explain", true)
                    .build());
            assertEquals(0, r.totals().counts().errors(), sharding + ": " + r.errors());
            assertEquals(0, r.exitCode(), sharding + ": " + r.failure());
            assertTrue(r.targetInfo().serverVersion().contains("-YB-"), r.targetInfo().serverVersion());
            assertEquals("CREATE INDEX IF NOT EXISTS \"dbharness_yb_query_" + sharding + "_tag_ts\" ON \"dbharness_yb_query_"
                    + sharding + "\" (tag_id ASC, ts DESC)", r.workloadFacts().details().get("queryDdl"));
            for (String q : new String[]{"newest-per-device", "lastpoint"}) {
                assertFalse(r.plans().get(q).contains("Seq Scan"), sharding + " " + q + ":\n" + r.plans().get(q));
            }
            runs.put(sharding, r);
        }
        RunResult postgres = Harness.run(query(RunSpec.builder().target("postgres")
                .option("url", io.dbharness.postgres.EmbeddedPostgres.shared().url()).option("user", "postgres")
                .environment(Map.of())).option("table-name", "yb_server_reference").build());
        assertEquals(0, postgres.exitCode(), postgres.failure());
        CatalogueTexts.assertSameAnswers(postgres, runs.get("hash"));
        CatalogueTexts.assertSameAnswers(postgres, runs.get("range"));
    }

    /** The data and queries of the embedded-PostgreSQL comparison (YugabyteQueryOnPostgresTest). */
    private static RunSpec.Builder query(RunSpec.Builder b) {
        return b.workload("iot-query")
                .option("load", true)
                .option("clean", true)
                .option("tag-num", 50)
                .option("total-metrics-count", 5)
                .option("ts-end", "2022-04-18 10:00:00")
                .option("generator-empty-value-ratio", 0)
                .option("query-count", 200)
                .option("no-watch", true);
    }
}
