package io.dbharness.results.report;

import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultFileException;
import io.dbharness.results.ResultFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/** The result files a report is made from: files as named, a directory as its {@code *.json} files in name order. */
final class Inputs {

    private Inputs() {
    }

    /**
     * Reads every result; a file named twice (directly and through its directory) counts once.
     *
     * @throws ResultFileException one line naming the problem: nothing given, a directory without results, a file
     *                             that is not a usable result (of another format version too), a run given twice
     */
    static List<RunResult> read(List<Path> paths) {
        if (paths.isEmpty()) {
            throw new ResultFileException("no result files given: name result files or a directory of them");
        }
        Set<Path> files = new LinkedHashSet<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                List<Path> inside = jsonFiles(p);
                if (inside.isEmpty()) {
                    throw new ResultFileException("no result files in " + p);
                }
                inside.forEach(f -> files.add(f.toAbsolutePath().normalize()));
            } else {
                files.add(p.toAbsolutePath().normalize());
            }
        }
        List<RunResult> out = new ArrayList<>();
        Map<String, Path> seen = new HashMap<>();
        for (Path f : files) {
            RunResult r = ResultFiles.read(f);
            Path before = seen.putIfAbsent(r.runId(), f);
            if (before != null) {
                // the same run twice would count as two repetitions and narrow its confidence interval
                throw new ResultFileException("run " + r.runId() + " is in two files: " + before + " and " + f);
            }
            out.add(r);
        }
        return out;
    }

    private static List<Path> jsonFiles(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(f -> f.getFileName().toString().endsWith(".json") && Files.isRegularFile(f)).sorted().toList();
        } catch (IOException e) {
            throw new ResultFileException("cannot list " + dir + ": " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " " + e.getMessage()));
        }
    }
}
