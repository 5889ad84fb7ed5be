package io.dbharness.core.api;

/**
 * What one write did.
 *
 * @param rowsWritten rows the target accepted
 * @param rowsSkipped rows the target format cannot carry (e.g. a line-protocol row with no field); not errors
 * @param bytes       encoded bytes sent
 */
public record WriteResult(long rowsWritten, long rowsSkipped, long bytes) {
}
