package io.dbharness.iot;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits a stream of line protocol into one file per measurement, in the order the measurements first appear:
 * what {@code --generator file} then loads as a model of one table per measurement ({@link FileTables}), each
 * counted back on its own. For a tool that reads its points from a pipe ({@code bulk_data_gen | bulk_load_influx}):
 * a pipe can be read once, a model's files are read once to learn their layout and again by each worker.
 * Lines are copied as they are; the caller leaves out what is not a point. Not thread-safe.
 */
public final class LineProtocolSplitter implements AutoCloseable {

    /** More files open at once than any real data set has measurements: a stream of other data, most likely. */
    static final int MAX_MEASUREMENTS = 1000;

    private final Path dir;
    private final Map<String, Writer> writers = new LinkedHashMap<>();
    private final Map<String, Path> files = new LinkedHashMap<>();
    private final Map<String, Long> counts = new LinkedHashMap<>();
    private long lines;
    private long bytes;

    /** @param dir an existing directory the files are made in (the caller removes it) */
    public LineProtocolSplitter(Path dir) {
        this.dir = dir;
    }

    /**
     * Appends {@code line} (without its line break) to its measurement's file, once it parses: a line that does not
     * is named here, by its place in the stream, rather than later by its place in a file the user never saw.
     *
     * @throws IllegalArgumentException for a line that is not a point {@code --generator file} takes, saying why,
     *                                  or one measurement too many
     */
    public void add(String line) throws IOException {
        String measurement = LineProtocol.parse(line).measurement();
        Writer w = writers.get(measurement);
        if (w == null) {
            if (writers.size() == MAX_MEASUREMENTS) {
                throw new IllegalArgumentException("more than " + MAX_MEASUREMENTS + " measurements: is this line protocol?");
            }
            Path file = dir.resolve("measurement-" + writers.size() + ".lp");
            w = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16);
            writers.put(measurement, w);
            files.put(measurement, file);
        }
        w.write(line);
        w.write('\n');
        counts.merge(measurement, 1L, Long::sum);
        lines++;
        bytes += line.length() + 1L; // the points' text is ASCII but for rare names: close enough for a rate
    }

    /** Lines taken, over every measurement. */
    public long lines() {
        return lines;
    }

    /** Characters taken, line breaks included. */
    public long bytes() {
        return bytes;
    }

    /** The files written, one per measurement, in the order the measurements first appeared. */
    public List<Path> files() {
        return new ArrayList<>(files.values());
    }

    /** Lines per measurement, in the order they first appeared. */
    public Map<String, Long> linesPerMeasurement() {
        return new LinkedHashMap<>(counts);
    }

    /** Flushes and closes every file; they stay for the run to read. */
    @Override
    public void close() throws IOException {
        IOException first = null;
        for (Writer w : writers.values()) {
            try {
                w.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        writers.clear();
        if (first != null) {
            throw first;
        }
    }
}
