package io.dbharness.iot;

import io.dbharness.core.api.AnswerDigest;
import io.dbharness.core.api.CompiledQuery;
import io.dbharness.core.api.Generator;
import io.dbharness.core.api.QueryAnswer;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.core.api.QueryLanguage;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.QueryReader;
import io.dbharness.core.api.QueryShape;
import io.dbharness.core.api.QueryTemplate;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The queries of one run, compiled for the target: which one instance {@code k} runs (by weight, a function of
 * the seed and {@code k}, so any number of workers runs the same instances), its parameters, and the answers
 * kept for comparison between runs.
 */
final class QuerySet {

    /** Answers of at most this many rows are kept in full beside their digest. */
    static final int KEPT_ROWS = 20;

    /**
     * One query of the run, compiled; {@code tagCount} devices are drawn for {@code {tags}}, none without it, and
     * {@code {choice}} from {@code choices}.
     */
    record Planned(String name, CompiledQuery compiled, QueryTemplate template, int tagCount, Duration window,
                   Answers answers, List<String> choices) {
        QueryParams params(QueryParameters p, long instance) {
            return p.of(name, instance, tagCount, window, choices);
        }

        String describe(QueryParams params) {
            return QueryParameters.describe(params, template.uses("tag"), template.uses("tags"),
                    template.uses("start") || template.uses("end"), template.uses("threshold"), template.uses("choice"));
        }
    }

    private final List<Planned> planned;
    private final long[] cumulative;
    private final long seed;
    private final QueryParameters parameters;
    /** Instances whose answers the result keeps (digest always, values when small): the first ones. */
    private final long keptInstances;
    private final Map<String, AnswerDigest> kept = new ConcurrentSkipListMap<>();
    private final AnswerDigester digester = new AnswerDigester();

    private QuerySet(List<Planned> planned, long[] cumulative, long seed, QueryParameters parameters, long keptInstances) {
        this.planned = planned;
        this.cumulative = cumulative;
        this.seed = seed;
        this.parameters = parameters;
        this.keptInstances = keptInstances;
    }

    /**
     * Compiles every query of {@code options} for the target; a query the target has no text for is refused
     * here, before anything runs, naming it.
     */
    static QuerySet compile(QueryLanguage target, String targetName, IotOptions data, Generator model,
                            QueryOptions options) {
        QueryParameters parameters = new QueryParameters(data.seed(), model);
        List<Planned> planned = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        long[] cumulative = new long[options.weights().size()];
        long sum = 0;
        for (Map.Entry<String, Integer> w : options.weights().entrySet()) {
            Planned p = plan(target, targetName, model, options, parameters, w.getKey(), missing);
            if (p != null) {
                sum += w.getValue();
                cumulative[planned.size()] = sum;
                planned.add(p);
            }
        }
        if (!missing.isEmpty()) {
            throw new UsageException("target '" + targetName + "' cannot run " + (missing.size() == 1 ? "query " : "queries ")
                    + String.join(", ", missing) + "; leave " + (missing.size() == 1 ? "it" : "them") + " out of --queries (default: all)");
        }
        return new QuerySet(List.copyOf(planned), cumulative, data.seed(), parameters, options.keptAnswers());
    }

    /** One query compiled for the target, or null (and a note in {@code missing}) when it has no text for it. */
    private static Planned plan(QueryLanguage target, String targetName, Generator model, QueryOptions options,
                                QueryParameters parameters, String name, List<String> missing) {
        var catalogued = options.catalogue().query(name);
        SeriesSchema schema = catalogued.map(q -> table(model, q)).orElse(model.schema());
        int metric = parameters.metric(name, schema.columnMetrics());
        QueryTemplate template;
        int tags;
        Duration window;
        Answers answers;
        List<String> choices = List.of();
        if (catalogued.isPresent()) {
            var q = catalogued.get();
            var text = target.catalogueTemplate(model.name(), name);
            if (text.isEmpty() || text.get().startsWith(QueryLanguage.REFUSED)) {
                missing.add(name + text.map(t -> " (" + t.substring(QueryLanguage.REFUSED.length()).strip() + ")").orElse(""));
                return null;
            }
            template = QueryTemplate.parse(targetName + " query " + name, text.get());
            tags = q.tags() < 0 ? options.queryTags() : Math.max(1, q.tags());
            window = q.window().orElse(null);
            answers = Answers.of(q, schema, metric);
            choices = q.choices();
        } else {
            var entry = options.file().orElseThrow().queries().get(name);
            var text = entry.textFor(target.languages());
            if (text.isEmpty()) {
                missing.add(name + " (--query-file has no text in " + String.join(", ", target.languages()) + ")");
                return null;
            }
            template = text.get();
            tags = options.queryTags();
            window = entry.window();
            answers = new Answers(null, schema.fieldType(metric));
        }
        // with fewer devices than asked, each of them once: a device named twice would be asked for twice
        tags = (int) Math.min(tags, Math.max(1, model.seriesCount()));
        CompiledQuery compiled = target.compile(name, template, new QueryShape(schema, metric, tags));
        // a text without {tags} is not given any: drawing them (distinct, sorted, keys as text) was a measurable
        // part of the harness's own cost on cheap queries (issue 21); {tag} and the window do not depend on them
        return new Planned(name, compiled, template, template.uses("tags") ? tags : 0, window, answers, choices);
    }

