package io.dbharness.results;

import io.dbharness.core.api.AnswerDigest;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.result.RunResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code runner compare --answers A B}: the query instances both runs kept, digest against digest. Two runs are
 * comparable only when they queried the same data: every flag that shapes the data (and the seed, which draws
 * the query parameters) must agree, or the comparison is refused naming the first flag that differs.
 */
public final class AnswerComparison {

    /** Result facts that come from a data flag, with that flag's name. */
    private static final Map<String, String> DATA_FLAGS = new LinkedHashMap<>();

    static {
        DATA_FLAGS.put("generator", "--generator");
        DATA_FLAGS.put("tags", "--tag-num");
        DATA_FLAGS.put("metrics", "--total-metrics-count");
        DATA_FLAGS.put("metricType", "--metrics-type");
        DATA_FLAGS.put("metricColumns", "--max-columns");
        DATA_FLAGS.put("tsStart", "--ts-start");
        DATA_FLAGS.put("stepSeconds", "--ts-step-in-second");
        DATA_FLAGS.put("steps", "--ts-end");
        DATA_FLAGS.put("rowsPerReport", "--generator-batch-size");
        DATA_FLAGS.put("disorderPercent", "--generator-disorder-ratio");
        DATA_FLAGS.put("emptyValuePercent", "--generator-empty-value-ratio");
        DATA_FLAGS.put("randomness", "--generator-randomness");
        DATA_FLAGS.put("queryTags", "--query-tags");
        // the other data models' (devops, trucks, events, template)
        DATA_FLAGS.put("useCase", "--use-case");
        DATA_FLAGS.put("scale", "--scale");
        DATA_FLAGS.put("logIntervalSeconds", "--log-interval");
        DATA_FLAGS.put("epochs", "--ts-end");
        DATA_FLAGS.put("defects", "--iot-defects");
        DATA_FLAGS.put("devices", "--devices");
        DATA_FLAGS.put("eventsPerDevice", "--num-inserts");
        DATA_FLAGS.put("template", "--template");
        DATA_FLAGS.put("series", "--series");
        DATA_FLAGS.put("passes", "--points");
    }

    /** One instance both runs kept whose answers differ. */
    public record Difference(AnswerDigest a, AnswerDigest b) {
    }

    /**
     * @param compared  instances both runs kept
     * @param onlyA     instances only the first run kept (it ran longer, or other queries)
     */
    public record Outcome(long compared, long onlyA, long onlyB, List<Difference> differences) {
        public boolean same() {
            return differences.isEmpty();
        }
    }

    private AnswerComparison() {
    }

    public static Outcome compare(RunResult a, String nameA, RunResult b, String nameB) {
        refuseIncomparable(a, nameA, b, nameB);
        Map<String, AnswerDigest> byKey = new LinkedHashMap<>();
        for (AnswerDigest d : b.answers()) {
            byKey.put(key(d), d);
        }
        long compared = 0;
        long onlyA = 0;
        List<Difference> diffs = new ArrayList<>();
        for (AnswerDigest d : a.answers()) {
            AnswerDigest other = byKey.remove(key(d));
            if (other == null) {
                onlyA++;
                continue;
            }
            compared++;
            if (!d.digest().equals(other.digest())) {
                diffs.add(new Difference(d, other));
            }
        }
        if (compared == 0) {
            throw new UsageException("no query instance is in both " + nameA + " and " + nameB + ": nothing to compare"
                    + " (run the same --queries with the same --seed)");
        }
        return new Outcome(compared, onlyA, byKey.size(), diffs);
    }

    private static void refuseIncomparable(RunResult a, String nameA, RunResult b, String nameB) {
        for (var r : List.of(Map.entry(nameA, a), Map.entry(nameB, b))) {
            if (r.getValue().answers().isEmpty()) {
                if ("0".equals(r.getValue().workloadFacts().details().get("keptAnswers"))) {
                    throw new UsageException(r.getKey() + " holds no query answers: it was run with --kept-answers 0;"
                            + " run it again keeping some (the default keeps 1000) to compare them");
                }
                throw new UsageException(r.getKey() + " holds no query answers (a run of workload '"
                        + r.getValue().workload() + "'); compare --answers needs iot-query or iot-mixed results");
            }
        }
        if (a.seed() != b.seed()) {
            throw new UsageException("the runs used different --seed (" + a.seed() + " and " + b.seed()
                    + "): their data and query parameters differ, so their answers cannot be compared");
        }
        for (Map.Entry<String, String> f : DATA_FLAGS.entrySet()) {
            String va = a.workloadFacts().details().get(f.getKey());
            String vb = b.workloadFacts().details().get(f.getKey());
            if (!Objects.equals(va, vb)) {
                throw new UsageException("the runs loaded different data: " + f.getValue() + " differs (" + f.getKey()
                        + " " + va + " in " + nameA + ", " + vb + " in " + nameB + "); compare runs made with the same data flags");
            }
        }
    }

    private static String key(AnswerDigest d) {
        return d.query() + "#" + d.instance();
    }

    /** The comparison for people: a line per difference (with both answers when small), then the tally. */
    public static String render(Outcome o, RunResult a, String nameA, RunResult b, String nameB, int maxShown) {
        StringBuilder sb = new StringBuilder();
        sb.append("A: ").append(nameA).append(" (").append(a.target()).append(", ").append(a.targetInfo().product())
                .append(")\nB: ").append(nameB).append(" (").append(b.target()).append(", ").append(b.targetInfo().product())
                .append(")\n");
        int shown = 0;
        for (Difference d : o.differences()) {
            if (shown++ == maxShown) {
                sb.append("... and ").append(o.differences().size() - maxShown).append(" more differences\n");
                break;
            }
            sb.append("DIFFERS ").append(d.a().query()).append(" #").append(d.a().instance())
                    .append(d.a().parameters().isEmpty() ? "" : " (" + d.a().parameters() + ")").append(": A ")
                    .append(Fmt.count(d.a().rows())).append(" rows, B ").append(Fmt.count(d.b().rows())).append(" rows\n");
            if (d.a().values() != null && d.b().values() != null) {
                firstDifference(sb, d.a().values(), d.b().values());
            }
        }
        sb.append(String.format(java.util.Locale.ROOT, "%s of %s answers differ", Fmt.count(o.differences().size()),
                Fmt.count(o.compared())));
        if (o.onlyA() + o.onlyB() > 0) {
            sb.append(" (").append(Fmt.count(o.onlyA())).append(" kept only in A, ").append(Fmt.count(o.onlyB()))
                    .append(" only in B: not compared)");
        }
        return sb.append('\n').toString();
    }

    private static void firstDifference(StringBuilder sb, List<List<String>> a, List<List<String>> b) {
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            List<String> ra = i < a.size() ? a.get(i) : null;
            List<String> rb = i < b.size() ? b.get(i) : null;
            if (!Objects.equals(ra, rb)) {
                sb.append("  first different row ").append(i + 1).append(":\n    A ").append(ra == null ? "(none)" : ra)
                        .append("\n    B ").append(rb == null ? "(none)" : rb).append('\n');
                return;
            }
        }
    }
}
