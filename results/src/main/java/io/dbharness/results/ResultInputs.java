package io.dbharness.results;

import io.dbharness.core.result.RunResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The result files a report, a comparison or a merge is made from, named as {@code FILES|DIR...}: a file as
 * named, a directory as its {@code *.json} files in name order. One set of rules for every command, so a
 * directory means the same runs whichever command is given it.
 */
public final class ResultInputs {

    private ResultInputs() {
    }

    /**
     * Reads every result, in the order given. Hidden files in a directory are skipped: the writer's half-written
     * temporaries are {@code .NAME.json...tmp}. The same file reached twice (named, and through its directory, or by
     * a link) counts once; the same run id in two different files is refused, since it would count twice.
     *
     * @throws ResultFileException one line: nothing given, a directory without results, a file that is not a usable
     *                             result, a run in two files
     */
    public static List<RunResult> readAll(List<Path> paths) {
        if (paths.isEmpty()) {
            throw new ResultFileException("no result files given: name result files or a directory of them");
        }
        Map<Path, Path> files = new LinkedHashMap<>(); // the file itself -> the path it was reached by, for messages
        for (Path p : paths) {
            // a search file named on its own stands for its steps' results
            List<Path> named = Files.isDirectory(p) ? jsonFiles(p) : io.dbharness.results.search.SearchFiles.isSearch(p)
                    ? io.dbharness.results.search.SearchFiles.stepFiles(io.dbharness.results.search.SearchFiles.read(p), p) : List.of(p);
            for (Path f : named) {
                files.putIfAbsent(identity(f), f);
            }
        }
        List<RunResult> out = new ArrayList<>();
        Map<String, Path> seen = new HashMap<>();
        for (Path f : files.values()) {
            RunResult r = ResultFiles.read(f);
            Path before = seen.putIfAbsent(r.runId(), f);
            if (before != null) {
                throw new ResultFileException("run " + r.runId() + " is in two files: " + before + " and " + f);
            }
            out.add(r);
        }
        return out;
    }

    /**
     * A directory's results: its regular {@code *.json} files. Subdirectories (a sweep's {@code report-<time>}, older
     * runs kept aside) are not entered, so a directory means the runs directly in it.
     */
    private static List<Path> jsonFiles(Path dir) {
        List<Path> files;
        List<Path> subdirectories;
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> entries = s.filter(f -> !f.getFileName().toString().startsWith(".")).sorted().toList();
            // a find-max search's file is no run: its steps are the directory's other files
            files = entries.stream().filter(f -> f.getFileName().toString().endsWith(".json") && Files.isRegularFile(f)
                    && !io.dbharness.results.search.SearchFiles.isSearch(f)).toList();
            subdirectories = entries.stream().filter(Files::isDirectory).toList();
        } catch (IOException e) {
            throw new ResultFileException("cannot list " + dir + ": " + ResultFiles.oneLine(e.toString()));
        }
        if (files.isEmpty()) {
            // results one level down are the likely intent: say they were not read rather than leave it a riddle
            throw new ResultFileException("no result files (*.json) in " + dir + (subdirectories.isEmpty() ? ""
                    : "; its subdirectories are not read: name them (" + subdirectories.get(0)
                    + (subdirectories.size() > 1 ? ", ..." : "") + ")"));
        }
        return files;
    }

    /** The file behind a path, links resolved; a path that does not resolve is left for the read to report. */
    private static Path identity(Path f) {
        try {
            return f.toRealPath();
        } catch (IOException e) {
            return f.toAbsolutePath().normalize();
        }
    }
}
