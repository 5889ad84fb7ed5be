package io.dbharness.cli;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultInputs;
import io.dbharness.results.explain.Explanation;
import picocli.CommandLine.ParseResult;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** {@code runner explain RESULT...}: what limited each run, with the figure each verdict rests on; 0, or 2 when a file cannot be read. */
final class ExplainCommand {

    private ExplainCommand() {
    }

    static int run(ParseResult pr, PrintStream out) {
        List<String> args = pr.matchedPositional(0) == null ? List.of() : List.of(pr.matchedPositional(0).<String[]>getValue());
        if (args.isEmpty()) {
            throw new UsageException("runner explain needs a result file (or a directory of them)");
        }
        List<RunResult> results = ResultInputs.readAll(args.stream().map(Path::of).toList());
        for (int i = 0; i < results.size(); i++) {
            if (i > 0) {
                out.println();
            }
            out.print(Explanation.render(results.get(i)));
        }
        return ExitCode.OK;
    }
}
