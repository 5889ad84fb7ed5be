package io.dbharness.tpcc;

import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The initial database of clause 4.3 after {@code --load-only}: the cardinalities of clause 1.2.1, the data
 * rules of 4.3.3.1 and the last names' NURand distribution, within tolerance.
 */
@org.junit.jupiter.api.Tag("server")
class TpccLoadTest {

    @RegisterExtension
    static final TpccPostgres pg = new TpccPostgres();
    private static RunResult load;

    @BeforeAll
    static void loadTwoWarehouses() throws Exception {
        load = pg.run("warehouses", 2, "load-workers", 2, "load-only", true, "clean", true, "verify", true);
    }

    @Test
    void theLoadSucceedsIsConsistentAndRunsNothing() {
        assertEquals(0, load.exitCode(), () -> load.failure() + " / " + load.verification().message());
        assertEquals("PASSED", load.verification().status(), load.verification().message());
        assertEquals(0, load.totals().counts().operations());
        assertTrue(load.figures().isEmpty());
    }

    @Test
    void everyTableHasTheSpecificationsCardinality() throws Exception {
        assertEquals(100_000, pg.count("SELECT count(*) FROM item"));
        assertEquals(2, pg.count("SELECT count(*) FROM warehouse"));
        assertEquals(20, pg.count("SELECT count(*) FROM district"));
        assertEquals(200_000, pg.count("SELECT count(*) FROM stock"));
        assertEquals(60_000, pg.count("SELECT count(*) FROM customer"));
        assertEquals(60_000, pg.count("SELECT count(*) FROM history"));
        assertEquals(60_000, pg.count("SELECT count(*) FROM oorder"));
        assertEquals(18_000, pg.count("SELECT count(*) FROM new_order"));
        long lines = pg.count("SELECT count(*) FROM order_line");
        assertEquals(pg.count("SELECT sum(o_ol_cnt) FROM oorder"), lines);
        assertTrue(lines > 590_000 && lines < 610_000, "about 10 lines per order: " + lines);
        // the result counts what the loader sent, table by table
        assertEquals(Long.toString(lines), load.workloadFacts().details().get("loaded.order_line"));
        assertEquals("100000", load.workloadFacts().details().get("loaded.item"));
    }

    @Test
    void valuesFollowTheDataRules() throws Exception {
        // 3,000 orders per district, the last 900 undelivered new orders, each customer ordering once
        assertEquals(0, pg.count("SELECT count(*) FROM oorder WHERE (o_id < 2101) <> (o_carrier_id IS NOT NULL)"));
        assertEquals(0, pg.count("SELECT count(*) FROM new_order WHERE no_o_id < 2101"));
        assertEquals(3000, pg.count("SELECT count(DISTINCT o_c_id) FROM oorder WHERE o_w_id = 1 AND o_d_id = 3"));
        assertEquals(0, pg.count("SELECT count(*) FROM order_line WHERE (ol_o_id < 2101) <> (ol_amount = 0)"));
        assertEquals(0, pg.count("SELECT count(*) FROM district WHERE d_next_o_id <> 3001 OR d_ytd <> 30000"));
        assertEquals(0, pg.count("SELECT count(*) FROM customer WHERE c_balance <> -10 OR c_ytd_payment <> 10 OR c_middle <> 'OE'"));
        // 10% of items and stock carry ORIGINAL, 10% of customers have bad credit: within 4 standard deviations
        assertNear(0.10, pg.count("SELECT count(*) FROM item WHERE i_data LIKE '%ORIGINAL%'") / 100_000.0, 100_000);
        assertNear(0.10, pg.count("SELECT count(*) FROM stock WHERE s_data LIKE '%ORIGINAL%'") / 200_000.0, 200_000);
        assertNear(0.10, pg.count("SELECT count(*) FROM customer WHERE c_credit = 'BC'") / 60_000.0, 60_000);
        assertEquals(0, pg.count("SELECT count(*) FROM customer WHERE length(c_data) NOT BETWEEN 300 AND 500"));
        assertEquals(0, pg.count("SELECT count(*) FROM warehouse WHERE w_zip NOT LIKE '____11111'"));
    }

    @Test
    void lastNamesAreTheSyllablesWithTheNuRandDistribution() throws Exception {
        // the first 1,000 customers of a district take the 1,000 names once each
        assertEquals(1000, pg.count("SELECT count(DISTINCT c_last) FROM customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_id <= 1000"));
        assertEquals("BARBARBAR", firstString("SELECT c_last FROM customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 1"));
        assertEquals("EINGEINGEING", firstString("SELECT c_last FROM customer WHERE c_w_id = 2 AND c_d_id = 5 AND c_id = 1000"));
        // the others: NURand(255, 0, 999) with the load's C; compared to the exact distribution by chi-square
        int c = (int) pg.count("SELECT c_last_load FROM tpcc_load");
        double[] expected = new double[1000];
        for (int x = 0; x <= 255; x++) {
            for (int y = 0; y <= 999; y++) {
                expected[((x | y) + c) % 1000] += 1.0 / (256 * 1000);
            }
        }
        java.util.Map<String, Integer> index = new java.util.HashMap<>();
        for (int n = 0; n < 1000; n++) {
            index.put(TpccRandom.lastName(n), n);
        }
        long[] observed = new long[1000];
        long total = 0;
        try (Connection conn = pg.connect(); Statement st = conn.createStatement();
             ResultSet rs = st.executeQuery("SELECT c_last, count(*) FROM customer WHERE c_id > 1000 GROUP BY c_last")) {
            while (rs.next()) {
                observed[index.get(rs.getString(1))] += rs.getLong(2);
                total += rs.getLong(2);
            }
        }
        assertEquals(40_000, total);
        double chiNuRand = 0;
        double chiUniform = 0;
        for (int n = 0; n < 1000; n++) {
            double e = expected[n] * total;
            chiNuRand += e == 0 ? (observed[n] == 0 ? 0 : Double.POSITIVE_INFINITY) : Math.pow(observed[n] - e, 2) / e;
            double u = total / 1000.0;
            chiUniform += Math.pow(observed[n] - u, 2) / u;
        }
        // 999 degrees of freedom: the statistic is 999 +- 45; a uniform draw would be far off NURand's shape
        assertTrue(chiNuRand < 999 + 5 * 45, "chi-square against NURand " + chiNuRand);
        assertTrue(chiUniform > 999 + 10 * 45, "chi-square against uniform " + chiUniform);
    }

    private static void assertNear(double p, double observed, long n) {
        double sd = Math.sqrt(p * (1 - p) / n);
        assertTrue(Math.abs(observed - p) < 4 * sd, "observed " + observed + ", expected " + p + " +- " + 4 * sd);
    }

    private static String firstString(String sql) throws Exception {
        try (Connection conn = pg.connect(); Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
