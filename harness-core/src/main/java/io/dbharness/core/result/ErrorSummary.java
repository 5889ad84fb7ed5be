package io.dbharness.core.result;

/**
 * Failures of one class in one operation type: kind (RETRYABLE, FATAL, TIMEOUT...) and vendor code, with
 * the first message seen. Retried attempts that later succeeded are not here; they count as retries.
 */
public record ErrorSummary(String group, String type, String kind, String vendorCode, long count,
                           String firstMessage) {
}
