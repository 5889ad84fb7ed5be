package io.dbharness.mogdb;

import io.dbharness.postgres.PgFlavor;
import io.dbharness.postgres.TelemetryGolden;
import org.junit.jupiter.api.Test;

/**
 * MogDB's server telemetry statements, against a golden file written from openGauss's documentation: its
 * pg_stat_activity has no wait columns, pg_thread_wait_status has each thread's wait_status and wait_event
 * (https://docs.opengauss.org/en/docs/latest/docs/DatabaseReference/pg_thread_wait_status.html), joined on
 * sessionid; there is no pg_stat_wal (the server is on PostgreSQL 9.2's base, server_version_num 90204), the
 * checkpoints are in pg_stat_bgwriter; statements are in dbe_perf.statement, times in microseconds
 * (https://docs.opengauss.org/en/docs/latest/docs/DatabaseReference/statement.html).
 */
class MogDbTelemetryGoldenTest {

    @Test
    void onOpenGauss() throws Exception {
        TelemetryGolden.assertGolden("io/dbharness/mogdb/golden/telemetry.sql",
                PgFlavor.dialectOf("io/dbharness/mogdb/sql", getClass().getClassLoader()), 90204);
    }
}
