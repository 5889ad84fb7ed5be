package io.dbharness.matrixdb;

import io.dbharness.core.api.UsageException;

import java.util.Locale;

/** {@code --matrixdb-ingest}: COPY text through the master, or POST to a running MatrixGate. */
enum MatrixDbIngestMode {
    COPY,
    MXGATE_HTTP;

    static MatrixDbIngestMode parse(String raw) {
        String norm = raw.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (MatrixDbIngestMode i : values()) {
            if (i.name().equals(norm)) {
                return i;
            }
        }
        throw new UsageException("invalid value '" + raw + "' for --matrixdb-ingest: expected copy|mxgate-http");
    }

    String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
