package io.dbharness.search;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.Registry;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A series of runs that differ in the options they vary: the points are the cartesian product of the axes (the first
 * outermost), each run {@code repeat} times in a row, in order. {@code runner sweep} and other tools' series
 * (MaibornWolff's worker counts and fill levels) run their steps through {@link #run(List, int, Step, Predicate)};
 * a library user runs a sweep with {@link #run(RunSpec, List)}.
 */
public final class Sweep {

    private Sweep() {
    }

    /**
     * One run of a series.
     *
     * @param point      the point it ran
     * @param number     the point's number, 1-based, in run order
     * @param repetition 1-based
     * @param outcome    what the step gave
     */
    public record Run<P, R>(P point, int number, int repetition, R outcome) {
    }

    /** Runs one point once. */
    @FunctionalInterface
    public interface Step<P, R, X extends Exception> {
        R run(P point, int number, int repetition) throws X;
    }

    /**
     * Every point {@code repeat} times, each repetition right after the previous one, as long as {@code goOn} says so:
     * it is asked before every run with the runs so far (a signal came; the last run failed and the series depends
     * on it).
     *
     * @return the runs made, in order
     */
    public static <P, R, X extends Exception> List<Run<P, R>> run(List<P> points, int repeat, Step<P, R, X> step,
                                                               Predicate<List<Run<P, R>>> goOn) throws X {
        List<Run<P, R>> runs = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            for (int rep = 1; rep <= repeat; rep++) {
                if (!goOn.test(runs)) {
                    return runs;
                }
                runs.add(new Run<>(points.get(i), i + 1, rep, step.run(points.get(i), i + 1, rep)));
            }
        }
        return runs;
    }

    /** The cartesian product of the axes, the first outermost: each point the values it gives the varied options. */
    public static List<Map<String, String>> points(List<VaryAxis> axes) {
        List<Map<String, String>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (VaryAxis axis : axes) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> c : combos) {
                for (String v : axis.values()) {
                    Map<String, String> m = new LinkedHashMap<>(c);
                    m.put(axis.name(), v);
                    next.add(m);
                }
            }
            combos = next;
        }
        return combos;
    }

    /**
     * A sweep from a library: {@code base} with each point's values, one {@link Harness#run} each, in order. Every
     * point is checked as its run would check it before the first one runs (a typo in the last point must not cost
     * the time the first ones took). A varied {@code target} or {@code workload} is taken as the point's.
     *
     * @throws UsageException    a point the harness refuses, naming it
     * @throws TargetException   a point's target could not be opened (the runs before it are lost with it: run the
     *                           points one by one to keep them)
     */
    public static List<Run<Map<String, String>, RunResult>> run(RunSpec base, List<VaryAxis> axes) throws TargetException {
        if (axes.isEmpty()) {
            throw new UsageException("a sweep needs at least one axis (NAME=V1,V2)");
        }
        Registry registry = Registry.load();
        List<Map<String, String>> points = points(axes);
        for (Map<String, String> p : points) {
            try {
                Harness.check(spec(base, p), registry);
            } catch (UsageException e) {
                throw new UsageException("sweep point " + label(p) + ": " + e.getMessage(), e.option());
            }
        }
        // a stop requested (base's StopSignal) ends the run in progress, and no other starts
        return run(points, 1, (p, number, rep) -> Harness.run(spec(base, p), registry),
                runs -> !base.stopSignal().isRequested());
    }

    /** {@code base} with these option values ({@code target} and {@code workload} among them). */
    public static RunSpec spec(RunSpec base, Map<String, String> values) {
        Map<String, String> options = new HashMap<>(base.options());
        options.putAll(values);
        String target = options.remove("target");
        String workload = options.remove("workload");
        return new RunSpec(target != null ? target : base.target(), workload != null ? workload : base.workload(),
                options, base.environment(), base.progress(), base.stopSignal());
    }

    /** {@code workers=4, total-metrics-count=100}. */
    public static String label(Map<String, String> values) {
        return String.join(", ", values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
    }
}
