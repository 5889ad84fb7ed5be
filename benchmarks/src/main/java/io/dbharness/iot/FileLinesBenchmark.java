package io.dbharness.iot;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.SeriesTags;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * The file model's reading of a line-protocol line of the worker's own series into a batch: {@code fullParse} is
 * how every line was read before (decoded, parsed into strings and a map of boxed values, then put in the batch),
 * {@code plainBytes} the byte reader plain lines now take. 1,000 lines as the file target writes telematics rows
 * (10 float8 fields, 1-3 of them set, nanosecond times); per line.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class FileLinesBenchmark {

    private static final int LINES = 1000;

    private byte[][] lines;
    private SeriesSchema schema;
    private Map<String, Integer> fieldIndex;
    private SeriesBytes series;
    private LineProtocolBytes reader;
    private RowBatch batch;

    @Setup
    public void setUp() {
        List<String> fields = new ArrayList<>();
        fieldIndex = new HashMap<>();
        for (int f = 0; f < 10; f++) {
            fieldIndex.put("c" + f, f);
            fields.add("c" + f);
        }
        schema = new SeriesSchema("telematics", "time", SeriesTags.seriesNumber("tag_id"), MetricType.FLOAT8, fields, 10);
        SplittableRandom random = new SplittableRandom(35);
        Map<String, Long> texts = new HashMap<>();
        lines = new byte[LINES][];
        for (int i = 0; i < LINES; i++) {
            String key = "telematics,tag_id=" + (1 + i % 1000);
            texts.put(key, (long) (1 + i % 1000));
            StringBuilder line = new StringBuilder(key).append(' ');
            int set = 1 + random.nextInt(3);
            for (int f = 0; f < set; f++) {
                line.append(f == 0 ? "" : ",").append('c').append(f * 3).append('=').append(random.nextInt(100_000) / 100.0);
            }
            line.append(' ').append(1_650_272_400_000_000_000L + i * 1_000_000_000L);
            lines[i] = line.toString().getBytes(StandardCharsets.UTF_8);
        }
        series = new SeriesBytes(texts);
        reader = new LineProtocolBytes(schema);
        batch = new RowBatch(schema, LINES);
    }

    @Benchmark
    @org.openjdk.jmh.annotations.OperationsPerInvocation(LINES)
    public int fullParse() {
        batch.clear();
        for (byte[] b : lines) {
            String text = new String(b, StandardCharsets.ISO_8859_1);
            long s = series.of(b, 0, SeriesBytes.seriesEnd(b, 0, b.length));
            LineProtocol.Parsed p = LineProtocol.parse(text);
            int row = batch.addRow(Math.floorDiv(p.nanos(), 1000L), s);
            for (Map.Entry<String, Object> f : p.fields().entrySet()) {
                batch.setDouble(row, fieldIndex.get(f.getKey()), (Double) f.getValue());
            }
        }
        return batch.size();
    }

    @Benchmark
    @org.openjdk.jmh.annotations.OperationsPerInvocation(LINES)
    public int plainBytes() {
        batch.clear();
        for (byte[] b : lines) {
            int end = SeriesBytes.seriesEnd(b, 0, b.length);
            reader.add(b, end, b.length, series.of(b, 0, end), batch);
        }
        return batch.size();
    }
}
