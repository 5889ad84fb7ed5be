package io.dbharness.results.search;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What {@code runner find-max} found: the highest setting that met the objective and the lowest that did not, and
 * every step that decided it, each pointing at its run's result file. Written as {@value SearchFiles#FORMAT}
 * beside the steps' results ({@code <id>.search.json}).
 *
 * @param searchId      {@code 20261203-041500-find-max-rate}: the file's name without {@code .search.json}
 * @param vary          the setting searched, one the workload declares ({@code rate}, {@code workers}, {@code terminals}, {@code tag-num})
 * @param objective     {@code --slo} as given
 * @param latencyLimitsMillis each latency term's limit by its label ({@code p99<20ms} to 20), for the report's line
 * @param precision     the bracket's width asked for, relative to its lower end (0.05 for 5%): {@code --resolution}
 * @param repeat        runs per step; a step met the objective only when all of them did
 * @param options       the options every step shares (the varied one aside)
 * @param highestMet    the highest setting that met the objective, null when none did
 * @param lowestFailed  the lowest setting that did not, null when none failed
 * @param outcome       how the search ended: {@code bracketed} (within the precision), {@code limit} (met up to
 *                      {@code --to}), {@code none-met} (failed down to {@code --min}), {@code max-steps},
 *                      {@code stopped} (Ctrl-C), {@code failed} (a step could not run); {@code running} in the file
 *                      written after each step while the search goes on
 * @param steps         in the order run
 */
public record SearchResult(String searchId, String harnessVersion, String target, String workload, String vary,
                           String objective, Map<String, Double> latencyLimitsMillis, double precision, int repeat,
                           Map<String, String> options, Instant start, Instant end, Double highestMet,
                           Double lowestFailed, String outcome, List<Step> steps) {

    public SearchResult {
        latencyLimitsMillis = latencyLimitsMillis == null ? Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(latencyLimitsMillis));
        options = options == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(options));
        steps = steps == null ? List.of() : List.copyOf(steps);
        if (vary == null || vary.isBlank()) {
            throw new IllegalArgumentException("a search varies a setting");
        }
        if (!(precision > 0 && precision < 1)) {
            throw new IllegalArgumentException("precision " + precision);
        }
    }

    /**
     * One run of a step.
     *
     * @param number       the step, 1-based; repetitions of a step share it
     * @param value        the varied setting's value
     * @param repetition   1 to {@code repeat}
     * @param met          this run met every term (and finished: an aborted run meets nothing)
     * @param stepMet      the step's verdict, on its last run: every repetition met
     * @param file         the run's result file, by name, beside the search file; null when it left none
     * @param exitCode     the run's exit code
     * @param offered      the load offered, in {@code achievedName}'s unit when the setting is the rate; NaN otherwise
     * @param achieved     the run's headline figure ({@code rows/s}, {@code ops/s}, {@code tpmC})
     * @param checks       each term's figure
     * @param note         why it did not count, when it did not finish ({@code run aborted: ...}); which earlier
     *                     step of the setting it confirms or contradicts; null otherwise
     * @param confirmation on a step's last run, when the setting had a verdict before: {@value #CONFIRMED} (the same
     *                     verdict again: it stands on two runs) or {@value #CONTRADICTED} (the other verdict: a failure
     *                     then a pass is taken as noise, a pass then a failure is run again); null otherwise (and in
     *                     files written before it was recorded)
     */
    public record Step(int number, double value, int repetition, boolean met, Boolean stepMet, String file, int exitCode,
                       double offered, double achieved, String achievedName, List<Objective.Check> checks, String note,
                       String confirmation) {
        public static final String CONFIRMED = "confirmed";
        public static final String CONTRADICTED = "contradicted";

        public Step {
            checks = checks == null ? List.of() : List.copyOf(checks);
        }

        /** This step with its {@code confirmation}. */
        public Step withConfirmation(String confirmation) {
            return new Step(number, value, repetition, met, stepMet, file, exitCode, offered, achieved, achievedName,
                    checks, note, confirmation);
        }

        /** A step whose setting had no verdict before. */
        public Step(int number, double value, int repetition, boolean met, Boolean stepMet, String file, int exitCode,
                    double offered, double achieved, String achievedName, List<Objective.Check> checks, String note) {
            this(number, value, repetition, met, stepMet, file, exitCode, offered, achieved, achievedName, checks, note, null);
        }
    }
}
