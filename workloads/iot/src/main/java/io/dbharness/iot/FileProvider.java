package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.GeneratorProvider;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Registers {@code --generator file}: mxbench's, rows from the user's own CSV or line-protocol files. */
public final class FileProvider implements GeneratorProvider {

    static final String NAME = "file";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "rows from your files (mxbench's): CSV as the file target writes it, or line protocol (files of several"
                + " measurements, one each, make a table per measurement)";
    }

    @Override
    public List<OptionDef> options() {
        return FileOptions.OPTIONS;
    }

    @Override
    public Generator create(Settings settings) {
        if (io.dbharness.core.config.ShardOptions.requested(settings)) {
            // its series hold different numbers of rows: a shard could not plan its share without reading the files
            throw new io.dbharness.core.api.UsageException("--generator file cannot be split into shards: run it in one"
                    + " process (its workers split the series)");
        }
        FileOptions options = FileOptions.from(settings);
        Map<String, List<Path>> byMeasurement = options.csv() ? Map.of() : byMeasurement(options.paths());
        if (byMeasurement.size() < 2) {
            return new FileModel(options);
        }
        if (options.tableName().isPresent()) {
            throw new UsageException("--table-name names the one table of a file's rows, and these files hold "
                    + byMeasurement.size() + " measurements (" + String.join(", ", byMeasurement.keySet())
                    + "), a table each: drop --table-name");
        }
        List<FileModel> parts = new ArrayList<>();
        byMeasurement.values().forEach(paths -> parts.add(new FileModel(new FileOptions(paths, false, Optional.empty()))));
        return new FileTables(parts);
    }

    /**
     * The files grouped by the measurement of their first line, in the order given. A file whose later lines
     * name another measurement is refused by its model's read, naming the line.
     */
    private static Map<String, List<Path>> byMeasurement(List<Path> paths) {
        Map<String, List<Path>> out = new LinkedHashMap<>();
        for (Path p : paths) {
            out.computeIfAbsent(firstMeasurement(p), m -> new ArrayList<>()).add(p);
        }
        return out;
    }

    private static String firstMeasurement(Path p) {
        try (BufferedReader in = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            for (String line; (line = in.readLine()) != null; ) {
                line = line.startsWith("\uFEFF") ? line.substring(1) : line;
                if (!line.isBlank() && !line.startsWith("#")) {
                    return LineProtocol.measurement(line);
                }
            }
            return ""; // no data line: the model's read says so
        } catch (IOException e) {
            throw FileModel.unreadable(p, e);
        }
    }
}
