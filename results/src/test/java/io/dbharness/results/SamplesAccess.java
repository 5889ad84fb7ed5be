package io.dbharness.results;

import io.dbharness.core.result.RunResult;

/** {@link Samples} for tests in other packages of this module. */
public final class SamplesAccess {

    private SamplesAccess() {
    }

    public static RunResult full() {
        return Samples.full();
    }

    public static RunResult clean() {
        return Samples.clean();
    }
}
