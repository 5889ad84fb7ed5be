package io.dbharness.core.api;

/**
 * A write that failed after the target had stored part of the batch (an InfluxDB partial write, a
 * MatrixGate body with line errors, a later HTTP post of a batch failing after earlier ones succeeded).
 * The stored rows count as written, so {@code --verify} still matches the table; the rows whose post may
 * or may not have landed as unknown; the rest as failed. Never retried whole (the stored part would be
 * written twice).
 */
public class PartialWriteException extends TargetException {

    private final long rowsWritten;
    private final long rowsSkipped;
    private final long rowsUnknown;

    /**
     * @param kind        FATAL, or UNREACHABLE/TIMEOUT when the connection went away mid-batch
     * @param rowsWritten rows of the batch the target stored despite the failure
     * @param rowsSkipped rows of the batch the format could not carry (never sent, not failures)
     * @param rowsUnknown rows of the batch whose post may have been stored
     */
    public PartialWriteException(Kind kind, String vendorCode, String message, long rowsWritten, long rowsSkipped,
                                 long rowsUnknown) {
        super(kind, rowsUnknown > 0 ? Fate.UNKNOWN : Fate.NOT_APPLIED, vendorCode, message, null);
        this.rowsWritten = rowsWritten;
        this.rowsSkipped = rowsSkipped;
        this.rowsUnknown = rowsUnknown;
    }

    public PartialWriteException(String vendorCode, String message, long rowsWritten, long rowsSkipped) {
        this(Kind.FATAL, vendorCode, message, rowsWritten, rowsSkipped, 0);
    }

    public long rowsWritten() {
        return rowsWritten;
    }

    public long rowsSkipped() {
        return rowsSkipped;
    }

    public long rowsUnknown() {
        return rowsUnknown;
    }
}
