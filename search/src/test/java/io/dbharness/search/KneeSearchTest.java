package io.dbharness.search;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.DoublePredicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The search alone: a knee given as a predicate, no run. */
@Timeout(30)
class KneeSearchTest {

    /** Runs the search against {@code meets}; returns the finished state and the settings tried in order. */
    private static KneeSearch search(KneeSearch s, DoublePredicate meets, List<Double> tried) {
        for (Optional<Double> next = s.next(); next.isPresent(); next = s.next()) {
            double v = next.get();
            tried.add(v);
            s = s.after(v, meets.test(v));
            if (tried.size() > 200) {
                throw new AssertionError("no end: " + tried);
            }
        }
        return s;
    }

    @Test
    void theBracketEndsWithinThePrecisionAroundTheKnee() {
        for (double knee : new double[]{1234, 5000, 77_777, 490_000, 3_000_000}) {
            List<Double> tried = new ArrayList<>();
            KneeSearch s = search(KneeSearch.start(1000, 1, 1e9, 2, 0.05, false), v -> v <= knee, tried);
            assertEquals(Optional.of(KneeSearch.End.BRACKETED), s.end());
            assertTrue(s.highestMet() <= knee && s.lowestFailed() > knee, s + " for knee " + knee);
            assertTrue(s.lowestFailed() - s.highestMet() <= 0.05 * s.highestMet() + 1e-9, s.toString());
            assertEquals(tried.size(), s.steps());
        }
    }

    @Test
    void stepsGrowWithTheLogOfTheRange() {
        List<Integer> counts = new ArrayList<>();
        for (int doublings = 2; doublings <= 20; doublings += 6) {
            double knee = 1000 * Math.pow(2, doublings) * 1.37;
            List<Double> tried = new ArrayList<>();
            search(KneeSearch.start(1000, 1, 1e12, 2, 0.05, false), v -> v <= knee, tried);
            counts.add(tried.size());
            // the ramp: one step per doubling, the one that fails and its confirmation; the bisection of a factor 2 to
            // 5%: about four splits, a failure costing two runs; the met end confirmed
            assertTrue(tried.size() <= doublings + 3 + 8, doublings + " doublings took " + tried.size() + ": " + tried);
        }
        // each six more doublings of the range cost about six more steps, not a multiple of the range
        for (int i = 1; i < counts.size(); i++) {
            int more = counts.get(i) - counts.get(i - 1);
            assertTrue(more >= 4 && more <= 8, counts.toString());
        }
    }

    @Test
    void aFirstStepThatFailsRampsDownOnceItsFailureIsConfirmed() {
        List<Double> tried = new ArrayList<>();
        KneeSearch s = search(KneeSearch.start(1000, 1, 1e9, 2, 0.05, false), v -> v <= 90, tried);
        assertEquals(List.of(1000.0, 1000.0, 500.0, 500.0, 250.0, 250.0, 125.0, 125.0, 62.5), tried.subList(0, 9));
        assertTrue(s.highestMet() <= 90 && s.lowestFailed() > 90);
    }

    @Test
    void wholeSettingsEndOnNeighbours() {
        List<Double> tried = new ArrayList<>();
        KneeSearch s = search(KneeSearch.start(1, 1, 1024, 2, 0.05, true), v -> v <= 13, tried);
        assertEquals(13.0, s.highestMet());
        assertEquals(14.0, s.lowestFailed());
        assertTrue(tried.stream().allMatch(v -> v == Math.rint(v)), tried.toString());
        // every failure run twice (confirmed), the met end twice, any other pass once
        for (double v : new java.util.TreeSet<>(tried)) {
            long times = tried.stream().filter(t -> t == v).count();
            assertEquals(v > 13 || v == 13 ? 2 : 1, times, v + " in " + tried);
        }
        assertEquals(13.0, tried.get(tried.size() - 1));
        assertFalse(s.withinPrecision(13, 14), "14 is 7.7% above 13: as fine as whole numbers allow, not within 5%");
        assertTrue(s.within(13, 14));
    }

