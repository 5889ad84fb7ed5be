package io.dbharness.cli;

import io.dbharness.tools.SeedTool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every {@code runner} example of README.md, runner-cli/README.md, live/README.md, the other tools' pages (tools/) and the
 * {@code --help} texts, run: for real where
 * it can run here (embedded PostgreSQL and QuestDB, noop, file; report, compare and merge on results made here),
 * at small sizes where the example has a size to shrink; parsed and checked as its run checks it, without
 * connecting, where it needs a server this machine does not have (a host {@code db}, InfluxDB, MatrixDB, MogDB,
 * YugabyteDB). Each example is listed below with how it is exercised: one added to a README or a help text without
 * an entry here fails the test, and so does an entry whose example is gone.
 */
@org.junit.jupiter.api.Tag("server")
// every example runs in one test: minutes on a loaded 2-core machine (657 s seen at load 22), past the 5 m default
@org.junit.jupiter.api.Timeout(value = 20, unit = java.util.concurrent.TimeUnit.MINUTES)
class ReadmeExamplesTest {

    @TempDir
    Path tmp;

    private enum How {
        /** Run for real; exit 0 unless the entry says otherwise. */
        RUN,
        /** Parsed and checked as the run would check it, nothing connects: exit 0. */
        CHECK,
        /** A synopsis with placeholders: run as the entry spells it out, or not at all (the examples run instead). */
        SYNOPSIS,
        /** Run by the test the entry names, which needs servers of its own (the seeds' tables: SeedTablesTest). */
        ELSEWHERE
    }

    /**
     * @param command as written, after {@code ./runner} became {@code runner}, a trailing comment went and lines were joined
     * @param asRun   the arguments run, when they are not the example's own: its sizes shrunk, or its {@code ...} filled in
     * @param exits   the exit codes that pass
     */
    private record Example(String command, How how, String asRun, Set<Integer> exits) {
    }

    /** Options whose value is a size an example may be run smaller at; every other token runs as written. */
    private static final Set<String> SIZES = Set.of("--tag-num", "--query-count", "--duration", "--warehouses",
            "--terminals", "--repeat", "--ts-end", "--scale", "--series", "--points", "--devices", "--num-inserts",
            "-scale-var", "-queries", "--watch-interval", "--max-steps");

    /** A tiny noop run: what the README's {@code ...} (your run's flags) stands for where it is run. */
    private static final String NOOP = "--target noop --tag-num 20 --ts-end '2022-04-18 09:00:10' --total-metrics-count 3";

    private static Example run(String command, String asRun) {
        return new Example(command, How.RUN, asRun, Set.of(0));
    }

    private static Example check(String command, String asRun) {
        return new Example(command, How.CHECK, asRun, Set.of(0));
    }

