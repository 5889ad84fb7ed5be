package io.dbharness.tpcc;

import io.dbharness.core.api.UsageException;

/**
 * The transaction mix in percent, BenchmarkSQL's five weights: New-Order, Payment, Order-Status, Delivery,
 * Stock-Level. They sum to 100.
 */
record Weights(int newOrder, int payment, int orderStatus, int delivery, int stockLevel) {

    static final Weights SPEC = new Weights(45, 43, 4, 4, 4);

    Weights {
        String text = newOrder + "," + payment + "," + orderStatus + "," + delivery + "," + stockLevel;
        int[] all = {newOrder, payment, orderStatus, delivery, stockLevel};
        int sum = 0;
        for (int w : all) {
            if (w < 0) {
                throw new UsageException("invalid value '" + text + "' for --weights: a weight must not be negative");
            }
            sum += w;
        }
        if (sum != 100) {
            throw new UsageException("invalid value '" + text + "' for --weights: New-Order, Payment, Order-Status, Delivery and "
                    + "Stock-Level weights must sum to 100, not " + sum);
        }
    }

    /** {@code 45,43,4,4,4}. */
    static Weights parse(String text) {
        String[] parts = text.split(",", -1);
        if (parts.length != 5) {
            throw new UsageException("invalid value '" + text + "' for --weights: expected five percentages "
                    + "NEW_ORDER,PAYMENT,ORDER_STATUS,DELIVERY,STOCK_LEVEL, e.g. 45,43,4,4,4");
        }
        int[] w = new int[5];
        for (int i = 0; i < 5; i++) {
            try {
                w[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new UsageException("invalid value '" + text + "' for --weights: '" + parts[i].trim()
                        + "' is not a whole number");
            }
        }
        return new Weights(w[0], w[1], w[2], w[3], w[4]);
    }

    /** The transaction for a uniform draw {@code r} in [0, 100). */
    Transaction pick(int r) {
        if (r < newOrder) {
            return Transaction.NEW_ORDER;
        }
        r -= newOrder;
        if (r < payment) {
            return Transaction.PAYMENT;
        }
        r -= payment;
        if (r < orderStatus) {
            return Transaction.ORDER_STATUS;
        }
        r -= orderStatus;
        return r < delivery ? Transaction.DELIVERY : Transaction.STOCK_LEVEL;
    }

    @Override
    public String toString() {
        return newOrder + "," + payment + "," + orderStatus + "," + delivery + "," + stockLevel;
    }
}
