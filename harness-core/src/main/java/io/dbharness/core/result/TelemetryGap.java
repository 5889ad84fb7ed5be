package io.dbharness.core.result;

/**
 * A time the server telemetry's session was lost (the server restarted, its connection was ended) and could not be
 * read: no looks at the harness's sessions, no counters read. Times are seconds from the start of the measured run.
 *
 * @param lostAtSeconds when the loss was seen
 * @param backAtSeconds when a new session gave its first reading, -1 when it had not by then (the end of the
 *                      interval that carries it, or of the run)
 * @param why           the server's or the driver's words on the loss
 */
public record TelemetryGap(double lostAtSeconds, double backAtSeconds, String why) {

    /** Whether a new session was opened (by the end of what carries the gap). */
    public boolean closed() {
        return backAtSeconds >= 0;
    }
}
