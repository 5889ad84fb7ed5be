package io.dbharness.search;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where a setting stops meeting an objective, found with few runs: a coarse ramp from {@code from} (times
 * {@code factor} while steps meet it, divided by it while they fail) brackets the knee, then bisection (on a log
 * scale, since the precision is relative) narrows the bracket until its width is within {@code precision}
 * of its lower end. The number of steps grows with the log of the range: the ramp takes log(knee / from) /
 * log(factor), the bisection about 1.4 log2(log(factor) / log(1 + precision)) runs.
 * <p>
 * A noisy machine fails a step now and then by bad luck (a neighbour's burst, a cold server's first run). So a
 * failure is run again at once, before the search goes below it: it counts only when confirmed (the setting's
 * failures at least two and more than its passes); a failure that meets when run again is taken as noise, and the
 * ramp or the bisection goes on as if it had met. Before the search ends on a bracket, its met end is run again
 * too, so that both ends rest on two runs: a lucky pass above the knee would otherwise hold the answer high.
 * <p>
 * Every setting's verdicts are kept: the bracket is the highest setting that met the objective and the lowest
 * confirmed failure above it (a confirmed failure below the highest met is kept as a contradiction, not used).
 * <p>
 * Immutable: {@link #after} gives the state after one more verdict. Pure: it runs nothing.
 *
 * @param from      the first setting tried
 * @param min       the lowest setting the ramp goes down to
 * @param max       the highest setting the ramp goes up to
 * @param factor    the ramp's step, above 1
 * @param precision the bracket's width asked for, relative to its lower end (0.05): find-max's {@code --resolution}
 * @param integer   settings are whole numbers (workers, terminals, devices)
 * @param runs      each setting tried and its verdicts in the order given (true: met)
 * @param steps     verdicts so far
 */
public record KneeSearch(double from, double min, double max, double factor, double precision, boolean integer,
                  java.util.SortedMap<Double, List<Boolean>> runs, int steps) {

    /** Where a bracket is split, as a fraction of its log width from the met end. */
    static final double SPLIT = (3 - Math.sqrt(5)) / 2;

    /** How a finished search ended. */
    public enum End {
        /** Met and failed settings within the precision of each other (or adjacent whole numbers), both confirmed. */
        BRACKETED("bracketed"),
        /** Every step met the objective, up to the highest setting allowed. */
        LIMIT("limit"),
        /** No step met the objective, down to the lowest setting allowed. */
        NONE_MET("none-met");

        public final String word;

        End(String word) {
            this.word = word;
        }
    }

    /** What a setting's runs say so far. */
    public enum Verdict {
        /** Its latest run met: a failure before it was noise. */
        MET,
        /** Failed at least twice and more often than met. */
        FAILED,
        /** Its latest run failed, not yet confirmed: it is run again before anything else. */
        TO_CONFIRM
    }

    public KneeSearch {
        if (!(min > 0) || !(max >= min) || !(from >= min && from <= max)) {
            throw new IllegalArgumentException("need 0 < min <= from <= max: " + min + ", " + from + ", " + max);
        }
        if (!(factor > 1) || !(precision > 0 && precision < 1)) {
            throw new IllegalArgumentException("factor " + factor + ", precision " + precision);
        }
        java.util.SortedMap<Double, List<Boolean>> copy = new java.util.TreeMap<>();
        runs.forEach((v, r) -> copy.put(v, List.copyOf(r)));
        runs = java.util.Collections.unmodifiableSortedMap(copy);
    }

    public static KneeSearch start(double from, double min, double max, double factor, double precision, boolean integer) {
        return new KneeSearch(from, min, max, factor, precision, integer, new java.util.TreeMap<>(), 0);
    }

    /** The state after one more verdict for {@code value}. */
    public KneeSearch after(double value, boolean met) {
        java.util.SortedMap<Double, List<Boolean>> r = new java.util.TreeMap<>(runs);
        List<Boolean> v = new java.util.ArrayList<>(r.getOrDefault(value, List.of()));
        v.add(met);
        r.put(value, v);
        return new KneeSearch(from, min, max, factor, precision, integer, r, steps + 1);
    }

    /** What {@code value}'s runs say; empty when it was not tried. */
    public Optional<Verdict> verdict(double value) {
        List<Boolean> r = runs.get(value);
        if (r == null || r.isEmpty()) {
            return Optional.empty();
        }
        if (r.get(r.size() - 1)) {
            return Optional.of(Verdict.MET);
        }
        long failed = r.stream().filter(m -> !m).count();
        return Optional.of(failed >= 2 && failed > r.size() - failed ? Verdict.FAILED : Verdict.TO_CONFIRM);
    }

    /** A setting that met the objective on two runs at least, more often than it failed. */
    public boolean confirmedMet(double value) {
        List<Boolean> r = runs.getOrDefault(value, List.of());
        long met = r.stream().filter(m -> m).count();
        return verdict(value).orElse(null) == Verdict.MET && met >= 2 && met > r.size() - met;
    }

    private Optional<Double> toConfirm() {
        return runs.keySet().stream().filter(v -> verdict(v).orElseThrow() == Verdict.TO_CONFIRM).findFirst();
    }

    /** The highest setting whose verdict is met; null when none is. */
    public Double highestMet() {
        Double hm = null;
        for (Double v : runs.keySet()) {
            if (verdict(v).orElseThrow() == Verdict.MET) {
                hm = v;
            }
        }
        return hm;
    }

    /** The lowest confirmed failure above {@link #highestMet()}; null when there is none. */
    public Double lowestFailed() {
        Double hm = highestMet();
        for (Double v : runs.keySet()) {
            if (verdict(v).orElseThrow() == Verdict.FAILED && (hm == null || v > hm)) {
                return v;
            }
        }
        return null;
    }

    /** Confirmed failures below the highest that met: a target that changed during the search, or noise twice. */
    public List<Double> contradicted() {
        Double hm = highestMet();
        return runs.keySet().stream().filter(v -> hm != null && v < hm && verdict(v).orElseThrow() == Verdict.FAILED)
                .toList();
    }

    /** The setting to try next; empty when the search is over ({@link #end()} says how). */
    public Optional<Double> next() {
        return end().isPresent() ? Optional.empty() : Optional.of(candidate());
    }

    public Optional<End> end() {
        if (toConfirm().isPresent()) {
            return Optional.empty();
        }
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
        return bracketed(highestMet, lowestFailed) && confirmedMet(highestMet)
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

    /** The bracket's width is within the precision of its lower end (or the axis allows no finer one). */
    public boolean within(double met, double failed) {
        return withinPrecision(met, failed) || integer && failed - met <= 1;
    }

    /** The bracket's width is within the precision of its lower end. */
    public boolean withinPrecision(double met, double failed) {
        return (failed - met) <= precision * met + 1e-9;
    }

    private double candidate() {
        Optional<Double> again = toConfirm();
        if (again.isPresent()) {
            return again.get(); // a failure is confirmed before the search goes below it
        }
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
        // the met end run again once the bracket is narrow enough; the middle until then
        return bracketed(highestMet, lowestFailed) ? highestMet : middle(highestMet, lowestFailed);
    }

    /**
     * The split of a bracket, rounded to a setting strictly inside when there is one: at 0.382 of its width in log
     * terms (the precision is relative), nearer the met end, since a failure costs two runs (it is confirmed) and a
     * pass one. At (3 - sqrt 5) / 2 a bracket that fails at every split and one that meets at every split cost the
     * same number of runs, fewer than the worst case of the geometric middle.
     */
    private double middle(double lo, double hi) {
        double m = round(lo * Math.pow(hi / lo, SPLIT));
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
    public double round(double v) {
        if (integer) {
            return Math.max(1, Math.rint(v));
        }
        double scale = Math.pow(10, Math.floor(Math.log10(v)) - 2);
        double r = Math.rint(v / scale) * scale;
        return scale >= 1 ? Math.rint(r) : Double.parseDouble(String.format(Locale.ROOT, "%.3g", r));
    }

    /** A setting as an option's value: {@code 12000}, {@code 2.5}. */
    public static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.valueOf((long) v);
        }
        return String.format(Locale.ROOT, "%.2f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
