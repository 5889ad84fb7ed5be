package io.dbharness.core.encode;

import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.UsageException;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The encodings a target or the {@code file} target can pick by name ({@code --format csv}). */
public enum EncoderFormat {
    COPY_TEXT(CopyTextEncoder::new),
    COPY_BINARY(CopyBinaryEncoder::new),
    CSV(CsvEncoder::new),
    /** Nanosecond timestamps, InfluxDB's default unit, so the file can be posted without a precision parameter. */
    LINE_PROTOCOL(schema -> new LineProtocolEncoder(schema, LinePrecision.NS));

    private final Function<SeriesSchema, RowEncoder> factory;

    EncoderFormat(Function<SeriesSchema, RowEncoder> factory) {
        this.factory = factory;
    }

    /** A new encoder; each writer needs its own. */
    public RowEncoder create(SeriesSchema schema) {
        return factory.apply(schema);
    }

    /** {@code copy-text}, {@code copy-binary}, {@code csv}, {@code line-protocol}. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Whether the output is text (one row per line), as opposed to a binary stream. */
    public boolean isText() {
        return this != COPY_BINARY;
    }

    public static EncoderFormat parse(String name) {
        String norm = name.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (EncoderFormat f : values()) {
            if (f.name().equals(norm)) {
                return f;
            }
        }
        throw new UsageException("unknown format '" + name + "': expected "
                + Arrays.stream(values()).map(EncoderFormat::cliName).collect(Collectors.joining("|")));
    }
}
