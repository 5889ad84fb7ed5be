package io.dbharness.yugabyte;

import java.util.Locale;

/**
 * How the table's rows are spread over tablets ({@code --yb-sharding}). Hash on the device spreads concurrent
 * writers over all tablets (the ingest default); range keeps a device's points together for time scans but
 * starts with one tablet that splits only as it grows.
 */
public enum YbSharding {
    /** {@code PRIMARY KEY ((tag_id) HASH, ts ASC)}. */
    HASH,
    /** {@code PRIMARY KEY (tag_id ASC, ts ASC)}. */
    RANGE;

    /** The key on the model's series key ({@code tag_id}, {@code hostname}) and time column. */
    public String primaryKey(String key, String time) {
        return this == HASH ? "PRIMARY KEY ((" + key + ") HASH, " + time + " ASC)"
                : "PRIMARY KEY (" + String.join(" ASC, ", key.split(", ")) + " ASC, " + time + " ASC)";
    }

    /** What a plain PostgreSQL server takes instead: it knows neither HASH nor an order in a key constraint. */
    static String plainKey(String key, String time) {
        return "PRIMARY KEY (" + key + ", " + time + ")";
    }

    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
