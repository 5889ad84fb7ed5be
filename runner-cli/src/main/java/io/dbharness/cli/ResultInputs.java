package io.dbharness.cli;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultFileException;
import io.dbharness.results.ResultFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Result files named on the command line: a file, or a directory whose {@code *.json} files are read. */
final class ResultInputs {

    private ResultInputs() {
    }

    static List<RunResult> read(String arg) {
        Path path = Path.of(arg);
        if (!Files.isDirectory(path)) {
            return List.of(ResultFiles.read(path));
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(path)) {
            // *.json only: the writer's half-written temporaries are hidden .tmp files
            files = s.filter(p -> p.getFileName().toString().endsWith(".json") && !p.getFileName().toString().startsWith(".")
                    && Files.isRegularFile(p)).sorted().toList();
        } catch (IOException e) {
            throw new ResultFileException("cannot list " + arg + ": " + ResultsDir.reason(e));
        }
        if (files.isEmpty()) {
            throw new UsageException("no result files (*.json) in " + arg);
        }
        List<RunResult> out = new ArrayList<>();
        files.forEach(f -> out.add(ResultFiles.read(f)));
        return out;
    }

    /** Every argument's results, in order. */
    static List<RunResult> readAll(List<String> args) {
        List<RunResult> out = new ArrayList<>();
        args.forEach(a -> out.addAll(read(a)));
        return out;
    }
}
