package io.dbharness.yugabyte;

import io.dbharness.postgres.PgFlavor;
import io.dbharness.postgres.TelemetryGolden;
import org.junit.jupiter.api.Test;

/**
 * YugabyteDB's server telemetry statements, against golden files written from its documentation: YSQL's
 * pg_stat_activity lists the backends of the tablet server connected to
 * (https://docs.yugabyte.com/stable/explore/observability/pg-stat-activity/); tables live in DocDB, replicated by a
 * Raft log per tablet, so PostgreSQL's WAL and checkpoint views do not count the run
 * (https://docs.yugabyte.com/stable/architecture/docdb-replication/raft/); pg_stat_statements is there by default
 * (https://docs.yugabyte.com/stable/explore/query-1-performance/pg-stat-statements/), total_time on the PostgreSQL
 * 11 base, total_exec_time on the 15 base (2.25 and later).
 */
class YugabyteTelemetryGoldenTest {

    @Test
    void onThePostgresql11Base() throws Exception {
        TelemetryGolden.assertGolden("io/dbharness/yugabyte/golden/telemetry.sql",
                PgFlavor.dialectOf("io/dbharness/yugabyte/sql", getClass().getClassLoader()), 110002);
    }

    @Test
    void onThePostgresql15Base() throws Exception {
        TelemetryGolden.assertGolden("io/dbharness/yugabyte/golden/telemetry_pg15.sql",
                PgFlavor.dialectOf("io/dbharness/yugabyte/sql", getClass().getClassLoader()), 150012);
    }
}
