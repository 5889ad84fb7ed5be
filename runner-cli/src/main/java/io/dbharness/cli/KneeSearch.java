package io.dbharness.cli;

import java.util.Locale;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a setting stops meeting an objective, found with few runs: a coarse ramp from {@code from} (times
 * {@code factor} while steps meet it, divided by it while they fail) brackets the knee, then bisection (at the
 * geometric middle, since the precision is relative) narrows the bracket until its width is within
 * {@code precision} of its lower end. The number of steps grows with the log of the range: the ramp takes
 * log(knee / from) / log(factor), the bisection log2(log(factor) / log(1 + precision)).
 * <p>
 * Every verdict is kept (the latest per setting): the bracket is the highest setting that met the objective and the
 * lowest that failed above it. Before the search ends on a bracket, its lowest failure is tried once more: a failure
 * by bad luck (a cold server's first run, a neighbour's burst) would otherwise hold the bracket below the knee for
 * good. When it meets the objective the second time, the search goes on above it, up to the next failure known.
 * <p>
 * Immutable: {@link #after} gives the state after one more verdict. Pure: it runs nothing.
 *
 * @param from      the first setting tried
 * @param min       the lowest setting the ramp goes down to
 * @param max       the highest setting the ramp goes up to
 * @param factor    the ramp's step, above 1
 * @param precision the bracket's width asked for, relative to its lower end (0.05)
 * @param integer   settings are whole numbers (workers, terminals, devices)
 * @param verdicts  each setting tried and its latest verdict (true: met)
 * @param failures  how many times each setting failed
 * @param steps     verdicts so far
 */
record KneeSearch(double from, double min, double max, double factor, double precision, boolean integer,
                  java.util.SortedMap<Double, Boolean> verdicts, Map<Double, Integer> failures, int steps) {

    /** How a finished search ended. */
    enum End {
        /** Met and failed settings within the precision of each other (or adjacent whole numbers). */
        BRACKETED("bracketed"),
        /** Every step met the objective, up to the highest setting allowed. */
        LIMIT("limit"),
        /** No step met the objective, down to the lowest setting allowed. */
        NONE_MET("none-met");

        final String word;

        End(String word) {
            this.word = word;
        }
    }

    KneeSearch {
        if (!(min > 0) || !(max >= min) || !(from >= min && from <= max)) {
            throw new IllegalArgumentException("need 0 < min <= from <= max: " + min + ", " + from + ", " + max);
        }
        if (!(factor > 1) || !(precision > 0 && precision < 1)) {
            throw new IllegalArgumentException("factor " + factor + ", precision " + precision);
        }
        verdicts = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(verdicts));
        failures = Map.copyOf(failures);
    }

    static KneeSearch start(double from, double min, double max, double factor, double precision, boolean integer) {
        return new KneeSearch(from, min, max, factor, precision, integer, new java.util.TreeMap<>(), Map.of(), 0);
    }

    /** The state after {@code value}'s verdict; a setting tried again keeps its latest verdict. */
    KneeSearch after(double value, boolean met) {
        java.util.SortedMap<Double, Boolean> v = new java.util.TreeMap<>(verdicts);
        v.put(value, met);
        Map<Double, Integer> f = new java.util.HashMap<>(failures);
        if (!met) {
            f.merge(value, 1, Integer::sum);
        }
        return new KneeSearch(from, min, max, factor, precision, integer, v, f, steps + 1);
    }

    /** The highest setting whose latest verdict met the objective; null when none did. */
    Double highestMet() {
        Double hm = null;
        for (Map.Entry<Double, Boolean> e : verdicts.entrySet()) {
            if (e.getValue()) {
                hm = e.getKey();
            }
        }
        return hm;
    }

    /** The lowest setting above {@link #highestMet()} whose latest verdict failed; null when none did. */
    Double lowestFailed() {
        Double hm = highestMet();
        for (Map.Entry<Double, Boolean> e : verdicts.entrySet()) {
            if (!e.getValue() && (hm == null || e.getKey() > hm)) {
                return e.getKey();
            }
        }
        return null;
    }

    /** Settings that failed below the highest that met: noise, or a target that changed during the search. */
    List<Double> contradicted() {
        Double hm = highestMet();
        return verdicts.entrySet().stream().filter(e -> !e.getValue() && hm != null && e.getKey() < hm)
                .map(Map.Entry::getKey).toList();
    }

    /** The setting to try next; empty when the search is over ({@link #end()} says how). */
    Optional<Double> next() {
        return end().isPresent() ? Optional.empty() : Optional.of(candidate());
    }

    Optional<End> end() {
        Double highestMet = highestMet();
        Double lowestFailed = lowestFailed();
        if (highestMet == null && lowestFailed == null) {
            return Optional.empty();
        }
        if (lowestFailed == null) {
            return highestMet >= max ? Optional.of(End.LIMIT) : Optional.empty();
        }
        if (highestMet == null) {
            return lowestFailed <= min ? Optional.of(End.NONE_MET) : Optional.empty();
        }
        return bracketed(highestMet, lowestFailed) && failures.getOrDefault(lowestFailed, 0) >= 2
                ? Optional.of(End.BRACKETED) : Optional.empty();
    }

    /** Met and failed settings so close that no setting between them is worth a step. */
    private boolean bracketed(double highestMet, double lowestFailed) {
        if (within(highestMet, lowestFailed)) {
            return true;
        }
        double mid = middle(highestMet, lowestFailed);
        return !(mid > highestMet && mid < lowestFailed);
    }

    /** The bracket's width is within the precision of its lower end. */
    boolean within(double met, double failed) {
        return (failed - met) <= precision * met + 1e-9 || integer && failed - met <= 1;
    }

    private double candidate() {
        Double highestMet = highestMet();
        Double lowestFailed = lowestFailed();
        if (highestMet == null && lowestFailed == null) {
            return round(from);
        }
        if (lowestFailed == null) {
            return Math.min(max, roundUp(highestMet * factor, highestMet));
        }
        if (highestMet == null) {
            return Math.max(min, roundDown(lowestFailed / factor, lowestFailed));
        }
        // the failure tried again once the bracket is narrow enough; the middle until then
        return bracketed(highestMet, lowestFailed) ? lowestFailed : middle(highestMet, lowestFailed);
    }

    /** The geometric middle, rounded to a setting strictly inside when there is one. */
    private double middle(double lo, double hi) {
        double m = round(Math.sqrt(lo * hi));
        if (m <= lo || m >= hi) {
            m = integer ? Math.floor((lo + hi) / 2) : round((lo + hi) / 2);
        }
        return m;
    }

    private double roundUp(double v, double above) {
        double r = round(v);
        return r > above ? r : integer ? above + 1 : v;
    }

    private double roundDown(double v, double below) {
        double r = round(v);
        return r < below ? r : integer ? below - 1 : v;
    }

    /** A whole number for whole settings; else three significant digits, enough for a 1% precision. */
    double round(double v) {
        if (integer) {
            return Math.max(1, Math.rint(v));
        }
        double scale = Math.pow(10, Math.floor(Math.log10(v)) - 2);
        double r = Math.rint(v / scale) * scale;
        return scale >= 1 ? Math.rint(r) : Double.parseDouble(String.format(Locale.ROOT, "%.3g", r));
    }

    /** A setting as an option's value: {@code 12000}, {@code 2.5}. */
    static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.valueOf((long) v);
        }
        return String.format(Locale.ROOT, "%.2f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
