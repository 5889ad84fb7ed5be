package io.dbharness.bench;

import io.dbharness.core.api.RowBatch;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.encode.ByteSink;
import io.dbharness.core.encode.EncoderFormat;
import io.dbharness.core.encode.LinePrecision;
import io.dbharness.core.encode.LineProtocolEncoder;
import io.dbharness.core.encode.RowEncoder;
import io.dbharness.iot.IotOptions;
import io.dbharness.iot.TelematicsGenerator;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The harness's own ingest hot path, per thread: {@code TelematicsGenerator.fill} into a reused
 * {@link RowBatch}, then a {@link RowEncoder} into a reused {@link ByteSink}. This is the ceiling of one
 * worker of the {@code noop}/{@code file} targets; any database slower than it is measured honestly.
 *
 * <p>Three benchmarks make the split visible:
 * <ul>
 *   <li>{@link #generate}: fill only;</li>
 *   <li>{@link #encode}: encode only, the same pre-filled batch again and again;</li>
 *   <li>{@link #generateAndEncode}: what a writer does per batch.</li>
 * </ul>
 *
 * <p><b>How rows/s is reported.</b> One invocation handles one batch, but the batch size is not a constant
 * across the parameters: {@code --write-batch-rows} defaults to {@code min(20000, 10^6 / metrics)} (20,000
 * rows for 10 metrics, 10,000 for 100, 1000 for 1000), and a generator's last batch may be short. A static
 * {@code @OperationsPerInvocation} cannot express that, and fixing one batch size for every metric count
 * would benchmark a configuration the harness never runs. So each method counts the rows it really
 * handled into an {@code @AuxCounters(OPERATIONS)} state: JMH reports the primary score in batches/s and a
 * secondary {@code rows} (and {@code bytes}) metric per second, per thread, next to it. The counters are
 * plain field increments, negligible next to a batch of thousands of rows.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class GeneratorEncoderBenchmark {

    /**
     * Generator, batch and options; one per thread, as one per worker in a run. The states below extend it
     * rather than depend on it through a {@code @Setup(Data)} argument: JMH 1.37 then builds a second
     * {@code Data} for the setup, so the benchmark method would see a batch that was never filled.
     */
    @State(Scope.Thread)
    public abstract static class Data {

        /** {@code --total-metrics-count}; 1000 is past the 998 column limit, so 2 metrics go to the JSON ext column. */
        @Param({"10", "100", "1000"})
        public int metrics;

        /** {@code --generator-randomness}: OFF constant per device, L uniformly random. */
        @Param({"OFF", "L"})
        public String randomness;

        /** {@code --generator-empty-value-ratio}; mxbench's default, 90% NULL. Override with {@code -p emptyPercent=0}. */
        @Param({"90"})
        public int emptyPercent;

        /** {@code --metrics-type}. */
        @Param({"float8"})
        public String metricsType;

        IotOptions options;
        TelematicsGenerator generator;
        RowBatch batch;

        void init() {
            // 100000 devices, one report per second for a year: 3.15 * 10^12 rows, which no trial exhausts
            // (fill() returning false is still handled, see next()).
            options = options(
                    "tag-num", "100000",
                    "total-metrics-count", Integer.toString(metrics),
                    "metrics-type", metricsType,
                    "generator-randomness", randomness,
                    "generator-empty-value-ratio", Integer.toString(emptyPercent),
                    "ts-start", "2022-04-18 09:00:00",
                    "ts-end", "2023-04-18 09:00:00");
            generator = new TelematicsGenerator(options, 0, 1);
            batch = new RowBatch(options.metricType(), options.metricCount(), options.writeBatchRows());
        }

        /** Fills the next batch; starts the time range over if it ever runs out. */
        RowBatch next() {
            if (!generator.fill(batch)) {
                generator = new TelematicsGenerator(options, 0, 1);
                generator.fill(batch);
            }
            return batch;
        }
    }

    /** Generation only: no format parameter, so it is not run twice. */
    @State(Scope.Thread)
    public static class Generation extends Data {

        @Setup(Level.Trial)
        public void setUp() {
            init();
        }
    }

    /** Generator plus the encoder and sink of one writer. */
    @State(Scope.Thread)
    public static class Pipeline extends Data {

        /**
         * An {@link EncoderFormat}, or {@code line-protocol-v2}: line protocol with binary doubles (version 2), in
         * nanoseconds like {@code line-protocol}, which only a writer uses (no file is written in it).
         */
        @Param({"copy-binary", "copy-text"})
        public String format;

        RowEncoder encoder;
        ByteSink sink;

        @Setup(Level.Trial)
        public void setUp() {
            init();
            encoder = format.equals("line-protocol-v2")
                    ? new LineProtocolEncoder(options.schema(), LinePrecision.NS, true)
                    : EncoderFormat.parse(format).create(options.schema());
            sink = new ByteSink();
            // a filled batch for encode(), and a sink already grown to its working size
            next();
            sink.reset();
            encoder.encode(batch, sink);
            if (batch.size() == 0 || sink.length() == 0) {
                throw new IllegalStateException("setup produced an empty batch");
            }
        }
    }

    /** Rows generated per second, per thread. Reset per iteration, as JMH expects of aux counters. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Rows {
        public long rows;

        @Setup(Level.Iteration)
        public void reset() {
            rows = 0;
        }
    }

    /** Rows and encoded bytes per second, per thread. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class RowsAndBytes {
        public long rows;
        public long bytes;

        @Setup(Level.Iteration)
        public void reset() {
            rows = 0;
            bytes = 0;
        }
    }

    /** Generation only. */
    @Benchmark
    public long generate(Generation data, Rows counters) {
        RowBatch batch = data.next();
        counters.rows += batch.size();
        return batch.points();
    }

    /** Encoding only: the batch filled at setup, encoded again each time (the encoder keeps no per-batch state). */
    @Benchmark
    public int encode(Pipeline p, RowsAndBytes counters) {
        RowBatch batch = p.batch;
        ByteSink sink = p.sink;
        sink.reset();
        p.encoder.encode(batch, sink);
        counters.rows += batch.size();
        counters.bytes += sink.length();
        return sink.length();
    }

    /** One writer's work per batch: fill, then encode into the reset sink. */
    @Benchmark
    public int generateAndEncode(Pipeline p, RowsAndBytes counters) {
        RowBatch batch = p.next();
        ByteSink sink = p.sink;
        sink.reset();
        p.encoder.encode(batch, sink);
        counters.rows += batch.size();
        counters.bytes += sink.length();
        return sink.length();
    }

    /** IotOptions the way the harness builds them: engine options plus the workload's, from flag-name pairs. */
    static IotOptions options(String... pairs) {
        List<OptionDef> defs = new ArrayList<>(RunOptions.OPTIONS);
        defs.addAll(IotOptions.OPTIONS);
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return IotOptions.from(Settings.resolve(defs, m, Map.of()));
    }
}
