package io.dbharness.results.report;

import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultFileException;
import io.dbharness.results.ResultInputs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code runner report}: result files in, a self-contained HTML page ({@value #HTML}), a Markdown summary
 * ({@value #MARKDOWN}) and one CSV per table out. What the report contains and how its charts are chosen:
 * results/README.md.
 */
public final class Report {

    public static final String HTML = "report.html";
    public static final String MARKDOWN = "report.md";

    private Report() {
    }

    /**
     * Reads the result files (a directory stands for its {@code *.json} files, in name order) and writes the report.
     *
     * @return the HTML page
     * @throws ResultFileException one line naming the problem when there are no results or one is not usable
     * @throws IOException         when {@code outDir} cannot be written
     */
    public static Path write(List<Path> resultFiles, Path outDir) throws IOException {
        return write(resultFiles, outDir, List.of());
    }

    /**
     * {@link #write(List, Path)} with lines the report must also say, about runs that left no result (a sweep's
     * point whose target was down): a comparison that silently lost a contestant would mislead.
     */
    public static Path write(List<Path> resultFiles, Path outDir, List<String> missing) throws IOException {
        return writeFiles(read(resultFiles), io.dbharness.results.search.SearchFiles.among(resultFiles), outDir, missing).get(0);
    }

    /** The report of results already read (the library's way in); returns the HTML page. */
    public static Path writeResults(List<RunResult> results, Path outDir) throws IOException {
        return writeFiles(results, outDir).get(0);
    }

    /** Reads result files as {@link #write} does: by {@link ResultInputs#readAll}'s rules. */
    public static List<RunResult> read(List<Path> resultFiles) {
        return ResultInputs.readAll(resultFiles);
    }

    /** Writes the report and returns every file written: the HTML page first, then the Markdown, then the CSVs. */
    public static List<Path> writeFiles(List<RunResult> results, Path outDir) throws IOException {
        return writeFiles(results, outDir, List.of());
    }

    /** {@link #writeFiles(List, Path)}, the report also naming the runs that left no result. */
    public static List<Path> writeFiles(List<RunResult> results, Path outDir, List<String> missing) throws IOException {
        return writeFiles(results, List.of(), outDir, missing);
    }

    /**
     * {@link #writeFiles(List, Path, List)} with find-max searches drawn ({@code runner report} of a search file or
     * its directory): their runs are among {@code results}.
     */
    public static List<Path> writeFiles(List<RunResult> results, List<io.dbharness.results.search.SearchResult> searches,
                                        Path outDir, List<String> missing) throws IOException {
        Contents c = contents(results, searches, missing);
        Files.createDirectories(outDir);
        List<Path> written = new ArrayList<>();
        written.add(write(outDir.resolve(HTML), HtmlPage.render(c.title(), c.intro(), c.charts(), c.tables())));
        written.add(write(outDir.resolve(MARKDOWN), Markdown.render(c.title(), c.intro(), c.tables())));
        for (Table t : c.tables()) {
            written.add(write(outDir.resolve(t.name() + ".csv"), Csv.render(t)));
        }
        return written;
    }

    /** Everything the report says, before it is rendered. */
    record Contents(String title, List<String> intro, List<ChartSpec> charts, List<Table> tables) {
    }

    static Contents contents(List<RunResult> results) {
        return contents(results, List.of());
    }

    static Contents contents(List<RunResult> results, List<String> missing) {
        return contents(results, List.of(), missing);
    }

    static Contents contents(List<RunResult> results, List<io.dbharness.results.search.SearchResult> searches,
                             List<String> missing) {
        if (results.isEmpty()) {
            throw new ResultFileException("no results to report on");
        }
        RunSet set = RunSet.of(results);
        List<Table> tables = new ArrayList<>(List.of(RunTables.runs(set)));
        if (set.configurations().stream().anyMatch(n -> n.configuration().runs().size() > 1)) {
            tables.add(RunTables.configurations(set)); // without repetitions it would repeat the runs table
        }
        tables.addAll(List.of(RunTables.latency(set), ProvenanceTables.verification(set), ProvenanceTables.provenance(set)));
        Table resources = ProvenanceTables.resources(set);
        if (resources != null) {
            tables.add(resources);
        }
        for (Table t : new Table[] {ServerHostCharts.table(set), ServerTables.server(set), ServerTables.statements(set)}) {
            if (t != null) {
                tables.add(t);
            }
        }
        List<String> intro = intro(set, results);
        missing.forEach(m -> intro.add("Not in this report: " + m + "."));
        // a find-max search first: it is the question the runs were made to answer
        List<ChartSpec> charts = new ArrayList<>(SearchCharts.charts(searches, results));
        charts.addAll(Charts.select(set));
        tables.addAll(0, SearchCharts.tables(searches));
        return new Contents(title(results), intro, charts, tables);
    }

    private static String title(List<RunResult> results) {
        return "dbharness report: " + distinct(results, RunResult::workload) + " on " + distinct(results, RunResult::target);
    }

    private static List<String> intro(RunSet set, List<RunResult> results) {
        List<String> out = new ArrayList<>();
        int configs = set.configurations().size();
        out.add(results.size() + (results.size() == 1 ? " run" : " runs") + " in " + configs
                + (configs == 1 ? " configuration." : " configurations."));
        out.add(set.varying().isEmpty() ? "Settings that differ between configurations: none."
                : "Settings that differ between configurations: " + String.join(", ", new java.util.TreeSet<>(set.varying())) + ".");
        out.add("Harness " + distinct(results, r -> r.harnessVersion() + " (" + r.gitCommit() + ")") + ".");
        set.byWorkload().values().forEach(named -> {
            String skipped = RunSet.skippedNote(named, set.headlineName(named.get(0)));
            if (!skipped.isEmpty()) {
                out.add(skipped);
            }
        });
        return out;
    }

    private static String distinct(List<RunResult> results, java.util.function.Function<RunResult, String> f) {
        Set<String> s = new LinkedHashSet<>();
        results.forEach(r -> s.add(String.valueOf(f.apply(r))));
        return s.stream().collect(Collectors.joining(", "));
    }

    private static Path write(Path file, String content) throws IOException {
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }
}
