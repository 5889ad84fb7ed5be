package io.dbharness.postgres;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The statements PostgreSQL's telemetry picks per server version, against golden files written from the
 * documentation of the statistics views (https://www.postgresql.org/docs/17/monitoring-stats.html,
 * https://www.postgresql.org/docs/13/pgstatstatements.html, and the release notes of 14, 17 and 18 for pg_stat_wal
 * and pg_stat_checkpointer).
 */
class PgTelemetryGoldenTest {

    @Test
    void postgresql17ReadsPgStatCheckpointerAndPgStatWal() throws Exception {
        TelemetryGolden.assertGolden("io/dbharness/postgres/golden/telemetry_17.sql", PgFlavor.GENERIC, 170011);
    }

    @Test
    void postgresql12HasNoPgStatWalAndTotalTime() throws Exception {
        TelemetryGolden.assertGolden("io/dbharness/postgres/golden/telemetry_12.sql", PgFlavor.GENERIC, 120022);
    }

    @Test
    void postgresql18KeepsTheWalVolumeOnly() {
        String wal = PgTelemetry.statementFor(PgFlavor.GENERIC, "counters_wal", 180001);
        assertTrue(wal.contains("FROM pg_stat_wal") && !wal.contains("wal_sync"), wal);
    }

    @Test
    void aVersionNoVariantFitsIsSaidWithWhatEachNeeds() {
        assertEquals("-- unavailable: not in this server's version (130011); counters_wal.v18 needs versions: 180000-,"
                + " counters_wal needs versions: 140000-179999", PgTelemetry.statementFor(PgFlavor.GENERIC, "counters_wal", 130011));
    }
}
