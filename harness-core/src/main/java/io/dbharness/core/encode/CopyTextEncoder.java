package io.dbharness.core.encode;

import io.dbharness.core.api.SeriesSchema;

/**
 * PostgreSQL {@code COPY ... FROM STDIN} text format: tab separated, {@code \N} for NULL. No value we write
 * contains a tab, newline or backslash, so no escaping pass is needed.
 */
public final class CopyTextEncoder extends DelimitedEncoder {

    private static final byte[] NULL = {'\\', 'N'};

    public CopyTextEncoder(SeriesSchema schema) {
        super(schema, (byte) '\t', NULL, false);
    }

    @Override
    public void begin(ByteSink sink) {
    }

    @Override
    public String formatName() {
        return EncoderFormat.COPY_TEXT.cliName();
    }
}
