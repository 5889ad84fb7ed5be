package io.dbharness.yugabyte;

import java.util.Locale;

/**
 * How the table's rows are spread over tablets ({@code --yb-sharding}). Hash on the device spreads concurrent
 * writers over all tablets (the ingest default); range keeps a device's points together for time scans but
 * starts with one tablet that splits only as it grows.
 */
public enum YbSharding {
    /** {@code PRIMARY KEY ((tag_id) HASH, ts ASC)}. */
    HASH("PRIMARY KEY ((tag_id) HASH, ts ASC)"),
    /** {@code PRIMARY KEY (tag_id ASC, ts ASC)}. */
    RANGE("PRIMARY KEY (tag_id ASC, ts ASC)");

    /** What a plain PostgreSQL server takes instead: it knows neither HASH nor an order in a key constraint. */
    static final String PLAIN_KEY = "PRIMARY KEY (tag_id, ts)";

    private final String primaryKey;

    YbSharding(String primaryKey) {
        this.primaryKey = primaryKey;
    }

    public String primaryKey() {
        return primaryKey;
    }

    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
