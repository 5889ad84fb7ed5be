package io.dbharness.core.api;

/** What an operation did, counted by the engine. */
public record OpResult(long rows, long skippedRows, long points, long bytes) {
}
