package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.SeriesSchema;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --generator file} over line-protocol files of several measurements, a file (or files) each: a model of
 * several tables, one {@link FileModel} per measurement, as {@link DevopsUseCase} composes its nine. What a
 * devops stream split by measurement ({@link LineProtocolSplitter}) loads as: every measurement its own table,
 * counted back on its own.
 */
final class FileTables implements Generator {

    private final List<Generator> parts;

    /** @param parts one model per measurement, in the order their files were given */
    FileTables(List<FileModel> parts) {
        if (parts.size() < 2) {
            throw new IllegalArgumentException("a model of several tables needs several: " + parts.size());
        }
        this.parts = List.copyOf(parts);
    }

    private Generator first() {
        return parts.get(0);
    }

    @Override
    public String name() {
        return FileProvider.NAME;
    }

    @Override
    public SeriesSchema schema() {
        return first().schema();
    }

    @Override
    public long seriesCount() {
        return first().seriesCount();
    }

    @Override
    public long plannedRows() {
        return parts.stream().mapToLong(Generator::plannedRows).sum();
    }

    /** The files' series differ per measurement; shards, which would need this exact, are refused for files. */
    @Override
    public long rowsPerSeries() {
        return Math.max(1, plannedRows() / Math.max(1, parts.stream().mapToLong(Generator::seriesCount).sum()));
    }

    @Override
    public long startMicros() {
        return parts.stream().mapToLong(Generator::startMicros).min().orElseThrow();
    }

    @Override
    public long endMicros() {
        return parts.stream().mapToLong(Generator::endMicros).max().orElseThrow();
    }

    @Override
    public List<Generator> parts() {
        return parts;
    }

    @Override
    public RowSource open(int slot, int slots) {
        return first().open(slot, slots);
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        StringBuilder files = new StringBuilder();
        long rows = 0;
        for (Generator p : parts) {
            Map<String, String> d = p.describe();
            files.append(files.length() == 0 ? "" : ",").append(d.get("files"));
            rows += p.plannedRows();
        }
        m.put("files", files.toString());
        m.put("fileFormat", "line-protocol");
        m.put("measurements", String.join(",", parts.stream().map(p -> p.schema().tableName()).toList()));
        m.put("series", Long.toString(parts.stream().mapToLong(Generator::seriesCount).sum()));
        m.put("fileRows", Long.toString(rows));
        m.put("tsStart", java.time.Instant.EPOCH.plusNanos(startMicros() * 1000).toString());
        return m;
    }
}
