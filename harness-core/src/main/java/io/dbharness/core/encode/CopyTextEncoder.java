package io.dbharness.core.encode;

import io.dbharness.core.api.SeriesSchema;

/**
 * PostgreSQL {@code COPY ... FROM STDIN} text format: tab separated, {@code \N} for NULL. Numbers and the JSON
 * field hold no tab, newline or backslash, so only string tags are escaped (once per series).
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
