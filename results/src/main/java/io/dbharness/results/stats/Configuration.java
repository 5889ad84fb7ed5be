package io.dbharness.results.stats;

import io.dbharness.core.result.RunResult;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * Runs of one configuration, i.e. repetitions of each other: the same workload, target, label and options
 * (seed included), apart from the options that only change what the harness prints.
 *
 * @param settings what defines the configuration: {@code target}, {@code workload}, {@code label} (when set) and
 *                 every option, sorted by name
 * @param runs     the repetitions, in the order given
 */
public record Configuration(Map<String, String> settings, List<RunResult> runs) {

    /** Options that change the printing, not the measurement. */
    private static final Set<String> PRESENTATION = Set.of("watch-interval", "no-watch", "label");

    public Configuration {
        settings = Collections.unmodifiableMap(new TreeMap<>(settings));
        runs = List.copyOf(runs);
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("a configuration needs at least one run");
        }
    }

    public RunResult first() {
        return runs.get(0);
    }

    public String workload() {
        return first().workload();
    }

    public String target() {
        return first().target();
    }

    /** {@code --label}, or null. */
    public String label() {
        return first().label();
    }

    /**
     * The repetitions means are taken over: those that exited 0. A failed run's figures describe the failure (an
     * aborted TPC-C run has no tpmC, a lost target writes 0 rows), not the configuration.
     */
    public List<RunResult> succeeded() {
        return runs.stream().filter(r -> r.exitCode() == 0).toList();
    }

    /** Repetitions left out of the means: their exit code was not 0. */
    public int leftOut() {
        return runs.size() - succeeded().size();
    }

    /** One figure over the repetitions that exited 0; a NaN mean when none did. */
    public Estimate estimate(ToDoubleFunction<RunResult> figure) {
        List<RunResult> ok = succeeded();
        return ok.isEmpty() ? Estimate.of(Double.NaN) : Estimate.of(ok.stream().mapToDouble(figure).toArray());
    }

    /**
     * The one figure every repetition is judged by, chosen from the first that exited 0 (the first run when none
     * did): a mean never mixes rows/s into tpmC.
     */
    public String headlineName() {
        List<RunResult> ok = succeeded();
        return Headline.of(ok.isEmpty() ? first() : ok.get(0)).name();
    }

    /** {@link #headlineName()} over the repetitions that exited 0. */
    public Estimate headline() {
        return headline(headlineName());
    }

    /** The figure {@code name} (see {@link Headline#of(RunResult, String)}) over the repetitions that exited 0. */
    public Estimate headline(String name) {
        return estimate(r -> Headline.of(r, name).value());
    }

    /** What defines a run's configuration. */
    public static Map<String, String> settingsOf(RunResult r) {
        Map<String, String> s = new TreeMap<>();
        if (r.options() != null) {
            r.options().forEach((k, v) -> {
                if (!PRESENTATION.contains(k)) {
                    s.put(k, v);
                }
            });
        }
        s.put("target", r.target());
        s.put("workload", r.workload());
        if (r.label() != null) {
            s.put("label", r.label());
        }
        return s;
    }

    /** Groups runs into configurations, in the order each configuration first appears. */
    public static List<Configuration> group(List<RunResult> results) {
        Map<Map<String, String>, List<RunResult>> byKey = new LinkedHashMap<>();
        for (RunResult r : results) {
            byKey.computeIfAbsent(settingsOf(r), k -> new ArrayList<>()).add(r);
        }
        List<Configuration> out = new ArrayList<>();
        byKey.forEach((k, runs) -> out.add(new Configuration(k, runs)));
        return out;
    }

    /**
     * The settings whose values differ between the configurations ({@code target} for a comparison of targets,
     * {@code total-metrics-count} for a sweep over it), in name order. A setting that only some configurations
     * have differs when those disagree, or when it is set on one and unset on another of the same target and
     * workload (an option without a default, given once); another target's own option does not; the label differs
     * when it is set on some.
     */
    public static Set<String> varying(List<Configuration> configurations) {
        Set<String> all = new TreeSet<>();
        configurations.forEach(c -> all.addAll(c.settings().keySet()));
        Set<String> out = new LinkedHashSet<>();
        for (String name : all) {
            Set<String> values = new LinkedHashSet<>();
            boolean someLack = false;
            // set on one and unset on another of the same target and workload: an option with no default given once
            Set<String> setOn = new java.util.HashSet<>();
            Set<String> unsetOn = new java.util.HashSet<>();
            for (Configuration c : configurations) {
                String v = c.settings().get(name);
                String components = c.target() + "/" + c.workload();
                someLack |= v == null;
                if (v != null) {
                    values.add(v);
                    setOn.add(components);
                } else {
                    unsetOn.add(components);
                }
            }
            setOn.retainAll(unsetOn);
            if (values.size() > 1 || !setOn.isEmpty() || (name.equals("label") && someLack)) {
                out.add(name);
            }
        }
        return out;
    }
}
