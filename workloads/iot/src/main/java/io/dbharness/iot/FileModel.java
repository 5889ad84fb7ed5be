package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.SeriesTags;
import io.dbharness.core.api.UsageException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * mxbench's {@code --generator file}: the rows of files the user has ({@code --generator-file-paths}), read
 * once before the run to learn their table and check every line, then streamed by each worker, which keeps its
 * own series' rows (as every model splits series over workers: rows in file order within a series, the same for
 * any split). A worker reads only as much of a line that is not its own as names the line's series.
 *
 * <p>Two formats: CSV in the layout the {@code file} target writes ({@code ts,tag_id,c0,...}: a time column, an
 * integer series column, then one column per field, empty for a missing value), and InfluxDB line protocol
 * (one measurement, the same tag keys on every line, integer ({@code i}/{@code u}) and float fields,
 * a timestamp in nanoseconds on every line; files of several measurements are a {@link FileTables}, a model of
 * this one per measurement). A line that does not parse is refused before anything runs, naming the file and
 * the line.
 */
final class FileModel implements Generator {

    private static final char BOM = '\uFEFF';

    private final FileOptions o;
    private final boolean csv;
    private final SeriesSchema schema;
    /** Line protocol: a line's measurement and tags as written (up to its first unescaped space) to its series. */
    private final Map<String, Long> seriesByText;
    /** The same, by the line's bytes: what a worker skips other workers' lines by. */
    private final SeriesBytes seriesBytes;
    private final Map<String, Integer> fieldIndex;
    /** Rows of each series ({@code [series]}, 0 unused). */
    private final long[] rowsOf;
    private final long rows;
    private final long first;
    private final long last;

    /** What the first read learns: the layout, the series, the rows, the time range. */
    private static final class Layout {
        String timeColumn;
        String seriesColumn;
        String measurement;
        List<String> tagKeys;
        final List<String> fields = new ArrayList<>();
        final List<Boolean> integral = new ArrayList<>();
        final Map<String, Integer> fieldIndex = new HashMap<>();
        /** Line protocol: each series' sorted tag set, and the texts that name it. */
        final Map<String, Long> seriesByKey = new HashMap<>();
        final Map<String, Long> seriesByText = new HashMap<>();
        final List<String[]> tagValues = new ArrayList<>();
        /** CSV: the comma positions of the line being read. */
        int[] commas;
        long[] rowsOf = new long[16];
        long maxSeries;
        long rows;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;

        void count(long series, long micros) {
            rows++;
            first = Math.min(first, micros);
            last = Math.max(last, micros);
            if (series >= rowsOf.length) {
                rowsOf = Arrays.copyOf(rowsOf, (int) Math.max(series + 1, rowsOf.length * 2L));
            }
            rowsOf[(int) series]++;
            maxSeries = Math.max(maxSeries, series);
        }
    }

    FileModel(FileOptions options) {
        this.o = options;
        this.csv = options.csv();
        Layout l = new Layout();
        for (Path p : o.paths()) {
            scan(p, l);
        }
        if (l.rows == 0) {
            throw new UsageException("--generator-file-paths " + o.describePaths() + ": no data lines");
        }
        this.seriesByText = l.seriesByText;
        this.seriesBytes = csv ? null : new SeriesBytes(l.seriesByText);
        this.fieldIndex = l.fieldIndex;
        this.rows = l.rows;
        this.first = l.first;
        this.last = l.last;
        long series = csv ? l.maxSeries : l.tagValues.size();
        this.rowsOf = Arrays.copyOf(l.rowsOf, (int) series + 1);
        List<MetricType> types = new ArrayList<>();
        for (Boolean integral : l.integral) {
            types.add(integral ? MetricType.INT8 : MetricType.FLOAT8);
        }
        String table = o.tableName().orElse(csv ? "telematics" : l.measurement);
        List<String[]> tagValues = l.tagValues;
        SeriesTags tags = csv ? SeriesTags.seriesNumber(l.seriesColumn)
                : SeriesTags.strings(l.tagKeys, l.tagKeys, series, s -> tagValues.get((int) s - 1));
        this.schema = new SeriesSchema(table, csv ? l.timeColumn : "time", tags, List.copyOf(types),
                List.copyOf(l.fields), Math.max(1, l.fields.size()));
    }

