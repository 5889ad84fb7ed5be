package io.dbharness.iot;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code --generator file}'s options, mxbench's {@code --generator-file-paths} and the files' format.
 *
 * @param csv whether the files are CSV (else line protocol)
 */
record FileOptions(List<Path> paths, boolean csv, Optional<String> tableName) {

    static final List<OptionDef> OPTIONS = List.of(
            OptionDef.of("generator-file-paths", "FILE[,FILE...]", null, "file: the data files, read in this order"
                    + " (mxbench's flag)"),
            OptionDef.of("generator-file-format", "auto|csv|line-protocol", "auto", "file: CSV as the file target writes"
                    + " it (ts,tag_id,c0,...) or line protocol; auto: csv for names ending .csv"));

    static FileOptions from(Settings s) {
        String given = s.optional("generator-file-paths").orElseThrow(() -> new UsageException(
                "--generator file reads your rows from files: give them with --generator-file-paths FILE[,FILE...]"));
        for (String range : List.of("ts-start", "ts-end")) {
            if (IotOptions.given(s, range)) {
                throw new UsageException("--" + range + " sets a generated model's time range; --generator file takes the"
                        + " times of the files' rows: drop --" + range);
            }
        }
        List<Path> paths = new ArrayList<>();
        for (String part : given.split(",", -1)) {
            Path p = Path.of(part.strip());
            if (part.isBlank() || !Files.isRegularFile(p)) {
                throw s.bad("generator-file-paths", given, "readable files, comma-separated (" + (part.isBlank()
                        ? "an empty entry" : p + (Files.isDirectory(p) ? " is a directory" : " does not exist")) + ")");
            }
            paths.add(p);
        }
        String format = s.string("generator-file-format").strip().toLowerCase(Locale.ROOT);
        boolean csv = switch (format) {
            case "csv" -> true;
            case "line-protocol" -> false;
            case "auto" -> {
                boolean first = paths.get(0).getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv");
                for (Path p : paths) {
                    if (p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv") != first) {
                        throw new UsageException("--generator-file-paths mixes .csv files with others: one format per"
                                + " run (give --generator-file-format)");
                    }
                }
                yield first;
            }
            default -> throw s.bad("generator-file-format", format, "auto, csv or line-protocol");
        };
        Optional<String> table = IotOptions.given(s, "table-name") ? Optional.of(s.string("table-name")) : Optional.empty();
        return new FileOptions(List.copyOf(paths), csv, table);
    }

    String describePaths() {
        return String.join(",", paths.stream().map(Path::toString).toList());
    }
}
