package io.dbharness.cli;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.DoublePredicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The search alone: a knee given as a predicate, no run. */
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
            // the ramp: one step per doubling and the one that fails; the bisection: log2(log 2 / log 1.05) ~ 4
            assertTrue(tried.size() <= doublings + 2 + 5, doublings + " doublings took " + tried.size() + ": " + tried);
        }
        // each six more doublings of the range cost about six more steps, not a multiple of the range
        for (int i = 1; i < counts.size(); i++) {
            int more = counts.get(i) - counts.get(i - 1);
            assertTrue(more >= 4 && more <= 8, counts.toString());
        }
    }

    @Test
    void aFirstStepThatFailsRampsDown() {
        List<Double> tried = new ArrayList<>();
        KneeSearch s = search(KneeSearch.start(1000, 1, 1e9, 2, 0.05, false), v -> v <= 90, tried);
        assertEquals(List.of(1000.0, 500.0, 250.0, 125.0, 62.5), tried.subList(0, 5));
        assertTrue(s.highestMet() <= 90 && s.lowestFailed() > 90);
    }

    @Test
    void wholeSettingsEndOnNeighbours() {
        List<Double> tried = new ArrayList<>();
        KneeSearch s = search(KneeSearch.start(1, 1, 1024, 2, 0.05, true), v -> v <= 13, tried);
        assertEquals(13.0, s.highestMet());
        assertEquals(14.0, s.lowestFailed());
        assertTrue(tried.stream().allMatch(v -> v == Math.rint(v)), tried.toString());
        assertEquals(tried.size() - 1, tried.stream().distinct().count(), "no setting twice but the failure confirmed: " + tried);
        assertEquals(14.0, tried.get(tried.size() - 1));
    }

    @Test
    void theLimitsEndARampThatNeverTurns() {
        KneeSearch up = search(KneeSearch.start(1, 1, 100, 2, 0.05, true), v -> true, new ArrayList<>());
        assertEquals(Optional.of(KneeSearch.End.LIMIT), up.end());
        assertEquals(100.0, up.highestMet());
        KneeSearch down = search(KneeSearch.start(8, 1, 100, 2, 0.05, true), v -> false, new ArrayList<>());
        assertEquals(Optional.of(KneeSearch.End.NONE_MET), down.end());
        assertNull(down.highestMet());
        assertEquals(1.0, down.lowestFailed());
    }

    @Test
    void aFailureThatMeetsTheSecondTimeLetsTheSearchGoOnAboveIt() {
        // the first run fails by bad luck (a cold server); tried again at the end it meets, and the knee is above
        boolean[] firstRun = {true};
        List<Double> tried = new ArrayList<>();
        KneeSearch s = search(KneeSearch.start(2000, 1, 1e9, 2, 0.05, false), v -> {
            if (v == 2000 && firstRun[0]) {
                firstRun[0] = false;
                return false;
            }
            return v <= 9000;
        }, tried);
        assertEquals(Optional.of(KneeSearch.End.BRACKETED), s.end());
        assertTrue(s.highestMet() <= 9000 && s.lowestFailed() > 9000, s + " after " + tried);
        assertTrue(s.failures().get(s.lowestFailed()) >= 2, "the failure it ends on failed twice: " + s);
    }

    @Test
    void aVerdictAgainstTheBracketIsKeptButTheBracketRestsOnTheHighestMet() {
        KneeSearch s = KneeSearch.start(1000, 1, 1e9, 2, 0.05, false).after(1000, true).after(2000, false);
        // noise: 1400 met, then 1200 failed below it: the bracket is [highest met, lowest failed above it]
        s = s.after(1400, true).after(1200, false);
        assertEquals(1400.0, s.highestMet());
        assertEquals(2000.0, s.lowestFailed());
        assertEquals(List.of(1200.0), s.contradicted());
        assertEquals(Optional.of(1670.0), s.next());
    }

    @Test
    void aFailureMetOnItsSecondTryLeavesTheNextKnownFailureAsTheLimit() {
        // 16000 failed, then the bracket [10800, 11300] ended on 11300, which met when tried again: the search goes on
        // towards 16000, not over it
        KneeSearch s = KneeSearch.start(2000, 1, 1e9, 2, 0.05, false).after(2000, true).after(4000, true)
                .after(8000, true).after(16000, false).after(11300, false).after(10800, true).after(11300, true);
        assertEquals(11300.0, s.highestMet());
        assertEquals(16000.0, s.lowestFailed());
        double next = s.next().orElseThrow();
        assertTrue(next > 11300 && next < 16000, "between: " + next);
    }
}
