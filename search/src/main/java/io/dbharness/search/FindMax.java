package io.dbharness.search;

import io.dbharness.core.api.SearchAxis;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.WorkloadProvider;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.Registry;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.search.Objective;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The highest setting of one option (an axis the workload declares, {@link WorkloadProvider#searchAxes()}) whose
 * runs meet an objective, found by {@link KneeSearch}'s ramp and bisection. {@code runner find-max} runs its steps
 * (repetitions, shards, a table, the search file) through {@link #search(KneeSearch, int, Trial)}; a library user
 * calls {@link #of(RunSpec, String, String)} and {@link Builder#run()}.
 */
public final class FindMax {

    /** Steps at most, unless told. */
    public static final int DEFAULT_MAX_STEPS = 30;
    /** The ramp's step, unless told. */
    public static final double DEFAULT_FACTOR = 2;
    /** The bracket's width asked for, relative to its lower end, unless told. */
    public static final double DEFAULT_RESOLUTION = 0.05;
    /** The lowest setting the ramp goes down to, unless told. */
    public static final double DEFAULT_MIN = 1;

    private FindMax() {
    }

    /** Runs one step: its verdict (met or not), or empty when the search must end here (stopped, or not judged). */
    @FunctionalInterface
    public interface Trial {
        /** @param search the search before this step's verdict */
        Optional<Boolean> run(int number, double value, KneeSearch search);
    }

    /**
     * How a search ended.
     *
     * @param outcome {@code bracketed}, {@code limit}, {@code none-met}, {@code max-steps}; null when a trial ended it
     * @param steps   the steps made
     */
    public record Ended(KneeSearch search, String outcome, int steps) {
    }

    /** The search's loop: the next setting, a trial of it, its verdict, until the search ends or the steps run out. */
    public static Ended search(KneeSearch start, int maxSteps, Trial trial) {
        KneeSearch s = start;
        int number = 0;
        for (Optional<Double> next = s.next(); next.isPresent(); next = s.next()) {
            if (number == maxSteps) {
                return new Ended(s, "max-steps", number);
            }
            number++;
            Optional<Boolean> met = trial.run(number, next.get(), s);
            if (met.isEmpty()) {
                return new Ended(s, null, number);
            }
            s = s.after(next.get(), met.get());
        }
        return new Ended(s, s.end().map(e -> e.word).orElse("max-steps"), number);
    }

    /** The workload's axis of that name, or one line naming the ones it has. */
    public static SearchAxis axis(WorkloadProvider workload, String name) {
        List<SearchAxis> axes = workload.searchAxes();
        return axes.stream().filter(a -> a.option().equals(name)).findFirst().orElseThrow(() -> new UsageException(
                "--vary " + name + ": find-max searches, for " + workload.id() + ", one of " + String.join(", ",
                        axes.stream().map(SearchAxis::option).toList()) + (name.contains("=")
                        ? " (the values are searched for: give the name alone)" : "")));
    }

    /** {@code --slo}'s text read with the workload's named objectives ({@code tpcc}); a bad term is a UsageException. */
    public static Objective objective(WorkloadProvider workload, String slo) {
        try {
            return Objective.parse(slo, workload.objectives());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** Met: the run neither aborted nor failed its verification, and every term of the objective holds. */
    public static boolean meets(RunResult r, Objective.Judgement j) {
        return r.failure() == null && (r.verification() == null || !r.verification().isFailed()) && j.met();
    }

    /**
     * One step of a library search.
     *
     * @param judgement each term's figure; null when the run was stopped (not judged)
     */
    public record Step(int number, double value, boolean met, Objective.Judgement judgement, RunResult result) {
    }

    /**
     * A library search's answer.
     *
     * @param outcome {@code bracketed}, {@code limit}, {@code none-met}, {@code max-steps} or {@code stopped}
     */
    public record Result(String axis, Objective objective, KneeSearch search, String outcome, List<Step> steps) {
        public Result {
            steps = List.copyOf(steps);
        }

        /** The highest setting that met the objective; empty when none did. */
        public OptionalDouble highestMet() {
            return search.highestMet() == null ? OptionalDouble.empty() : OptionalDouble.of(search.highestMet());
        }

        /** The lowest confirmed failure above it; empty when none failed. */
        public OptionalDouble lowestFailed() {
            return search.lowestFailed() == null ? OptionalDouble.empty() : OptionalDouble.of(search.lowestFailed());
        }
    }

    /** A search of {@code axis} over runs of {@code base}, {@code slo} as {@code --slo} writes it. */
    public static Builder of(RunSpec base, String axis, String slo) {
        return new Builder(base, axis, slo);
    }

    /** The search's range and steps; each unset one takes the axis's default (the workload's) or the class's. */
    public static final class Builder {
        private final RunSpec base;
        private final String axis;
        private final String slo;
        private Double from;
        private Double to;
        private double min = DEFAULT_MIN;
        private double factor = DEFAULT_FACTOR;
        private double resolution = DEFAULT_RESOLUTION;
        private int maxSteps = DEFAULT_MAX_STEPS;

        private Builder(RunSpec base, String axis, String slo) {
            this.base = base;
            this.axis = axis;
            this.slo = slo;
        }

        public Builder from(double v) {
            from = v;
            return this;
        }

        public Builder to(double v) {
            to = v;
            return this;
        }

        public Builder min(double v) {
            min = v;
            return this;
        }

        public Builder factor(double v) {
            factor = v;
            return this;
        }

        /** The bracket's width asked for, relative to its lower end: 0.05 for 5%. */
        public Builder resolution(double v) {
            resolution = v;
            return this;
        }

        public Builder maxSteps(int n) {
            maxSteps = n;
            return this;
        }

        /**
         * Runs the search: its first setting (and its last, when given) checked as its run would check it, then one
         * {@link Harness#run} per step. A stop requested on {@code base}'s StopSignal ends it ({@code stopped}).
         *
         * @throws UsageException  an axis the workload does not declare, a bad objective or range, a step refused
         * @throws TargetException a step's target could not be opened
         */
        public Result run() throws TargetException {
            Registry registry = Registry.load();
            WorkloadProvider wp = registry.workload(base.workload());
            SearchAxis a = axis(wp, axis);
            Objective objective = objective(wp, slo);
            double first = from != null ? from : a.from();
            double last = to != null ? to : a.to();
            KneeSearch start;
            try {
                start = KneeSearch.start(first, min, last, factor, resolution, a.integer());
            } catch (IllegalArgumentException e) {
                throw new UsageException("find-max " + axis + ": " + e.getMessage());
            }
            // the ends given: the default top (a rate of 1e9) is a ceiling, not a setting anyone asked to run
            for (double end : to != null ? new double[]{first, last} : new double[]{first}) {
                Harness.check(at(end), registry);
            }
            List<Step> steps = new ArrayList<>();
            TargetException[] lost = new TargetException[1];
            Ended ended = search(start, maxSteps, (number, value, s) -> {
                RunResult r;
                try {
                    r = Harness.run(at(value), registry);
                } catch (TargetException e) {
                    lost[0] = e;
                    return Optional.empty();
                }
                if (base.stopSignal().isRequested()) {
                    steps.add(new Step(number, value, false, null, r));
                    return Optional.empty();
                }
                Objective.Judgement j = objective.judge(r);
                boolean met = meets(r, j);
                steps.add(new Step(number, value, met, j, r));
                return Optional.of(met);
            });
            if (lost[0] != null) {
                throw lost[0];
            }
            return new Result(axis, objective, ended.search(), ended.outcome() == null ? "stopped" : ended.outcome(), steps);
        }

        private RunSpec at(double value) {
            return Sweep.spec(base, Map.of(axis, KneeSearch.format(value)));
        }
    }
}
