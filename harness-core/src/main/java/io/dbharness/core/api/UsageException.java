package io.dbharness.core.api;

/** Bad input from the user: a flag, a config file, a table that is not as expected. Exit code 2. */
public class UsageException extends RuntimeException {

    private final String option;

    public UsageException(String message) {
        this(message, null);
    }

    /** @param option the option whose value is refused, without its dashes, so a caller can say where it was set */
    public UsageException(String message, String option) {
        super(message);
        this.option = option;
    }

    /** The option whose value is refused ({@code terminals}), or null when the message names none in particular. */
    public String option() {
        return option;
    }
}
