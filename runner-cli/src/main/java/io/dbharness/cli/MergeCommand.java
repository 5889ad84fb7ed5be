package io.dbharness.cli;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultFiles;
import io.dbharness.results.ResultInputs;
import io.dbharness.results.SummaryTable;
import io.dbharness.results.merge.ResultMerge;
import picocli.CommandLine.ParseResult;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code runner merge PART... --out FILE}: one result from a run split across processes; 0 written, 2 refused. */
final class MergeCommand {

    private MergeCommand() {
    }

    static int run(ParseResult pr, PrintStream out) {
        List<String> args = pr.matchedPositional(0) == null ? List.of() : List.of(pr.matchedPositional(0).<String[]>getValue());
        String target = pr.matchedOptionValue("--out", null);
        if (target == null || target.isBlank()) {
            throw new UsageException("runner merge needs --out FILE: where the merged result goes");
        }
        Path file = Path.of(target);
        if (Files.isDirectory(file)) {
            throw new UsageException("--out names the merged result's file; " + target + " is a directory");
        }
        if (args.isEmpty()) {
            throw new UsageException("runner merge needs the result files of the run's processes (or a directory of them)");
        }
        List<RunResult> parts = ResultInputs.readAll(args.stream().map(Path::of).toList());
        boolean partial = pr.hasMatchedOption("--allow-partial");
        RunResult merged = ResultMerge.merge(parts, partial);
        try {
            ResultFiles.writeTo(merged, file);
        } catch (IOException e) {
            throw new UsageException("cannot write the merged result to " + target + ": " + ResultsDir.reason(e) + " (--out)");
        }
        out.print(SummaryTable.render(merged));
        List<Integer> missing = ResultMerge.missingShards(parts);
        if (!missing.isEmpty()) { // only with --allow-partial: the totals are those of the shards given
            int count = parts.get(0).shard().count();
            out.println("warning: " + (missing.size() == 1 ? "shard " : "shards ") + missing.stream().map(i -> i + "/" + count)
                    .collect(java.util.stream.Collectors.joining(", ")) + " missing (--allow-partial): the totals are those"
                    + " of the shards given");
        }
        out.println("merged " + merged.workloadFacts().details().get(ResultMerge.MERGED_FROM).split(", ").length
                + " results into: " + file);
        return ExitCode.OK;
    }
}
