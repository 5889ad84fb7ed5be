package io.dbharness.results;

import io.dbharness.core.api.UsageException;

/**
 * A result file that cannot be used: missing, unreadable, not JSON, not a dbharness result, or damaged.
 * A usage error (exit code 2) because the file is something the user named; the message is one line and names
 * the file so {@code runner report a.json b.json ...} says which one is bad.
 */
public final class ResultFileException extends UsageException {
    public ResultFileException(String message) {
        super(message);
    }
}
