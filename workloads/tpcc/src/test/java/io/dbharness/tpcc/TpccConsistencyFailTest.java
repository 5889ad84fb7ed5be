package io.dbharness.tpcc;

import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code --verify} can fail: one warehouse loaded once, then per test one corruption of the kind a wrong
 * transaction would leave, the exact verification message (every failed condition, with the key of the row
 * that broke it, and none other), then the corruption undone and the tables passing again. Together the tests
 * break each of the conditions 1 to 9 that {@link Consistency} checks.
 */
@org.junit.jupiter.api.Tag("server")
class TpccConsistencyFailTest {

    @RegisterExtension
    static final TpccPostgres pg = new TpccPostgres();

    private static final String C1 = "condition 1 (W_YTD = sum(D_YTD)) fails for ";
    private static final String C2 = "condition 2 (D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)) fails for ";
    private static final String C3 = "condition 3 (NEW-ORDER rows = max(NO_O_ID) - min(NO_O_ID) + 1) fails for ";
    private static final String C4 = "condition 4 (sum(O_OL_CNT) = ORDER-LINE rows per district) fails for ";
    private static final String C5 = "condition 5 (O_CARRIER_ID null exactly for orders in NEW-ORDER) fails for ";
    private static final String C6 = "condition 6 (O_OL_CNT = the order's ORDER-LINE rows) fails for ";
    private static final String C7 = "condition 7 (OL_DELIVERY_D null exactly when O_CARRIER_ID is) fails for ";
    private static final String C8 = "condition 8 (W_YTD = sum(H_AMOUNT)) fails for ";
    private static final String C9 = "condition 9 (D_YTD = sum(H_AMOUNT)) fails for ";

    @BeforeAll
    static void loadOneWarehouse() throws Exception {
        RunResult load = pg.run("warehouses", 1, "load-only", true, "clean", true, "verify", true);
        assertEquals("PASSED", load.verification().status(), load.verification().message());
    }

    /** {@code --verify} on the tables as they are: one Order-Status, which changes nothing, is the whole run. */
    private static RunResult verify() throws Exception {
        return pg.run("run-only", true, "terminals", 1, "txns-per-terminal", 1, "weights", "0,0,100,0,0", "verify", true);
    }

    /**
     * {@code corrupt} makes verification fail with exactly {@code message} and exit code 1; {@code undo} (run even
     * when the check fails, so the next test starts from the load) makes it pass again.
     */
    private static void assertCaught(String corrupt, String undo, String message) throws Exception {
        pg.execute(corrupt);
        RunResult r;
        try {
            r = verify();
        } finally {
            pg.execute(undo);
        }
        assertEquals("FAILED", r.verification().status(), r.verification().message());
        assertEquals(message, r.verification().message());
        assertEquals(1, r.exitCode());
        assertPasses();
    }

    private static void assertPasses() throws Exception {
        RunResult r = verify();
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals("consistency conditions 1, 2, 3, 4, 5, 6, 7, 8, 9 hold", r.verification().message());
        assertEquals(0, r.exitCode(), r::failure);
    }

    @Test
    void theLoadPasses() throws Exception {
        assertPasses();
    }

    /** A Payment that added its amount to the warehouse only: W_YTD disagrees with its districts and its history. */
    @Test
    void warehouseYtdWithoutDistrictOrHistory() throws Exception {
        assertCaught("UPDATE warehouse SET w_ytd = w_ytd + 1 WHERE w_id = 1",
                "UPDATE warehouse SET w_ytd = w_ytd - 1 WHERE w_id = 1",
                C1 + "w_id=1 w_ytd=300001.00 total=300000.00 | " + C8 + "w_id=1 w_ytd=300001.00 total=300000.00");
    }

    /** A warehouse without districts: sum(D_YTD) is over no rows, and W_YTD is not 0. */
    @Test
    void warehouseWithoutDistricts() throws Exception {
        assertCaught("CREATE TABLE saved_district AS SELECT * FROM district; DELETE FROM district",
                "INSERT INTO district SELECT * FROM saved_district; DROP TABLE saved_district",
                C1 + "w_id=1 w_ytd=300000.00 total=null");
    }

    /** A New-Order that advanced D_NEXT_O_ID without inserting its order. */
    @Test
    void nextOrderIdAheadOfTheOrders() throws Exception {
        assertCaught("UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = 1 AND d_id = 4",
                "UPDATE district SET d_next_o_id = d_next_o_id - 1 WHERE d_w_id = 1 AND d_id = 4",
                C2 + "d_w_id=1 d_id=4 next_o_id_minus_1=3001 max_o_id=3000 max_no_o_id=3000");
    }

    /** A Delivery that took a new order from the middle instead of the oldest: a gap in district 5's new orders. */
    @Test
    void deliveryOutOfTurn() throws Exception {
        assertCaught("DELETE FROM new_order WHERE no_w_id = 1 AND no_d_id = 5 AND no_o_id = 2500;"
                        + " UPDATE oorder SET o_carrier_id = 3 WHERE o_w_id = 1 AND o_d_id = 5 AND o_id = 2500;"
                        + " UPDATE order_line SET ol_delivery_d = now() WHERE ol_w_id = 1 AND ol_d_id = 5 AND ol_o_id = 2500",
                "INSERT INTO new_order VALUES (1, 5, 2500);"
                        + " UPDATE oorder SET o_carrier_id = NULL WHERE o_w_id = 1 AND o_d_id = 5 AND o_id = 2500;"
                        + " UPDATE order_line SET ol_delivery_d = NULL WHERE ol_w_id = 1 AND ol_d_id = 5 AND ol_o_id = 2500",
                C3 + "no_w_id=1 no_d_id=5 new_orders=899 id_range=900");
    }

