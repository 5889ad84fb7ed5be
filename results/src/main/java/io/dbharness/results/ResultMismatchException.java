package io.dbharness.results;

import io.dbharness.core.api.UsageException;

/**
 * Results that cannot be compared or merged with each other: different workloads, targets or seeds, several
 * configurations where one was expected, the same run twice. A usage error (exit 2): the user chose the files.
 */
public final class ResultMismatchException extends UsageException {
    public ResultMismatchException(String message) {
        super(message);
    }
}
