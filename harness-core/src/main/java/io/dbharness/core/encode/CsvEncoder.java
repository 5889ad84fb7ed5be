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
        this.header = (String.join(",", SchemaColumns.names(schema).stream().map(this::cell).toList()) + "\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    /**
     * RFC 4180: a value holding a comma, a quote or a line break is quoted, its quotes doubled; an empty string is
     * quoted too, since an unquoted empty field is NULL to {@code COPY ... CSV}.
     */
    @Override
    protected String cell(String value) {
        boolean quote = value.isEmpty() || value.indexOf(',') >= 0 || value.indexOf('"') >= 0 || value.indexOf('\n') >= 0
                || value.indexOf('\r') >= 0;
        return quote ? '"' + value.replace("\"", "\"\"") + '"' : value;
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
