package io.dbharness.core.engine;

import java.util.concurrent.atomic.AtomicBoolean;

/** Asks a running run to stop after the operations in flight (Ctrl-C, a test's timeout). */
public final class StopSignal {
    private final AtomicBoolean requested = new AtomicBoolean();

    public void request() {
        requested.set(true);
    }

    public boolean isRequested() {
        return requested.get();
    }
}
