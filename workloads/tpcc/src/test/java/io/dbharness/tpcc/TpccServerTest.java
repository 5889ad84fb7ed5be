package io.dbharness.tpcc;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * TPC-C on the real products, when one is named by the same variables as the adapters' server tests
 * ({@code DBHARNESS_YUGABYTE_URL}, {@code DBHARNESS_MATRIXDB_URL}, {@code DBHARNESS_MOGDB_URL}; credentials in
 * the URL or in PGUSER/PGPASSWORD). Without the variable the run is skipped, saying so. No
 * allow-compatible-server: each product's own DDL runs as written. The run drops and loads the TPC-C tables
 * (clean) in the database the URL names.
 */
@org.junit.jupiter.api.Tag("server")
class TpccServerTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({"yugabyte, DBHARNESS_YUGABYTE_URL", "matrixdb, DBHARNESS_MATRIXDB_URL", "mogdb, DBHARNESS_MOGDB_URL"})
    void aSmallRunLoadsRunsAndStaysConsistent(String target, String variable) throws Exception {
        String url = System.getenv(variable);
        assumeTrue(url != null && !url.isBlank(), variable + " is not set: TPC-C (its " + target
                + " DDL, load, transactions and consistency checks) was not run against a real server");
        Map<String, String> env = new HashMap<>();
        for (String v : new String[] {"PGUSER", "PGPASSWORD", "PGDATABASE"}) {
            if (System.getenv(v) != null) {
                env.put(v, System.getenv(v));
            }
        }
        RunResult r = Harness.run(RunSpec.builder().target(target).workload("tpcc").environment(env).option("url", url)
                .option("warehouses", 2).option("terminals", 4).option("duration", "30s").option("verify", true)
                .option("clean", true).option("no-watch", true).build());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(0, r.exitCode(), r::failure);
        assertEquals(target, r.workloadFacts().details().get("dialect"));
    }
}
