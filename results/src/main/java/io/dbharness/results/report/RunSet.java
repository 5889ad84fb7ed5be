package io.dbharness.results.report;

import io.dbharness.core.result.RunResult;
import io.dbharness.results.Fmt;
import io.dbharness.results.stats.Configuration;
import io.dbharness.results.stats.Headline;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The runs of a report grouped into configurations (repetitions together), each with the name the charts and
 * tables call it by: the target, the label when set, then the settings that differ between configurations.
 *
 * @param configurations every configuration, in the order the runs came
 * @param varying        the settings that differ between all configurations (see {@link Configuration#varying})
 */
record RunSet(List<Named> configurations, Set<String> varying) {

    /** Settings that are part of every name already, or of the chart a configuration is in. */
    static final Set<String> IDENTITY = Set.of("target", "label", "workload");

    RunSet {
        configurations = List.copyOf(configurations);
        varying = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(varying));
    }

    /** A configuration and what it is called. */
    record Named(String name, Configuration configuration) {

        /** The name of repetition {@code i} (0-based): {@code #1}, {@code #2}... only when there are several. */
        String runName(int i) {
            return configuration.runs().size() > 1 ? name + " #" + (i + 1) : name;
        }

        String workload() {
            return configuration.workload();
        }
    }

    /** One run and its name. */
    record Run(String name, RunResult result, Named configuration) {
    }

    static RunSet of(List<RunResult> results) {
        List<Configuration> configs = Configuration.group(results);
        Set<String> varying = Configuration.varying(configs);
        List<Named> named = new ArrayList<>();
        Set<String> used = new HashSet<>();
        for (Configuration c : configs) {
            String name = nameOf(c, varying);
            if (!used.add(name)) {
                // settings only some runs have can leave two names alike; the first run id tells them apart
                name = name + " (" + c.first().runId() + ")";
                used.add(name);
            }
            named.add(new Named(name, c));
        }
        return new RunSet(named, varying);
    }

    private static String nameOf(Configuration c, Set<String> varying) {
        StringBuilder b = new StringBuilder(c.target());
        if (c.label() != null) {
            b.append(' ').append(c.label());
        }
        if (varying.contains("workload")) {
            b.append(' ').append(c.workload());
        }
        for (String v : varying) {
            String value = c.settings().get(v);
            if (!IDENTITY.contains(v) && value != null) {
                b.append(' ').append(v).append('=').append(value);
            }
        }
        return b.toString();
    }

    /** Every run, configuration by configuration, repetitions in order. */
    List<Run> runs() {
        List<Run> out = new ArrayList<>();
        for (Named n : configurations) {
            List<RunResult> rs = n.configuration().runs();
            for (int i = 0; i < rs.size(); i++) {
                out.add(new Run(n.runName(i), rs.get(i), n));
            }
        }
        return out;
    }

    /** The configurations by workload, in order of first appearance. */
    Map<String, List<Named>> byWorkload() {
        Map<String, List<Named>> out = new LinkedHashMap<>();
        configurations.forEach(n -> out.computeIfAbsent(n.workload(), k -> new ArrayList<>()).add(n));
        return out;
    }

    /**
     * The headline figure {@code n} is compared by: its configuration's, but points/s for rows/s when a run of its
     * workload skipped rows ({@link Headline#common}), so every configuration of a chart or table has the same.
     */
    String headlineName(Named n) {
        List<Named> all = byWorkload().get(n.workload());
        String own = n.configuration().headlineName();
        if (!measured(n)) {
            // a run stopped before its first operation has no figure of its own to choose (0 rows: ops/s): it is
            // judged by its workload's figure, and shown as not measured
            own = all.stream().filter(RunSet::measured).findFirst().map(m -> m.configuration().headlineName()).orElse(own);
        }
        return Headline.common(own, succeeded(all));
    }

    /** Whether a run completed any operation: one that did not has no throughput, not a throughput of 0. */
    static boolean measured(RunResult r) {
        return r.totals().counts().operations() > 0;
    }

    private static boolean measured(Named n) {
        return n.configuration().runs().stream().anyMatch(RunSet::measured);
    }

    /**
     * Where the configurations' rows differ because some skipped rows: which skipped how many per run, and why
     * their {@code figure} is points/s; "" when it is not.
     */
    static String skippedNote(List<Named> configs, String figure) {
        if (!figure.equals(Headline.POINTS)) {
            return "";
        }
        List<String> which = new ArrayList<>();
        for (Named n : configs) {
            java.util.LongSummaryStatistics s = n.configuration().succeeded().stream()
                    .mapToLong(r -> r.totals().counts().skippedRows()).summaryStatistics();
            if (s.getMax() > 0) {
                which.add(n.name() + " " + Fmt.count(s.getMin()) + (s.getMin() == s.getMax() ? "" : " to " + Fmt.count(s.getMax())));
            }
        }
        return "Rows skipped per run: " + String.join(", ", which) + ". " + Headline.SKIPPED_WHY.substring(0, 1).toUpperCase()
                + Headline.SKIPPED_WHY.substring(1) + ": the throughput is compared in points/s.";
    }

    private static List<RunResult> succeeded(List<Named> configs) {
        return configs.stream().flatMap(n -> n.configuration().succeeded().stream()).toList();
    }

    /** The settings that differ between these configurations (of one workload), the workload left out. */
    static Set<String> varyingWithin(List<Named> configurations) {
        Set<String> v = new LinkedHashSet<>(Configuration.varying(configurations.stream().map(Named::configuration).toList()));
        v.remove("workload");
        return v;
    }
}
