package io.dbharness.local;

import io.dbharness.core.config.OptionDef;

/** Options shared by the targets that need no server. */
final class LocalOptions {

    static final OptionDef FORMAT = OptionDef.of("format", "FORMAT", null,
            "Encoding of the file and noop targets: csv|copy-text|copy-binary|line-protocol (default: copy-text for file, "
                    + "copy-binary for noop, as the postgres target sends)");
    static final OptionDef OUTPUT = OptionDef.of("output", "PATH", null,
            "File the file target writes, or - for standard output");

    private LocalOptions() {
    }
}
