package io.dbharness.cli;

import java.util.Locale;
import java.util.Optional;

/**
 * Where a setting stops meeting an objective, found with few runs: a coarse ramp from {@code from} (times
 * {@code factor} while steps meet it, divided by it while they fail) brackets the knee, then bisection (at the
 * geometric middle, since the precision is relative) narrows the bracket until its width is within
 * {@code precision} of its lower end. The number of steps grows with the log of the range: the ramp takes
 * log(knee / from) / log(factor), the bisection log2(log(factor) / log(1 + precision)).
 * <p>
 * Before it ends, the lowest setting that failed is tried once more: a failure by bad luck (a cold server's first
 * run, a neighbour's burst) would otherwise hold the bracket below the knee for good. When it meets the objective the
 * second time, the search goes on above it.
 * <p>
 * Immutable: {@link #after} gives the state after one more verdict. Pure: it runs nothing.
 *
 * @param from         the first setting tried
 * @param min          the lowest setting the ramp goes down to
 * @param max          the highest setting the ramp goes up to
 * @param factor       the ramp's step, above 1
 * @param precision    the bracket's width asked for, relative to its lower end (0.05)
 * @param integer      settings are whole numbers (workers, terminals, devices)
 * @param highestMet   the highest setting that met the objective so far, null when none has
 * @param lowestFailed the lowest setting that failed it so far, null when none has
 * @param steps        verdicts so far
 * @param confirmed    the lowest failed setting once it failed twice, null before
 */
record KneeSearch(double from, double min, double max, double factor, double precision, boolean integer,
                  Double highestMet, Double lowestFailed, int steps, Double confirmed) {

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
        if (highestMet != null && lowestFailed != null && !(highestMet < lowestFailed)) {
            throw new IllegalArgumentException("met " + highestMet + " is not below failed " + lowestFailed);
        }
    }

    static KneeSearch start(double from, double min, double max, double factor, double precision, boolean integer) {
        return new KneeSearch(from, min, max, factor, precision, integer, null, null, 0, null);
    }

    /**
     * The state after {@code value}'s verdict. A verdict against the bracket (met above a failure, failed below a
     * success: a noisy machine, or a target that changed) drops the end it contradicts, and the ramp goes on from
     * the new one.
     */
    KneeSearch after(double value, boolean met) {
        Double hm = highestMet;
        Double lf = lowestFailed;
        Double twice = !met && lowestFailed != null && value == lowestFailed ? (Double) value : confirmed;
        if (met) {
            hm = hm == null || value > hm ? (Double) value : hm;
            if (lf != null && lf <= hm) { // it met above a failure: that failure was noise, or the knee moved
                lf = null;
            }
        } else {
            lf = lf == null || value < lf ? (Double) value : lf;
            if (hm != null && hm >= lf) {
                hm = null;
            }
        }
        return new KneeSearch(from, min, max, factor, precision, integer, hm, lf, steps + 1, twice);
    }

    /** The setting to try next; empty when the search is over ({@link #end()} says how). */
    Optional<Double> next() {
        return end().isPresent() ? Optional.empty() : Optional.of(candidate());
    }

    Optional<End> end() {
        if (highestMet == null && lowestFailed == null) {
            return Optional.empty();
        }
        if (lowestFailed == null) {
            return highestMet >= max ? Optional.of(End.LIMIT) : Optional.empty();
        }
        if (highestMet == null) {
            return lowestFailed <= min ? Optional.of(End.NONE_MET) : Optional.empty();
        }
        return bracketed() && lowestFailed.equals(confirmed) ? Optional.of(End.BRACKETED) : Optional.empty();
    }

    /** Met and failed settings so close that no setting between them is worth a step. */
    private boolean bracketed() {
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
        if (highestMet == null && lowestFailed == null) {
            return round(from);
        }
        if (lowestFailed == null) {
            return Math.min(max, roundUp(highestMet * factor, highestMet));
        }
        if (highestMet == null) {
            return Math.max(min, roundDown(lowestFailed / factor, lowestFailed));
        }
        return bracketed() ? lowestFailed : middle(highestMet, lowestFailed); // the failure tried again
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
