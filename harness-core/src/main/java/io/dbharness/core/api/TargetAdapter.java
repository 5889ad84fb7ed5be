package io.dbharness.core.api;

import java.util.Optional;

/** An open connection to one target. Closing it releases everything the adapter started (pools, embedded servers). */
public interface TargetAdapter extends AutoCloseable {

    /** Product, server version and the settings that matter for the workload, recorded in the result. */
    TargetInfo describe();

    <C extends Capability> Optional<C> capability(Class<C> type);

    @Override
    void close();
}
