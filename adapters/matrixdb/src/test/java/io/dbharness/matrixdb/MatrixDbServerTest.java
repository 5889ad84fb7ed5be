package io.dbharness.matrixdb;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.postgres.CatalogueTexts;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Against a real MatrixDB / YMatrix master when {@code DBHARNESS_MATRIXDB_URL} is set
 * ({@code jdbc:postgresql://HOST:5432/DB}; user and password from PGUSER / PGPASSWORD): every storage
 * created, written by COPY and counted back, then queried (iot-query). Skipped otherwise.
 */
@org.junit.jupiter.api.Tag("server")
class MatrixDbServerTest {

    static String url() {
        String url = System.getenv("DBHARNESS_MATRIXDB_URL");
        assumeTrue(url != null && !url.isBlank(),
                "DBHARNESS_MATRIXDB_URL is not set: the matrixdb target (iot-insert, iot-query) was not run against a real MatrixDB server");
        return url;
    }

    static Map<String, String> env() {
        Map<String, String> env = new java.util.HashMap<>();
        for (String k : new String[] {"PGUSER", "PGPASSWORD"}) {
            if (System.getenv(k) != null) {
                env.put(k, System.getenv(k));
            }
        }
        return env;
    }

    @Test
    void everyStorageWithCopy() throws Exception {
        String url = url();
        for (String storage : new String[] {"mars3", "mars2", "ao_column", "heap"}) {
            RunResult r = Harness.run(RunSpec.builder().target("matrixdb").workload("iot-insert")
                    .option("url", url).option("matrixdb-storage", storage)
                    .option("table-name", "dbharness_" + storage).option("clean", true)
                    .option("tag-num", 1000).option("total-metrics-count", 20).option("ts-end", "2022-04-18 09:00:10")
                    .option("verify", true).option("no-watch", true)
                    .environment(env()).build());
            assertEquals("PASSED", r.verification().status(), storage + ": " + r.verification().message());
            assertEquals("MatrixDB", r.targetInfo().product());
        }
    }

    /**
     * iot-query on every storage with its query index (mars3_brin on MARS3, none on MARS2, btree on heap and
     * AO): every query answers without error, and every storage answers as the plain postgres target does
     * on embedded PostgreSQL with the same data.
     */
    @Test
    void iotQueryOnEveryStorage() throws Exception {
        String url = url();
        RunResult reference = Harness.run(query(RunSpec.builder().target("postgres")
                .option("url", io.dbharness.postgres.EmbeddedPostgres.shared().url()).option("user", "postgres")
                .option("table-name", "mx_server_reference").environment(Map.of())).build());
        assertEquals(0, reference.exitCode(), reference.failure());
        for (String storage : new String[] {"mars3", "mars2", "ao_column", "heap"}) {
            RunResult r = Harness.run(query(RunSpec.builder().target("matrixdb").option("url", url)
                    .option("matrixdb-storage", storage).option("table-name", "dbharness_query_" + storage)
                    .environment(env())).build());
            assertEquals(0, r.totals().counts().errors(), storage + ": " + r.errors());
            assertEquals(0, r.exitCode(), storage + ": " + r.failure());
            CatalogueTexts.assertSameAnswers(reference, r);
        }
    }

    /** The data and queries of MatrixDbQueryOnPostgresTest. */
    private static RunSpec.Builder query(RunSpec.Builder b) {
        return b.workload("iot-query").option("load", true).option("clean", true)
                .option("tag-num", 50).option("total-metrics-count", 5).option("ts-end", "2022-04-18 10:00:00")
                .option("generator-empty-value-ratio", 0).option("query-count", 200).option("no-watch", true);
    }
}