    /** In the order they run: the runs an example reads (qdb/ and pg/, base/ and new/) before it. */
    private static final List<Example> EXAMPLES = List.of(
            // README.md
            run("runner --workload iot-insert --tag-num 10000 --total-metrics-count 10 --verify",
                    "--workload iot-insert --tag-num 20 --total-metrics-count 10 --verify"),
            new Example("runner [--target TARGET] [--workload WORKLOAD] [--config FILE] [OPTIONS]", How.SYNOPSIS, null, Set.of(0)),
            run("runner list", null),
            new Example("runner config --workload iot-insert --target postgres [--format yaml|toml]", How.SYNOPSIS,
                    "config --workload iot-insert --target postgres --format toml", Set.of(0)),
            new Example("runner queries --target questdb [data flags]", How.SYNOPSIS, "queries --target questdb --tag-num 1000", Set.of(0)),
            new Example("runner compare --answers A.json B.json", How.SYNOPSIS, null, Set.of(0)),
            new Example("runner sweep --vary NAME=V1,V2 [--vary ...] [run OPTIONS]", How.SYNOPSIS, null, Set.of(0)),
            new Example("runner report FILES|DIR... [--out DIR]", How.SYNOPSIS, null, Set.of(0)),
            new Example("runner compare BASE NEW [--threshold 5%]", How.SYNOPSIS, null, Set.of(0)),
            new Example("runner merge PART.json... --out FILE", How.SYNOPSIS, null, Set.of(0)),
            new Example("runner explain RESULT.json...", How.SYNOPSIS, null, Set.of(0)),
            run("runner --help", null),
            run("runner --workload iot-insert --tag-num 1000 --total-metrics-count 50 --metrics-type int8 --generator-randomness M "
                            + "--generator-disorder-ratio 5 --verify",
                    "--workload iot-insert --tag-num 20 --total-metrics-count 50 --metrics-type int8 --generator-randomness M "
                            + "--generator-disorder-ratio 5 --verify"),
            run("runner --target questdb --generator devops --use-case cpu-only --scale 100 --clean --verify",
                    "--target questdb --generator devops --use-case cpu-only --scale 3 --clean --verify"),
            run("runner --target questdb --generator template --series 100000 --points 1000000 --clean --verify",
                    "--target questdb --generator template --series 1000 --points 2000 --clean --verify"),
            run("runner --generator devops --use-case devops --scale 100 --ts-end \"2016-01-01 06:00:00\" --clean --verify",
                    "--generator devops --use-case devops --scale 3 --ts-end '2016-01-01 00:10:00' --clean --verify"),
            run("runner --generator events --primary-key sql --devices 16 --num-inserts 10000 --clean --verify",
                    "--generator events --primary-key sql --devices 4 --num-inserts 100 --clean --verify"),
            run("runner --generator trucks --scale 100 --clean --verify",
                    "--generator trucks --scale 2 --clean --verify --ts-end '2016-01-01 01:00:00'"),
            run("runner --workload iot-query --load --tag-num 100 --total-metrics-count 10 --ts-end \"2022-04-18 10:00:00\" --workers 4 "
                            + "--query-count 500",
                    "--workload iot-query --load --tag-num 20 --total-metrics-count 10 --ts-end '2022-04-18 09:10:00' --workers 4 "
                            + "--query-count 40"),
            run("runner --workload iot-mixed --tag-num 1000 --total-metrics-count 10 --ts-end \"2022-04-18 10:00:00\" --clean "
                            + "--query-workers 2 --verify",
                    "--workload iot-mixed --tag-num 20 --total-metrics-count 10 --ts-end '2022-04-18 09:10:00' --clean "
                            + "--query-workers 2 --verify"),
            run("runner --target questdb --workload iot-query --load --tag-num 1000 --total-metrics-count 10 --ts-end \"2022-04-18 10:00:00\" "
                            + "--generator-empty-value-ratio 0 --results qdb",
                    "--target questdb --workload iot-query --load --tag-num 20 --total-metrics-count 10 --ts-end '2022-04-18 09:10:00' "
                            + "--generator-empty-value-ratio 0 --results qdb"),
            run("runner --workload iot-query --load --clean --tag-num 1000 --total-metrics-count 10 --ts-end \"2022-04-18 10:00:00\" "
                            + "--generator-empty-value-ratio 0 --results pg",
                    "--workload iot-query --load --clean --tag-num 20 --total-metrics-count 10 --ts-end '2022-04-18 09:10:00' "
                            + "--generator-empty-value-ratio 0 --results pg"),
            run("runner compare --answers pg/*.json qdb/*.json", null),
            run("runner --target questdb --workload iot-query --load --generator devops --scale 100 --ts-end \"2016-01-01 12:00:00\" "
                            + "--queries single-groupby-1-1-1,double-groupby-1,high-cpu-1,lastpoint --query-count 400 --results qdb-devops",
                    "--target questdb --workload iot-query --load --generator devops --scale 5 --ts-end '2016-01-01 02:00:00' "
                            + "--queries single-groupby-1-1-1,double-groupby-1,high-cpu-1,lastpoint --query-count 40 --results qdb-devops"),
            run("runner --workload iot-query --load --clean --generator devops --scale 100 --ts-end \"2016-01-01 12:00:00\" "
                            + "--queries single-groupby-1-1-1,double-groupby-1,high-cpu-1,lastpoint --query-count 400 --results pg-devops",
                    "--workload iot-query --load --clean --generator devops --scale 5 --ts-end '2016-01-01 02:00:00' "
                            + "--queries single-groupby-1-1-1,double-groupby-1,high-cpu-1,lastpoint --query-count 40 --results pg-devops"),
            run("runner compare --answers pg-devops/*.json qdb-devops/*.json", null),
            run("runner --workload tpcc --warehouses 4 --terminals 8 --duration 60s --verify",
                    "--workload tpcc --warehouses 1 --terminals 2 --duration 2s --verify"),
            run("runner --workload tpcc --warehouses 1 --terminals 16 --duration 20s --results tpcc-1x16",
                    "--workload tpcc --warehouses 1 --terminals 16 --duration 2s --results tpcc-1x16"),
            run("runner explain tpcc-1x16/*.json", null),
            check("PGPASSWORD=... runner --target mogdb --config props.mogdb", null),
            // README.md, coming from another tool
            check("runner mxbench run --db-database \"load_test\" --db-master-port 5432 --db-master-host \"mdw\" --db-user \"mxadmin\" "
                    + "--workspace \"/tmp/mxbench/workspace\" --watch --simultaneous-loading-and-query --table-name \"test_table\" "
                    + "--tag-num 100000 --metrics-type \"float8\" --total-metrics-count 10 --ts-start \"2022-04-19 00:00:00\" "
                    + "--ts-end \"2022-04-19 00:01:00\" --generator \"telematics\" --generator-batch-size 1 --generator-disorder-ratio 0 "
                    + "--generator-empty-value-ratio 0 --generator-randomness \"OFF\" --writer \"stdin\"", null),
            check("runner influx-stress insert --pps 200000 -r 120s --host http://db:8086 --user greatwall --pass greatwall --create \"\"",
                    null),
            // run.py reads ./config.yaml for the server of yugabyte_sql: there is none here, and the one line says so
            new Example("runner mw insert --target yugabyte_sql -w 1 -r 1 --clean --batch 1000 --primary-key sql --num-inserts 31250000",
                    How.CHECK, null, Set.of(2)),
            check("runner runDatabaseBuild props.mogdb -- --target mogdb", null),
            check("runner runBenchmark props.mogdb -- --target mogdb", null),
            check("runner runDatabaseDestroy props.mogdb -- --target mogdb", null),
            check("runner sweep --target matrixdb --url jdbc:postgresql://db:5432/bench --user bench --vary total-metrics-count=10,100,1000 "
                    + "--tag-num 10000 --clean --verify --results mxbench", null),
            check("runner sweep --target influx --influx-url http://db:8086 --vary rate=200000,400000,600000,800000 --total-metrics-count 1 "
                    + "--generator-empty-value-ratio 0 --tag-num 100000 --ts-end \"2022-04-18 12:00:00\" --duration 120s --clean "
                    + "--results influx-stress", null),
            check("runner sweep --target influx --influx-url http://db:8086 --workload iot-query --queries 1-device-1-hr --query-count 100000 "
                    + "--vary workers=1,5,10,20,50,100 --tag-num 100 --ts-end \"2022-04-19 09:00:00\" --results influx-queries", null),
            check("runner sweep --vary target=postgres,questdb,influx --influx-url http://db:8086 --tag-num 10000 --total-metrics-count 10 "
                    + "--clean --verify", null),
            run("runner --repeat 5 --results base ...", "--repeat 2 --results base " + NOOP),
            run("runner --repeat 5 --results new ...", "--repeat 2 --results new " + NOOP),
            // two sets of noop runs on a busy machine: either verdict is this example working
            new Example("runner compare base new --threshold 5%", How.RUN, null, Set.of(0, 1)),
            run("runner report base new --out report", null),
            run("runner merge part-*.json --out run.json", null),
            check("runner --url jdbc:postgresql://db:5432/bench --user bench --tag-num 100000 --shard 0/3 --run-group nightly-1 "
                    + "--start-at 2026-12-02T10:00:00Z", null),
            check("runner ... --shard 1/3 ...", "--url jdbc:postgresql://db:5432/bench --user bench --tag-num 100000 --shard 1/3 "
                    + "--run-group nightly-1 --start-at 2026-12-02T10:00:00Z"),
            check("runner ... --shard 2/3 ...", "--url jdbc:postgresql://db:5432/bench --user bench --tag-num 100000 --shard 2/3 "
                    + "--run-group nightly-1 --start-at 2026-12-02T10:00:00Z"),
            run("runner merge dbharness-results/ --out merged.json", null),
            check("PGPASSWORD=... runner --target postgres --url jdbc:postgresql://db:5432/bench --user bench --pg-ingest copy-binary --verify", null),
            check("PGPASSWORD=... runner --target yugabyte --url jdbc:yugabytedb://db:5433/yugabyte --user yugabyte --verify", null),
            check("PGPASSWORD=... runner --target matrixdb --url jdbc:postgresql://db:5432/bench --user bench --matrixdb-storage mars3 --verify", null),
            check("PGPASSWORD=... runner --target mogdb --url jdbc:opengauss://db:26000/postgres --user omm --mogdb-storage column --verify", null),
            check("runner --target influx --influx-url http://db:8086 --influx-database bench --verify", null),
            check("runner --target questdb --questdb-http http://db:9000 --verify", null),
            run("runner --target noop --tag-num 100000 --total-metrics-count 10", "--target noop --tag-num 1000 --total-metrics-count 10"),
            run("runner --target file --output rows.csv --format csv --verify",
                    "--target file --output rows.csv --format csv --verify --tag-num 100"),
            run("runner --generator file --generator-file-paths rows.csv --clean --verify", null),
            // tools/: each tool's synopsis (its examples run in its own test)
            new Example("runner mxbench run [FLAGS] [-- OPTIONS]", How.SYNOPSIS, null, Set.of(0)),
            new Example("runner mxbench --config mxbench.conf [FLAGS]", How.SYNOPSIS, null, Set.of(0)),
            new Example("runner mxbench config [FLAGS] > mxbench.conf", How.SYNOPSIS, null, Set.of(0)),
            new Example("runner runDatabaseBuild props.pg [-- OPTIONS]", How.SYNOPSIS, null, Set.of(0)),
            new Example("runner influx-stress insert [FLAGS] [SERIES [FIELDS]] [-- OPTIONS]", How.SYNOPSIS, null, Set.of(0)),
            check("runner influx-stress insert -f -r 1m -s 20000 --host http://db:8086 cpu,host=server,location=us-west,id=myid "
                    + "busy=100,idle=10,random=5i", null),
            run("runner influx-stress insert --dump stress.lp -n 200000 -f", null),
            run("runner mw insert --target postgresql -w 1 -r 1 --clean --batch 1000 --primary-key sql --num-inserts 312500",
                    "mw insert --target postgresql -w 1 -r 1 --clean --batch 1000 --primary-key sql --num-inserts 1000"),
            check("runner mw query -c config.yaml --target postgresql -w 2 -r 3", null),
            // influxdb-comparisons: the pipes' left sides run for real (small), the right sides are checked
            run("runner bulk_data_gen | sed '$d' | influx write -b greatwall", null),
            check("runner bulk_query_gen -query-type \"1-host-1-hr\" -queries 100000 | runner query_benchmarker_influxdb "
                    + "-urls http://localhost:8089 -organization greatwall -token ${TOKEN} -use-compatibility -workers 5",
                    "bulk_query_gen -query-type 1-host-1-hr -queries 200 | runner query_benchmarker_influxdb "
                    + "-urls http://localhost:8089 -organization greatwall -token ${TOKEN} -use-compatibility -workers 5"),
            check("runner bulk_data_gen -scale-var 100 | runner bulk_load_influx -urls http://db:8086 -workers 4",
                    "bulk_data_gen -scale-var 2 | runner bulk_load_influx -urls http://db:8086 -workers 4"),
            check("runner bulk_query_gen -query-type 1-host-1-hr -queries 100000 -scale-var 100 | runner query_benchmarker_influxdb "
                    + "-urls http://db:8086 -workers 5",
                    "bulk_query_gen -query-type 1-host-1-hr -queries 200 -scale-var 100 | runner query_benchmarker_influxdb "
                    + "-urls http://db:8086 -workers 5"),
            check("runner bulk_load_influx -urls http://db:8086 -workers 4 -scale-var 100", null),
            check("runner query_benchmarker_influxdb -urls http://db:8086 -workers 5 -query-type 1-host-1-hr -queries 100000 "
                    + "-scale-var 100", null),
            // tools/README.md, the database's machines: servers this machine does not have (each tool's pass-through
            // runs for real, against a node_exporter, in SeedToolsServerHostsTest)
            check("runner influx-stress insert --pps 200000 -r 120s --host http://db:8086 --user greatwall --pass greatwall "
                    + "--create \"\" -- --server-hosts http://db:9100/metrics", null),
            check("runner mxbench run --db-master-host mdw --db-database load_test --db-user mxadmin --table-name test_table "
                    + "--tag-num 100000 --total-metrics-count 10 --writer stdin -- --server-hosts http://mdw:9100/metrics,http://sdw1:9100/metrics,"
                    + "http://sdw2:9100/metrics", null),
            // as the seed's mw example: no ./config.yaml here, and the one line says so
            new Example("runner mw insert --target yugabyte_sql -w 1 -r 1 --clean --batch 1000 --primary-key sql --num-inserts 31250000 "
                    + "-- --server-hosts http://yb1:9100/metrics,http://yb2:9100/metrics,http://yb3:9100/metrics", How.CHECK, null, Set.of(2)),
            new Example("runner runBenchmark props.pg [-- OPTIONS]", How.SYNOPSIS, null, Set.of(0)),
            new Example("runner runDatabaseDestroy props.pg [-- OPTIONS]", How.SYNOPSIS, null, Set.of(0)),
            // runner-cli/README.md
            run("runner --target noop --tag-num 1000 --repeat 5", "--target noop --tag-num 100 --repeat 2"),
            // run for real by MetricsListenPrometheusTest, scraped by a Prometheus of its own (port 9400 may be taken here)
            check("runner --target noop --rate 25000 --duration 60s --metrics-listen 127.0.0.1:9400", null),
            // run for real by MetricsPushTest, into an influxd of its own (port 8086 may be taken here)
            check("runner --target noop --rate 25000 --duration 60s --metrics-push 'http://127.0.0.1:8086/write?db=dbharness'", null),
            // live/README.md: the same push, shorter
            check("runner --target noop --rate 50000 --duration 30s --metrics-push 'http://127.0.0.1:8086/write?db=dbharness'", null),
            // also the first example of `runner sweep --help`
            run("runner sweep --target noop --vary total-metrics-count=10,100,1000",
                    "sweep --target noop --vary total-metrics-count=10,100,1000 --tag-num 100"),
            check("runner sweep --vary target=postgres,questdb,influx --tag-num 1000 --influx-url http://h:8086", null),
            // also the third example of `runner sweep --help`
            run("runner sweep --workload tpcc --vary 'weights=45,43,4,4,4;50,40,4,3,3' --vary terminals=4,8 --duration 60s --repeat 3",
                    "sweep --workload tpcc --vary 'weights=45,43,4,4,4;50,40,4,3,3' --vary terminals=1,2 --duration 1s --repeat 1"),
            // `runner sweep --help`: InfluxDB at its default URL, which this machine does not run
            check("runner sweep --vary target=postgres,questdb,influx --tag-num 1000", null),
            // find-max: README.md, runner-cli/README.md and `runner find-max --help`; two short steps on the embedded
            // default (the search may not be done by then: exit 1, --max-steps ran out)
            new Example("runner find-max --vary rate --slo OBJECTIVE --duration D [run OPTIONS]", How.SYNOPSIS, null, Set.of(0)),
            new Example("runner find-max --vary rate --slo 'p99<20ms,kept-up' --from 2000 --ts-end '2022-04-19 09:00:00' --duration 30s --clean", How.RUN,
                    "find-max --vary rate --slo 'p99<20ms,kept-up' --from 2000 --ts-end '2022-04-19 09:00:00' --duration 1s --clean --watch-interval 250ms "
                            + "--max-steps 2", Set.of(0, 1)),
            check("runner find-max --workload tpcc --warehouses 2 --vary terminals --to 20 --slo tpcc,errors=0 --duration 60s", null),
            // runner-cli/README.md, the seeds' tables: run smaller by SeedTablesTest, against a PostgreSQL, an influxd and
            // a node_exporter of its own
            new Example("PGPASSWORD=bench runner sweep --workload tpcc --url jdbc:postgresql://localhost:5432/bench --user bench "
                    + "--warehouses 4 --vary terminals=8,16,32 --duration 30s --clean --server-hosts http://127.0.0.1:9100/metrics "
                    + "--results seed-003", How.ELSEWHERE, null, Set.of(0)),
            new Example("runner sweep --target influx --influx-url http://127.0.0.1:8086 --vary rate=25000,50000,100000,200000 "
                    + "--total-metrics-count 1 --generator-empty-value-ratio 0 --tag-num 100000 --ts-end \"2022-04-18 12:00:00\" "
                    + "--duration 30s --clean --server-hosts http://127.0.0.1:9100/metrics --results seed-004", How.ELSEWHERE, null,
                    Set.of(0)),
            // runner-cli/README.md, the seeds' tables as searches: servers this machine does not run
            check("runner find-max --target influx --influx-url http://db:8086 --vary rate --from 200000 --slo kept-up,errors=0 "
                    + "--total-metrics-count 1 --generator-empty-value-ratio 0 --tag-num 100000 --ts-end \"2022-04-18 12:00:00\" "
                    + "--duration 120s --clean --results influx-stress", null),
            check("runner find-max --target influx --influx-url http://db:8086 --workload iot-query --queries 1-device-1-hr "
                    + "--vary workers --to 100 --slo \"p99<50ms,errors=0\" --duration 60s --tag-num 100 --ts-end \"2022-04-19 09:00:00\" "
                    + "--results influx-queries", null),
            check("runner find-max --target matrixdb --url jdbc:postgresql://db:5432/bench --user bench --vary tag-num --from 10000 "
                    + "--live --ts-step-in-second 10 --slo kept-up,errors=0 --duration 120s --clean --results mxbench-devices", null),
            check("runner find-max --workload tpcc --url jdbc:postgresql://db:5432/bench --user bench --warehouses 10 --vary terminals "
                    + "--to 100 --slo tpcc,errors=0 --duration 300s --results tpcc-terminals", null));

