package io.dbharness.core.api;

/** What to do with the target table before writing. */
public enum SchemaMode {
    /** Create the table if absent; refuse an existing table that holds rows. */
    CREATE,
    /** Drop the table if it exists and create it anew ({@code --clean}). */
    CLEAN,
    /** Write into the existing table, creating it if absent ({@code --append}). */
    APPEND
}