    // --- the first read: every line parsed and checked, the layout learnt

    private void scan(Path path, Layout l) {
        try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            String text;
            long n = 0;
            boolean header = csv;
            while ((text = in.readLine()) != null) {
                n++;
                if (n == 1 && !text.isEmpty() && text.charAt(0) == BOM) {
                    text = text.substring(1);
                }
                if (text.isBlank() || (!csv && text.startsWith("#"))) {
                    continue;
                }
                try {
                    if (header) {
                        csvHeader(text, l);
                        header = false;
                    } else if (csv) {
                        scanCsv(text, l);
                    } else {
                        scanLineProtocol(text, l);
                    }
                } catch (IllegalArgumentException e) {
                    throw new UsageException("--generator-file-paths " + path + " line " + n + ": " + e.getMessage()
                            + " (" + abbreviate(text) + ")");
                }
            }
        } catch (IOException e) {
            throw unreadable(path, e);
        }
    }

    /**
     * A file that cannot be read, in one line: a compressed file as such (gzip's 0x8B is never UTF-8), for other
     * bytes that are not UTF-8, where the first of them is.
     */
    static UsageException unreadable(Path path, IOException e) {
        if (e instanceof java.nio.charset.CharacterCodingException) {
            try {
                if (gzipped(path)) {
                    return new UsageException("--generator-file-paths " + path + " is gzip-compressed (it starts with the"
                            + " bytes 1f 8b): decompress it first (gunzip -k FILE) and give the decompressed file");
                }
                return new UsageException("--generator-file-paths " + path + " " + notUtf8(path) + ": not UTF-8 text;"
                        + " convert it (iconv -f LATIN1 -t UTF-8 FILE, for a Latin-1 file)");
            } catch (IOException again) {
                e = again;
            }
        }
        return new UsageException("--generator-file-paths " + path + ": cannot read it (" + e.getMessage() + ")");
    }

    /** Whether the file starts with gzip's magic bytes. */
    private static boolean gzipped(Path path) throws IOException {
        try (java.io.InputStream in = Files.newInputStream(path)) {
            byte[] magic = in.readNBytes(2);
            return magic.length == 2 && (magic[0] & 0xFF) == 0x1F && (magic[1] & 0xFF) == 0x8B;
        }
    }

    /**
     * Where the first bytes that are not UTF-8 are: {@code line 3, byte offset 38 (0xE9)}. The reader's
     * exception says only "Input length = 1", so the file is decoded again here, counting.
     */
    static String notUtf8(Path path) throws IOException {
        java.nio.charset.CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
        java.nio.ByteBuffer in = java.nio.ByteBuffer.allocate(1 << 16);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(1 << 16);
        long consumed = 0;
        long line = 1;
        try (var channel = Files.newByteChannel(path)) {
            boolean eof = false;
            while (true) {
                eof = eof || channel.read(in) < 0;
                in.flip();
                java.nio.charset.CoderResult r = decoder.decode(in, out, eof);
                out.flip();
                while (out.hasRemaining()) {
                    line += out.get() == '\n' ? 1 : 0;
                }
                out.clear();
                if (r.isError()) {
                    return String.format(java.util.Locale.ROOT, "line %d, byte offset %d (0x%02X)", line,
                            consumed + in.position(), in.get(in.position()) & 0xff);
                }
                consumed += in.position();
                in.compact();
                if (eof && in.position() == 0 && !r.isOverflow()) {
                    return "line " + line; // decoded whole now: the file changed since it failed
                }
            }
        }
    }

    /** The line as a message may quote it: short, and without control characters a binary file would send to the terminal. */
    private static String abbreviate(String s) {
        String shown = s.length() <= 60 ? s : s.substring(0, 57) + "...";
        return shown.replaceAll("[\\p{Cntrl}&&[^\t]]", "?");
    }

    private static void csvHeader(String text, Layout l) {
        String[] cols = text.split(",", -1);
        List<String> names = new ArrayList<>();
        for (String c : cols) {
            String name = c.strip();
            if (name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")) {
                name = name.substring(1, name.length() - 1);
            }
            names.add(name);
        }
        if (names.size() < 3 || names.stream().anyMatch(String::isEmpty)) {
            throw new IllegalArgumentException("expected a header of a time column, an integer series column and"
                    + " fields (ts,tag_id,c0,...)");
        }
        Set<String> seen = new HashSet<>();
        for (String name : names) {
            if (!seen.add(name)) {
                throw new IllegalArgumentException("column '" + name + "' appears twice in the header");
            }
        }
        List<String> fields = names.subList(2, names.size());
        if (l.timeColumn == null) {
            l.timeColumn = names.get(0);
            l.seriesColumn = names.get(1);
            for (String f : fields) {
                l.fields.add(f);
                l.integral.add(true);
            }
        } else if (!l.fields.equals(fields) || !l.timeColumn.equals(names.get(0)) || !l.seriesColumn.equals(names.get(1))) {
            throw new IllegalArgumentException("its header differs from the first file's");
        }
    }

    private static void scanCsv(String text, Layout l) {
        int fields = l.fields.size();
        if (l.commas == null) {
            l.commas = new int[fields + 1];
        }
        int[] commas = l.commas;
        if (!commas(text, commas)) {
            throw new IllegalArgumentException((text.chars().filter(c -> c == ',').count() + 1) + " columns, the header has "
                    + (fields + 2));
        }
        long micros = micros(text, 0, commas[0]);
        long series = series(text, commas[0] + 1, commas[1]);
        for (int f = 0; f < fields; f++) {
            int from = commas[f + 1] + 1;
            int to = f + 2 < commas.length ? commas[f + 2] : text.length();
            String v = text.substring(from, to).strip();
            if (v.isEmpty()) {
                continue;
            }
            if (isInteger(v)) {
                try {
                    Long.parseLong(v);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("integer " + v + " does not fit 64 bits");
                }
            } else {
                double d;
                try {
                    d = Double.parseDouble(v);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("value '" + v + "' is not a number");
                }
                if (!Double.isFinite(d)) { // PostgreSQL stores them, InfluxDB and QuestDB do not: runs would differ
                    throw new IllegalArgumentException("value '" + v + "' is not a finite number (NaN and infinities"
                            + " are not stored alike by every target)");
                }
                l.integral.set(f, false);
            }
        }
        l.count(series, micros);
    }

    /**
     * Puts the positions of the line's commas into {@code at}; false when it has another number of columns than
     * {@code at} expects (a comma more is one column too many).
     */
    private static boolean commas(String text, int[] at) {
        int found = 0;
        for (int i = text.indexOf(','); i >= 0; i = text.indexOf(',', i + 1)) {
            if (found == at.length) {
                return false;
            }
            at[found++] = i;
        }
        return found == at.length;
    }

    private static boolean isInteger(String v) {
        int i = v.charAt(0) == '-' || v.charAt(0) == '+' ? 1 : 0;
        if (i == v.length()) {
            return false;
        }
        for (; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private static long series(String text, int from, int to) {
        long series = 0;
        String s = text.substring(from, to).strip();
        if (s.isEmpty() || !isInteger(s) || s.length() > 10) {
            throw new IllegalArgumentException("series '" + s + "' is not a whole number from 1 to "
                    + (Integer.MAX_VALUE - 1));
        }
        series = Long.parseLong(s);
        if (series < 1 || series > Integer.MAX_VALUE - 1) {
            throw new IllegalArgumentException("series " + series + " is outside 1.." + (Integer.MAX_VALUE - 1));
        }
        return series;
    }

    /**
     * {@code yyyy-MM-dd HH:mm:ss[.fraction]} (UTC), read digit by digit (the common case, millions of lines), or any
     * ISO-8601 instant ({@code 2022-04-18T09:00:00Z}).
     */
    static long micros(String text, int from, int to) {
        while (from < to && text.charAt(from) == ' ') {
            from++;
        }
        while (to > from && text.charAt(to - 1) == ' ') {
            to--;
        }
        int n = to - from;
        if (n >= 19 && text.charAt(from + 4) == '-' && text.charAt(from + 7) == '-' && text.charAt(from + 10) == ' '
                && text.charAt(from + 13) == ':' && text.charAt(from + 16) == ':') {
            try {
                long day = LocalDate.of(digits(text, from, 4), digits(text, from + 5, 2), digits(text, from + 8, 2))
                        .toEpochDay();
                int h = digits(text, from + 11, 2);
                int m = digits(text, from + 14, 2);
                int s = digits(text, from + 17, 2);
                if (h > 23 || m > 59 || s > 59) {
                    throw new DateTimeException("out of range");
                }
                long micros = 0;
                if (n > 19) {
                    if (text.charAt(from + 19) != '.' || n == 20 || n > 29) {
                        throw new DateTimeException("fraction");
                    }
                    int places = n - 20;
                    long fraction = digits(text, from + 20, Math.min(places, 6));
                    for (int p = places; p < 6; p++) {
                        fraction *= 10;
                    }
                    if (places > 6 && digits(text, from + 26, places - 6) != 0) { // two rows would become one
                        throw new IllegalArgumentException("time '" + text.substring(from, to) + "' has nanoseconds"
                                + " below a microsecond; the harness keeps times in microseconds, as every target it"
                                + " writes stores them: round the file's times to microseconds");
                    }
                    micros = fraction;
                }
                return ((day * 86_400 + h * 3600L + m * 60L + s) * 1_000_000L) + micros;
            } catch (DateTimeException | NumberFormatException e) {
                // not a valid time: said below
            }
        } else if (n > 0 && text.indexOf('T', from) > from && text.indexOf('T', from) < to) {
            try {
                Instant i = Instant.parse(text.substring(from, to));
                return Math.multiplyExact(i.getEpochSecond(), 1_000_000L) + i.getNano() / 1000;
            } catch (RuntimeException e) {
                // said below
            }
        }
        throw new IllegalArgumentException("time '" + text.substring(from, to) + "' is not yyyy-MM-dd HH:mm:ss[.ffffff]"
                + " (UTC)");
    }

    private static int digits(String text, int from, int count) {
        int v = 0;
        for (int i = from; i < from + count; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new NumberFormatException();
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private void scanLineProtocol(String text, Layout l) {
        LineProtocol.Parsed p = LineProtocol.parse(text);
        if (l.measurement == null) {
            l.measurement = p.measurement();
            l.tagKeys = p.tagKeys();
            if (l.tagKeys.isEmpty()) {
                throw new IllegalArgumentException("no tags: a series needs at least one");
            }
        } else if (!l.measurement.equals(p.measurement())) {
            throw new IllegalArgumentException("measurement " + p.measurement() + ", the first line's is " + l.measurement
                    + " (one measurement per file)");
        } else if (!l.tagKeys.equals(p.tagKeys())) {
            throw new IllegalArgumentException("tags " + p.tagKeys() + ", the first line's are " + l.tagKeys);
        }
        Long series = l.seriesByKey.get(p.seriesKey());
        if (series == null) {
            series = (long) l.tagValues.size() + 1;
            l.seriesByKey.put(p.seriesKey(), series);
            l.tagValues.add(p.tagValues());
        }
        l.seriesByText.putIfAbsent(text.substring(0, LineProtocol.seriesEnd(text)), series);
        for (Map.Entry<String, Object> f : p.fields().entrySet()) {
            Integer at = l.fieldIndex.get(f.getKey());
            boolean isLong = f.getValue() instanceof Long;
            if (at == null) {
                l.fieldIndex.put(f.getKey(), l.fields.size());
                l.fields.add(f.getKey());
                l.integral.add(isLong);
            } else if (l.integral.get(at) != isLong) {
                throw new IllegalArgumentException("field " + f.getKey() + " is " + (isLong ? "an integer" : "a float")
                        + " here and " + (isLong ? "a float" : "an integer") + " before");
            }
        }
        if (p.nanos() % 1000 != 0) { // two points a nanosecond apart would become one row
            throw new IllegalArgumentException("timestamp " + p.nanos() + " has nanoseconds below a microsecond; the"
                    + " harness keeps times in microseconds, as every target it writes stores them: round the file's"
                    + " times to microseconds (a multiple of 1000)");
        }
        l.count(series, p.nanos() / 1000L);
    }

    // --- the run: each worker streams the files for its own series

    /** What {@code nextLine} gives for a line of another slot's series: not a line to look at. */
    private static final String OTHERS = new String("another slot's line");
    /** What {@code nextLine} gives for a line it read into the batch itself. */
    private static final String ADDED = new String("a line read into the batch");

    /**
     * The series of a CSV line whose second column is plain digits (no sign, no blanks, 1 to 2^31 - 2); -1 for any
     * other line, which is then decoded and read in full ({@link #series} says what is wrong with it).
     */
    static long plainSeries(byte[] b, int from, int to) {
        int i = from;
        while (i < to && b[i] != ',') {
            i++;
        }
        i++;
        long series = 0;
        int digits = 0;
        for (; i < to && b[i] != ','; i++, digits++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9 || digits == 10) {
                return -1;
            }
            series = series * 10 + d;
        }
        return digits > 0 && i < to && series >= 1 && series <= Integer.MAX_VALUE - 1 ? series : -1;
    }

    /**
     * Adds the CSV line to the batch when its series is the slot's; false when it is not. {@code commas} is the
     * caller's, reused line after line.
     */
    private boolean csvRow(String text, int[] commas, RowBatch batch, int slot, int slots) {
        int fields = schema.metricCount();
        if (!commas(text, commas)) {
            throw new IllegalArgumentException("its columns changed");
        }
        long series = series(text, commas[0] + 1, commas[1]);
        if ((series - 1) % slots != slot) {
            return false;
        }
        int row = batch.addRow(micros(text, 0, commas[0]), series);
        for (int f = 0; f < fields; f++) {
            int from = commas[f + 1] + 1;
            int to = f + 2 < commas.length ? commas[f + 2] : text.length();
            if (from == to) {
                continue;
            }
            String v = text.substring(from, to).strip();
            if (v.isEmpty()) {
                continue;
            }
            if (schema.fieldType(f).integral()) {
                batch.setLong(row, f, Long.parseLong(v));
            } else {
                batch.setDouble(row, f, Double.parseDouble(v));
            }
        }
        return true;
    }

    /** Adds the line-protocol line to the batch when its series is the slot's; false when it is not. */
    private boolean lineProtocolRow(String text, RowBatch batch, int slot, int slots) {
        Long series = seriesByText.get(text.substring(0, LineProtocol.seriesEnd(text)));
        if (series == null) {
            throw new IllegalArgumentException("a series the first read did not see");
        }
        if ((series - 1) % slots != slot) {
            return false;
        }
        LineProtocol.Parsed p = LineProtocol.parse(text);
        int row = batch.addRow(Math.floorDiv(p.nanos(), 1000L), series);
        for (Map.Entry<String, Object> f : p.fields().entrySet()) {
            Integer at = fieldIndex.get(f.getKey());
            if (at == null) {
                throw new IllegalArgumentException("a field the first read did not see");
            }
            if (f.getValue() instanceof Long v) {
                batch.setLong(row, at, v);
            } else {
                batch.setDouble(row, at, (Double) f.getValue());
            }
        }
        return true;
    }

    @Override
    public String name() {
        return FileProvider.NAME;
    }

    @Override
    public SeriesSchema schema() {
        return schema;
    }

    @Override
    public long seriesCount() {
        return rowsOf.length - 1;
    }

    @Override
    public long plannedRows() {
        return rows;
    }

    /** Series hold different numbers of rows here (shards, which would need it exact, are refused). */
    @Override
    public long rowsPerSeries() {
        return Math.max(1, rows / seriesCount());
    }

    @Override
    public long startMicros() {
        return first;
    }

    @Override
    public long endMicros() {
        return last + 1;
    }

    @Override
    public RowSource open(int slot, int slots) {
        long mine = 0;
        for (long s = slot + 1; s < rowsOf.length; s += slots) {
            mine += rowsOf[(int) s];
        }
        long planned = mine;
        return new RowSource() {
            private final java.util.Iterator<Path> files = o.paths().iterator();
            private ByteLines lines;
            private final java.nio.charset.CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
            private Path path;
            private long lineNo;
            private final int[] commas = new int[schema.metricCount() + 1];
            private final LineProtocolBytes plainLines = csv ? null : new LineProtocolBytes(schema);
            private boolean header;

            @Override
            public boolean fill(RowBatch batch) {
                batch.clear();
                try {
                    while (!batch.isFull()) {
                        if (lines == null) {
                            if (!files.hasNext()) {
                                break;
                            }
                            path = files.next();
                            lines = new ByteLines(path);
                            lineNo = 0;
                            header = csv;
                        }
                        String text = nextLine(batch);
                        if (text == OTHERS || text == ADDED) {
                            continue;
                        }
                        if (text == null) {
                            lines.close();
                            lines = null;
                            continue;
                        }
                        if (++lineNo == 1 && !text.isEmpty() && text.charAt(0) == BOM) {
                            text = text.substring(1);
                        }
                        if (text.isBlank() || (!csv && text.startsWith("#"))) {
                            continue;
                        }
                        if (header) {
                            header = false;
                            continue;
                        }
                        try {
                            if (csv) {
                                csvRow(text, commas, batch, slot, slots);
                            } else {
                                lineProtocolRow(text, batch, slot, slots);
                            }
                        } catch (IllegalArgumentException e) {
                            // the first read took this line: the file changed under the run
                            throw new UsageException("--generator-file-paths " + path + " line " + lineNo
                                    + " changed since the run started: " + e.getMessage());
                        }
                    }
                } catch (java.nio.charset.CharacterCodingException e) {
                    throw unreadable(path, e); // the first read took the file: it changed under the run
                } catch (IOException e) {
                    throw new UncheckedIOException("reading " + path + ": " + e.getMessage(), e);
                }
                return batch.size() > 0;
            }

            /**
             * The next line as text; {@link #OTHERS} (its line counted) when its series is plainly another slot's,
             * told from its bytes without decoding it (CSV: a plain number in its series column; line protocol:
             * a series text the first read saw); {@link #ADDED} (counted) when it was the slot's and in line
             * protocol's plain form, its row added; null at the file's end.
             */
            private String nextLine(RowBatch batch) throws IOException {
                if (!lines.next()) {
                    return null;
                }
                byte[] b = lines.buffer();
                int from = lines.start();
                int to = lines.end();
                if (!header) {
                    int seriesEnd = csv ? -1 : SeriesBytes.seriesEnd(b, from, to);
                    long series = csv ? plainSeries(b, from, to) : seriesBytes.of(b, from, seriesEnd);
                    if (series > 0 && (series - 1) % slots != slot) {
                        lineNo++;
                        return OTHERS;
                    }
                    if (series > 0 && !csv && plainLines.add(b, seriesEnd, to, series, batch)) {
                        lineNo++;
                        return ADDED;
                    }
                }
                for (int i = from; i < to; i++) {
                    if (b[i] < 0) { // not ASCII: decoded as the first read did, refusing what is not UTF-8
                        return utf8.reset().decode(java.nio.ByteBuffer.wrap(b, from, to - from)).toString();
                    }
                }
                return new String(b, from, to - from, StandardCharsets.ISO_8859_1);
            }

            @Override
            public long plannedRows() {
                return planned;
            }
        };
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("files", o.describePaths());
        m.put("fileFormat", csv ? "csv" : "line-protocol");
        m.put("series", Long.toString(seriesCount()));
        m.put("fileRows", Long.toString(rows));
        m.put("tsStart", Instant.EPOCH.plusNanos(first * 1000).toString());
        return m;
    }
}