    @Test
    void everyExampleOfTheReadmesAndTheHelpRuns() throws Exception {
        Set<String> found = new LinkedHashSet<>();
        found.addAll(fromMarkdown(Path.of("..", "README.md")));
        found.addAll(fromMarkdown(Path.of("README.md")));
        found.addAll(fromMarkdown(Path.of("..", "live", "README.md")));
        try (Stream<Path> pages = Files.list(Path.of("..", "tools"))) { // the other tools' pages
            for (Path page : pages.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                found.addAll(fromMarkdown(page));
            }
        }
        found.addAll(fromHelp());
        Map<String, Example> listed = new LinkedHashMap<>();
        EXAMPLES.forEach(e -> listed.put(e.command(), e));
        assertEquals(new ArrayList<>(found).stream().sorted().toList(), listed.keySet().stream().sorted().toList(),
                "the examples found are the ones listed here");

        fixtures();
        List<String> failed = new ArrayList<>();
        for (Example e : EXAMPLES) {
            if (e.how() == How.SYNOPSIS && e.asRun() == null || e.how() == How.ELSEWHERE) {
                continue;
            }
            List<String> written = tokens(e.command());
            Map<String, String> env = new LinkedHashMap<>();
            while (!written.isEmpty() && written.get(0).matches("[A-Z_]+=.*")) {
                String[] kv = written.remove(0).split("=", 2);
                env.put(kv[0], kv[1].equals("...") ? "secret" : kv[1]); // the README's '...': yours
            }
            written.remove(0); // runner
            List<String> args = e.asRun() == null ? written : tokens(e.asRun());
            if (e.how() != How.SYNOPSIS && !written.contains("...")) {
                String differs = onlySizesDiffer(written, args);
                if (differs != null) {
                    failed.add(e.command() + ": run as '" + String.join(" ", args) + "', which " + differs);
                    continue;
                }
            }
            // a pipe: each runner stage reads what the one before printed; the last is run as the entry says, the
            // others for real (another program in it, such as 'influx write', passes the lines on here)
            List<List<String>> stages = stages(args);
            byte[] stdin = new byte[0];
            for (int s = 0; s < stages.size(); s++) {
                List<String> stage = stages.get(s);
                if (s > 0 && (stage.isEmpty() || !stage.get(0).equals("runner"))) {
                    continue;
                }
                boolean last = s == stages.size() - 1;
                List<String> local = local(s == 0 ? stage : stage.subList(1, stage.size()), !last || e.how() != How.CHECK);
                CliRun r = CliRun.piped(new java.io.ByteArrayInputStream(stdin), env, last && e.how() == How.CHECK,
                        local.toArray(String[]::new));
                if (!(last ? e.exits().contains(r.exitCode()) : r.exitCode() == 0)) {
                    failed.add(e.command() + ": exit " + r.exitCode() + " (run as " + local + "): " + r.err().strip());
                    break;
                }
                stdin = r.out().getBytes(java.nio.charset.StandardCharsets.UTF_8);
            }
        }
        assertEquals(List.of(), failed);
    }

