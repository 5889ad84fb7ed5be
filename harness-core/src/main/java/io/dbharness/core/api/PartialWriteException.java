package io.dbharness.core.api;

/**
 * A write that failed after the target had stored part of the batch (an InfluxDB partial write, a
 * MatrixGate body with line errors, a later HTTP post of a batch failing after earlier ones succeeded).
 * The stored rows are counted as written, so {@code --verify} still matches the table; the rest as failed.
 */
public class PartialWriteException extends TargetException {

    private final long rowsWritten;
    private final long rowsSkipped;

    /**
     * @param rowsWritten rows of the batch the target stored despite the failure
     * @param rowsSkipped rows of the batch the format could not carry (never sent, not failures)
     */
    public PartialWriteException(String vendorCode, String message, long rowsWritten, long rowsSkipped) {
        super(Kind.FATAL, vendorCode, message, null);
        this.rowsWritten = rowsWritten;
        this.rowsSkipped = rowsSkipped;
    }

    public long rowsWritten() {
        return rowsWritten;
    }

    public long rowsSkipped() {
        return rowsSkipped;
    }
}
