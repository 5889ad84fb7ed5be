package io.dbharness.core.measure;

import java.io.IOException;

/**
 * One server host's counters, read the way its {@link HostSourceProvider} knows (a node_exporter's text, /proc over
 * SSH). A source reads; rates are the engine's ({@link HostReading#since}), and so is the choice of disks and
 * interfaces ({@link DeviceFilter}): a reading holds every disk and interface the host has. Read from the engine's
 * host-sampling thread only, never from a worker's.
 */
public interface HostSource extends AutoCloseable {

    /** The host as the result names it ({@code db1:9100}, {@code db1}): one account per host when runs are merged. */
    String host();

    /** What reads it: {@code node_exporter} or {@code ssh}, as the result's {@code source}. */
    String kind();

    /**
     * The host's counters now, {@link HostReading#nanos()} the moment the answer came. Parts the host does not
     * tell are null.
     *
     * @throws IOException when the host does not answer (the engine stops sampling it and says from when and why)
     */
    HostReading read() throws IOException;

    /** Closes the connection; never throws. */
    @Override
    void close();
}
