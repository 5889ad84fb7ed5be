package io.dbharness.local;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.Capability;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.WriteResult;
import io.dbharness.core.encode.ByteSink;
import io.dbharness.core.encode.EncoderFormat;
import io.dbharness.core.encode.LineProtocolEncoder;
import io.dbharness.core.encode.RowEncoder;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One output shared by every worker: each worker encodes a whole batch into its own buffer, then appends
 * it under a lock, so rows never interleave. The stream header and trailer are written once. Line protocol
 * names its measurement on every line and has no header, so one output holds the tables of a model of several
 * (TSBS's and influxdb-comparisons' devops use case: {@code bulk_data_gen}'s stream); the other formats hold one.
 */
final class FileTarget implements TargetAdapter, TimeSeriesIngest {

    private final EncoderFormat format;
    private final String output;
    private OutputStream out;
    private RowEncoder streamEncoder;
    private boolean headerNeeded;
    /** The table createSchema made the file for, null before. */
    private String table;

    FileTarget(EncoderFormat format, String output) {
        this.format = format;
        this.output = output;
    }

    private boolean toStdout() {
        return output.equals("-");
    }

    /** Where the rows go, in words: the file, or stdout. */
    private String destination() {
        return toStdout() ? "stdout" : output;
    }

    @Override
    public TargetInfo describe() {
        return new TargetInfo("file", "n/a", TargetInfo.IN_PROCESS + ": " + destination(), Map.of("format", format.cliName()));
    }

    @Override
    public <C extends Capability> Optional<C> capability(Class<C> type) {
        return type.isInstance(this) ? Optional.of(type.cast(this)) : Optional.empty();
    }

    /** One output file, one table; in line protocol, any number. */
    @Override
    public boolean holdsSeveralTables() {
        return format == EncoderFormat.LINE_PROTOCOL;
    }

    @Override
    public synchronized void createSchema(SeriesSchema schema, SchemaMode mode) throws TargetException {
        if (table != null && !table.equals(schema.tableName()) && holdsSeveralTables()) {
            return; // the output is open: the next table's lines go after the first's, each naming its measurement
        }
        if (table != null && !table.equals(schema.tableName())) {
            // one file holds one table: a second would overwrite the first's header and mix their rows
            throw new UsageException("the file target writes one table to --output, and this model writes several ("
                    + table + ", " + schema.tableName() + ", ...): use a database target, or a model of one table"
                    + " (--use-case cpu-only)");
        }
        table = schema.tableName();
        streamEncoder = format.create(schema);
        if (toStdout()) {
            out = new BufferedOutputStream(new FileOutputStream(java.io.FileDescriptor.out), 1 << 20);
            headerNeeded = true;
            return;
        }
        Path path = Path.of(output);
        if (Files.isDirectory(path)) {
            throw new UsageException("--output " + path + " is a directory; give the path of a file");
        }
        try {
            boolean nonEmpty = Files.exists(path) && Files.size(path) > 0;
            if (nonEmpty && mode == SchemaMode.CREATE) {
                throw new UsageException("output file " + path + " already exists and is not empty; use --append to add to it or --clean to overwrite it");
            }
            if (nonEmpty && mode == SchemaMode.APPEND && format == EncoderFormat.COPY_BINARY) {
                throw new UsageException("cannot --append to a copy-binary file: it is one stream with one header");
            }
            if (nonEmpty && mode == SchemaMode.APPEND && format == EncoderFormat.CSV) {
                requireCsvHeader(path);
            }
            boolean append = mode == SchemaMode.APPEND;
            Path parent = path.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            out = new BufferedOutputStream(new FileOutputStream(path.toFile(), append), 1 << 20);
            headerNeeded = !(append && nonEmpty);
        } catch (IOException e) {
            throw new TargetException(TargetException.Kind.FATAL, null, "cannot write " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * Rows of other flags under the file's header would be read as its columns: refused, as the postgres target
     * refuses a table that does not fit.
     */
    private void requireCsvHeader(Path path) throws IOException {
        ByteSink header = new ByteSink(256);
        streamEncoder.begin(header);
        String ours = new String(header.toByteArray(), StandardCharsets.US_ASCII).strip();
        String theirs;
        try (BufferedReader r = Files.newBufferedReader(path, StandardCharsets.ISO_8859_1)) {
            theirs = r.readLine();
        }
        if (!ours.equals(theirs)) {
            throw new UsageException("output file " + path + " holds the columns " + theirs + ", not this run's " + ours
                    + "; give the flags it was written with, or use --clean to overwrite it");
        }
    }

    @Override
    public BatchWriter openWriter(SeriesSchema schema) {
        RowEncoder encoder = format.create(schema);
        ByteSink sink = new ByteSink(1 << 20);
        return new BatchWriter() {
            @Override
            public WriteResult write(RowBatch batch) throws TargetException {
                sink.reset();
                encoder.encode(batch, sink);
                append(sink);
                int skipped = encoder.skippedRows(); // line protocol leaves out rows without a value
                return new WriteResult(batch.size() - skipped, skipped, sink.length());
            }

            @Override
            public void warmUp(RowBatch batch) {
                sink.reset();
                encoder.encode(batch, sink);
                sink.reset();
            }

            @Override
            public void close() {
            }
        };
    }

    private synchronized void append(ByteSink sink) throws TargetException {
        try {
            if (headerNeeded) {
                ByteSink header = new ByteSink(256);
                streamEncoder.begin(header);
                header.writeTo(out);
                headerNeeded = false;
            }
            sink.writeTo(out);
        } catch (IOException e) {
            throw new TargetException(TargetException.Kind.FATAL, null, "cannot write " + destination() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Counts the data lines of a text file (CSV header excluded; line protocol has one line per written row
     * and no header, and only the lines of the table's measurement count, as a file may hold several); a binary
     * stream or stdout cannot be counted.
     */
    @Override
    public synchronized OptionalLong countRows(SeriesSchema schema) throws TargetException {
        if (toStdout() || !format.isText()) {
            return OptionalLong.empty();
        }
        Path path = Path.of(output);
        try {
            flush();
            if (!Files.exists(path)) {
                return OptionalLong.of(0);
            }
            if (format == EncoderFormat.LINE_PROTOCOL) {
                return OptionalLong.of(measurementLines(path, schema.tableName()));
            }
            long lines = 0;
            byte[] buf = new byte[1 << 16];
            try (InputStream in = Files.newInputStream(path)) {
                for (int n; (n = in.read(buf)) > 0; ) {
                    for (int i = 0; i < n; i++) {
                        if (buf[i] == '\n') {
                            lines++;
                        }
                    }
                }
            }
            return OptionalLong.of(format == EncoderFormat.CSV && lines > 0 ? lines - 1 : lines);
        } catch (IOException e) {
            throw new TargetException(TargetException.Kind.FATAL, null, "cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    /** Lines whose measurement is {@code table}: those starting with its escaped name and a comma or a space. */
    private static long measurementLines(Path path, String table) throws IOException {
        String prefix = LineProtocolEncoder.escapeMeasurement(table);
        long lines = 0;
        try (BufferedReader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.length() > prefix.length() && line.startsWith(prefix)
                        && (line.charAt(prefix.length()) == ',' || line.charAt(prefix.length()) == ' ')) {
                    lines++;
                }
            }
        }
        return lines;
    }

    @Override
    public OptionalLong storedBytes(SeriesSchema schema) {
        return OptionalLong.empty();
    }

    private void flush() throws IOException {
        if (out != null) {
            out.flush();
        }
    }

    @Override
    public synchronized void close() {
        if (out == null) {
            return;
        }
        try {
            if (!headerNeeded) {
                ByteSink trailer = new ByteSink(16);
                streamEncoder.end(trailer);
                trailer.writeTo(out);
            }
            out.flush();
            if (!toStdout()) {
                out.close();
            }
        } catch (IOException e) {
            System.err.println("error: cannot finish " + destination() + ": " + e.getMessage());
        }
        out = null;
    }
}
