package io.dbharness.tpcc;

/**
 * The five TPC-C transactions, with the specification's minimum keying time and mean think time (clause
 * 5.2.5.7) used when {@code --keying-think-time on}.
 */
enum Transaction {
    NEW_ORDER("new-order", "New-Order", 18, 12),
    PAYMENT("payment", "Payment", 3, 12),
    ORDER_STATUS("order-status", "Order-Status", 2, 10),
    DELIVERY("delivery", "Delivery", 2, 5),
    STOCK_LEVEL("stock-level", "Stock-Level", 2, 5);

    /** The operation type in results. */
    final String type;
    /** As the specification names it, in messages. */
    final String title;
    final int keyingSeconds;
    final int meanThinkSeconds;

    Transaction(String type, String title, int keyingSeconds, int meanThinkSeconds) {
        this.type = type;
        this.title = title;
        this.keyingSeconds = keyingSeconds;
        this.meanThinkSeconds = meanThinkSeconds;
    }
}
