package io.dbharness.tools;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code runner bulk_query_gen -query-type 1-host-1-hr -queries N [flags]}: influxdb-comparisons' query generator.
 * It writes the queries, in the text form {@link QueryStream} describes, to standard output for
 * {@code runner query_benchmarker_influxdb}; its closing counts ({@code LABEL: N points}, as the tool words them)
 * go to standard error. Nothing runs and nothing connects.
 */
final class BulkQueryGen {

    static final String NAME = "bulk_query_gen";

    private BulkQueryGen() {
    }

    static ToolFlags flags() {
        ToolFlags f = new ToolFlags(NAME, ToolFlags.Style.GO);
        ComparisonsQueries.declare(f, true);
        InfluxComparisons.help(f);
        return f;
    }

    static int run(List<String> args, ToolRun run) {
        ToolFlags.Parsed p = InfluxComparisons.parse(NAME, flags(), args, run, BulkQueryGen::usage);
        if (p == null) {
            return ToolRun.OK;
        }
        if (!p.runnerArgs().isEmpty()) {
            throw new io.dbharness.core.api.UsageException(NAME + " runs nothing, so it takes none of this harness's"
                    + " options after '--' (give them to query_benchmarker_influxdb)");
        }
        List<String> log = new ArrayList<>();
        ComparisonsQueries.Plan plan = ComparisonsQueries.plan(NAME, p, log);
        io.dbharness.iot.QueryInstances instances = ComparisonsQueries.instances(run, plan);
        log.forEach(run.err::println);
        long written = QueryStream.write(plan, instances, run.out);
        run.err.println(plan.label() + ": " + written + " points");
        return ToolRun.OK;
    }

    private static void usage(PrintStream out, ToolFlags flags) {
        out.println("Usage: runner " + NAME + " -query-type TYPE [-queries N] [FLAGS] | runner query_benchmarker_influxdb ...");
        out.println();
        out.println("influxdb-comparisons' query generator for the devops use case: 1-host-1-hr, 1-host-12-hr, 8-host-1-hr,");
        out.println("groupby (this harness's devops catalogue; 'runner queries --target influx --generator devops' shows their");
        out.println("InfluxQL). The queries go to standard output, one line each with its parameters, under a header that");
        out.println("records the flags: a text form 'runner query_benchmarker_influxdb' reads (not the tool's gob). Give the");
        out.println("-scale-var and time range the data was generated with, so the queries ask about data that is there.");
        InfluxComparisons.printFlags(out, flags);
    }
}
