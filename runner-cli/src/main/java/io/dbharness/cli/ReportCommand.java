package io.dbharness.cli;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultFileException;
import io.dbharness.results.report.Report;
import picocli.CommandLine.ParseResult;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** {@code runner report FILES|DIR... [--out DIR]}: the report's files written, their paths printed. */
final class ReportCommand {

    private static final String PREFIX = "runner report: ";

    private ReportCommand() {
    }

    static int run(ParseResult pr, PrintStream out) {
        List<Path> inputs = pr.matchedPositional(0) == null ? List.of()
                : java.util.Arrays.stream(pr.matchedPositional(0).<String[]>getValue()).map(Path::of).toList();
        String outValue = pr.matchedOptionValue("--out", null);
        if (outValue != null && outValue.isBlank()) {
            throw new UsageException(PREFIX + "--out needs a directory");
        }
        List<RunResult> results;
        List<io.dbharness.results.search.SearchResult> searches;
        try {
            results = Report.read(inputs);
            searches = io.dbharness.results.search.SearchFiles.among(inputs); // find-max searches, drawn first
        } catch (ResultFileException e) {
            throw new UsageException(PREFIX + e.getMessage());
        }
        Path outDir = outValue == null ? defaultOut(inputs.get(0)) : Path.of(outValue);
        // checked before any work, so a bad --out is one line, not a half-written report
        ResultsDir.check(outDir, PREFIX + "cannot write the report to ", "--out");
        List<Path> written;
        try {
            written = Report.writeFiles(results, searches, outDir, List.of());
        } catch (ResultFileException e) {
            throw new UsageException(PREFIX + e.getMessage()); // a histogram that cannot be decoded
        } catch (IOException e) {
            throw new UsageException(PREFIX + "cannot write the report to " + outDir + ": " + ResultsDir.reason(e) + " (--out)");
        }
        written.forEach(out::println);
        return ExitCode.OK;
    }

    /**
     * Without --out: {@code report-<time>} in the first results folder given (the folder itself, or a file's), as a
     * sweep leaves its report beside its results; never a {@code report/} in whatever folder the command ran in.
     */
    static Path defaultOut(Path firstInput) {
        Path folder = java.nio.file.Files.isDirectory(firstInput) ? firstInput
                : firstInput.getParent() == null ? Path.of(".") : firstInput.getParent();
        String name = "report-" + java.time.LocalDateTime.now()
                .format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path out = folder.resolve(name);
        for (int n = 2; java.nio.file.Files.exists(out); n++) { // a second report in the same second keeps the first
            out = folder.resolve(name + "-" + n);
        }
        return out;
    }
}