    /** The table a catalogue query reads: the model's part of that name, or the model's first. */
    private static SeriesSchema table(Generator model, QueryCatalogue.Query q) {
        if (q.table() == null) {
            return model.schema();
        }
        return model.parts().stream().map(Generator::schema).filter(s -> s.tableName().equals(q.table())).findFirst()
                .orElseThrow(() -> new IllegalStateException("query " + q.name() + " reads table " + q.table()
                        + ", which model " + model.name() + " does not have"));
    }

    /**
     * {@code runner queries}: each query's text for the target, the run's fixed parts filled in and the
     * parameters in braces, with instance 0's values; a query the target cannot answer says so.
     */
    static String listing(QueryLanguage target, String targetName, IotOptions data, Generator model,
                          QueryOptions options) {
        QueryParameters parameters = new QueryParameters(data.seed(), model);
        StringBuilder sb = new StringBuilder();
        for (String name : options.weights().keySet()) {
            List<String> missing = new ArrayList<>();
            Planned p = plan(target, targetName, model, options, parameters, name, missing);
            var q = options.catalogue().query(name);
            String aliases = String.join(", ", options.catalogue().aliases().entrySet().stream()
                    .filter(a -> a.getValue().equals(name)).map(Map.Entry::getKey).sorted().toList());
            sb.append("-- ").append(name).append(q.map(c -> " (" + c.origin() + (aliases.isEmpty() ? "" : "; also "
                    + aliases) + "): " + c.description()).orElse(" (--query-file)")).append('\n');
            if (p == null) {
                sb.append("-- not available on ").append(targetName).append(missing.get(0).substring(name.length()))
                        .append("\n\n");
                continue;
            }
            String params = p.describe(p.params(parameters, 0));
            if (!params.isEmpty()) {
                sb.append("-- instance 0: ").append(params).append('\n');
            }
            sb.append(p.compiled().template()).append("\n\n");
        }
        return sb.toString();
    }

    List<Planned> planned() {
        return planned;
    }

    /** The query instance {@code k} runs, by weight. */
    Planned pick(long k) {
        if (planned.size() == 1) {
            return planned.get(0);
        }
        long total = cumulative[planned.size() - 1];
        long r = TelematicsGenerator.below(TelematicsGenerator.mix(seed ^ 0x7a3b9c1d5e2f4a6bL, k, -7, 0), total);
        for (int i = 0; i < planned.size(); i++) {
            if (r < cumulative[i]) {
                return planned.get(i);
            }
        }
        throw new IllegalStateException();
    }

    QueryParams params(Planned q, long instance) {
        return q.params(parameters, instance);
    }

    /** Whether instance {@code k}'s answer is kept, so its values must be read. */
    boolean keeps(long k) {
        return k < keptInstances;
    }

    /**
     * Keeps the instance's normalised answer, normalised and digested on the digest thread ({@link AnswerDigester}).
     * One that cannot be normalised (a text whose columns do not match the catalogue, a value of an unexpected
     * kind) is kept as {@code error: <why>} in place of the digest, so {@code compare --answers} shows it rather
     * than the result losing it.
     */
    void keep(Planned q, long instance, QueryParams params, QueryAnswer answer) {
        long values = answer.rows().isEmpty() ? 1 : (long) answer.rows().size() * answer.rows().get(0).length;
        digester.submit(values, () -> digest(q, instance, params, answer));
    }

    /** Waits until every answer kept so far is digested (a worker's last, at its end: inside the run's CPU). */
    void awaitAnswers() {
        digester.await();
    }

    /** CPU time of the answers' digests, empty when the JVM cannot tell a thread's (or none were kept). */
    java.util.OptionalDouble digestCpuSeconds() {
        return keptInstances == 0 ? java.util.OptionalDouble.empty() : digester.cpuSeconds();
    }

    private void digest(Planned q, long instance, QueryParams params, QueryAnswer answer) {
        String where = q.describe(params);
        AnswerDigest kept;
        try {
            List<List<String>> rows = q.answers().normalise(q.name(), answer);
            kept = new AnswerDigest(q.name(), instance, where, rows.size(), Answers.digest(rows),
                    rows.size() <= KEPT_ROWS ? rows : null);
        } catch (TargetException | RuntimeException e) {
            kept = new AnswerDigest(q.name(), instance, where, answer.rowCount(), "error: " + e.getMessage(), null);
        }
        this.kept.put(key(q.name(), instance), kept);
    }

    private static String key(String name, long instance) {
        return name + "\u0000" + String.format("%019d", instance);
    }

    List<AnswerDigest> answers() {
        digester.await();
        List<AnswerDigest> out = new ArrayList<>(kept.values());
        out.sort(Comparator.comparing(AnswerDigest::query).thenComparingLong(AnswerDigest::instance));
        return out;
    }

    /** Each query's plan for its instance 0, by name. */
    Map<String, String> explain(QueryReader reader) throws TargetException {
        Map<String, String> plans = new LinkedHashMap<>();
        for (Planned q : planned) {
            reader.explain(q.compiled(), params(q, 0)).ifPresent(p -> plans.put(q.name(), p));
        }
        return plans;
    }
}
