package io.dbharness.core.result;

/** Failures of one class: kind (RETRYABLE, FATAL, ...) and vendor code, with the first message seen. */
public record ErrorSummary(String kind, String vendorCode, long count, String firstMessage) {
}
