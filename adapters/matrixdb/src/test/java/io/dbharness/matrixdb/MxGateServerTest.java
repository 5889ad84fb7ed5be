package io.dbharness.matrixdb;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Against a real MatrixGate when {@code DBHARNESS_MXGATE_URL} is set (and {@code DBHARNESS_MATRIXDB_URL} for
 * the master it loads into; mxgate started with an HTTP source, default --time-format unix-second,
 * --allow-dynamic or the table as a target). Skipped otherwise.
 */
@org.junit.jupiter.api.Tag("server")
class MxGateServerTest {

    @Test
    void writesThroughMatrixGate() throws Exception {
        String gate = System.getenv("DBHARNESS_MXGATE_URL");
        assumeTrue(gate != null && !gate.isBlank(),
                "DBHARNESS_MXGATE_URL is not set: the MatrixGate HTTP path was not run against a real MatrixGate");
        String url = MatrixDbServerTest.url();
        RunResult r = Harness.run(RunSpec.builder().target("matrixdb").workload("iot-insert")
                .option("url", url).option("matrixdb-ingest", "mxgate-http").option("mxgate-url", gate)
                .option("table-name", "dbharness_mxgate").option("clean", true)
                .option("tag-num", 1000).option("total-metrics-count", 20).option("ts-end", "2022-04-18 09:00:10")
                .environment(MatrixDbServerTest.env()).build());
        assertEquals(0, r.totals().counts().errors(), String.valueOf(r.errors()));
        assertEquals(10_000, r.totals().counts().rows());
    }
}