    @Test
    void theLimitsEndARampThatNeverTurns() {
        KneeSearch up = search(KneeSearch.start(1, 1, 100, 2, 0.05, true), v -> true, new ArrayList<>());
        assertEquals(Optional.of(KneeSearch.End.LIMIT), up.end());
        assertEquals(100.0, up.highestMet());
        List<Double> tried = new ArrayList<>();
        KneeSearch down = search(KneeSearch.start(8, 1, 100, 2, 0.05, true), v -> false, tried);
        assertEquals(Optional.of(KneeSearch.End.NONE_MET), down.end());
        assertNull(down.highestMet());
        assertEquals(1.0, down.lowestFailed());
        assertEquals(List.of(8.0, 8.0, 4.0, 4.0, 2.0, 2.0, 1.0, 1.0), tried, "each failure confirmed before going below it");
    }

    @Test
    void aFailureCountsOnlyOnceConfirmed() {
        KneeSearch s = KneeSearch.start(1000, 1, 1e9, 2, 0.05, false).after(1000, true).after(2000, false);
        assertEquals(Optional.of(KneeSearch.Verdict.TO_CONFIRM), s.verdict(2000));
        assertNull(s.lowestFailed(), "one failure is not yet a failure");
        assertEquals(Optional.of(2000.0), s.next(), "run again at once, before anything below it");
        KneeSearch confirmed = s.after(2000, false);
        assertEquals(Optional.of(KneeSearch.Verdict.FAILED), confirmed.verdict(2000));
        assertEquals(2000.0, confirmed.lowestFailed());
        assertTrue(confirmed.next().orElseThrow() < 2000, "bisection below a confirmed failure");
        // met when run again: the failure was noise and the ramp goes on above it
        KneeSearch noise = s.after(2000, true);
        assertEquals(Optional.of(KneeSearch.Verdict.MET), noise.verdict(2000));
        assertEquals(Optional.of(4000.0), noise.next());
        assertFalse(noise.confirmedMet(2000), "a pass after a failure is one pass");
        assertTrue(noise.after(2000, true).confirmedMet(2000));
        // a pass, a failure, a failure: failed more often than met, a confirmed failure
        assertEquals(Optional.of(KneeSearch.Verdict.FAILED), s.after(2000, true).after(2000, false).after(2000, false).verdict(2000));
    }

    @Test
    void aVerdictAgainstTheBracketIsKeptButTheBracketRestsOnTheHighestMet() {
        KneeSearch s = KneeSearch.start(1000, 1, 1e9, 2, 0.05, false).after(1000, true).after(2000, false).after(2000, false);
        // noise twice: 1400 met, then 1200 failed twice below it: the bracket is [highest met, lowest failed above it]
        s = s.after(1400, true).after(1200, false).after(1200, false);
        assertEquals(1400.0, s.highestMet());
        assertEquals(2000.0, s.lowestFailed());
        assertEquals(List.of(1200.0), s.contradicted());
        double next = s.next().orElseThrow();
        assertTrue(next > 1400 && next < 2000, "between: " + next);
    }

    /**
     * A scripted noisy judge: a known knee, and one run whose verdict is wrong by bad luck. {@code falseFailure}: the
     * run with that number fails although it is below the knee; {@code falsePass}: the run with that number meets
     * although it is above the knee, when it is within {@code passBand} of it (far above a knee a step cannot meet
     * by luck). Deterministic: the runs are numbered.
     */
    private static KneeSearch noisy(KneeSearch s, double knee, java.util.Set<Integer> falseFailures, int falsePass,
                                    double passBand, List<Double> tried) {
        return search(s, v -> {
            int run = tried.size(); // the run being judged, 1-based: search() adds it before asking
            boolean met = v <= knee;
            if (met && falseFailures.contains(run)) {
                return false;
            }
            return met || run == falsePass && v <= knee * (1 + passBand);
        }, tried);
    }

    private static void assertBracketsTheKnee(KneeSearch s, double knee, int maxSteps, List<Double> tried) {
        String what = "knee " + knee + ", tried " + tried;
        assertEquals(Optional.of(KneeSearch.End.BRACKETED), s.end(), what);
        assertTrue(s.highestMet() <= knee && s.lowestFailed() > knee, s.highestMet() + ".." + s.lowestFailed() + ": " + what);
        assertTrue(s.withinPrecision(s.highestMet(), s.lowestFailed()), what);
        assertTrue(s.confirmedMet(s.highestMet()), what);
        assertEquals(Optional.of(KneeSearch.Verdict.FAILED), s.verdict(s.lowestFailed()), what);
        assertTrue(tried.size() <= maxSteps, tried.size() + " steps: " + what);
    }

