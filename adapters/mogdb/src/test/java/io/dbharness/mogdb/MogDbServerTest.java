package io.dbharness.mogdb;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
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
 * {@code --verify} and without {@code --allow-compatible-server}, so the server must identify as MogDB/openGauss.
 */
class MogDbServerTest {

    private static String url;

    @BeforeEach
    void needsAServer() {
        url = System.getenv("DBHARNESS_MOGDB_URL");
        Assumptions.assumeTrue(url != null && !url.isBlank(),
                "DBHARNESS_MOGDB_URL is not set: the mogdb target was not run against a real MogDB/openGauss server");
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
        Map<String, String> env = new HashMap<>();
        for (String v : new String[]{"PGUSER", "PGPASSWORD", "PGDATABASE"}) {
            if (System.getenv(v) != null) {
                env.put(v, System.getenv(v));
            }
        }
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
        assertEquals(30_000, r.totals().rows());
        assertEquals(0, r.totals().errors());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(storage, r.targetInfo().settings().get("storage"));
        assertFalse(r.targetInfo().settings().containsKey("switched_off"), "a real server switches nothing off");
        assertNotEquals("9.2.4", r.targetInfo().serverVersion(), "the openGauss/MogDB release, not the PostgreSQL base");
    }
}
