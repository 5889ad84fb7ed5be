package io.dbharness.matrixdb;

import io.dbharness.postgres.PgFlavor;
import io.dbharness.postgres.TelemetryGolden;
import org.junit.jupiter.api.Test;

/**
 * MatrixDB's server telemetry statements, against a golden file written from the documentation of Greenplum 7's
 * views, on which MatrixDB builds: gp_stat_activity is pg_stat_activity of the coordinator and every primary
 * segment, a session's segment backends sharing its sess_id
 * (https://cloudberry.apache.org/docs/sys-catalogs/sys-views/gp-stat-activity); the coordinator's pg_stat_wal and
 * pg_stat_bgwriter describe the coordinator alone, so they are said to be unavailable; the size functions sum a
 * distributed table over its segments.
 */
class MatrixDbTelemetryGoldenTest {

    @Test
    void onMatrixDb() throws Exception {
        TelemetryGolden.assertGolden("io/dbharness/matrixdb/golden/telemetry.sql",
                PgFlavor.dialectOf("io/dbharness/matrixdb/sql", getClass().getClassLoader()), 120012);
    }
}
