package io.dbharness.core.api;

/** Bad input from the user: a flag, a config file, a table that is not as expected. Exit code 2. */
public class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message);
    }
}
