package io.dbharness.cli;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.AnswerComparison;
import io.dbharness.results.ComparisonTable;
import io.dbharness.results.ResultInputs;
import io.dbharness.results.compare.ResultComparison;
import io.dbharness.results.compare.Threshold;
import picocli.CommandLine.ParseResult;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code runner compare BASE NEW [--threshold 5%]}: exit 1 when NEW is worse beyond the threshold (a CI gate),
 * 0 when not; {@code runner compare --answers A B}: exit 1 when an answer differs. 2 when they cannot be compared.
 */
final class CompareCommand {

    private CompareCommand() {
    }

    static int run(ParseResult pr, PrintStream out) {
        List<String> args = pr.matchedPositional(0) == null ? List.of() : List.of(pr.matchedPositional(0).<String[]>getValue());
        if (pr.hasMatchedOption("--answers")) {
            if (pr.hasMatchedOption("--threshold")) {
                throw new UsageException("--threshold applies to comparing figures, not to --answers");
            }
            return answers(pr, args, out);
        }
        if (pr.hasMatchedOption("--show")) {
            throw new UsageException("--show applies to --answers only");
        }
        if (args.size() != 2) {
            throw new UsageException("compare takes BASE and NEW, each a result file or a directory holding the "
                    + "repetitions of one configuration; got " + args.size() + (args.size() == 1 ? " argument" : " arguments"));
        }
        double threshold = Threshold.parse(pr.matchedOptionValue("--threshold", Threshold.DEFAULT));
        List<RunResult> base = ResultInputs.readAll(List.of(Path.of(args.get(0))));
        ResultComparison.oneConfiguration(base, args.get(0));
        List<RunResult> next = ResultInputs.readAll(List.of(Path.of(args.get(1))));
        ResultComparison.oneConfiguration(next, args.get(1));
        ResultComparison c = ResultComparison.compare(base, next, threshold);
        out.print(ComparisonTable.render(c, args.get(0), args.get(1)));
        return c.regression() ? ExitCode.RUN_FAILED : ExitCode.OK;
    }

    /** 0 when every answer both kept agrees, 1 when one differs. */
    private static int answers(ParseResult pr, List<String> sides, PrintStream out) {
        if (sides.size() != 2) {
            throw new UsageException("compare --answers takes two results, A and B, each a result file or a directory"
                    + " holding one; got " + sides.size()
                    + (sides.size() > 2 ? " (a pattern such as dir/*.json matched several: name one file of each run)" : ""));
        }
        RunResult a = one(sides.get(0));
        RunResult b = one(sides.get(1));
        AnswerComparison.Outcome o = AnswerComparison.compare(a, sides.get(0), b, sides.get(1));
        int show = pr.matchedOptionValue("--show", 20);
        if (show < 0) {
            throw new UsageException("invalid value '" + show + "' for --show: expected 0 or more");
        }
        out.print(AnswerComparison.render(o, a, sides.get(0), b, sides.get(1), show));
        return o.same() ? ExitCode.OK : ExitCode.RUN_FAILED;
    }

    /** A side of --answers read as BASE and NEW are (a directory is its *.json), which must be one run. */
    private static RunResult one(String side) {
        List<RunResult> results = ResultInputs.readAll(List.of(Path.of(side)));
        if (results.size() != 1) {
            throw new UsageException("compare --answers compares one run with one run; " + side + " holds "
                    + results.size() + " results: name one of its files");
        }
        return results.get(0);
    }
}