    /** The commands of a pipe, split at its '|' words. */
    private static List<List<String>> stages(List<String> args) {
        List<List<String>> out = new ArrayList<>();
        List<String> current = new ArrayList<>();
        for (String a : args) {
            if (a.equals("|")) {
                out.add(current);
                current = new ArrayList<>();
            } else {
                current.add(a);
            }
        }
        out.add(current);
        return out;
    }

    // --- finding the examples ---

    private static final Pattern COMMAND = Pattern.compile("^(?:[A-Z_]+=\\S+\\s+)*(?:\\./)?runner(?:\\s|$)");

    /** Commands in the file's fenced code blocks, each line a command (joined where it ends in a backslash). */
    private static List<String> fromMarkdown(Path file) throws IOException {
        List<String> out = new ArrayList<>();
        boolean fenced = false;
        String pending = null;
        for (String line : Files.readAllLines(file)) {
            String t = line.strip();
            if (t.startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (!fenced || pending == null && !COMMAND.matcher(t).find()) {
                continue;
            }
            pending = pending == null ? t : pending + " " + t;
            if (pending.endsWith("\\")) {
                pending = pending.substring(0, pending.length() - 1).strip();
                continue;
            }
            out.addAll(commands(pending));
            pending = null;
        }
        return out;
    }

    /** The lines under "Examples:" in the help of the runner and of every subcommand. */
    private static List<String> fromHelp() {
        List<String> out = new ArrayList<>();
        for (String sub : List.of("", "list", "config", "queries", "compare", "merge", "sweep", "report", "find-max")) {
            CliRun help = sub.isEmpty() ? CliRun.of("--help") : CliRun.of(sub, "--help");
            assertEquals(0, help.exitCode(), help.err());
            boolean examples = false;
            String pending = null;
            for (String line : help.out().lines().toList()) {
                if (line.strip().equals("Examples:")) {
                    examples = true;
                    continue;
                }
                if (!examples) {
                    continue;
                }
                if (line.isBlank()) {
                    break;
                }
                pending = pending == null ? line.strip() : pending + " " + line.strip();
                if (pending.endsWith("\\")) {
                    pending = pending.substring(0, pending.length() - 1).strip();
                    continue;
                }
                out.addAll(commands(pending));
                pending = null;
            }
        }
        return out;
    }

    /** A line as commands: its trailing comment cut, split at ' ; ', each {@code ./runner} (of a pipe too) written {@code runner}. */
    private static List<String> commands(String line) {
        StringBuilder current = new StringBuilder();
        List<String> out = new ArrayList<>();
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '#' && i > 0 && Character.isWhitespace(line.charAt(i - 1))) {
                break;
            } else if (c == ';' && i > 0 && line.charAt(i - 1) == ' ') {
                out.add(current.toString());
                current.setLength(0);
                continue;
            }
            current.append(c);
        }
        out.add(current.toString());
        return out.stream().map(s -> s.strip().replaceAll("\\s+", " ").replaceAll("(^|\\s)\\./runner\\b", "$1runner"))
                .filter(s -> !s.isEmpty()).toList();
    }

    /** Words as a shell splits them: quotes group and go. */
    private static List<String> tokens(String command) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\S+)").matcher(command);
        while (m.find()) {
            out.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
        }
        return out;
    }

    /** Null when {@code run} is {@code example} but for the values of {@link #SIZES} (and sizes added at its end). */
    private static String onlySizesDiffer(List<String> example, List<String> run) {
        int i = 0;
        for (; i < example.size(); i++) {
            if (i >= run.size()) {
                return "leaves out '" + example.get(i) + "'";
            }
            String a = example.get(i);
            String b = run.get(i);
            boolean sizeValue = i > 0 && SIZES.contains(example.get(i - 1));
            boolean variedSize = i > 0 && example.get(i - 1).equals("--vary") && SIZES.contains("--" + a.split("=")[0])
                    && b.startsWith(a.split("=")[0] + "=");
            if (!a.equals(b) && !sizeValue && !variedSize) {
                return "has '" + b + "' for '" + a + "'";
            }
        }
        for (; i < run.size(); i += 2) {
            if (!SIZES.contains(run.get(i)) || i + 1 >= run.size()) {
                return "adds '" + run.get(i) + "', no size";
            }
        }
        return null;
    }

    // --- running them here ---

    private static final Set<String> SUBCOMMANDS = Set.of("list", "config", "queries", "compare", "merge", "sweep", "report",
            "find-max", "explain");
    /** Options naming a file or directory: relative to this test's directory, as the README's are to the user's. */
    private static final Set<String> PATHS = Set.of("--results", "--out", "--output", "--config", "--generator-file-paths");

    /**
     * {@code args} with the paths they name in this test's directory (patterns such as {@code pg/*.json} expanded
     * there); a run or sweep that names no {@code --results} writes to a directory of its own, without progress lines.
     */
    private List<String> local(List<String> args, boolean running) throws IOException {
        if (!args.isEmpty() && SeedTool.find(args.get(0)) != null) {
            return localTool(args, running);
        }
        List<String> out = new ArrayList<>();
        String command = args.isEmpty() || !SUBCOMMANDS.contains(args.get(0)) ? "run" : args.get(0);
        boolean takesFiles = Set.of("compare", "report", "merge", "explain").contains(command);
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (PATHS.contains(a) && i + 1 < args.size()) {
                out.add(a);
                out.add(tmp.resolve(args.get(++i)).toString());
            } else if (takesFiles && i > 0 && !a.startsWith("-") && !Set.of("--threshold", "--show").contains(args.get(i - 1))) {
                out.addAll(expand(a));
            } else {
                out.add(a);
            }
        }
        if (running && (command.equals("run") || command.equals("sweep") || command.equals("find-max"))) {
            if (!args.contains("--results")) {
                out.addAll(List.of("--results", tmp.resolve("default-results").toString()));
            }
            out.add("--no-watch");
        }
        return out;
    }

    /** Options of the other tools naming a file, in their spellings. */
    private static final Set<String> TOOL_PATHS = Set.of("--config", "-C", "--generator-file-paths", "--dump");

    /**
     * Another tool's command line ({@code runner mxbench run ...}) with the files it names in this test's directory
     * (a BenchmarkSQL script's properties file is its one word after the name); run, it gets this harness's
     * {@code --results} of its own and no progress lines after its {@code --}.
     */
    private List<String> localTool(List<String> args, boolean running) {
        List<String> out = new ArrayList<>();
        boolean ours = false;
        boolean script = args.get(0).startsWith("run");
        boolean mw = args.get(0).equals("mw"); // its -c is run.py's config file (influx-stress's is a consistency)
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            ours |= a.equals("--");
            if (!ours && (TOOL_PATHS.contains(a) || mw && a.equals("-c")) && i + 1 < args.size()) {
                out.add(a);
                out.add(tmp.resolve(args.get(++i)).toString());
            } else if (ours && PATHS.contains(a) && i + 1 < args.size()) {
                out.add(a);
                out.add(tmp.resolve(args.get(++i)).toString());
            } else if (script && i == 1 && !a.startsWith("-")) {
                out.add(tmp.resolve(a).toString());
            } else {
                out.add(a);
            }
        }
        if (running && !args.get(0).equals("bulk_query_gen")) { // it only prints queries: no run, no options of ours
            if (!ours) {
                out.add("--");
            }
            if (!out.contains("--results")) {
                out.addAll(List.of("--results", tmp.resolve("default-results").toString()));
            }
            out.add("--no-watch");
        }
        return out;
    }

    private List<String> expand(String pattern) throws IOException {
        if (!pattern.contains("*")) {
            return List.of(tmp.resolve(pattern).toString());
        }
        Path dir = tmp.resolve(pattern).getParent();
        PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + tmp.resolve(pattern));
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(m::matches).sorted().map(Path::toString).toList();
        }
    }

    /**
     * What the examples that are run read and cannot make here: the MogDB properties file, the parts of one run
     * split over two processes ({@code part-*.json}), and the results of the README's three shards in
     * {@code dbharness-results/} (they need a server at {@code db}; the same split on noop, the shards run together).
     */
    private void fixtures() throws Exception {
        Files.writeString(tmp.resolve("config.yaml"), """
                targets:
                  postgresql:
                    module: postgres
                    connection_string: host=db port=5432 dbname=postgres user=postgres password=secret
                """);
        Files.writeString(tmp.resolve("props.mogdb"), """
                db=postgres
                driver=org.opengauss.Driver
                conn=jdbc:opengauss://db:26000/tpcc
                user=tpcc
                warehouses=10
                terminals=10
                runTxnsPerTerminal=0
                runMins=5
                """);
        List<Path> parts = Shards.together(tmp.resolve("parts"), 2, "parts", "noop", SHARD);
        for (int i = 0; i < parts.size(); i++) {
            Files.copy(parts.get(i), tmp.resolve("part-" + i + ".json"));
        }
        Shards.together(tmp.resolve("dbharness-results"), 3, "nightly-1", "noop", SHARD);
    }

    /** {@link #NOOP}'s run, paced to last a second, so the shards run together measure at the same time. */
    private static final Map<String, String> SHARD = Map.of("tag-num", "20", "ts-end", "2022-04-18 09:00:10",
            "total-metrics-count", "3", "rate", "200");
}
