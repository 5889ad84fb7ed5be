package io.dbharness.results.compare;

import io.dbharness.core.api.UsageException;

/** {@code --threshold}: a percentage, {@code 5%} or {@code 5}; as a share (0.05) for {@link ResultComparison}. */
public final class Threshold {

    /** Five percent: well above the run-to-run noise of a quiet machine, well below a real regression. */
    public static final String DEFAULT = "5%";

    private Threshold() {
    }

    /** @throws UsageException naming the value and what is allowed */
    public static double parse(String text) {
        String t = text == null ? "" : text.strip();
        boolean percentSign = t.endsWith("%");
        String number = percentSign ? t.substring(0, t.length() - 1).strip() : t;
        double percent;
        try {
            percent = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            throw refused(text, "expected a percentage such as 5%");
        }
        if (!Double.isFinite(percent) || percent < 0 || percent > 1000 || number.matches(".*[dDfFxX].*")) {
            throw refused(text, "expected a percentage from 0% to 1000%, such as 5%");
        }
        // 0.05 means 5% to some and 0.05% to others: a bare number below 1 is refused rather than guessed
        if (!percentSign && percent > 0 && percent < 1) {
            throw refused(text, "ambiguous; write " + number + "% or " + trim(percent * 100) + "%");
        }
        return percent / 100;
    }

    private static UsageException refused(String text, String why) {
        return new UsageException("invalid value '" + text + "' for --threshold: " + why);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
