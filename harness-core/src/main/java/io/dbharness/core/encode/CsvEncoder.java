package io.dbharness.core.encode;

import io.dbharness.core.api.SeriesSchema;

import java.nio.charset.StandardCharsets;

/**
 * CSV with a header line (RFC 4180 quoting): an empty field is NULL, the JSON field is quoted with doubled
 * quotes. Readable by {@code COPY ... (FORMAT csv, HEADER)} and by spreadsheets.
 */
public final class CsvEncoder extends DelimitedEncoder {

    private final byte[] header;

    public CsvEncoder(SeriesSchema schema) {
        super(schema, (byte) ',', new byte[0], true);
        this.header = (String.join(",", SchemaColumns.names(schema)) + "\n").getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public void begin(ByteSink sink) {
        sink.write(header, 0, header.length);
    }

    @Override
    public String formatName() {
        return EncoderFormat.CSV.cliName();
    }
}
