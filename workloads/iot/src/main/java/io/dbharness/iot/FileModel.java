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
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * mxbench's {@code --generator file}: the rows of files the user has ({@code --generator-file-paths}), read
 * once to learn their table and check every line, then streamed by each worker, which keeps its own series'
 * rows (as every model splits series over workers: rows in file order within a series, the same for any split).
 *
 * <p>Two formats: CSV in the layout the {@code file} target writes ({@code ts,tag_id,c0,...}: a time column, an
 * integer series column, then one column per field, empty for a missing value), and InfluxDB line protocol
 * (one measurement, the same tag keys on every line, integer ({@code i}/{@code u}) and float fields,
 * a timestamp in nanoseconds on every line). A line that does not parse is refused before anything runs,
 * naming the file and the line.
 */
final class FileModel implements Generator {

    /** One data line: its series' key, time, and field values by index (null where absent). */
    private record Line(String seriesKey, long series, long micros, Object[] values) {
    }

    private final FileOptions o;
    private final boolean csv;
    private final SeriesSchema schema;
    /** Line protocol: each series' tag set text, in order of first appearance (series i + 1). */
    private final Map<String, Long> seriesByKey;
    private final List<String[]> tagValues;
    /** Rows of each series ({@code [series]}, 0 unused). */
    private final long[] rowsOf;
    private final long rows;
    private final long first;
    private final long last;

    FileModel(FileOptions options) {
        this.o = options;
        this.csv = options.csv();
        Scan scan = new Scan();
        currentScan = scan;
        for (Path p : o.paths()) {
            read(p, scan::add);
        }
        currentScan = null;
        if (scan.rows == 0) {
            throw new UsageException("--generator-file-paths " + o.describePaths() + ": no data lines");
        }
        this.seriesByKey = scan.seriesByKey;
        this.tagValues = scan.tagValues;
        this.rows = scan.rows;
        this.first = scan.first;
        this.last = scan.last;
        long series = csv ? scan.maxSeries : seriesByKey.size();
        this.rowsOf = Arrays.copyOf(scan.rowsOf, (int) series + 1);
        List<MetricType> types = new ArrayList<>();
        for (int f = 0; f < scan.fields.size(); f++) {
            types.add(scan.integral.get(f) ? MetricType.INT8 : MetricType.FLOAT8);
        }
        String table = o.tableName().orElse(csv ? "telematics" : scan.measurement);
        SeriesTags tags = csv ? SeriesTags.seriesNumber(scan.seriesColumn)
                : SeriesTags.strings(scan.tagKeys, scan.tagKeys, series, s -> tagValues.get((int) s - 1));
        this.schema = new SeriesSchema(table, csv ? scan.timeColumn : "time", tags, List.copyOf(types),
                List.copyOf(scan.fields), Math.max(1, scan.fields.size()));
    }

    /** What the first read learns: the layout, the series, the rows, the time range. */
    private final class Scan {
        String timeColumn;
        String seriesColumn;
        String measurement;
        List<String> tagKeys;
        final List<String> fields = new ArrayList<>();
        final List<Boolean> integral = new ArrayList<>();
        final Map<String, Integer> fieldIndex = new HashMap<>();
        final Map<String, Long> seriesByKey = new LinkedHashMap<>();
        final List<String[]> tagValues = new ArrayList<>();
        long[] rowsOf = new long[16];
        long maxSeries;
        long rows;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;

        void add(Line line) {
            rows++;
            first = Math.min(first, line.micros());
            last = Math.max(last, line.micros());
            if (line.series() >= rowsOf.length) {
                rowsOf = Arrays.copyOf(rowsOf, (int) Math.max(line.series() + 1, rowsOf.length * 2L));
            }
            rowsOf[(int) line.series()]++;
            maxSeries = Math.max(maxSeries, line.series());
        }
    }

