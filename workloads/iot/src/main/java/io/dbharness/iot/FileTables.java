package io.dbharness.iot;

import io.dbharness.core.api.Generator;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --generator file} over line-protocol files of several measurements, a file (or files) each: a model of
 * several tables, one {@link FileModel} per measurement, as {@link DevopsUseCase} composes its nine. What a
 * devops stream split by measurement ({@link LineProtocolSplitter}) loads as: every measurement its own table,
 * counted back on its own.
 */
final class FileTables extends SeveralTables {

    /** @param parts one model per measurement, in the order their files were given */
    FileTables(List<FileModel> parts) {
        super(parts);
    }

    @Override
    public String name() {
        return FileProvider.NAME;
    }

    /** The files' series differ per measurement; shards, which would need this exact, are refused for files. */
    @Override
    public long rowsPerSeries() {
        return Math.max(1, plannedRows() / Math.max(1, parts().stream().mapToLong(Generator::seriesCount).sum()));
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        StringBuilder files = new StringBuilder();
        long rows = 0;
        for (Generator p : parts()) {
            Map<String, String> d = p.describe();
            files.append(files.length() == 0 ? "" : ",").append(d.get("files"));
            rows += p.plannedRows();
        }
        m.put("files", files.toString());
        m.put("fileFormat", "line-protocol");
        m.put("measurements", String.join(",", parts().stream().map(p -> p.schema().tableName()).toList()));
        m.put("series", Long.toString(parts().stream().mapToLong(Generator::seriesCount).sum()));
        m.put("fileRows", Long.toString(rows));
        m.put("tsStart", java.time.Instant.EPOCH.plusNanos(startMicros() * 1000).toString());
        return m;
    }
}
