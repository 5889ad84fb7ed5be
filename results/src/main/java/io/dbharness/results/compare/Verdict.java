package io.dbharness.results.compare;

/** What one figure's difference says, in the words the table prints. */
public enum Verdict {
    /** Better beyond the threshold, and significant (or judged on the threshold alone with one run on a side). */
    BETTER("better"),
    /** Worse beyond the threshold, and significant (or judged on the threshold alone with one run on a side). */
    WORSE("worse"),
    /** Within the threshold either way. */
    SAME("same"),
    /** Beyond the threshold, but the repetitions do not show it is more than noise. */
    NOT_SIGNIFICANT("not significant"),
    ONLY_IN_BASE("only in base"),
    ONLY_IN_NEW("only in new");

    private final String words;

    Verdict(String words) {
        this.words = words;
    }

    public String words() {
        return words;
    }
}
