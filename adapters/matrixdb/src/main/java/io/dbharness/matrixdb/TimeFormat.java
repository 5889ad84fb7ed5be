package io.dbharness.matrixdb;

import io.dbharness.core.api.UsageException;

/**
 * How timestamps go into a MatrixGate body; must match the {@code --time-format} MatrixGate was started
 * with. {@code unix-second} is MatrixGate's default, {@code raw} passes {@code 2022-04-18 09:00:00[.ffffff]}
 * to the column as text (needed for timestamps with a fraction of a second).
 */
enum TimeFormat {
    UNIX_SECOND("unix-second"),
    RAW("raw");

    private final String cliName;

    TimeFormat(String cliName) {
        this.cliName = cliName;
    }

    String cliName() {
        return cliName;
    }

    static TimeFormat parse(String raw) {
        for (TimeFormat f : values()) {
            if (f.cliName.equalsIgnoreCase(raw.trim())) {
                return f;
            }
        }
        throw new UsageException("invalid value '" + raw + "' for --mxgate-time-format: expected unix-second|raw");
    }
}
