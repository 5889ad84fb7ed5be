package io.dbharness.questdb;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.iot.IotOptions;
import io.dbharness.iot.TelematicsGenerator;
import io.questdb.client.Sender;

import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Not a test: measures the two ways to write line protocol to QuestDB on the same rows (the iot generator's,
 * default flags unless overridden) against one embedded server, one writer, and prints rows/s and the ratio.
 * (a) our encoder into a reused buffer, posted with the JDK HttpClient (what the target does);
 * (b) QuestDB's own client, {@code io.questdb.client.Sender} over HTTP, one flush per batch.
 * Then the whole harness (iot-insert, embedded QuestDB) at 1 and 2 workers.
 *
 * <p>Run: {@code mvn -pl adapters/questdb test-compile} then
 * {@code java -cp target/classes:target/test-classes:$(cat cp.txt) io.dbharness.questdb.IngestPathComparison [tag-num] [seconds]}.
 */
public final class IngestPathComparison {

    public static void main(String[] args) throws Exception {
        String tags = args.length > 0 ? args[0] : "25000";
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        String end = "2022-04-18 09:00:" + String.format("%02d", seconds);
        Map<String, String> flags = Map.of("tag-num", tags, "ts-end", end, "write-batch-rows", "5000");
        List<RowBatch> batches = generate(flags);
        long rows = batches.stream().mapToLong(RowBatch::size).sum();
        System.out.printf("rows %d in %d batches, %s metrics each%n", rows, batches.size(), batches.get(0).metricCount());
        EmbeddedQuestDb server = EmbeddedQuestDbFixture.server();
        for (int round = 0; round < 3; round++) {
            double ours = ours(batches, round);
            double sender = sender(server, batches, round);
            System.out.printf("round %d: encoder+HttpClient %.0f rows/s, Sender %.0f rows/s, ratio %.2f%n",
                    round, ours, sender, ours / sender);
        }
        for (int workers : new int[] {1, 2}) {
            RunResult r = Harness.run(RunSpec.builder().target("questdb").workload("iot-insert")
                    .options(flags).option("workers", workers).option("verify", true).option("no-watch", true)
                    .environment(Map.of()).build());
            System.out.printf("harness iot-insert embedded QuestDB, %d workers: %.0f rows/s, %.1f MB/s, verify %s%n",
                    workers, r.totals().rowsPerSecond(), r.totals().megabytesPerSecond(), r.verification().status());
        }
        System.exit(0);
    }

    private static List<RowBatch> generate(Map<String, String> flags) {
        List<OptionDef> defs = new ArrayList<>(IotOptions.OPTIONS);
        defs.addAll(RunOptions.OPTIONS);
        IotOptions options = IotOptions.from(Settings.resolve(defs, flags, Map.of()));
        TelematicsGenerator gen = new TelematicsGenerator(options, 0, 1);
        List<RowBatch> out = new ArrayList<>();
        while (true) {
            RowBatch b = new RowBatch(options.metricType(), options.metricCount(), options.writeBatchRows());
            if (!gen.fill(b) && b.size() == 0) {
                return out;
            }
            out.add(b);
        }
    }

    private static double ours(List<RowBatch> batches, int round) throws Exception {
        try (TargetAdapter t = QuestDbTestSupport.openShared(Map.of())) {
            TimeSeriesIngest ingest = t.capability(TimeSeriesIngest.class).orElseThrow();
            SeriesSchema schema = new SeriesSchema("cmp_ours_" + round, MetricType.FLOAT8, batches.get(0).metricCount(), 10_000);
            ingest.createSchema(schema, SchemaMode.CLEAN);
            long written = 0;
            try (BatchWriter w = ingest.openWriter(schema)) {
                w.warmUp(batches.get(0));
                long start = System.nanoTime();
                for (RowBatch b : batches) {
                    written += w.write(b).rowsWritten();
                }
                double secs = (System.nanoTime() - start) / 1e9;
                ingest.countRows(schema);
                return written / secs;
            }
        }
    }

    private static double sender(EmbeddedQuestDb server, List<RowBatch> batches, int round) throws Exception {
        String table = "cmp_sender_" + round;
        try (TargetAdapter t = QuestDbTestSupport.openShared(Map.of())) {
            t.capability(TimeSeriesIngest.class).orElseThrow().createSchema(
                    new SeriesSchema(table, MetricType.FLOAT8, batches.get(0).metricCount(), 10_000), SchemaMode.CLEAN);
        }
        int metrics = batches.get(0).metricCount();
        String[] names = new String[metrics];
        for (int m = 0; m < metrics; m++) {
            names[m] = SeriesSchema.metricName(m);
        }
        try (Sender sender = Sender.fromConfig("http::addr=127.0.0.1:" + server.httpPort() + ";auto_flush=off;")) {
            long written = 0;
            long start = System.nanoTime();
            for (RowBatch b : batches) {
                double[] v = b.doubles();
                boolean[] present = b.present();
                for (int r = 0; r < b.size(); r++) {
                    if (!b.rowHasValues(r)) {
                        continue;
                    }
                    sender.table(table).symbol("tag_id", Long.toString(b.tagIds()[r]));
                    int base = r * metrics;
                    for (int m = 0; m < metrics; m++) {
                        if (present[base + m]) {
                            sender.doubleColumn(names[m], v[base + m]);
                        }
                    }
                    sender.at(b.tsMicros()[r], ChronoUnit.MICROS);
                    written++;
                }
                sender.flush();
            }
            return written / ((System.nanoTime() - start) / 1e9);
        }
    }
}
