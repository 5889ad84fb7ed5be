package io.dbharness.iot;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.QueryAnswer;
import io.dbharness.core.api.QueryCatalogue.Column;
import io.dbharness.core.api.QueryCatalogue.Kind;
import io.dbharness.core.api.TargetException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * What keeping one answer costs (normalising and digesting it, the work of the answers' digest thread), for
 * telematics' {@code single-tag-detail}: 3,600 rows of a time, a device and 10 float8 metrics.
 * {@code values=repeating}: metric values drawn from 1,000 of hundredths, as the telematics model writes them;
 * {@code unique}: every value a different double; {@code integers}: bigint metrics of whole percentages 0-100, as
 * devops' (TSBS cpu-only) are.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class AnswersBenchmark {

    @Param({"repeating", "unique", "integers"})
    public String values;

    private Answers answers;
    private QueryAnswer answer;

    @Setup
    public void setUp() {
        List<Column> columns = new ArrayList<>(List.of(Column.of("ts", Kind.TIME), Column.of("tag_id", Kind.TAG)));
        List<String> names = new ArrayList<>(List.of("ts", "tag_id"));
        for (int m = 0; m < 10; m++) {
            columns.add(Column.value("c" + m, "c" + m));
            names.add("c" + m);
        }
        boolean integers = values.equals("integers");
        answers = new Answers(columns, integers ? MetricType.INT8 : MetricType.FLOAT8);
        SplittableRandom random = new SplittableRandom(42);
        double[] pool = new double[1000];
        for (int i = 0; i < pool.length; i++) {
            pool[i] = random.nextInt(100_000) / 100.0;
        }
        List<Object[]> rows = new ArrayList<>();
        Instant start = Instant.parse("2022-04-18T09:00:00Z");
        for (int r = 0; r < 3600; r++) {
            Object[] row = new Object[12];
            row[0] = start.plusSeconds(r);
            row[1] = 17L;
            for (int m = 0; m < 10; m++) {
                row[2 + m] = integers ? (Object) (long) random.nextInt(101)
                        : values.equals("unique") ? random.nextDouble() * 1000 : pool[random.nextInt(pool.length)];
            }
            rows.add(row);
        }
        answer = new QueryAnswer(names, rows, rows.size());
    }

    @Benchmark
    public String keep() throws TargetException {
        return Answers.digest(answers.normalise("single-tag-detail", answer));
    }
}