    /** An order line whose order was never inserted: district 2 holds one line more than its orders count. */
    @Test
    void orderLineWithoutItsOrder() throws Exception {
        long lines = pg.count("SELECT sum(o_ol_cnt) FROM oorder WHERE o_w_id = 1 AND o_d_id = 2");
        assertCaught("INSERT INTO order_line VALUES (1, 2, 3001, 1, 1, NULL, 1.00, 1, 5, 'x')",
                "DELETE FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 2 AND ol_o_id = 3001",
                C4 + "w_id=1 d_id=2 ol_cnt_sum=" + lines + " order_lines=" + (lines + 1));
    }

    /** An order line in a district that has no orders at all: the key is the line's, there is no order's. */
    @Test
    void orderLineInADistrictWithoutOrders() throws Exception {
        assertCaught("INSERT INTO order_line VALUES (1, 11, 1, 1, 1, NULL, 1.00, 1, 5, 'x')",
                "DELETE FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 11",
                C4 + "w_id=1 d_id=11 ol_cnt_sum=null order_lines=1");
    }

    /** A new order deleted without being delivered: its order still has no carrier. */
    @Test
    void newOrderDeletedWithoutDelivery() throws Exception {
        assertCaught("DELETE FROM new_order WHERE no_w_id = 1 AND no_d_id = 6 AND no_o_id = 2101",
                "INSERT INTO new_order VALUES (1, 6, 2101)",
                C5 + "o_w_id=1 o_d_id=6 o_id=2101 o_carrier_id=null no_o_id=null");
    }

    /** O_OL_CNT one more than the order's lines: the order (condition 6) and its district's sum (4) disagree. */
    @Test
    void orderLineCountChanged() throws Exception {
        long count = pg.count("SELECT o_ol_cnt FROM oorder WHERE o_w_id = 1 AND o_d_id = 7 AND o_id = 1");
        long lines = pg.count("SELECT sum(o_ol_cnt) FROM oorder WHERE o_w_id = 1 AND o_d_id = 7");
        assertCaught("UPDATE oorder SET o_ol_cnt = o_ol_cnt + 1 WHERE o_w_id = 1 AND o_d_id = 7 AND o_id = 1",
                "UPDATE oorder SET o_ol_cnt = o_ol_cnt - 1 WHERE o_w_id = 1 AND o_d_id = 7 AND o_id = 1",
                C4 + "w_id=1 d_id=7 ol_cnt_sum=" + (lines + 1) + " order_lines=" + lines + " | "
                        + C6 + "o_w_id=1 o_d_id=7 o_id=1 o_ol_cnt=" + (count + 1) + " order_lines=" + count);
    }

    /** A delivered order with one line left undelivered. */
    @Test
    void deliveredOrderWithAnUndeliveredLine() throws Exception {
        long carrier = pg.count("SELECT o_carrier_id FROM oorder WHERE o_w_id = 1 AND o_d_id = 8 AND o_id = 1");
        pg.execute("CREATE TABLE saved_line AS SELECT * FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 8 AND ol_o_id = 1 AND ol_number = 1");
        try {
            assertCaught("UPDATE order_line SET ol_delivery_d = NULL WHERE ol_w_id = 1 AND ol_d_id = 8 AND ol_o_id = 1 AND ol_number = 1",
                    "UPDATE order_line l SET ol_delivery_d = s.ol_delivery_d FROM saved_line s WHERE l.ol_w_id = 1"
                            + " AND l.ol_d_id = 8 AND l.ol_o_id = 1 AND l.ol_number = 1",
                    C7 + "ol_w_id=1 ol_d_id=8 ol_o_id=1 ol_number=1 ol_delivery_d=null o_carrier_id=" + carrier);
        } finally {
            pg.execute("DROP TABLE saved_line");
        }
    }

    /** A history row whose amount is not what the warehouse and the district were paid. */
    @Test
    void historyAmountChanged() throws Exception {
        String row = " WHERE h_c_w_id = 1 AND h_c_d_id = 9 AND h_c_id = 1";
        assertCaught("UPDATE history SET h_amount = h_amount + 1" + row, "UPDATE history SET h_amount = h_amount - 1" + row,
                C8 + "w_id=1 w_ytd=300000.00 total=300001.00 | " + C9 + "d_w_id=1 d_id=9 d_ytd=30000.00 total=30001.00");
    }

    /** A payment booked to district 9 that district 10 received: the warehouse's sums still agree. */
    @Test
    void ytdMovedBetweenDistricts() throws Exception {
        assertCaught("UPDATE district SET d_ytd = d_ytd + CASE d_id WHEN 9 THEN 5 ELSE -5 END WHERE d_w_id = 1 AND d_id IN (9, 10)",
                "UPDATE district SET d_ytd = 30000 WHERE d_w_id = 1 AND d_id IN (9, 10)",
                C9 + "d_w_id=1 d_id=9 d_ytd=30005.00 total=30000.00; d_w_id=1 d_id=10 d_ytd=29995.00 total=30000.00");
    }
}
