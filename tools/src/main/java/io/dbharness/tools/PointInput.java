package io.dbharness.tools;

import io.dbharness.core.api.UsageException;
import io.dbharness.iot.LineProtocolSplitter;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code bulk_load_influx}'s input read before the run: points of line protocol, one per line, ending (as
 * {@code bulk_data_gen} writes them) with {@code dataset-size:POINTS,VALUES}, kept in files of one measurement
 * each for {@code --generator file} to load as a table each. The input is read whole first, so the run measures
 * the database, not the pipe before it. The files live until {@link #close()}.
 *
 * @param points   points read (lines of line protocol)
 * @param bytes    their size, line breaks included
 * @param perMeasurement points per measurement, in the order the measurements first appear
 */
record PointInput(Path dir, List<Path> files, long points, long bytes, Map<String, Long> perMeasurement)
        implements AutoCloseable {

    private static final Pattern SIZE = Pattern.compile("dataset-size:(\\d+),(\\d+)\\s*");

    /**
     * Reads {@code in} to its end, or to {@code limit} points when that is not negative.
     *
     * @param source what the messages call the input: {@code standard input} or the file
     */
    static PointInput read(InputStream in, long limit, String command, String source) {
        Path dir;
        try {
            dir = Files.createTempDirectory("dbharness-" + command + "-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a directory for the points read: " + e.getMessage(), e);
        }
        dir.toFile().deleteOnExit(); // a Ctrl-C while reading ends the JVM before any finally
        if (dir.toString().contains(",")) { // --generator-file-paths separates files with commas
            delete(dir);
            throw new UsageException(command + ": the temporary directory " + dir + " has a comma in its path; set"
                    + " TMPDIR (java.io.tmpdir) to one without");
        }
        long expected = -1;
        long lineNo = 0;
        try (LineProtocolSplitter split = new LineProtocolSplitter(dir);
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 20)) {
            for (String line; (limit < 0 || split.lines() < limit) && (line = r.readLine()) != null; ) {
                lineNo++;
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                if (line.startsWith("dataset-size:")) {
                    Matcher m = SIZE.matcher(line);
                    if (!m.matches()) {
                        throw new UsageException(command + ": " + source + " line " + lineNo + " '" + abbreviate(line)
                                + "' is not bulk_data_gen's dataset-size:POINTS,VALUES");
                    }
                    expected = Long.parseLong(m.group(1));
                    continue;
                }
                try {
                    split.add(line);
                } catch (IllegalArgumentException e) {
                    throw new UsageException(command + ": " + source + " line " + lineNo + ": " + printable(String.valueOf(e.getMessage()))
                            + " (" + abbreviate(line) + ")");
                }
            }
            split.close();
            if (limit < 0 && expected >= 0 && expected != split.lines()) {
                throw new UsageException(command + ": read " + split.lines() + " points from " + source + ", but its"
                        + " dataset-size line says " + expected + ": the input was cut or mixed");
            }
            split.files().forEach(f -> f.toFile().deleteOnExit());
            return new PointInput(dir, split.files(), split.lines(), split.bytes(), split.linesPerMeasurement());
        } catch (IOException e) {
            delete(dir);
            throw new UsageException(command + ": cannot read " + source + ": " + e.getMessage());
        } catch (RuntimeException e) {
            delete(dir);
            throw e;
        }
    }

    /** What a message may quote of the input: short, and without the control characters binary input would send to the terminal. */
    private static String abbreviate(String s) {
        return printable(s.length() <= 60 ? s : s.substring(0, 57) + "...");
    }

    private static String printable(String s) {
        return s.replaceAll("[\\p{Cntrl}&&[^\t]]", "?");
    }

    /** The files, comma-separated, as {@code --generator-file-paths} takes them. */
    String paths() {
        return String.join(",", files.stream().map(Path::toString).toList());
    }

    @Override
    public void close() {
        delete(dir);
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory: what is left is the system's to clean
        }
    }
}