    /** The first read of a file: every line parsed (learning the layout into {@link #currentScan}) and counted. */
    private void read(Path path, java.util.function.Consumer<Line> out) {
        try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            String text;
            long n = 0;
            boolean header = csv;
            while ((text = in.readLine()) != null) {
                n++;
                if (text.isBlank() || (!csv && text.startsWith("#"))) {
                    continue;
                }
                try {
                    if (header) {
                        csvHeader(text, path);
                        header = false;
                        continue;
                    }
                    out.accept(csv ? csvLine(text) : lineProtocol(text));
                } catch (IllegalArgumentException e) {
                    throw new UsageException("--generator-file-paths " + path + " line " + n + ": " + e.getMessage()
                            + " (" + abbreviate(text) + ")");
                }
            }
        } catch (IOException e) {
            throw new UsageException("--generator-file-paths " + path + ": cannot read it (" + e.getMessage() + ")");
        }
    }

    /** The first read in progress (the constructor's), null after: then the layout is fixed. */
    private Scan currentScan;

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }

    private void csvHeader(String text, Path path) {
        String[] cols = text.split(",", -1);
        if (cols.length < 3 || !cols[0].strip().matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("expected a header of a time column, an integer series column and"
                    + " fields (ts,tag_id,c0,...)");
        }
        Scan s = currentScan;
        if (s == null) {
            return; // streaming: checked on the first read
        }
        List<String> fields = Arrays.asList(cols).subList(2, cols.length);
        if (s.timeColumn == null) {
            s.timeColumn = cols[0].strip();
            s.seriesColumn = cols[1].strip();
            for (String f : fields) {
                s.fieldIndex.put(f.strip(), s.fields.size());
                s.fields.add(f.strip());
                s.integral.add(true);
            }
        } else if (!s.fields.equals(fields.stream().map(String::strip).toList()) || !s.timeColumn.equals(cols[0].strip())) {
            throw new IllegalArgumentException("its header differs from the first file's");
        }
    }

    private Line csvLine(String text) {
        String[] cols = text.split(",", -1);
        Scan s = currentScan;
        int fieldCount = s != null ? s.fields.size() : schema.metricCount();
        if (cols.length != fieldCount + 2) {
            throw new IllegalArgumentException(cols.length + " columns, the header has " + (fieldCount + 2));
        }
        long micros = micros(cols[0].strip());
        long series;
        try {
            series = Long.parseLong(cols[1].strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("series '" + cols[1] + "' is not a whole number");
        }
        if (series < 1 || series > Integer.MAX_VALUE - 1) {
            throw new IllegalArgumentException("series " + series + " is outside 1.." + (Integer.MAX_VALUE - 1));
        }
        Object[] values = new Object[fieldCount];
        for (int f = 0; f < fieldCount; f++) {
            String v = cols[f + 2].strip();
            if (v.isEmpty()) {
                continue;
            }
            values[f] = number(v, s, f);
        }
        return new Line(null, series, micros, values);
    }

    /** A value as a Long or a Double; while scanning, a non-integer makes its field a float field. */
    private static Object number(String v, Scan s, int f) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException notLong) {
            try {
                double d = Double.parseDouble(v);
                if (s != null) {
                    s.integral.set(f, false);
                }
                return d;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("value '" + v + "' is not a number");
            }
        }
    }

    /** {@code 2022-04-18 09:00:00[.ffffff]} (UTC) or ISO-8601 with {@code T} and {@code Z}. */
    private static long micros(String t) {
        try {
            Instant i = t.indexOf('T') > 0 ? Instant.parse(t) : Instant.parse(t.replace(' ', 'T') + "Z");
            return Math.multiplyExact(i.getEpochSecond(), 1_000_000L) + i.getNano() / 1000;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("time '" + t + "' is not yyyy-MM-dd HH:mm:ss[.ffffff] (UTC)");
        }
    }

    /** One line of line protocol: {@code measurement[,tag=v...] field=v[,field=v...] timestamp}. */
    private Line lineProtocol(String text) {
        LineProtocol.Parsed p = LineProtocol.parse(text);
        Scan s = currentScan;
        if (s != null) {
            if (s.measurement == null) {
                s.measurement = p.measurement();
                s.tagKeys = p.tagKeys();
                if (s.tagKeys.isEmpty()) {
                    throw new IllegalArgumentException("no tags: a series needs at least one");
                }
            } else if (!s.measurement.equals(p.measurement())) {
                throw new IllegalArgumentException("measurement " + p.measurement() + ", the first line's is "
                        + s.measurement + " (one measurement per run)");
            } else if (!s.tagKeys.equals(p.tagKeys())) {
                throw new IllegalArgumentException("tags " + p.tagKeys() + ", the first line's are " + s.tagKeys);
            }
        }
        Map<String, Long> dictionary = s != null ? s.seriesByKey : seriesByKey;
        Long series = dictionary.get(p.seriesKey());
        if (series == null) {
            if (s == null) {
                throw new IllegalStateException("a series the first read did not see: " + p.seriesKey());
            }
            series = (long) dictionary.size() + 1;
            dictionary.put(p.seriesKey(), series);
            s.tagValues.add(p.tagValues());
        }
        int fieldCount = s != null ? -1 : schema.metricCount();
        Object[] values;
        if (s != null) {
            for (Map.Entry<String, Object> f : p.fields().entrySet()) {
                Integer at = s.fieldIndex.get(f.getKey());
                boolean isLong = f.getValue() instanceof Long;
                if (at == null) {
                    s.fieldIndex.put(f.getKey(), s.fields.size());
                    s.fields.add(f.getKey());
                    s.integral.add(isLong);
                } else if (s.integral.get(at) != isLong) {
                    throw new IllegalArgumentException("field " + f.getKey() + " is " + (isLong ? "an integer" : "a float")
                            + " here and " + (isLong ? "a float" : "an integer") + " before");
                }
            }
            values = new Object[0]; // the scan only counts
        } else {
            values = new Object[fieldCount];
            for (Map.Entry<String, Object> f : p.fields().entrySet()) {
                values[schema.fieldNames().indexOf(f.getKey())] = f.getValue();
            }
        }
        return new Line(p.seriesKey(), series, Math.floorDiv(p.nanos(), 1000L), values);
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

    /** Series hold different numbers of rows here: a shard's share is counted, not multiplied. */
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
            private BufferedReader in;
            private Path path;
            private long lineNo;
            private boolean header;

            @Override
            public boolean fill(RowBatch batch) {
                batch.clear();
                try {
                    while (!batch.isFull()) {
                        if (in == null) {
                            if (!files.hasNext()) {
                                break;
                            }
                            path = files.next();
                            in = Files.newBufferedReader(path, StandardCharsets.UTF_8);
                            lineNo = 0;
                            header = csv;
                        }
                        String text = in.readLine();
                        if (text == null) {
                            in.close();
                            in = null;
                            continue;
                        }
                        lineNo++;
                        if (text.isBlank() || (!csv && text.startsWith("#"))) {
                            continue;
                        }
                        if (header) {
                            header = false;
                            continue;
                        }
                        Line line;
                        try {
                            line = csv ? csvLine(text) : lineProtocol(text);
                        } catch (IllegalArgumentException | IllegalStateException e) {
                            // the first read took it: the file changed under the run
                            throw new UsageException("--generator-file-paths " + path + " line " + lineNo
                                    + " changed since the run started: " + e.getMessage());
                        }
                        if ((line.series() - 1) % slots != slot) {
                            continue;
                        }
                        int row = batch.addRow(line.micros(), line.series());
                        Object[] v = line.values();
                        for (int f = 0; f < v.length; f++) {
                            if (v[f] == null) {
                                continue;
                            }
                            if (schema.fieldType(f).integral()) {
                                batch.setLong(row, f, ((Number) v[f]).longValue());
                            } else {
                                batch.setDouble(row, f, ((Number) v[f]).doubleValue());
                            }
                        }
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("reading " + path + ": " + e.getMessage(), e);
                }
                return batch.size() > 0;
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