    @Test
    void oneFalseFailureAnywhereStillBracketsTheKneeWithinFivePercentInSixteenSteps() {
        // knees up to four doublings above --from, as the issue's search (--from 1000, knee near 9,000)
        for (double knee = 1100; knee < 16000; knee *= 1.031) {
            List<Double> clean = new ArrayList<>();
            assertBracketsTheKnee(noisy(KneeSearch.start(1000, 1, 1e9, 2, 0.05, false), knee, java.util.Set.of(), 0, 0,
                    clean), knee, 14, clean);
            for (int run = 1; run <= 16; run++) {
                List<Double> tried = new ArrayList<>();
                KneeSearch s = noisy(KneeSearch.start(1000, 1, 1e9, 2, 0.05, false), knee, java.util.Set.of(run), 0, 0, tried);
                assertBracketsTheKnee(s, knee, 16, tried);
            }
        }
    }

    @Test
    void theIssuesSearchEndsWithinSixteenSteps() {
        // found on a shared 2-core machine: the first runs at 1,000 (a cold server) and at 8,000 failed by bad luck;
        // the old search spent 6-7 steps on each and ran out of 30 with a 9% bracket
        double knee = 9000;
        KneeSearch s = KneeSearch.start(1000, 1, 1e9, 2, 0.05, false);
        java.util.Set<Double> seen = new java.util.HashSet<>();
        List<Double> tried = new ArrayList<>();
        s = search(s, v -> !((v == 1000 || v == 8000) && seen.add(v)) && v <= knee, tried);
        assertBracketsTheKnee(s, knee, 16, tried);
        assertEquals(List.of(1000.0, 1000.0, 2000.0, 4000.0, 8000.0, 8000.0, 16000.0, 16000.0), tried.subList(0, 8),
                "each failure run again at once; met then, the ramp went on");
    }

    @Test
    void aLuckyPassNearTheKneeIsCaughtWhenTheMetEndIsConfirmed() {
        // a pass above the knee (a coin toss within 5% of it) would hold the answer high; the met end is run again
        // before the search ends, fails twice, and the bracket moves below it. That costs a few runs: the splits
        // above the lucky pass all fail, each confirmed
        for (double knee = 1100; knee < 16000; knee *= 1.031) {
            for (int run = 1; run <= 16; run++) {
                List<Double> tried = new ArrayList<>();
                KneeSearch s = noisy(KneeSearch.start(1000, 1, 1e9, 2, 0.05, false), knee, java.util.Set.of(), run, 0.05,
                        tried);
                assertBracketsTheKnee(s, knee, 24, tried);
            }
        }
        // and with the issue's two false failures as well
        for (int run = 1; run <= 16; run++) {
            List<Double> tried = new ArrayList<>();
            KneeSearch s = noisy(KneeSearch.start(1000, 1, 1e9, 2, 0.05, false), 9000, java.util.Set.of(1, 5), run, 0.05, tried);
            assertBracketsTheKnee(s, 9000, 24, tried);
        }
    }

    @Test
    void wholeSettingsWithAFalseFailureEndOnNeighbours() {
        for (int knee = 2; knee <= 16; knee++) { // up to four doublings above --from, as above
            for (int run = 1; run <= 12; run++) {
                List<Double> tried = new ArrayList<>();
                KneeSearch s = noisy(KneeSearch.start(1, 1, 1024, 2, 0.05, true), knee, java.util.Set.of(run), 0, 0, tried);
                assertEquals(Optional.of(KneeSearch.End.BRACKETED), s.end(), tried.toString());
                assertEquals(knee, s.highestMet(), tried.toString());
                assertEquals(knee + 1, s.lowestFailed(), tried.toString());
                assertTrue(tried.size() <= 16, tried.size() + ": " + tried);
            }
        }
    }
}
